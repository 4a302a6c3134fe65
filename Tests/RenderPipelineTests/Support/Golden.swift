import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Golden files beside the tests: JSON compared exactly, PNGs within a stated tolerance.
///
/// Set `TEXTEFFECTS_ACCEPT=1` to (re)record goldens from the current output; without it a
/// missing or different golden fails the test and the actual output is written next to it
/// as `*.actual.*` for inspection.
enum Golden {
    static let directory = TestFonts.repositoryRoot.appendingPathComponent("Tests/RenderPipelineTests/Goldens")
    static var accepting: Bool { ProcessInfo.processInfo.environment["TEXTEFFECTS_ACCEPT"] == "1" }

    /// Compares `data` with the golden text file at `name` (relative to Goldens/).
    static func assertText(_ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if accepting {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden \(name); run with TEXTEFFECTS_ACCEPT=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != data {
            let actual = url.deletingPathExtension().appendingPathExtension("actual.\(url.pathExtension)")
            try? data.write(to: actual)
            Issue.record("\(name) differs from its golden; actual output written to \(actual.path)", sourceLocation: sourceLocation)
        }
    }

    /// The tolerance for golden PNGs: every channel of every pixel within `maxChannelDelta`,
    /// except at most `outlierFraction` of the pixels (antialiasing noise from other FreeType
    /// or pixman builds), and never more than 0.5 % mean difference.
    struct Tolerance {
        var maxChannelDelta: Int = 2
        var outlierFraction: Double = 0.001
        static let standard = Tolerance()
        static let exact = Tolerance(maxChannelDelta: 0, outlierFraction: 0)
    }

    static func assertImage(_ surface: ImageSurface, named name: String, tolerance: Tolerance = .standard,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if accepting {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGWriter.write(surface, to: url)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("missing golden \(name); run with TEXTEFFECTS_ACCEPT=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = try ImageSurface(png: url.path)
        if let problem = ImageDiff.compare(surface, expected, tolerance: tolerance) {
            let actual = url.deletingPathExtension().appendingPathExtension("actual.png")
            try? PNGWriter.write(surface, to: actual)
            Issue.record("\(name): \(problem); actual image written to \(actual.path)", sourceLocation: sourceLocation)
        }
    }
}

/// Pixel comparison of two surfaces.
enum ImageDiff {
    struct Stats {
        var differing = 0
        var outliers = 0
        var maxDelta = 0
        var totalDelta = 0
        var pixels = 0
    }

    static func stats(_ a: ImageSurface, _ b: ImageSurface, threshold: Int = 0) -> Stats? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var stats = Stats()
        stats.pixels = a.width * a.height
        a.withPixels { pa in
            b.withPixels { pb in
                for y in 0..<a.height {
                    for x in 0..<a.width {
                        var pixelMax = 0
                        for c in 0..<4 {
                            let d = abs(Int(pa[y * a.stride + x * 4 + c]) - Int(pb[y * b.stride + x * 4 + c]))
                            pixelMax = max(pixelMax, d)
                            stats.totalDelta += d
                        }
                        if pixelMax > 0 { stats.differing += 1 }
                        if pixelMax > threshold { stats.outliers += 1 }
                        stats.maxDelta = max(stats.maxDelta, pixelMax)
                    }
                }
            }
        }
        return stats
    }

    /// `nil` when within tolerance, else what is wrong.
    static func compare(_ a: ImageSurface, _ b: ImageSurface, tolerance: Golden.Tolerance) -> String? {
        guard let s = stats(a, b, threshold: tolerance.maxChannelDelta) else {
            return "size \(a.width)×\(a.height) differs from \(b.width)×\(b.height)"
        }
        let allowed = Int(Double(s.pixels) * tolerance.outlierFraction)
        let mean = Double(s.totalDelta) / Double(s.pixels * 4 * 255)
        if s.outliers > allowed || mean > 0.005 {
            return "\(s.outliers) pixels differ by more than \(tolerance.maxChannelDelta) (allowed \(allowed)); max delta \(s.maxDelta), mean \(String(format: "%.5f", mean))"
        }
        return nil
    }
}
