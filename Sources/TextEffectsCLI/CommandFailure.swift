// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
/// Why a command stopped, in the words the user reads, and whose fault it is.
///
/// A command throws one where only it knows the cause: the same `OutputError` is the input's
/// fault when `--out` names a place that cannot be written, and the run's when the disk fills
/// while frames are written. `ErrorReport` prints it and exits with its cause's status.
struct CommandFailure: Error, Equatable {
    /// One or more lines, each printed on its own line of standard error.
    var message: String
    var cause: FailureCause

    /// A problem with what the user gave, said as it is.
    static func input(_ message: String) -> CommandFailure {
        CommandFailure(message: message, cause: .input)
    }

    /// `error` about what the user gave at `context` (an option such as `--out`, or the file the
    /// problem is in), shown as `context: error`.
    static func input(_ error: any Error, at context: String) -> CommandFailure {
        CommandFailure(message: "\(context): \(error)", cause: .input)
    }

    /// The run failed, said as it is.
    static func run(_ message: String) -> CommandFailure {
        CommandFailure(message: message, cause: .run)
    }

    /// The run failed with `error` (while `doing` something, when given), shown after the
    /// program's name: `texteffects: cannot write the link report: …`.
    static func run(_ error: any Error, doing: String? = nil) -> CommandFailure {
        CommandFailure(message: "texteffects: " + (doing.map { "\($0): " } ?? "") + "\(error)", cause: .run)
    }
}
#endif
