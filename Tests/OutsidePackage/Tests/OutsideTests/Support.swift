import Foundation
import TextEffects

/// Where the repository and the built programs are.
enum Outside {
    /// The texteffects repository (this package lives in its Tests/OutsidePackage).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folder `swift build` put this package's programs in (scripts/outside-package.sh says).
    static var binaries: URL {
        if let path = ProcessInfo.processInfo.environment["OUTSIDE_BIN"] { return URL(fileURLWithPath: path) }
        return repository.appendingPathComponent("Tests/OutsidePackage/.build/debug")
    }

    /// The pinned fonts, as every texteffects test uses.
    static func pinFonts() {
        setenv("FONTCONFIG_FILE", repository.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }

    /// A program's exit status and what it printed.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `program` from this package's build with `arguments`, in `directory`.
    static func run(_ program: String, _ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = binaries.appendingPathComponent(program)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repository
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = repository.appendingPathComponent("Tests/Fixtures/fonts.conf").path
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on another thread, so neither pipe can fill up and block.
        let errorsRead = DispatchGroup()
        nonisolated(unsafe) var err = Data()
        errorsRead.enter()
        DispatchQueue.global().async {
            err = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.leave()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                   errors: String(decoding: err, as: UTF8.self))
    }

    /// Runs a program from elsewhere (a checker) in the repository; its exit status.
    static func check(_ program: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = repository
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A new empty folder for one test's output.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension ImageSurface {
    /// The frame's pixels, row by row (premultiplied ARGB as drawn).
    var pixelBytes: [UInt8] {
        withPixels { Array($0.bindMemory(to: UInt8.self)) }
    }
}
