import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A batch's template, read once: what no row can cure is refused up front; what depends on the
/// values (a photo path, a price) waits for the rows; rows share decoded images.
@Suite struct BatchTemplateTests {
    static func template(_ json: String, files: [String: Data] = [:]) throws -> (BatchTemplate, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-template-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        let url = folder.appendingPathComponent("card.json")
        try Data(json.utf8).write(to: url)
        do {
            return (try BatchTemplate(url: url, displayName: "card.json", decoder: SceneDecoder(effects: .builtIn)), folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    static let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="red"/></svg>"#.utf8)

    static let card = ##"""
    {"canvas": {"width": 200, "height": 100, "background": "{{accent}}"},
     "parameters": {"title": {}, "price": {"type": "number"}, "photo": {"type": "image"}, "accent": {"type": "color", "default": "#102030"}},
     "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 200}, "text": [{"image": "{{photo}}", "height": 20}, {"text": " {{title}} {{price}}"}]}]}
    """##

    @Test("a template whose photo and price come from the rows is fine before any row")
    func valueDependentFieldsWait() throws {
        let (template, folder) = try Self.template(Self.card, files: ["a.svg": Self.svg])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(template.parameters.keys.sorted() == ["accent", "photo", "price", "title"])
        #expect(template.requiredColumns == ["photo", "price", "title"])
        #expect(template.defaultTexts == ["accent": "#102030"])
        let scene = try template.scene(values: ["title": .string("Lamp"), "price": .string("3"), "photo": .string("a.svg")])
        #expect(scene.blocks.count == 1)
        #expect(throws: SceneError.self) { try template.scene(values: ["title": .string("Lamp"), "price": .string("3"), "photo": .string("gone.svg")]) }
    }

    @Test("problems no value can cure are refused when the template is read", arguments: [
        (#""width": 200}, "text""#, #""width": 200}, "txet""#, "blocks[0]"),
        (##""accent": {"type": "color", "default": "#102030"}"##, #""accent": {"type": "colour"}"#, "parameters.accent.type"),
        (##""accent": {"type": "color", "default": "#102030"}"##, #""accent": {"type": "color", "default": "not a colour"}"#, "parameters.accent.default"),
    ])
    func refusesWhatRowsCannotCure(_ change: (String, String, String)) throws {
        let json = Self.card.replacingOccurrences(of: change.0, with: change.1)
        #expect(json != Self.card)
        do {
            _ = try Self.template(json)
            Issue.record("accepted \(json)")
        } catch let error as SceneError {
            #expect(error.problems.contains { $0.path.hasPrefix(change.2) }, "\(error)")
        }
    }

    @Test("rows that name the same image share one decoded image")
    func rowsShareImages() throws {
        let (template, folder) = try Self.template(Self.card, files: ["a.svg": Self.svg, "b.svg": Self.svg])
        defer { try? FileManager.default.removeItem(at: folder) }
        func image(_ path: String) throws -> Image? {
            let scene = try template.scene(values: ["title": .string("x"), "price": .number(1), "photo": .string(path)])
            guard case .image(let image, _)? = scene.blocks[0].text.spans.first?.content else { return nil }
            return image
        }
        let first = try image("a.svg"), second = try image("a.svg"), other = try image("b.svg")
        #expect(first != nil && first == second)
        #expect(first != other)
    }

    @Test("the shared image cache keeps the most recently used and no more than its capacity")
    func sharedCacheIsBounded() throws {
        let cache = SharedImageCache(capacity: 2)
        let images = try (0..<3).map { try Image(data: Self.svg, path: "/p\($0).svg") }
        cache.keep(images[0], at: "/p0.svg")
        cache.keep(images[1], at: "/p1.svg")
        #expect(cache.image(at: "/p0.svg") == images[0])
        cache.keep(images[2], at: "/p2.svg")
        #expect(cache.count == 2)
        #expect(cache.image(at: "/p1.svg") == nil, "the least recently used went")
        #expect(cache.image(at: "/p0.svg") == images[0] && cache.image(at: "/p2.svg") == images[2])
    }

    @Test("the shared image cache keeps no more bytes than its budget, and no image larger than it")
    func sharedCacheHasAByteBudget() throws {
        let big = try Image(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>"#.utf8), path: "/big.svg")
        #expect(big.estimatedBytes == 40_000)
        let cache = SharedImageCache(capacity: 10, byteBudget: 100_000)
        for index in 0..<4 { cache.keep(big, at: "/p\(index).svg") }
        #expect(cache.count == 2, "two images of 40,000 bytes fit in 100,000")
        #expect(cache.image(at: "/p3.svg") != nil && cache.image(at: "/p0.svg") == nil)
        let small = SharedImageCache(capacity: 10, byteBudget: 39_999)
        small.keep(big, at: "/x.svg")
        #expect(small.count == 0)
    }

    @Test("a number parameter reads decimal text only: not hex, inf or nan", arguments: ["0x10", "inf", "nan", "1,5", "12abc", ""])
    func numbersAreDecimal(_ text: String) throws {
        let (template, folder) = try Self.template(Self.card, files: ["a.svg": Self.svg])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SceneError.self) { try template.scene(values: ["title": .string("x"), "price": .string(text), "photo": .string("a.svg")]) }
        #expect(throws: Never.self) { try template.scene(values: ["title": .string("x"), "price": .string("-1.5e2"), "photo": .string("a.svg")]) }
    }

    @Test("the manifest writes rows in their order whatever order they finish in")
    func manifestKeepsRowOrder() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let manifest = try BatchManifest(url: url)
        for place in [2, 0, 3, 1] {
            try manifest.record(BatchManifestEntry(row: place + 1, line: place + 2, output: place == 2 ? nil : "r\(place).png",
                                                   status: place == 2 ? .failed : .rendered, error: place == 2 ? "bad \"row\"" : nil, time: 0.0125), place: place)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path), "in place only when finished")
        try manifest.finish()
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines == [
            #"{"row":1,"line":2,"output":"r0.png","status":"rendered","time":0.013}"#,
            #"{"row":2,"line":3,"output":"r1.png","status":"rendered","time":0.013}"#,
            #"{"row":3,"line":4,"output":null,"status":"failed","error":"bad \"row\"","time":0.013}"#,
            #"{"row":4,"line":5,"output":"r3.png","status":"rendered","time":0.013}"#,
        ])
    }
}
