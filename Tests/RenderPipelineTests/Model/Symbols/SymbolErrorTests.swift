import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `SymbolError` case says what it said when it was a string.
@Suite struct SymbolErrorTests {
    static let messages: [(SymbolError, String)] = [
        (.packageMissing(package: "fonts-material-design-icons-iconfont", path: "/usr/share/x/codepoints"),
         "symbols need the fonts-material-design-icons-iconfont package (no /usr/share/x/codepoints; run scripts/install-deps.sh)"),
        (.noIcons(path: "/tmp/codepoints"), "/tmp/codepoints lists no icons"),
    ]

    @Test(arguments: messages) func message(_ error: SymbolError, _ expected: String) {
        #expect(error.description == expected)
        #expect(error.message == expected)
    }

    @Test func aMissingCatalogNamesThePackage() {
        #expect(SymbolCatalog.load(path: "/nonexistent/codepoints").failure
            == .packageMissing(package: SymbolCatalog.package, path: "/nonexistent/codepoints"))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
