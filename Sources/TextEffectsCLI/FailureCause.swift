// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser

/// Whose fault a failure is, which decides the exit status: scripts tell "fix what you gave"
/// (2, as for bad arguments) from "try again or look at the machine" (1).
enum FailureCause: Equatable {
    /// What the user gave: a scene, a data or caption file, an option, a place to write.
    case input
    /// The run itself: the disk filling, ffmpeg failing, memory running out.
    case run

    /// The process's exit status for the cause.
    var status: ExitCode {
        switch self {
        case .input: ExitCode(2)
        case .run: ExitCode.failure
        }
    }
}
#endif
