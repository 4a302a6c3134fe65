import Foundation
import Testing

/// SIGINT and SIGTERM in the middle of the work: the binary stops within a second or two, exits
/// 128 + the signal, and leaves only complete files (no `*.tmp`, no partial animation, no
/// ffmpeg still running, no ffmpeg log in the temporary folder).
@Suite("interrupted renders", .serialized)
struct InterruptionTests {
    /// A scene of many frames, so the work is still under way when the signal comes.
    static func longScene(frames: Int) -> String {
        """
        {"canvas": {"width": 320, "height": 180, "background": "#FFFFFF"}, "fps": 30, "duration": \(Double(frames) / 30),
         "blocks": [{"id": "a", "frame": {"x": 8, "y": 40, "width": 300},
                     "style": {"font": {"family": "DejaVu Sans", "size": 28}}, "text": "Interrupted waves",
                     "effects": [{"type": "wave", "amplitude": 6}, {"type": "blur", "radius": 1.5}]}]}
        """
    }

    /// The binary started in the background, with its own TMPDIR (where ffmpeg logs used to go).
    final class Running: @unchecked Sendable {
        let process = Process()
        let tmp: URL
        private let done = DispatchSemaphore(value: 0)
        private let errURL: URL

        init(_ arguments: [String], in directory: URL) throws {
            tmp = directory.appendingPathComponent("tmpdir")
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            errURL = directory.deletingLastPathComponent().appendingPathComponent("stderr-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.executableURL = CLI.binary
            process.arguments = arguments
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["FONTCONFIG_FILE"] = CLI.fontsConf.path
            environment["TMPDIR"] = tmp.path
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errURL)
            process.terminationHandler = { [done] _ in done.signal() }
            try process.run()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: errURL)
        }

        /// Waits until `condition` holds (polling), at most `timeout` seconds; false if it never did
        /// or the process ended first.
        func wait(upTo timeout: TimeInterval, until condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if condition() { return true }
                if !process.isRunning { return condition() }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }

        /// Sends `signal` and waits for the exit: its status and the seconds it took.
        func interrupt(with signal: Int32, timeout: TimeInterval = 10) -> (status: Int32, seconds: TimeInterval, stderr: String) {
            let start = Date()
            kill(process.processIdentifier, signal)
            if done.wait(timeout: .now() + timeout) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                done.wait()
            }
            let seconds = Date().timeIntervalSince(start)
            let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            return (process.terminationStatus, seconds, stderr)
        }
    }

    /// Every `ffmpeg` process whose command line mentions `token`.
    static func ffmpegProcesses(mentioning token: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent == "ffmpeg" } == true
                && arguments.contains { $0.contains(token) }
        }
    }

    /// Whether `data` is a whole PNG: the signature, then chunks whose lengths add up, ending in IEND.
    static func isCompletePNG(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == PNG.signature else { return false }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            offset += 12 + length
            if type == "IEND" { return offset == bytes.count }
        }
        return false
    }

    /// Checks a folder of frames after an interruption: no temporary file, every frame whole.
    static func expectOnlyCompleteFrames(in folder: URL) throws -> Int {
        let names = TemporaryDirectory.list(folder)
        #expect(!names.contains { $0.hasSuffix(".tmp") || $0.hasPrefix(".") }, "temporary files left: \(names)")
        let frames = names.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
        #expect(frames.count == names.count, "only frames in \(names)")
        for name in frames {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(isCompletePNG(data), "\(name) is not a complete PNG (\(data.count) bytes)")
        }
        return frames.count
    }

    @Test("SIGINT or SIGTERM while PNG frames are written: exit 130 or 143 within 2 s, only whole frames left", arguments: [SIGINT, SIGTERM])
    func pngFrames(signal: Int32) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("long.json", Self.longScene(frames: 3000))
        let out = dir.url.appendingPathComponent("frames")
        let running = try Running(["long.json", "--out", "frames", "--threads", "2"], in: dir.url)
        let started = running.wait(upTo: 60) {
            TemporaryDirectory.list(out).contains { $0.hasPrefix("frame_") }
        }
        try #require(started, "no frame appeared")
        let result = running.interrupt(with: signal)
        #expect(result.status == 128 + signal, "\(result.stderr)")
        #expect(result.seconds < 2, "took \(result.seconds) s to stop")
        let frames = try Self.expectOnlyCompleteFrames(in: out)
        #expect(frames >= 1 && frames < 3000)
        #expect(TemporaryDirectory.list(running.tmp).isEmpty, "nothing in TMPDIR: \(TemporaryDirectory.list(running.tmp))")
    }

    @Test("SIGTERM during --format mp4: exit 143, no mp4, no temporary file, no ffmpeg left running")
    func mp4() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("long.json", Self.longScene(frames: 3000))
        let name = "clip-\(UUID().uuidString).mp4"
        let running = try Running(["long.json", "--format", "mp4", "--out", name], in: dir.url)
        let ffmpegStarted = running.wait(upTo: 60) { !Self.ffmpegProcesses(mentioning: name).isEmpty }
        try #require(ffmpegStarted, "ffmpeg never started")
        // Let some frames go down the pipe, so ffmpeg has a file it could finalise.
        Thread.sleep(forTimeInterval: 0.5)
        let result = running.interrupt(with: SIGTERM)
        #expect(result.status == 143, "\(result.stderr)")
        #expect(result.seconds < 2, "took \(result.seconds) s to stop")
        #expect(dir.contents() == ["long.json", "tmpdir"], "left behind: \(dir.contents())")
        #expect(TemporaryDirectory.list(running.tmp).isEmpty, "no ffmpeg log: \(TemporaryDirectory.list(running.tmp))")
        // ffmpeg is killed and reaped before the exit; allow the kernel a moment all the same.
        let gone = running.wait(upTo: 1) { Self.ffmpegProcesses(mentioning: name).isEmpty }
        #expect(gone && Self.ffmpegProcesses(mentioning: name).isEmpty, "ffmpeg still running")
    }

    @Test("SIGINT while the captions command writes frames: exit 130, only whole frames left")
    func captions() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:10:00,000\nA caption that lasts ten minutes\n")
        let out = dir.url.appendingPathComponent("overlay")
        let running = try Running(["captions", "talk.srt", "--size", "320x180", "--out", "overlay"], in: dir.url)
        let started = running.wait(upTo: 60) {
            TemporaryDirectory.list(out).contains { $0.hasPrefix("frame_") }
        }
        try #require(started, "no frame appeared")
        let result = running.interrupt(with: SIGINT)
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.seconds < 2, "took \(result.seconds) s to stop")
        _ = try Self.expectOnlyCompleteFrames(in: out)
    }

    @Test("SIGINT while a --links report is written: exit 130, neither the report nor its temporary file is left")
    func linkReport() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("long.json", Self.longScene(frames: 3000))
        let running = try Running(["long.json", "--links", "report.json", "--no-frames", "--frames", "1000000"], in: dir.url)
        let started = running.wait(upTo: 60) {
            TemporaryDirectory.list(dir.url).contains { $0.hasPrefix(".report.json.") }
        }
        try #require(started, "the report was never started")
        let result = running.interrupt(with: SIGINT)
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.seconds < 2, "took \(result.seconds) s to stop")
        #expect(dir.contents() == ["long.json", "tmpdir"], "left behind: \(dir.contents())")
    }
}
