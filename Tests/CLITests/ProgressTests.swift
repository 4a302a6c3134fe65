import Foundation
import Testing
@testable import TextEffectsCLI

/// Progress everywhere (issue 35, item 6): a bar with the rate and the time left on a terminal,
/// a plain line every few seconds and the summary in a log, JSON lines for orchestrators.
/// `ProgressReporter` runs here on a clock the test moves, so nothing is timed.
@Suite("progress: bar, lines, JSON, summary")
struct ProgressTests {
    /// A clock the test sets, and everything the reporter writes.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 100.0
        private var written: [String] = []
        var now: Double { lock.withLock { seconds } }
        func set(_ value: Double) { lock.withLock { seconds = value } }
        func write(_ text: String) { lock.withLock { written.append(text) } }
        var output: String { lock.withLock { written.joined() } }
        var lines: [String] { output.split(separator: "\n").map(String.init) }

        func reporter(total: Int, unit: ProgressReporter.Unit = .frames, style: ProgressReporter.Style,
                      interval: Double = 5) -> ProgressReporter {
            ProgressReporter(total: total, unit: unit, style: style, interval: interval,
                             clock: { self.now }, write: { self.write($0) })
        }
    }

    // MARK: The reporter, on a clock of the test's

    @Test("lines: one every interval seconds with done/total, rate and ETA, then the summary with the time taken")
    func linesEveryInterval() {
        let recorder = Recorder()
        let progress = recorder.reporter(total: 100, style: .lines)
        // 10 frames a second for 12 s: lines at 5 s and 10 s only.
        for frame in 1...100 {
            recorder.set(100 + Double(frame) * 0.1)
            progress.advance()
        }
        #expect(recorder.lines == [
            "50/100 frames (50%), 10.0 frames/s, ETA 0:05",
            "100/100 frames (100%), 10.0 frames/s, ETA 0:00",
        ])
        recorder.set(110.25)
        progress.finish("wrote 100 frames to out")
        #expect(recorder.lines.last == "wrote 100 frames to out in 10.25 s")
        #expect(!recorder.output.contains("\u{1B}") && !recorder.output.contains("\r"))
        #expect(recorder.lines.allSatisfy(CLI.Result.isProgress))
    }

    @Test("lines: a slow render says its ETA in minutes and hours; nothing before the first interval")
    func etaFormats() {
        let recorder = Recorder()
        let progress = recorder.reporter(total: 10_000, style: .lines)
        recorder.set(104)
        progress.advance()
        #expect(recorder.output.isEmpty)
        recorder.set(106)
        progress.advance()
        // 2 frames in 6 s: 9998 left at 1/3 frame a second is 29994 s = 8:19:54.
        #expect(recorder.lines == ["2/10000 frames (0%), 0.3 frames/s, ETA 8:19:54"])
    }

    @Test("bar: redrawn in place with rate and ETA; the summary replaces it; clear() empties the line")
    func bar() {
        let recorder = Recorder()
        let progress = recorder.reporter(total: 4, style: .bar)
        for frame in 1...4 {
            recorder.set(100 + Double(frame) * 0.5)
            progress.advance()
        }
        let draws = recorder.output.split(separator: "\r").map(String.init)
        #expect(draws.count == 4)
        #expect(draws[0] == String(repeating: "█", count: 7) + String(repeating: "·", count: 23) + " 1/4 frames (25%) 2.0 frames/s, ETA 0:02\u{1B}[K")
        #expect(draws[3] == String(repeating: "█", count: 30) + " 4/4 frames (100%) 2.0 frames/s, ETA 0:00\u{1B}[K")
        progress.clear()
        progress.finish("wrote 4 frames to out")
        #expect(recorder.output.hasSuffix("\r\u{1B}[K\r\u{1B}[Kwrote 4 frames to out in 2.00 s\n"))
    }

    @Test("bar: redrawn at most every tenth of a second")
    func barThrottled() {
        let recorder = Recorder()
        let progress = recorder.reporter(total: 1000, style: .bar)
        // A frame every 1/16 s: the first is drawn, then every second one (0.125 s after the last draw).
        for frame in 1...20 {
            recorder.set(100 + Double(frame) / 16)
            progress.advance()
        }
        #expect(recorder.output.split(separator: "\r").count == 10)
    }

    @Test("json: objects with counts, rate, elapsed time and ETA; the last has done: true and the summary")
    func json() throws {
        let recorder = Recorder()
        let progress = recorder.reporter(total: 3, unit: .rows, style: .json, interval: 1)
        recorder.set(100.5)
        progress.advance()
        recorder.set(101.5)
        progress.advance()
        recorder.set(102)
        progress.advance()
        progress.finish("rendered 3 rows into out", note: "; manifest: out/manifest.jsonl")
        let objects = try recorder.lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(recorder.lines.first == #"{"rows_done":2,"rows_total":3,"rows_per_second":1.333,"elapsed_seconds":1.5,"eta_seconds":0.75}"#)
        #expect(objects.count == 2)
        #expect(objects[1]["done"] as? Bool == true)
        #expect(objects[1]["rows_done"] as? Int == 3 && objects[1]["eta_seconds"] as? Int == 0)
        #expect(objects[1]["message"] as? String == "rendered 3 rows into out; manifest: out/manifest.jsonl")
        #expect(objects[0]["done"] == nil)
        #expect(recorder.lines.last?.hasSuffix(#","done":true,"message":"rendered 3 rows into out; manifest: out/manifest.jsonl"}"#) == true,
                "\(recorder.output)")
    }

    @Test("--quiet silences auto and lines, not an explicit json; none is silent; auto is a bar only on a terminal")
    func styles() {
        #expect(ProgressReporter.style(for: .auto, quiet: false, isTerminal: true) == .bar)
        #expect(ProgressReporter.style(for: .auto, quiet: false, isTerminal: false) == .lines)
        #expect(ProgressReporter.style(for: .auto, quiet: true, isTerminal: true) == .silent)
        #expect(ProgressReporter.style(for: .lines, quiet: true, isTerminal: false) == .silent)
        #expect(ProgressReporter.style(for: .lines, quiet: false, isTerminal: true) == .lines)
        #expect(ProgressReporter.style(for: .json, quiet: true, isTerminal: true) == .json)
        #expect(ProgressReporter.style(for: .none, quiet: false, isTerminal: true) == .silent)
    }

    // MARK: The real binary, its standard error a file

    /// A scene of `frames` frames.
    static func scene(in dir: TemporaryDirectory, frames: Int) throws {
        try dir.write("card.json", Scenes.good(frames: frames))
    }

    @Test("a piped render prints a progress line per interval (0: every frame) and the summary")
    func pipedRenderLines() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.scene(in: dir, frames: 6)
        let result = try CLI.run(["card.json", "--out", "out", "--progress-interval", "0", "--threads", "2"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let lines = result.stderrLines
        #expect(lines.count == 7, "\(result)")
        for (index, line) in lines.dropLast().enumerated() {
            #expect(line.hasPrefix("\(index + 1)/6 frames ("), "\(result)")
            #expect(CLI.Result.isProgress(line), "\(line)")
        }
        #expect(lines.last?.wholeMatch(of: /wrote 6 frames to \/.+\/out in \d+\.\d\d s/) != nil, "\(result)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\r"), "no terminal codes in a log: \(result)")
    }

    @Test("--progress json: one parseable object per line on standard error, the last with done: true")
    func renderJSON() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.scene(in: dir, frames: 4)
        let result = try CLI.run(["card.json", "--out", "out", "--progress", "json", "--progress-interval", "0", "--quiet"], in: dir.url)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        let objects = try result.stderrLines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
        #expect(objects.count == 5, "\(result)")
        #expect(objects.map { $0["frames_done"] as? Int } == [1, 2, 3, 4, 4])
        #expect(objects.allSatisfy { $0["frames_total"] as? Int == 4 && $0["fps"] is NSNumber && $0["elapsed_seconds"] is NSNumber })
        #expect(objects.dropLast().allSatisfy { $0["done"] == nil })
        let last = try #require(objects.last)
        #expect(last["done"] as? Bool == true && last["eta_seconds"] as? Int == 0, "\(result)")
        #expect((last["message"] as? String)?.wholeMatch(of: /wrote 4 frames to \/.+\/out/) != nil, "\(result)")
    }

    @Test("captions and batch report too: lines and the summary in a log, JSON on request")
    func captionsAndBatch() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:00:00,300\nHello\n")
        let captions = try CLI.run(["captions", "talk.srt", "--size", "160x90", "--fps", "10", "--out", "frames",
                                    "--progress-interval", "0"], in: dir.url)
        #expect(captions.status == 0, "\(captions)")
        #expect(captions.stderrLines.first?.hasPrefix("1/3 frames (33%), ") == true, "\(captions)")
        #expect(captions.stderrLines.count == 4 && captions.stderrLines.allSatisfy(CLI.Result.isProgress), "\(captions)")
        #expect(captions.stderrLines.last?.wholeMatch(of: /wrote 3 frames to \/.+\/frames in \d+\.\d\d s/) != nil, "\(captions)")

        try dir.write("card.json", #"""
            {"version": 1, "canvas": {"width": 120, "height": 40}, "parameters": {"title": {}},
             "blocks": [{"id": "t", "frame": {"x": 4, "y": 4, "width": 110}, "text": "{{title}}"}]}
            """#)
        try dir.write("rows.csv", "title\nA\nB\nC\n")
        let batch = try CLI.run(["batch", "card.json", "rows.csv", "--out", "cards", "--progress", "json", "--progress-interval", "0"], in: dir.url)
        #expect(batch.status == 0, "\(batch)")
        let objects = try batch.stderrLines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
        #expect(objects.map { $0["rows_done"] as? Int } == [1, 2, 3, 3], "\(batch)")
        #expect(objects.allSatisfy { $0["rows_total"] as? Int == 3 && $0["rows_per_second"] != nil })
        #expect((objects.last?["message"] as? String)?.wholeMatch(of: /rendered 3 rows into \/.+\/cards; manifest: \/.+\/cards\/manifest.jsonl/) != nil, "\(batch)")

        let logged = try CLI.run(["batch", "card.json", "rows.csv", "--out", "again"], in: dir.url)
        #expect(logged.status == 0, "\(logged)")
        #expect(logged.stderrLines.last?.wholeMatch(of: /rendered 3 rows into \/.+\/again in \d+\.\d\d s; manifest: \/.+\/again\/manifest.jsonl/) != nil, "\(logged)")
    }

    @Test("--progress-interval must be a sensible number of seconds")
    func badInterval() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.scene(in: dir, frames: 1)
        let result = try CLI.run(["card.json", "--progress-interval=-1"], in: dir.url)
        #expect(result.status == 2 && result.stderr.contains("--progress-interval must be between 0 and 86400 seconds"), "\(result)")
        let mode = try CLI.run(["card.json", "--progress", "bars"], in: dir.url)
        #expect(mode.status == 2 && mode.stderr.contains("--progress"), "\(mode)")
    }
}
