import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// PNG, SVG and PDF drawn at the same time on two threads are the same bytes as drawn alone:
/// every scene in `Scenes/`, one renderer per scene shared by both threads, each thread drawing
/// another format of the same scene at any moment (as `serve` and a batch's workers do).
///
/// Cairo draws a document page's recorded glyphs when the page is shown and replayed, from the
/// FreeType faces Pango shares; once that ran outside the Pango lock it crashed in FreeType
/// within a few rounds.
@Suite struct ConcurrentOutputTests {
    /// The rounds each thread draws every scene in; `TEXTEFFECTS_STRESS_ROUNDS` sets more.
    static let rounds = ProcessInfo.processInfo.environment["TEXTEFFECTS_STRESS_ROUNDS"].flatMap(Int.init) ?? 5

    enum Format: CaseIterable { case png, svg, pdf }

    /// One frame of `renderer` as `format`: a PNG frame's pixels, an SVG's or a PDF's bytes.
    static func draw(_ renderer: SceneRenderer, as format: Format) throws -> Data {
        let frame = renderer.scene.frameCount / 2
        switch format {
        case .png:
            let surface = try renderer.renderFrame(frame)
            return Data(bytes: surface.pixelsForReading(), count: surface.width * surface.height * 4)
        case .svg: return try renderer.svgData(ofFrame: frame)
        case .pdf: return try renderer.pdfData(ofFrames: [frame])
        }
    }

    final class Differences: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var found: [String] = []
        func add(_ difference: String) { lock.withLock { found.append(difference) } }
    }

    /// Keeps both versions of an output that came out different in the temporary folder, for
    /// whoever reads the failure, and says where they are and where they part.
    static func keep(_ drawn: Data, _ alone: Data, named name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-concurrent-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? alone.write(to: folder.appendingPathComponent("\(name)-alone"))
        try? drawn.write(to: folder.appendingPathComponent("\(name)-drawn"))
        let offset = zip(drawn, alone).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(drawn.count, alone.count)
        return "\(drawn.count) against \(alone.count) bytes, first different at byte \(offset); both in \(folder.path)"
    }

    @Test func twoThreadsDrawWhatOneDraws() throws {
        let names = SceneGoldenTests.sceneNames
        let renderers = try names.map { try VectorOutputTests.renderer(for: $0) }
        let alone = try renderers.map { renderer in try Format.allCases.map { try Self.draw(renderer, as: $0) } }
        let differences = Differences()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for round in 0..<Self.rounds {
                for (index, renderer) in renderers.enumerated() {
                    // The two threads draw different formats of the same scene at once.
                    let format = (index + round + thread) % Format.allCases.count
                    do {
                        let drawn = try Self.draw(renderer, as: Format.allCases[format])
                        if drawn != alone[index][format] {
                            differences.add("\(names[index]) as \(Format.allCases[format]), round \(round): \(Self.keep(drawn, alone[index][format], named: "\(names[index])-\(Format.allCases[format])-\(round)-\(thread)"))")
                        }
                    } catch {
                        differences.add("\(names[index]) as \(Format.allCases[format]): \(error)")
                    }
                }
            }
        }
        #expect(differences.found.isEmpty, "\(differences.found)")
    }
}
