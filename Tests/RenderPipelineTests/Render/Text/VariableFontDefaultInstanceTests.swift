import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A variable font's default instance draws the same glyph pixels whatever varied its face before.
///
/// Cairo 1.16 shares one FreeType face among every font of a file (Inter's regular, a `variations`
/// style's 700, a vary effect's weights), and FreeType 2.12 rasterises default-instance glyphs
/// from a face that was ever set to other axis values a 64th of a pixel off (some glyphs of
/// "Golden hour" among them). Before the fix, podcast-card's summary came out a few pixel levels
/// apart (31 pixels) once the face had been varied and the glyphs left Cairo's cache: a frame
/// drawn whole and then in bands differed in CI.
@Suite struct VariableFontDefaultInstanceTests {
    static func renderer(weight: Int?) throws -> SceneRenderer {
        TestFonts.pin()
        let variations = weight.map { #", "variations": {"wght": \#($0)}"# } ?? ""
        let json = #"""
        {"canvas": {"width": 240, "height": 40, "background": "#2B1D3F"},
         "blocks": [{"id": "t", "frame": {"x": 4, "y": 4, "width": 232},
                     "style": {"font": {"family": "Inter", "size": 22\#(variations)}, "color": "#C9C0DA"},
                     "text": "Golden hour, blue"}]}
        """#
        return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8), baseDirectory: nil))
    }

    /// The font the renderer's only text is drawn with.
    static func font(of renderer: SceneRenderer) throws -> Font.Resolved {
        let run = try #require(renderer.layouts.first?.first?.first)
        return run.storage.fonts[run.record.font]
    }

    @Test func theDefaultInstanceDrawsFromAnUnvariedFace() throws {
        let regular = try Self.renderer(weight: nil), bold = try Self.renderer(weight: 700)
        let font = try Self.font(of: regular)
        #expect(font.isVariable, "Inter is the variable font (fonts-inter-variable)")
        #expect(try Self.font(of: bold).variations.isEmpty, "a style's axes are the font's own, not a vary effect's")
        // The 700 sets the shared face's axes; the regular text drawn next sets them back.
        _ = try bold.renderFrame(0)
        _ = try regular.renderFrame(0)
        let varied = PangoLock.withLock { font.scaledFont.drawsFromVariedDefaultFace }
        #expect(!varied, "the regular weight was drawn from a face FreeType still marks as varied")
    }
}
