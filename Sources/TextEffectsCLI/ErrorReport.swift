// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// The one place that turns an error a command threw into what the user sees: its message on
/// standard error, one problem a line, and the exit status of its cause (`FailureCause`).
///
/// Commands print nothing when they fail; they throw. An error of a known domain goes out as it
/// describes itself when the input is at fault (each line names the file, and where in it), or
/// after the program's name when the run is. Where only the command knows the cause (the same
/// `OutputError` is the input's fault at `--out` and the run's when the disk fills), it throws
/// a `CommandFailure` saying so.
enum ErrorReport {
    /// `error`'s message (nil when there is nothing to print) and exit status; nil for an error
    /// of no domain this program knows (ArgumentParser's own: bad arguments, `--help`), which
    /// ArgumentParser reports.
    static func report(_ error: any Error) -> (message: String?, status: ExitCode)? {
        switch error {
        case let failure as CommandFailure: return (failure.message, failure.cause.status)
        // A status chosen by a command that has said what there is to say (an interruption) or
        // that has nothing to say (standard output closed by its reader).
        case let code as ExitCode: return (nil, code)
        // Stopped by a signal: the message says so, without the program's name.
        case VideoJoinError.interrupted: return ("\(error)", FailureCause.run.status)
        default:
            guard let cause = cause(of: error) else { return nil }
            return (cause == .input ? "\(error)" : "texteffects: \(error)", cause.status)
        }
    }

    /// Whose fault an error of a known domain is, when it reaches the command line as it was thrown.
    static func cause(of error: any Error) -> FailureCause? {
        switch error {
        // What the user wrote or named: a scene and what it refers to, caption and data files.
        case is SceneError, is CaptionError, is DataRowsError, is ImageError, is MarkupError, is LocalizationError,
             is LayoutError, is SymbolError:
            .input
        case let error as VideoJoinError: error.isInputProblem ? .input : .run
        case let error as VideoProbeError: error == .ffprobeMissing ? .run : .input
        // The machine's part: drawing, compressing, writing.
        case is RenderError, is OutputError: .run
        default: nil
        }
    }

    /// Prints `error`'s message and exits with its status; ArgumentParser reports what this
    /// program does not describe, except that bad arguments exit 2 like bad scenes.
    static func exit(with error: any Error, command: TextEffectsCommand.Type) -> Never {
        if let (message, status) = report(error) {
            if let message { SceneLoading.printError(message) }
            command.exit(withError: status)
        }
        if command.exitCode(for: error) == .validationFailure {
            FileHandle.standardError.write(Data((command.fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
        command.exit(withError: error)
    }
}
#endif
