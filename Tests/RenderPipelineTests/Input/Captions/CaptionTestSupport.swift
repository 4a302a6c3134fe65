import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Parsing helpers for the caption tests.
enum Captions {
    static func vtt(_ cues: String, header: String = "WEBVTT\n\n") throws -> CaptionTrack {
        try CaptionTrack(parsing: header + cues, fileName: "t.vtt", format: .webVTT)
    }

    static func srt(_ text: String) throws -> CaptionTrack {
        try CaptionTrack(parsing: text, fileName: "t.srt", format: .subRip)
    }

    static func words(_ json: String) throws -> CaptionTrack {
        try CaptionTrack(parsing: json, fileName: "t.json", format: .wordTimings)
    }

    /// The error's lines, or ["no error"].
    static func errors(_ text: String, format: CaptionFormat, fileName: String? = nil) -> [String] {
        do {
            _ = try CaptionTrack(parsing: text, fileName: fileName ?? "t.\(format.rawValue)", format: format)
            return ["no error"]
        } catch let error as CaptionError {
            return error.description.components(separatedBy: "\n")
        } catch {
            return ["unexpected \(error)"]
        }
    }

    /// The one cue of a WebVTT file with a single cue whose timing line is `timing`.
    static func cue(_ timing: String, _ text: String = "x") throws -> CaptionCue {
        let track = try vtt("\(timing)\n\(text)\n")
        guard let cue = track.cues.first else { throw CaptionError(file: "t.vtt", "no cue") }
        return cue
    }

    static func ms(_ n: Int) -> CaptionTime { CaptionTime(milliseconds: n) }

    static let samples = TestFonts.repositoryRoot.appendingPathComponent("Scenes/captions")
}

/// The caption tests' parent suite, so `swift test --filter Caption` runs them all.
@Suite struct CaptionTests {}
