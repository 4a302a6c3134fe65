import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// GitHub's emoji shortcodes from gemoji's table (python3-pymdownx): known names become their
/// emoji in prose; code, unknown names and colons that are no shortcode stay as written.
@Suite struct MarkdownEmojiTests {
    @Test func theTableIsInstalledAndIsGemoji() throws {
        let table = try #require(EmojiShortcodes.shared, "scripts/install-deps.sh run installs \(EmojiShortcodes.package)")
        #expect(table.version.hasPrefix("v"))
        #expect(table.emoji.count > 1_000)
        #expect(table.emoji["tada"] == "🎉")
        #expect(table.emoji["thumbsup"] == table.emoji["+1"], "aliases")
        #expect(table.emoji["octocat"] == nil, "GitHub's own images have no characters")
    }

    @Test func shortcodesAreReplacedInProseOnly() throws {
        let table = try #require(EmojiShortcodes.shared)
        #expect(table.replacingShortcodes(in: "Ship it :rocket: at 10:30:tada:") == "Ship it 🚀 at 10:30🎉")
        #expect(table.replacingShortcodes(in: ":nosuchname: and : spaced :") == ":nosuchname: and : spaced :")
        let spans = MarkdownConverter().spans(for: "Done :tada: — write `:tada:` for it; **:+1:** [:x:](https://x.test/:x:)")
        let text = spans.map(\.text).joined()
        #expect(text == "Done 🎉 — write :tada: for it; 👍 ❌")
        #expect(spans.contains { $0.link == "https://x.test/:x:" })
        let code = MarkdownParser.parse("```\n:tada:\n```")
        #expect(code == .document([.codeBlock(language: nil, code: ":tada:\n")]))
    }

    @Test func emojiAreDrawnInTheEmojiFont() {
        let probe = MarkdownLayoutProbe("Party :tada:")
        let emoji = probe.run(containing: "🎉")
        #expect(emoji != nil && emoji!.font.family != probe.run(containing: "Party")!.font.family)
    }
}
