import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Each built-in parameter is declared once: what `texteffects effects` lists is what decoding
/// uses, the memberwise initialisers default to the same, and bad values are reported at their
/// JSON path.
@Suite struct EffectParameterTests {
    static let registry = EffectRegistry.builtIn

    /// What an effect needs besides `type` to decode without problems.
    static func required(by name: String) -> [String: JSONValue] {
        name == "vary" ? ["axes": .object(["wght": .number(400)])] : [:]
    }

    /// The listed default as the JSON a scene would write, or nil where the listing names no
    /// value ("none", "gradient", "required", a selector's summary).
    static func json(listed parameter: EffectParameterInfo) -> JSONValue? {
        let listed = parameter.defaultValue
        switch parameter.type {
        case "number", "integer", "number or keyframes", "boolean", "number or [h, v]":
            return try? JSONDecoder().decode(JSONValue.self, from: Data(listed.utf8))
        case "color", "color, gradient or image", "string":
            return listed == "none" || listed == "gradient" ? nil : .string(listed)
        case "selector", "{tag: number or keyframes}":
            return nil
        case let type where type.hasPrefix("["):
            return .array(listed.split(separator: ",").map { .string(String($0)) })
        default:
            // One name out of several ("glyph|word|line").
            return .string(listed)
        }
    }

    /// An effect's values, comparable between two instances (a set's order is its own).
    static func describe(_ effect: any TextRenderer) -> String {
        guard let debug = effect as? DebugEffect else { return String(describing: effect) }
        return "debug \(debug.boxes.map(\.rawValue).sorted()) \(debug.lineWidth)"
    }

    @Test func everyListedDefaultIsWhatDecodingGivesForAnEmptyObject() throws {
        var checked = 0
        for name in Self.registry.names {
            let base = Self.required(by: name).merging(["type": .string(name)]) { $1 }
            let decodedEmpty = Self.describe(try #require(decodeEffect(base)))
            for parameter in Self.registry.parameters(of: name) {
                guard let listed = Self.json(listed: parameter) else { continue }
                var object = base
                object[parameter.name] = listed
                let lines = problemLines(decoding: scene(effects: "[\(String(decoding: try JSONEncoder().encode(JSONValue.object(object)), as: UTF8.self))]"))
                #expect(lines.isEmpty, "\(name).\(parameter.name): the listed default \(parameter.defaultValue) is refused: \(lines)")
                let decodedListed = Self.describe(try #require(decodeEffect(object)))
                #expect(decodedListed == decodedEmpty, "\(name).\(parameter.name): listed \(parameter.defaultValue), but leaving it out decodes differently")
                checked += 1
            }
        }
        #expect(checked >= 40, "only \(checked) listed defaults could be checked")
    }

    /// The Swift initialisers' defaults and the scene's: the same declarations.
    @Test func memberwiseDefaultsAreTheDecodedOnes() throws {
        let memberwise: [String: any TextRenderer] = [
            "appear": AppearEffect(), "background": BackgroundEffect(), "blur": BlurEffect(), "bounce": BounceEffect(),
            "debug": DebugEffect(), "fill": FillEffect(), "karaoke": KaraokeEffect(), "rotate": RotateEffect(),
            "shadow": ShadowEffect(), "shimmer": ShimmerEffect(), "stroke": StrokeEffect(), "typewriter": TypewriterEffect(),
            "vary": VaryEffect(axes: [:]), "wave": WaveEffect(), "wordReveal": WordRevealEffect(),
        ]
        for (name, effect) in memberwise {
            let decoded = try #require(decodeEffect(["type": .string(name)]))
            #expect(Self.describe(effect) == Self.describe(decoded), "\(name)")
        }
        #expect(Set(memberwise.keys).union(["activeWord"]) == Set(Self.registry.names), "an effect is missing here")
    }

    @Test func aNumberOutOfItsRangeIsReportedAtItsJSONPath() throws {
        var checked = 0
        for name in Self.registry.names {
            for parameter in Self.registry.parameters(of: name) where ["number", "integer", "number or keyframes"].contains(parameter.type) {
                let range = try #require(parameter.range, "\(name).\(parameter.name) has no range")
                var object = Self.required(by: name).merging(["type": .string(name)]) { $1 }
                object[parameter.name] = .number(range.upperBound + 1)
                let lines = problemLines(decoding: scene(effects: "[\(String(decoding: try JSONEncoder().encode(JSONValue.object(object)), as: UTF8.self))]"))
                let expected = "s.json: blocks[0].effects[0].\(parameter.name): \(JSONNode.format(range.upperBound + 1)) is out of range ("
                #expect(lines.count == 1 && lines[0].hasPrefix(expected), "\(name): \(lines)")
                checked += 1
            }
        }
        #expect(checked >= 30, "only \(checked) ranges could be checked")
    }

    @Test func declaredChoicesAndListsReportWrongNames() {
        let lines = problemLines(decoding: scene(effects: #"[{"type": "appear", "unit": "page"}, {"type": "debug", "boxes": ["line", "box"]}]"#))
        #expect(lines == [
            #"s.json: blocks[0].effects[0].unit: "page" is not one of: glyph, word, line"#,
            #"s.json: blocks[0].effects[1].boxes[1]: "box" is not one of: line, run, glyph, baseline"#,
        ])
        // The wrong item is left out, the right ones kept.
        let debug = decodeEffect(["type": .string("debug"), "boxes": .array([.string("line"), .string("box")])]) as? DebugEffect
        #expect(debug?.boxes == [.line])
    }

    @Test func theListingReadsTheDeclarations() {
        let shadow = Self.registry.parameters(of: "shadow")
        #expect(shadow.map(\.name) == ["color", "radius", "x", "y", "select"])
        #expect(shadow[0] == EffectParameterInfo(name: "color", type: "color", defaultValue: ShadowEffect.color.defaultValue.description,
                                                 help: ShadowEffect.color.help))
        #expect(shadow[1].range == ShadowEffect.radius.range)
        #expect(Self.registry.parameters(of: "appear").first?.type == "glyph|word|line")
        #expect(Self.registry.parameters(of: "blur").last?.defaultValue == "attribute blur")
    }

    /// A plug-in's own declarations decode, list and report like the built-ins'.
    @Test func aPlugInDeclaresEachParameterOnce() {
        var registry = EffectRegistry.builtIn
        registry.register(Glow.self)
        #expect(registry.parameters(of: "glow").map { "\($0.name): \($0.type) = \($0.defaultValue)" }
            == ["radius: number or keyframes = 6", "strong: boolean = false", "select: selector = links"])
        let problems = SceneProblems()
        let node = JSONNode(value: .object(["type": .string("glow"), "radius": .number(60), "strong": .bool(true), "glowing": .bool(true)]),
                            path: "effects[0]", problems: problems)
        let glow = registry.make(from: node) as? Glow
        #expect(glow?.radius == .constant(6) && glow?.strong == true && glow?.selector == .links)
        #expect(problems.items.map(\.description) == ["effects[0].radius: 60 is out of range (0–50)",
                                                      "effects[0].glowing: unknown parameter of glow (it takes: animatableData, radius, strong)"])
    }
}

/// A plug-in effect declaring its parameters the way the built-ins do.
private struct Glow: SceneEffect {
    static let name = "glow"
    static let summary = "a test effect"
    static let radius = EffectParameter.animatable("radius", default: 6, in: 0...50, help: "glow radius")
    static let strong = EffectParameter.bool("strong", default: false, help: "twice as bright")
    static let select = EffectParameter.select(default: .links)
    var radius: Keyframed<Double>
    var strong: Bool
    var selector: TextSelector
    init(radius: Keyframed<Double> = Self.radius.defaultValue, strong: Bool = Self.strong.defaultValue,
         selector: TextSelector = Self.select.defaultValue) {
        (self.radius, self.strong, self.selector) = (radius, strong, selector)
    }
    init(parameters: EffectParameters) {
        self.init(radius: parameters.value(of: Self.radius), strong: parameters.value(of: Self.strong),
                  selector: parameters.value(of: Self.select))
    }
    func draw(layout: TextLayout, in context: inout GraphicsContext) { context.draw(layout) }
}
