import Testing
@testable import RenderPipeline
@testable import TextEffects

/// GitHub's code colours: each token type finds its colour through its ancestors.
@Suite struct CodeThemeTests {
    @Test func typesTakeTheirNearestNamedAncestorsStyle() {
        let theme = CodeTheme.github
        let keyword = Style(color: .color(Color(red8: 0xCF, green8: 0x22, blue8: 0x2E)))
        #expect(theme.style(for: "Keyword") == keyword)
        #expect(theme.style(for: "Keyword.Declaration") == keyword)
        #expect(theme.style(for: "Keyword.Constant") != keyword, "true, false and nil are constants")
        #expect(theme.style(for: "Literal.String.Double") == theme.style(for: "Literal.String"))
        #expect(theme.style(for: "Name") == nil, "plain identifiers keep the code's colour")
        #expect(theme.style(for: "Punctuation") == nil && theme.style(for: "") == nil)
    }

    @Test func lightAndDarkDifferAndAreNamedAsInScenes() {
        for type in ["Keyword", "Literal.String", "Comment", "Name.Function", "Literal.Number"] {
            #expect(CodeTheme.github.style(for: Substring(type)) != CodeTheme.githubDark.style(for: Substring(type)), "\(type)")
        }
        #expect(CodeTheme.named["github"] == .github && CodeTheme.named["github-dark"] == .githubDark)
        #expect(MarkdownStyle.light.codeTheme == .github && MarkdownStyle.dark.codeTheme == .githubDark)
    }
}
