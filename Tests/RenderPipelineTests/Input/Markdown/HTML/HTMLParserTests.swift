import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// libxml2's HTML parser as texteffects sees it: Swift values, comments and scripts gone,
/// broken input recovered, deep input cut to text.
@Suite struct HTMLParserTests {
    @Test func elementsAttributesAndEntities() {
        let nodes = HTMLParser.parse(#"<a HREF="x.html" title=t>Fish &amp; chips &copy;</a>"#)
        #expect(nodes == [.element(name: "a", attributes: ["href": "x.html", "title": "t"], children: [.text("Fish & chips ©")])])
    }

    @Test func commentsScriptsAndStylesAreDropped() {
        let nodes = HTMLParser.parse("<!-- hidden -->a<script>alert(1)</script><style>p{}</style>b")
        #expect(nodes.map(\.plainText).joined() == "ab")
    }

    @Test func unclosedAndStrayTagsRecover() {
        let nodes = HTMLParser.parse("<div><b>bold<i>both</div></span>after")
        #expect(nodes.map(\.plainText).joined() == "boldbothafter")
        #expect(nodes.first?.name == "div")
    }

    @Test func deepNestingIsCutToText() {
        let depth = 10_000
        let source = String(repeating: "<span>", count: depth) + "deep" + String(repeating: "</span>", count: depth)
        let nodes = HTMLParser.parse(source)
        var level = 0
        var node = nodes.first
        while case .element(_, _, let children)? = node {
            level += 1
            node = children.first
        }
        #expect(level <= SceneLimits.maximumHTMLDepth + 1)
        #expect(nodes.map(\.plainText).joined() == "deep")
    }

    @Test func entityFloodsCostTheirLength() {
        let flood = String(repeating: "&amp;&lt;&unknown;", count: 20_000)
        let text = HTMLParser.parse(flood).map(\.plainText).joined()
        #expect(text.hasPrefix("&<"))
        #expect(text.utf8.count < flood.utf8.count)
    }
}
