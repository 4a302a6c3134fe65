import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The registry of files to remove on interruption, the writers that use it, and the plain
/// errors they throw. (Tests use registries of their own: sweeping the shared one would close
/// it for every other test in the process.)
@Suite struct TemporaryFilesTests {
    func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("te-tmpfiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func removeAllDeletesRegisteredFilesAndKeepsForgottenOnes() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let registry = TemporaryFiles()
        let unfinished = folder.appendingPathComponent(".a.tmp"), renamed = folder.appendingPathComponent(".b.tmp")
        close(try registry.create(unfinished, for: folder.appendingPathComponent("a")))
        close(try registry.create(renamed, for: folder.appendingPathComponent("b")))
        #expect(registry.registered == [unfinished.path, renamed.path])
        registry.forget(renamed)
        registry.removeAll()
        #expect(!FileManager.default.fileExists(atPath: unfinished.path))
        #expect(FileManager.default.fileExists(atPath: renamed.path), "a forgotten file is its owner's again")
        #expect(registry.registered.isEmpty)
    }

    @Test func nothingIsCreatedOnceSwept() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let registry = TemporaryFiles()
        registry.removeAll()
        let late = folder.appendingPathComponent(".late.tmp")
        #expect(throws: CancellationError.self) { _ = try registry.create(late, for: folder.appendingPathComponent("late")) }
        #expect(throws: CancellationError.self) { try registry.add(late) }
        #expect(!FileManager.default.fileExists(atPath: late.path))
    }

    @Test func createNamesTheOutputInItsError() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("missing/frame_0001.png")
        #expect(throws: OutputError.folderMissing(folder.appendingPathComponent("missing").path)) {
            _ = try TemporaryFiles().create(AtomicFile.temporaryURL(for: output), for: output)
        }
    }

    @Test func atomicWritesLeaveNothingRegisteredOrBehind() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = TemporaryFiles.shared.registered
        try AtomicFile.write(Data("whole".utf8), to: folder.appendingPathComponent("x.txt"))
        #expect(try String(contentsOf: folder.appendingPathComponent("x.txt"), encoding: .utf8) == "whole")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.txt"])
        #expect(TemporaryFiles.shared.registered.subtracting(before).allSatisfy { !$0.hasPrefix(folder.path) })
        // Into a folder that is a file: a plain error, and no temporary file.
        #expect(throws: OutputError.notAFolder(folder.appendingPathComponent("x.txt").path)) {
            try AtomicFile.write(Data("no".utf8), to: folder.appendingPathComponent("x.txt/y.txt"))
        }
    }

    @Test func errnoMapsToPlainOneLineErrors() {
        let url = URL(fileURLWithPath: "/data/out/frame_0012.png")
        #expect(OutputError(errno: ENOSPC, writing: url).description == "no space left on device writing /data/out/frame_0012.png")
        #expect(OutputError(errno: EDQUOT, writing: url) == .noSpace(url.path))
        #expect(OutputError(errno: EROFS, writing: url).description == "read-only file system: cannot write /data/out/frame_0012.png")
        #expect(OutputError(errno: EACCES, writing: url).description == "permission denied writing /data/out/frame_0012.png")
        #expect(OutputError(errno: ENOENT, writing: url).description == "the folder /data/out does not exist")
        #expect(OutputError(errno: EIO, writing: url).description == "cannot write /data/out/frame_0012.png: Input/output error")
        let current = FileManager.default.currentDirectoryPath + "/out/x.mp4"
        #expect(OutputError.isAFolder(current).description == "out/x.mp4 is a folder, not a file", "relative to the current folder")
    }

    @Test func outputPlacesAreCheckedWithoutCreatingAnything() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data().write(to: file)
        #expect(throws: OutputError.isAFolder(folder.path)) { try OutputPlace.checkFile(folder) }
        #expect(throws: OutputError.notAFolder(file.path)) { try OutputPlace.checkFile(file.appendingPathComponent("x.mp4")) }
        #expect(throws: OutputError.notAFolder(file.path)) { try OutputPlace.checkFolder(file) }
        #expect(throws: OutputError.notAFolder(file.path)) { try OutputPlace.checkFolder(file.appendingPathComponent("a/b")) }
        try OutputPlace.checkFolder(folder.appendingPathComponent("new/deeper"))
        try OutputPlace.checkFile(folder.appendingPathComponent("new/x.mp4"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"], "checks create nothing")
        try OutputPlace.createFolder(folder.appendingPathComponent("new/deeper"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new/deeper").path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(throws: OutputError.notAFolder(file.path)) { try OutputPlace.createFolder(file.appendingPathComponent("sub")) }
    }

    @Test func ffmpegsReasonIsItsFirstMessagesOnOneLine() {
        let output = """
            [libwebp @ 0x55d0c0ffee00] Max is 16383x16383
            [vost#0:0/libwebp @ 0x55d0c0ffee80] Error while opening encoder - maybe incorrect parameters such as bit_rate, rate, width or height
            [vf#0:0 @ 0x55d0c0ffef00] Error sending frames to consumers: Invalid argument
            [vf#0:0 @ 0x55d0c0ffef00] Task finished with error code: -22 (Invalid argument)
            Conversion failed!

            """
        #expect(FFmpegEncoder.reason(fromErrorOutput: output)
                == "Max is 16383x16383; Error while opening encoder - maybe incorrect parameters such as bit_rate, rate, width or height")
        #expect(FFmpegEncoder.reason(fromErrorOutput: "[out#0 @ 0x1] Error opening output x.mp4: Permission denied\rjunk\u{1B}[0m\n")
                == "Error opening output x.mp4: Permission denied; junk?[0m")
        #expect(FFmpegEncoder.reason(fromErrorOutput: "Conversion failed!\n") == "")
        #expect(FFmpegEncoder.reason(fromErrorOutput: "[libwebp @ 0x2] Picture size is too large. Max is 16383x16383.\n[vost#0:0/libwebp @ 0x3] Error submitting video frame to the encoder\n")
                == "Picture size is too large. Max is 16383x16383; Error submitting video frame to the encoder")
    }

    @Test func aKilledChildIsReapedAndItsStandardErrorKept() throws {
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"),
                                     arguments: ["-c", "echo 'about to wait' >&2; exec sleep 30"])
        #expect(getpgid(child.pid) == child.pid, "a process group of its own")
        // Give it time to write before it is killed.
        Thread.sleep(forTimeInterval: 0.3)
        let start = Date()
        child.kill()
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(ChildProcess.describe(child.wait()) == "killed by signal 9")
        #expect(kill(child.pid, 0) != 0, "reaped, not a zombie")
        #expect(child.errorOutput() == "about to wait\n")
        close(child.input)
    }

    @Test func ffmpegEncoderCancelledFromAnotherThreadLeavesNothing() throws {
        guard FFmpegEncoder.locate() != nil else { return }  // ffmpeg is not installed: nothing to cancel
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let encoder = try FFmpegEncoder(format: .mp4, destination: folder.appendingPathComponent("sub/clip.mp4"),
                                        width: 64, height: 32, fps: 30)
        let surface = try ImageSurface(width: 64, height: 32)
        for index in 0..<5 { try encoder.write(surface, frame: index) }
        let cancelled = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            encoder.cancel()
            cancelled.signal()
        }
        #expect(cancelled.wait(timeout: .now() + 5) == .success)
        #expect(throws: (any Error).self) { try encoder.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("sub").path).isEmpty)
    }
}
