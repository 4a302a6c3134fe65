// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation

/// Writes a command's report to standard output, ending quietly when the reader has gone.
///
/// `texteffects measure SCENE | head` closes the pipe early; SIGPIPE is ignored (so a write to
/// ffmpeg fails instead of killing us), and Foundation's non-throwing `write` would trap on the
/// EPIPE, so the throwing form is used and a closed pipe ends the command with success, as the
/// reader asked for no more.
enum StandardOutput {
    static func write(_ data: Data) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            // Foundation wraps the POSIX error: CocoaError 512 with NSUnderlyingError EPIPE.
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if underlying?.code == Int(EPIPE) || (error as NSError).code == Int(EPIPE) { throw ExitCode.success }
            throw CommandFailure.run("texteffects: cannot write to standard output (\(String(cString: strerror(errno))))")
        }
    }
}
#endif
