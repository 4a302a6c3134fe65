import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `OutputError` case's message, and the case each `errno` of a write becomes. Paths are
/// outside the current folder, so they are shown whole.
@Suite struct OutputErrorTests {
    static let messages: [(OutputError, String)] = [
        (.folderMissing("/nonexistent/out"), "the folder /nonexistent/out does not exist"),
        (.notAFolder("/nonexistent/file"), "/nonexistent/file is a file, not a folder"),
        (.isAFolder("/nonexistent/card.mp4"), "/nonexistent/card.mp4 is a folder, not a file"),
        (.noSpace("/nonexistent/card.mp4"), "no space left on device writing /nonexistent/card.mp4"),
        (.readOnly("/nonexistent/card.mp4"), "read-only file system: cannot write /nonexistent/card.mp4"),
        (.permissionDenied("/nonexistent/card.mp4"), "permission denied writing /nonexistent/card.mp4"),
        (.failed("/nonexistent/card.mp4", errno: EIO), "cannot write /nonexistent/card.mp4: Input/output error"),
        (.ffmpegMissing(format: .mp4), "--format mp4 needs ffmpeg, which is not installed; install it with: apt-get install ffmpeg"),
        (.ffmpegFailed(status: "exit 1", reason: "Conversion failed"), "ffmpeg failed (exit 1): Conversion failed"),
    ]

    @Test(arguments: messages) func message(_ error: OutputError, _ expected: String) {
        #expect(error.description == expected)
    }

    static let causes: [(Int32, OutputError)] = [
        (ENOSPC, .noSpace("/nonexistent/out/a.png")),
        (EDQUOT, .noSpace("/nonexistent/out/a.png")),
        (EROFS, .readOnly("/nonexistent/out/a.png")),
        (EACCES, .permissionDenied("/nonexistent/out/a.png")),
        (EPERM, .permissionDenied("/nonexistent/out/a.png")),
        (ENOENT, .folderMissing("/nonexistent/out")),
        (ENOTDIR, .notAFolder("/nonexistent/out")),
        (EISDIR, .isAFolder("/nonexistent/out/a.png")),
        (EIO, .failed("/nonexistent/out/a.png", errno: EIO)),
    ]

    @Test(arguments: causes) func errnoBecomesItsCase(_ code: Int32, _ expected: OutputError) {
        #expect(OutputError(errno: code, writing: URL(fileURLWithPath: "/nonexistent/out/a.png")) == expected)
    }
}
