import Foundation
import Testing

/// A `texteffects preview` (or `serve`) running for a test: started on a free port, stopped with SIGINT.
final class PreviewProcess: @unchecked Sendable {
    let process = Process()
    /// The port it listens on, read from its start-up line.
    private(set) var port = 0
    /// The page's address as printed (`http://HOST:PORT/`).
    private(set) var url = ""
    private let output = Pipe()
    private let errors: URL

    /// Starts `texteffects COMMAND arguments… --port 0` in `directory` and waits for its address line.
    init(_ arguments: [String], in directory: URL, command: String = "preview", timeout: TimeInterval = 60) throws {
        errors = directory.appendingPathComponent(".preview-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.executableURL = CLI.binary
        process.arguments = [command] + arguments + ["--port", "0"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = CLI.fontsConf.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let line = try Self.readLine(from: output.fileHandleForReading, timeout: timeout)
        guard let range = line.range(of: #"http://(\[[0-9A-Fa-f:.]+\]|[^/:\[\]]+):\d+/"#, options: .regularExpression),
              let colon = line[range].dropLast().lastIndex(of: ":"),
              let port = Int(line[range][line.index(after: colon)...].dropLast()) else {
            stop()
            throw PreviewTestError("no address line from the preview: \"\(line)\"; stderr: \(standardError)")
        }
        self.port = port
        url = String(line[range])
    }

    /// What the preview printed on standard error so far (all of it, once stopped).
    var standardError: String { stoppedError ?? (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Standard error's lines.
    var standardErrorLines: [String] { standardError.split(separator: "\n").map(String.init) }

    /// Standard error as it was when the process stopped (its file is removed then).
    private var stoppedError: String?

    /// Sends `signal` (SIGINT) and waits for the exit; the exit status, or nil when it did not stop in `timeout`.
    @discardableResult
    func stop(signal: Int32 = SIGINT, timeout: TimeInterval = 5) -> Int32? {
        defer {
            if stoppedError == nil { stoppedError = (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
            try? FileManager.default.removeItem(at: errors)
        }
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// One line from `handle`, or an error after `timeout`.
    private static func readLine(from handle: FileHandle, timeout: TimeInterval) throws -> String {
        let fd = handle.fileDescriptor
        var line = Data()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }
}

struct PreviewTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
