import Foundation
import Testing

/// RenderPipeline's, TextEffects' and Effects' public API is what `docs/api/*.txt` records, as Swift server
/// libraries guard theirs: a change to it is a change to that listing, made on purpose and
/// reviewed in the diff. `scripts/api-listing.py` reads the API from the symbol graph of the
/// modules this test run was built with.
@Suite struct PublicAPIListingTests {
    @Test("the public API is the recorded one, with at most 30 top-level types besides SwiftUI's")
    func publicAPIMatchesTheListing() throws {
        let products = CLI.binary.deletingLastPathComponent()
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let result = try CLI.runExecutable(python, [CLI.repoRoot.appendingPathComponent("scripts/api-listing.py").path,
                                                    "--check", "--bin-path", products.path],
                                           in: CLI.repoRoot, timeout: 120)
        #expect(result.status == 0, "\(result)")
    }

    @Test("the listing holds the plug-in author's API and not the internals")
    func listingHoldsThePluginAPI() throws {
        let listing = try ["RenderPipeline", "TextEffects"].map {
            try String(contentsOf: CLI.repoRoot.appendingPathComponent("docs/api/\($0).txt"), encoding: .utf8)
        }.joined()
        for needed in ["protocol TextRenderer:", "struct GraphicsContext:", "struct TextLayout:", "protocol SceneEffect:",
                       "struct EffectRegistry:", "class SceneRenderer:", "struct SceneDecoder:", "protocol FrameSink:",
                       "struct LinkReport:", "init TextLayout.init(_:options:)"] {
            #expect(listing.contains(needed), "docs/api/RenderPipeline.txt and TextEffects.txt lack \(needed)")
        }
        for name in ["JSONNode", "AtomicFile", "FFmpegEncoder", "PangoMarkupParser", "LayoutDump", "ScratchBuffers",
                         "MarkdownParser", "GObjectReference"] {
            #expect(!listing.contains(" \(name)"), "docs/api/ lists \(name), which is not plug-in API")
        }
    }
}
