import Foundation
import Testing

/// Runs the built `texteffects` binary as a subprocess with the repo's pinned fonts.
///
/// Output goes to temporary files rather than pipes, so a chatty child can never block on a
/// full pipe while we wait for it.
enum CLI {
    /// What one run of the binary did.
    struct Result: Sendable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data

        /// Standard error split into lines, without the trailing empty one.
        var stderrLines: [String] {
            stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        }

        /// Standard error's lines without the progress lines and the summary a run prints when
        /// standard error is not a terminal (`12/30 frames (40%), …`, `wrote 30 frames to out in 1.20 s`):
        /// its warnings and errors.
        var messageLines: [String] {
            stderrLines.filter { !Self.isProgress($0) }
        }

        /// Whether `line` is a progress line or a run's summary (`--progress lines`, the default off a terminal).
        static func isProgress(_ line: String) -> Bool {
            line.wholeMatch(of: /\d+\/\d+ (frames|rows) \(\d+%\), (\d+(\.\d)?|–) (frames|rows)\/s, ETA ((\d+:)?\d+:\d\d|–)/) != nil
                || line.wholeMatch(of: /(wrote|rendered) .+ in \d+\.\d\d s(; manifest: .+)?/) != nil
        }

        var description: String { "exit \(status)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)" }
    }

    /// The repository root: this file is `<root>/Tests/CLITests/CLIRunner.swift`.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/fonts.conf`, the fonts every test renders with.
    static let fontsConf: URL = repoRoot.appendingPathComponent("Tests/Fixtures/fonts.conf")

    /// The products folder SwiftPM built the tests into, which also holds `texteffects`.
    static let binary: URL = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        let main = Bundle.main.bundleURL
        candidates.append(main.pathExtension == "xctest" ? main.deletingLastPathComponent() : main)
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent())
        }
        // Last resort: the default debug build folder of this checkout.
        candidates.append(repoRoot.appendingPathComponent(".build/debug"))
        for folder in candidates {
            let url = folder.appendingPathComponent("texteffects")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        return candidates[0].appendingPathComponent("texteffects")
    }()

    /// Runs `texteffects arguments…` in `directory` and waits for it (at most `timeout` seconds).
    static func run(_ arguments: [String], in directory: URL, environment overrides: [String: String] = [:],
                    timeout: TimeInterval = 60) throws -> Result {
        try runExecutable(binary, arguments, in: directory, environment: overrides, timeout: timeout)
    }

    /// Runs `executable arguments…` (a wrapper such as `unshare` around the binary) like `run`.
    static func runExecutable(_ executable: URL, _ arguments: [String], in directory: URL,
                              environment overrides: [String: String] = [:], timeout: TimeInterval = 60) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("texteffects-cli-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = fontsConf.path
        environment.merge(overrides) { _, new in new }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            try? outHandle.close()
            try? errHandle.close()
            Issue.record("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        } else {
            try? outHandle.close()
            try? errHandle.close()
        }
        let outData = (try? Data(contentsOf: outURL)) ?? Data()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      stdoutData: outData)
    }
}

/// A fresh temporary folder; call `remove()` (in a `defer`) when the test is done with it.
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("texteffects-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` (which may contain subfolders) and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Every file and folder below this one, as sorted relative paths (hidden ones included).
    func contents() -> [String] {
        Self.contents(of: url)
    }

    static func contents(of folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    /// The names directly inside `folder`, sorted, hidden ones included.
    static func list(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

/// The little of PNG the tests need: the signature and the IHDR size.
enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `(width, height)` from the IHDR chunk, or nil when `data` is not a PNG.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature,
              Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}

/// Scenes the tests build on.
enum Scenes {
    /// A tiny valid scene: one block, 200×100 canvas, `frames` frames at 30 fps.
    static func good(text: String = "Hello world", width: Double = 180, frames: Int = 2,
                     extraBlockFields: String = "") -> String {
        """
        {
          "version": 1,
          "canvas": {"width": 200, "height": 100, "background": "#FFFFFF"},
          "fps": 30,
          "duration": \(Double(frames) / 30),
          "blocks": [
            {
              "id": "title",
              "frame": {"x": 10, "y": 10, "width": \(width)},
              "text": [{"text": \(jsonString(text)), "color": "#202020"}],
              "style": {"font": {"family": "DejaVu Sans", "size": 17}}\(extraBlockFields)
            }
          ]
        }
        """
    }

    static func jsonString(_ s: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
