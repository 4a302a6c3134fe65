import ArgumentParser
import Foundation
import TextEffects
import Testing
@testable import TextEffectsCLI

/// `ErrorReport`, the one mapping from an error to its message and exit status: 2 when the
/// input is at fault, 1 when the run is, for an error of each domain.
@Suite struct ErrorReportTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var error: any Error
        var message: String
        var status: Int32
        var testDescription: String { "\(type(of: error)): \(message)" }
    }

    static let cases: [Case] = [
        // Scenes, captions and data files name themselves on every line.
        Case(error: SceneError(file: "card.json", problems: [SceneProblem(path: "blocks[0].text", message: "expected a string")]),
             message: "card.json: blocks[0].text: expected a string", status: 2),
        Case(error: CaptionError(file: "talk.vtt", line: 3, "\"00:01\" is not a timestamp"),
             message: "talk.vtt:3: \"00:01\" is not a timestamp", status: 2),
        Case(error: DataRowsError.noHeader(file: "rows.csv"),
             message: "rows.csv: has no header; its first line must name the columns, such as id,title,price", status: 2),
        // What a scene refers to.
        Case(error: ImageError.unsupportedFormat(path: "logo.gif"), message: "logo.gif cannot be read (not a PNG, JPEG, WebP or SVG image)", status: 2),
        Case(error: MarkupError.tooDeep(limit: 64), message: "tags nest more than 64 levels deep", status: 2),
        Case(error: SymbolError.noIcons(path: "codepoints"), message: "codepoints lists no icons", status: 2),
        Case(error: LocalizationError.unknownKey("title", files: ["Localizable.xcstrings"]),
             message: "\"title\" is not a key of Localizable.xcstrings", status: 2),
        Case(error: LayoutError.fontsNotAFolder("Fonts"), message: "fonts: Fonts is not a folder", status: 2),
        // Video parts and videos to caption.
        Case(error: VideoJoinError.emptyFile(part: "a.mp4"), message: VideoJoinError.emptyFile(part: "a.mp4").description, status: 2),
        Case(error: VideoJoinError.toolMissing("ffprobe"),
             message: "texteffects: join needs ffprobe, which is not installed; install it with: apt-get install ffmpeg", status: 1),
        Case(error: VideoJoinError.interrupted, message: VideoJoinError.interrupted.description, status: 1),
        Case(error: VideoProbeError.noVideoStream, message: "has no video stream", status: 2),
        Case(error: VideoProbeError.ffprobeMissing,
             message: "texteffects: ffprobe was not found on PATH (it comes with ffmpeg: apt install ffmpeg)", status: 1),
        // The run's failures: drawing, compressing, encoding, writing.
        Case(error: RenderError.compressorUnavailable(library: "zlib"), message: "texteffects: zlib could not allocate a compressor", status: 1),
        Case(error: OutputError.ffmpegFailed(status: "exit 1", reason: "Conversion failed"),
             message: "texteffects: ffmpeg failed (exit 1): Conversion failed", status: 1),
        Case(error: OutputError.noSpace("/nonexistent/out.mp4"),
             message: "texteffects: no space left on device writing /nonexistent/out.mp4", status: 1),
        // Where only the command knows the cause.
        Case(error: CommandFailure.input(OutputError.readOnly("/nonexistent/frames"), at: "--out"),
             message: "--out: read-only file system: cannot write /nonexistent/frames", status: 2),
        Case(error: CommandFailure.run(OutputError.noSpace("/nonexistent/links.json"), doing: "cannot write the link report"),
             message: "texteffects: cannot write the link report: no space left on device writing /nonexistent/links.json", status: 1),
        Case(error: CommandFailure.input("--frame-range: 3-9 goes past the last frame (5)"),
             message: "--frame-range: 3-9 goes past the last frame (5)", status: 2),
        Case(error: CommandFailure.run("texteffects batch: rendered 2 rows, 1 failed; every row is in out/manifest.jsonl"),
             message: "texteffects batch: rendered 2 rows, 1 failed; every row is in out/manifest.jsonl", status: 1),
    ]

    @Test(arguments: cases) func reportsMessageAndStatus(_ expected: Case) throws {
        let report = try #require(ErrorReport.report(expected.error))
        #expect(report.message == expected.message)
        #expect(report.status.rawValue == expected.status)
    }

    @Test func aStatusAloneIsPrintedAsNothing() throws {
        let report = try #require(ErrorReport.report(ExitCode(130)))
        #expect(report.message == nil)
        #expect(report.status == ExitCode(130))
    }

    /// ArgumentParser reports its own errors (usage, `--help`) and those nobody expected.
    @Test func unknownErrorsAreLeftToArgumentParser() {
        #expect(ErrorReport.report(ValidationError("--fps must be above 0")) == nil)
        #expect(ErrorReport.report(Unexpected()) == nil)
    }

    struct Unexpected: Error {}
}
