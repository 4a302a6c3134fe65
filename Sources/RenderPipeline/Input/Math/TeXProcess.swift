import Foundation

/// Runs one program of the TeX toolchain (latex, dvisvgm) in a folder, with standard input
/// closed, its output to a file in that folder, and a deadline after which it is stopped.
struct TeXProcess {
    let executable: String
    let arguments: [String]
    let folder: URL
    let timeout: Double

    /// How the run ended.
    struct Outcome {
        /// Standard output and error together: TeX flushes each `\typeout` line at once, so a run
        /// stopped at its deadline still shows which formula it was on.
        var output: String
        var exitStatus: Int32
        var timedOut: Bool
    }

    func run() throws -> Outcome {
        let outputURL = folder.appendingPathComponent("\(URL(fileURLWithPath: executable).lastPathComponent).out")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        // TeX reads no file outside the folder but its own (no `\input{/etc/passwd}` drawn into a
        // picture) and writes none outside it; shell escape is off on the command line.
        environment["openin_any"] = "p"
        environment["openout_any"] = "p"
        environment["shell_escape"] = "f"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        var timedOut = false
        if done.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if done.wait(timeout: .now() + 2) == .timedOut {
                _ = systemKill(process.processIdentifier, SIGKILL)
                done.wait()
            }
        }
        let text = (try? String(contentsOf: outputURL, encoding: .utf8))
            ?? String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self)
        return Outcome(output: text, exitStatus: process.terminationStatus, timedOut: timedOut)
    }
}
