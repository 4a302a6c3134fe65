import Foundation
import Testing

/// Keeps each C library inside its layer: Pango only under `Layout/`, Cairo and pixman only in
/// the backend (`Render/Cairo/`), librsvg only under `Render/`; and keeps C pointers from travelling between
/// files: an `OpaquePointer` in a function's parameter or result type only in a file that owns
/// a C object (one that offers scoped `withUnsafe…` access to it), or in a private function.
///
/// Reads the source tree itself, found from this file's path, so folder moves that keep the
/// layer names (`Layout`, `Render`, `Output`, at any depth) keep it passing.
struct SourceRulesTests {
    /// `Sources/RenderPipeline` and `Sources/TextEffects` (the layers above Render), found by
    /// climbing from this file to the package root.
    static let sourceRoots: [URL] = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return ["Sources/RenderPipeline", "Sources/TextEffects"].map { folder.appendingPathComponent($0) }
    }()

    /// Every Swift file of the two modules: its folders (relative to its module) and its text.
    static let files: [(folders: [String], path: String, text: String)] = {
        var files: [(folders: [String], path: String, text: String)] = []
        for sourceRoot in sourceRoots {
            let root = sourceRoot.standardizedFileURL.path
            let enumerator = FileManager.default.enumerator(atPath: root)!
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift"), let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else { continue }
                files.append((relative.split(separator: "/").dropLast().map(String.init), relative, text))
            }
        }
        return files.sorted { $0.path < $1.path }
    }()

    static func imports(_ module: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "import \(module)" }
    }

    @Test func theTreeIsFound() {
        #expect(Self.files.count > 100)
        #expect(Self.files.contains { $0.path.hasSuffix("PangoLayoutBuilder.swift") })
    }

    // Model/Color parses colour names with Pango's table (pango_color_parse), a library call that
    // needs no context, so colours are read without going through Layout/.
    @Test(arguments: [("CPango", ["Layout", "Color"]), ("CCairo", ["Cairo"]), ("CRsvg", ["Render"]), ("CIsal", ["PNG"]), ("CPixman", ["Cairo"]),
                      ("CJPEG", ["Images", "JPEG"]), ("CWebP", ["Images", "WebP"])])
    func cModulesAreImportedOnlyInTheirLayers(module: String, layers: [String]) {
        let outside = Self.files.filter { Self.imports(module, in: $0.text) && Set($0.folders).isDisjoint(with: layers) }
        #expect(outside.map(\.path) == [], "import \(module) belongs under \(layers.joined(separator: "/ or "))/")
    }

    /// The one folder that calls Cairo and pixman (`cairo_…(`, `pixman_…(`): the backend (issue 31),
    /// which owns every Cairo object, the glyph mask cache and the pixman fast path. A file
    /// anywhere else that calls either fails here. (Pango's own `pango_cairo_…` calls, which
    /// make Pango's font map and contexts, stay with Pango in `Layout/Pango/`.)
    static let backendFolder = "Render/Cairo/"

    @Test func cairoIsCalledOnlyFromTheBackend() throws {
        let call = try Regex(#"\b(cairo|pixman)_[a-z0-9_]+\s*\("#)
        let calling = Self.files.filter { $0.text.contains(call) }.map(\.path)
        // The scan sees the backend's own calls, so a regex gone wrong cannot pass by finding none.
        #expect(calling.filter { $0.hasPrefix(Self.backendFolder) }.count > 10)
        #expect(calling.filter { !$0.hasPrefix(Self.backendFolder) } == [])
    }

    /// libjpeg-turbo and libwebp are each touched in two files: their decoder's and their encoder's.
    @Test(arguments: [("CJPEG", ["Output/JPEG/JPEGEncoder.swift", "Render/Images/JPEGDecoder.swift"]),
                      ("CWebP", ["Output/WebP/WebPEncoder.swift", "Render/Images/WebPDecoder.swift"])])
    func imageLibrariesAreImportedInTheirDecoderAndEncoderOnly(module: String, files: [String]) {
        #expect(Self.files.filter { Self.imports(module, in: $0.text) }.map(\.path) == files)
    }

    /// The signatures (from `func` or `init` to the opening brace) of a file's functions that
    /// other files could call: members of types, not private, not local to another function.
    static func nonPrivateSignatures(in text: String) -> [String] {
        var signatures: [String] = []
        var current: String?
        // For each open brace: whether it opens a type or extension (else a body or closure).
        var braces: [Bool] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let words = trimmed.split(separator: " ")
            if current == nil, !trimmed.hasPrefix("//"), braces.allSatisfy({ $0 }) {
                let modifiers = words.prefix { $0 != "func" && !$0.hasPrefix("init") }
                let declares = words.contains { $0 == "func" || $0.hasPrefix("init(") || $0.hasPrefix("init<") || $0.hasPrefix("init?(") }
                if declares, !modifiers.contains("private"), !modifiers.contains("fileprivate") { current = "" }
            }
            if current != nil {
                current! += trimmed + " "
                if trimmed.contains("{") || trimmed.hasSuffix("}") {
                    signatures.append(String(current!.prefix { $0 != "{" }))
                    current = nil
                }
            }
            let declaresType = words.contains { ["struct", "class", "enum", "extension", "protocol", "actor"].contains($0) }
            var first = true
            for character in trimmed {
                if character == "{" {
                    braces.append(declaresType && first)
                    first = false
                } else if character == "}", !braces.isEmpty {
                    braces.removeLast()
                }
            }
        }
        return signatures
    }

    /// Whether a signature takes or returns an `OpaquePointer` (a closure parameter that is
    /// lent one, `(OpaquePointer) -> R`, is scoped access and passes).
    static func passesPointer(_ signature: String) -> Bool {
        signature.range(of: #"(:\s*(inout\s+)?|->\s*)OpaquePointer\b"#, options: .regularExpression) != nil
    }

    @Test func pointersStayInTheFilesThatOwnThem() {
        let offending = Self.files.filter { !$0.text.contains("func withUnsafe") }.flatMap { file in
            Self.nonPrivateSignatures(in: file.text).filter(Self.passesPointer).map { "\(file.path): \($0)" }
        }
        #expect(offending == [])
    }

    @Test func theSignatureScanSeesPointers() {
        let sample = """
            enum Drawing {
                func draw(on cr: OpaquePointer) {
                    func local(_ p: OpaquePointer) {}
                }
                private func hidden(_ p: OpaquePointer) {}
                static func make(
                    width: Int) -> OpaquePointer? {
                }
                func lend<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {}
            }
            """
        #expect(Self.nonPrivateSignatures(in: sample).filter(Self.passesPointer).count == 2)
        #expect(Self.nonPrivateSignatures(in: sample).count == 3)
    }
}
