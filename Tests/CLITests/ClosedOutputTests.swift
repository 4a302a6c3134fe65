import Foundation
import Testing

/// `texteffects … | head`: a reader that stops early ends the command quietly, not with a crash.
@Suite("standard output closed by its reader")
struct ClosedOutputTests {
    @Test("--dump-layout and measure into a pipe nobody reads exit 0 with nothing on stderr",
          arguments: [["Scenes/showcase.json", "--dump-layout"], ["measure", "Scenes/showcase.json"]])
    func closedPipe(arguments: [String]) throws {
        let pipe = Pipe()
        // The reading end is closed before the child writes: its first write gets EPIPE.
        try pipe.fileHandleForReading.close()
        let errors = Pipe()
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = CLI.repoRoot
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = CLI.fontsConf.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe.fileHandleForWriting
        process.standardError = errors.fileHandleForWriting
        try process.run()
        try pipe.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(process.terminationStatus): \(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")
    }
}
