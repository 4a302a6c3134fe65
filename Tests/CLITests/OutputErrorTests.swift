import Foundation
import Testing

/// Outputs that cannot be written are refused before any work (exit 2) or reported in plain
/// words when writing fails (exit 1), ffmpeg's own reason included; nothing half-written stays.
@Suite("output errors")
struct OutputErrorTests {
    static let scene = Scenes.good(frames: 3)

    /// Whether this process may make private mount namespaces (root in a container that allows
    /// it): the only way to give a test a full or read-only disk without leaving a mount behind.
    static let canMount: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--mount", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs `texteffects arguments…` in `directory` with a small tmpfs mounted at `mountPoint`
    /// (read-only when asked) in a private mount namespace, which vanishes with the process.
    static func runWithTmpfs(at mountPoint: URL, sizeKB: Int, readOnly: Bool = false, _ arguments: [String],
                             in directory: URL) throws -> CLI.Result {
        let options = "size=\(sizeKB)k" + (readOnly ? ",ro" : "")
        let quoted = ([CLI.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "mount -t tmpfs -o \(options) tmpfs '\(mountPoint.path)' && exec \(quoted.joined(separator: " "))"
        let result = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "sh", "-c", script], in: directory)
        return result
    }

    @Test("--format mp4 --out EXISTING_FOLDER is refused before rendering, exit 2, nothing written")
    func animationIntoFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("videos"), withIntermediateDirectories: true)
        let result = try CLI.run(["card.json", "--format", "mp4", "--out", "videos"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == ["--out: videos is a folder; --format mp4 writes one file, such as videos/card.mp4"], "\(result)")
        #expect(dir.contents() == ["card.json", "videos"])
    }

    @Test("an animation's missing folders are created, as a folder of frames' are")
    func missingFoldersAreCreated() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        let video = try CLI.run(["card.json", "--format", "gif", "--out", "missing/dir/x.gif"], in: dir.url)
        #expect(video.status == 0, "\(video)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("missing/dir/x.gif").path))
        let frames = try CLI.run(["card.json", "--out", "a/b/c"], in: dir.url)
        #expect(frames.status == 0, "\(frames)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("a/b/c")) == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
    }

    @Test("a --links report's folder must exist: refused before rendering, exit 2, in plain words")
    func reportFolderMissing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        let result = try CLI.run(["card.json", "--links", "reports/links.json"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == ["--links: the folder reports does not exist"], "\(result)")
        #expect(dir.contents() == ["card.json"])
    }

    @Test("a path through a file is refused before rendering, in plain words", arguments: [
        (["--out", "taken/frames"], "--out: taken is a file, not a folder"),
        (["--format", "mp4", "--out", "taken/x.mp4"], "--out: taken is a file, not a folder"),
        (["--links", "taken/links.json"], "--links: taken is a file, not a folder"),
    ])
    func pathThroughAFile(arguments: [String], message: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        try dir.write("taken", "a file")
        let result = try CLI.run(["card.json"] + arguments, in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == [message], "\(result)")
        #expect(dir.contents() == ["card.json", "taken"])
    }

    @Test("ffmpeg's own reason is the message, not a broken pipe; exit 1 and no temporary file")
    func ffmpegReason() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good(frames: 30))
        // An ffmpeg that refuses the picture as libwebp does and stops reading at once.
        let tools = dir.url.appendingPathComponent("tools")
        let stub = try dir.write("tools/ffmpeg", """
            #!/bin/sh
            echo '[libwebp @ 0x55d0c0ffee00] Max is 16383x16383' >&2
            echo '[vost#0:0/libwebp @ 0x55d0c0ffee80] Error while opening encoder - maybe incorrect parameters such as bit_rate, rate, width or height' >&2
            echo 'Conversion failed!' >&2
            exit 1

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        let result = try CLI.run(["card.json", "--format", "webp", "--out", "anim.webp"], in: dir.url,
                                 environment: ["PATH": tools.path + ":/usr/bin:/bin"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["texteffects: ffmpeg failed (exit 1): Max is 16383x16383; Error while opening encoder - maybe incorrect parameters such as bit_rate, rate, width or height"], "\(result)")
        #expect(!result.stderr.contains("Broken pipe") && !result.stderr.contains("NSCocoaErrorDomain"))
        #expect(dir.contents() == ["card.json", "tools", "tools/ffmpeg"], "left behind: \(dir.contents())")
    }

    @Test("a full disk is reported as such, exit 1, with no temporary file left")
    func fullDisk() throws {
        guard Self.canMount else { return }  // needs root and mount namespaces; nothing to test otherwise
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good(frames: 200))
        let disk = dir.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let result = try Self.runWithTmpfs(at: disk, sizeKB: 24, ["card.json", "--out", "disk/frames"], in: dir.url)
        #expect(result.status == 1, "\(result)")
        let line = try #require(result.stderrLines.first)
        #expect(line.hasPrefix("texteffects: no space left on device writing disk/frames/frame_"), "\(result)")
        #expect(line.hasSuffix(".png") && result.stderrLines.count == 1, "\(result)")
        // The mount went with the namespace: the folder is the empty one this test made.
        #expect(TemporaryDirectory.list(disk).isEmpty)
    }

    @Test("a read-only folder is refused before rendering, exit 2")
    func readOnlyFolder() throws {
        guard Self.canMount else { return }  // needs root and mount namespaces; nothing to test otherwise
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        let disk = dir.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        for (arguments, message) in [(["--out", "disk/frames"], "--out: read-only file system: cannot write disk/frames"),
                                     (["--format", "gif", "--out", "disk/x.gif"], "--out: read-only file system: cannot write disk/x.gif")] {
            let result = try Self.runWithTmpfs(at: disk, sizeKB: 64, readOnly: true, ["card.json"] + arguments, in: dir.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderrLines == [message], "\(result)")
        }
    }
}
