// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation

/// `--progress`: how a render, a caption overlay or a batch reports its progress on standard error.
enum ProgressMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// On a terminal, a bar with the rate and the time left; otherwise (a log, a pipe) a plain
    /// line every `--progress-interval` seconds. Both end with the summary line.
    case auto
    /// The plain lines and the summary, on a terminal too.
    case lines
    /// One JSON object per line, for orchestrators; the last one has `"done": true`.
    case json
    /// No progress and no summary (warnings are still printed; `--quiet` leaves those out too).
    case none
}

/// `--progress auto|lines|json|none` and `--progress-interval SECONDS`.
struct ProgressOptions: ParsableArguments {
    @Option(help: ArgumentHelp("auto: a bar with frames/s and the time left on a terminal, else a line every --progress-interval seconds, then a summary; lines: those lines on a terminal too; json: one JSON object per line on standard error (docs/SCENE-FORMAT.md, \"Progress\"); none: neither progress nor summary.", valueName: "auto|lines|json|none"))
    var progress: ProgressMode = .auto

    @Option(help: ArgumentHelp("Seconds between progress lines (default: 5) or JSON objects (default: 1); 0 reports every frame or row.", valueName: "seconds"))
    var progressInterval: Double?

    func validate() throws {
        if let progressInterval, !(progressInterval >= 0 && progressInterval <= 86_400) {
            throw ValidationError("--progress-interval must be between 0 and 86400 seconds, not \(progressInterval)")
        }
    }

    /// The reporter for `total` frames or rows. `quiet` (`--quiet`) silences the bar, the lines
    /// and the summary; an explicit `--progress json` is still written.
    func reporter(total: Int, unit: ProgressReporter.Unit = .frames, quiet: Bool) -> ProgressReporter {
        let style = ProgressReporter.style(for: progress, quiet: quiet, isTerminal: isatty(STDERR_FILENO) == 1)
        return ProgressReporter(total: total, unit: unit, style: style,
                                interval: progressInterval ?? (style == .json ? 1 : 5))
    }
}

/// Progress and the summary of a run of many frames or rows, on standard error: a bar on a
/// terminal, plain lines in a log, JSON lines for an orchestrator. `advance()` is called from
/// the workers, once per frame or row done, in any order.
///
/// The clock and the output are injectable, so tests see exactly what a run at a given pace
/// prints without timing anything.
final class ProgressReporter: @unchecked Sendable {
    /// What a reporter writes.
    enum Style: Sendable, Equatable {
        /// A bar redrawn in place (`\r`), with the rate and the time left; the summary replaces it.
        case bar
        /// A line every `interval` seconds, then the summary line.
        case lines
        /// A JSON object every `interval` seconds, then a last one with `"done": true`.
        case json
        /// Nothing.
        case silent
    }

    /// What is counted: "frames" or "rows", with its rate's name.
    struct Unit: Sendable, Equatable {
        /// Plural, as in "12/30 frames" and the JSON keys `frames_done`, `frames_total`.
        var plural: String
        /// The rate's JSON key: `fps` for frames, `rows_per_second` for rows.
        var rateKey: String
        static let frames = Unit(plural: "frames", rateKey: "fps")
        static let rows = Unit(plural: "rows", rateKey: "rows_per_second")
    }

    let style: Style
    private let total: Int
    private let unit: Unit
    private let interval: Double
    private let clock: @Sendable () -> Double
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private let start: Double
    private var done = 0
    /// When the last line or object was written, or the bar drawn.
    private var lastReport: Double

    /// The seconds between redraws of the bar (a terminal needs no more).
    static let barRefresh = 0.1

    init(total: Int, unit: Unit = .frames, style: Style, interval: Double = 5,
         clock: @escaping @Sendable () -> Double = { ProgressReporter.monotonicSeconds() },
         write: @escaping @Sendable (String) -> Void = { ProgressReporter.standardError($0) }) {
        self.total = total
        self.unit = unit
        self.style = style
        self.interval = interval
        self.clock = clock
        self.write = write
        start = clock()
        lastReport = start
    }

    /// The style `--progress` and `--quiet` give, with standard error a terminal or not.
    static func style(for mode: ProgressMode, quiet: Bool, isTerminal: Bool) -> Style {
        switch mode {
        case .json: .json
        case .none: .silent
        case _ where quiet: .silent
        case .lines: .lines
        case .auto: isTerminal ? .bar : .lines
        }
    }

    /// Whether anything is written (not `--quiet`, not `--progress none`).
    var isShown: Bool { style != .silent }

    /// Whether the summary is written as a plain line (bar or lines), rather than as JSON or not at all.
    var printsSummary: Bool { style == .bar || style == .lines }

    /// One more frame or row done.
    func advance() {
        guard style != .silent else { return }
        lock.withLock {
            done += 1
            let now = clock()
            switch style {
            case .bar:
                guard now - lastReport >= Self.barRefresh || done == total || done == 1 else { return }
                lastReport = now
                write("\r\(barLine(now: now))\u{1B}[K")
            case .lines:
                guard now - lastReport >= interval else { return }
                lastReport = now
                write(plainLine(now: now) + "\n")
            case .json:
                guard now - lastReport >= interval else { return }
                lastReport = now
                write(jsonLine(now: now, message: nil) + "\n")
            case .silent:
                break
            }
        }
    }

    /// The end of a run that worked: `message` (`wrote 30 frames to out`), the time it took and
    /// `note`, in place of the bar or after the lines; the last JSON object, with `"done": true`.
    func finish(_ message: String, note: String = "") {
        lock.withLock {
            let now = clock()
            let line = "\(message) in \(String(format: "%.2f", now - start)) s\(note)"
            switch style {
            case .bar: write("\r\u{1B}[K\(line)\n")
            case .lines: write("\(line)\n")
            case .json: write(jsonLine(now: now, message: message + note) + "\n")
            case .silent: break
            }
        }
    }

    /// Clears the bar's line, for a message of its own.
    func clear() {
        guard style == .bar else { return }
        write("\r\u{1B}[K")
    }

    // MARK: The lines

    /// Frames (or rows) per second so far; nil before the first one or with no time passed.
    private func rate(now: Double) -> Double? {
        let elapsed = now - start
        return done > 0 && elapsed > 0 ? Double(done) / elapsed : nil
    }

    /// Seconds left at the rate so far; nil while the rate is unknown.
    private func secondsLeft(now: Double) -> Double? {
        guard let rate = rate(now: now) else { return nil }
        return Double(max(0, total - done)) / rate
    }

    /// `12/30 frames (40%), 5.2 frames/s, ETA 0:04`.
    private func counts() -> String {
        let percent = total > 0 ? min(100, done * 100 / total) : 100
        return "\(done)/\(total) \(unit.plural) (\(percent)%)"
    }

    private func speed(now: Double) -> String {
        let rate = rate(now: now).map(Self.format(rate:)) ?? "–"
        let left = secondsLeft(now: now).map(Self.duration(seconds:)) ?? "–"
        return "\(rate) \(unit.plural)/s, ETA \(left)"
    }

    func plainLine(now: Double) -> String { "\(counts()), \(speed(now: now))" }

    func barLine(now: Double) -> String {
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        return "\(bar) \(counts()) \(speed(now: now))"
    }

    /// `{"frames_done":12,"frames_total":30,"fps":5.2,"elapsed_seconds":2.31,"eta_seconds":3.46}`;
    /// the last one adds `"done":true` and the summary as `"message"`.
    func jsonLine(now: Double, message: String?) -> String {
        var fields = [
            "\"\(unit.plural)_done\":\(done)",
            "\"\(unit.plural)_total\":\(total)",
            "\"\(unit.rateKey)\":\(rate(now: now).map { Self.number($0) } ?? "null")",
            "\"elapsed_seconds\":\(Self.number(now - start))",
            "\"eta_seconds\":\(message != nil ? "0" : secondsLeft(now: now).map { Self.number($0) } ?? "null")",
        ]
        if let message {
            fields.append("\"done\":true")
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let quoted = (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
            fields.append("\"message\":\(quoted)")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    // MARK: Formatting

    /// A JSON number with at most three decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(format: "%.3f", rounded)
            .replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// `5.2` below 100 a second, `240` above.
    static func format(rate: Double) -> String {
        rate < 100 ? String(format: "%.1f", rate) : String(Int(rate.rounded()))
    }

    /// `0:04`, `12:30`, `1:02:03`.
    static func duration(seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    // MARK: Defaults

    /// Seconds on a monotonic clock (not the wall clock, which may jump).
    static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
#endif
