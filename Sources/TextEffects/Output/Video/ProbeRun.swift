import Foundation

/// One run of ffprobe: what it printed on each stream and how it ended.
struct ProbeRun {
    var status: Int32
    var output: Data
    var errorOutput: String

    /// Runs `executable` with `arguments`, draining both pipes at once so that it never blocks
    /// on a full one; throws only when it cannot be started.
    init(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let errorsRead = DispatchGroup()
        errorsRead.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.leave()
        }
        self.output = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        errorOutput = String(decoding: errorData, as: UTF8.self)
    }
}
