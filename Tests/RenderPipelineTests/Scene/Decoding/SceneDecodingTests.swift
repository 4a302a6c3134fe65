import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

@Suite struct SceneDecodingTests {
    func decode(_ json: String) throws -> Scene {
        try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json")
    }

    func problems(_ json: String) -> [String] {
        sceneProblemLines(json)
    }

    @Test func minimalSceneGetsTheContractDefaults() throws {
        let scene = try decode(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi"}]}"#)
        #expect(scene.fps == 30)
        #expect(scene.duration == 1)
        // Nothing in it is animated and it states no duration or fps: a still, one frame.
        #expect(scene.isStill && scene.frameCount == 1)
        #expect(scene.canvas.background == .white)
        #expect(scene.canvas.scale == 1)
        #expect(scene.environment == TextEnvironment(sizeCategory: .large, language: "en"))
        #expect(scene.blocks[0].alignment == .leading)
        #expect(scene.blocks[0].opacity == .constant(1))
    }

    @Test func aSchemaReferenceIsAcceptedAndIgnored() throws {
        let scene = try decode(#"{"$schema": "../docs/scene.schema.json", "canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi"}]}"#)
        #expect(scene.blocks.count == 1)
        let lines = problems(#"{"$schema": 1, "canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi"}]}"#)
        #expect(lines == ["s.json: $schema: expected a string, found a number 1"])
    }

    @Test func everyStyleFieldIsRead() throws {
        let scene = try decode(##"""
        {"canvas": {"width": 100, "height": 50, "background": null, "scale": 2}, "fps": 24, "duration": 2,
         "environment": {"sizeCategory": "accessibility2", "language": "ru"},
         "blocks": [{"id": "a", "frame": {"x": 1, "y": 2, "width": 90, "height": 40}, "alignment": "justified",
           "lineSpacing": 4, "lineHeightMultiple": 1.5, "lineLimit": 3,
           "style": {"font": {"family": "DejaVu Serif", "textStyle": "title2", "weight": "semibold", "italic": true}},
           "text": [{"text": "x", "color": {"linearGradient": {"colors": ["red", "#00F"], "angle": 45}},
                     "underline": {"style": "wavy", "color": "#FF0000"}, "strikethrough": true,
                     "backgroundColor": "#FFFF0080", "kerning": 1.5, "baselineOffset": -2, "bold": true,
                     "link": "https://a.test", "attributes": {"emphasis": {}, "blur": {"radius": 6}},
                     "font": {"size": 30, "weight": 300, "monospaced": true}}],
           "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1, "easing": "spring"}],
           "offset": {"x": 5, "y": -5}}]}
        """##)
        #expect(scene.canvas.background == nil)
        #expect(scene.frameCount == 48)
        let block = scene.blocks[0]
        #expect(block.alignment == .justified)
        #expect(block.lineLimit == 3)
        #expect(block.lineHeightMultiple == 1.5)
        #expect(block.offset.value(at: 0) == CGPoint(x: 5, y: -5))
        #expect(block.opacity.value(at: 1) == 1)
        let span = block.text.spans[0]
        #expect(span.link == "https://a.test")
        #expect(span.attributes.names == ["blur", "emphasis"])
        #expect(span.style.underline == TextDecoration(pattern: .wavy, color: Color(red: 1, green: 0, blue: 0)))
        #expect(span.style.strikethrough == TextDecoration())
        #expect(span.style.font?.weight == FontWeight(300))
        let resolved = block.text.baseStyle.overridden(by: span.style).resolved(in: scene.environment)
        #expect(resolved.family == "Monospace")
        #expect(resolved.italic)
        #expect(resolved.weight == .bold)
        // 30 pt on title2 scales with accessibility2: 30 × 39 / 22.
        #expect(abs(resolved.size - 30 * 39 / 22) < 1e-9)
    }

    @Test func everyProblemIsReportedWithItsPath() {
        let lines = problems(##"""
        {"version": 3, "canvas": {"width": -1, "height": 10}, "blocks": [
          {"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"text": "x", "color": "#12G"}]},
          {"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "y", "effects": [{"type": "sparkle"}]}]}
        """##)
        #expect(lines.count == 5)
        #expect(lines.contains { $0.hasPrefix("s.json: version: 3 is not a supported version") })
        #expect(lines.contains { $0.hasPrefix("s.json: canvas.width: -1 is out of range") })
        #expect(lines.contains { $0 == ##"s.json: blocks[0].text[0].color: "#12G" is not a color (use #RGB, #RRGGBB, #RRGGBBAA or a color name)"## })
        #expect(lines.contains { $0.hasPrefix(#"s.json: blocks[1].id: "a" is already the id of blocks[0]"#) })
        #expect(lines.contains { $0.hasPrefix(#"s.json: blocks[1].effects[0].type: "sparkle" is not a known effect"#) })
    }

    @Test func radialAndAngularGradientsAreRead() throws {
        let scene = try decode(##"""
        {"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100},
          "text": [{"text": "r", "color": {"radialGradient": {"colors": ["red", "blue"], "center": {"x": 0.5, "y": 0},
                                                              "startRadius": 2, "endRadius": 40, "locations": [0, 0.5]}}},
                   {"text": "a", "color": {"angularGradient": {"colors": ["red", "blue"], "startAngle": 90, "endAngle": 180}}},
                   {"text": "c", "color": {"angularGradient": {"colors": ["red", "blue"], "startAngle": 30}}}]}]}
        """##)
        let spans = scene.blocks[0].text.spans
        // The scene's "red" and "blue" are Pango's (#F00, #00F), not SwiftUI's system colours.
        let red = Color(parsing: "red")!, blue = Color(parsing: "blue")!
        let two = Gradient(stops: [.init(color: red, location: 0), .init(color: blue, location: 0.5)])
        #expect(spans[0].style.color == .radialGradient(RadialGradient(gradient: two, center: UnitPoint(x: 0.5, y: 0), startRadius: 2, endRadius: 40)))
        #expect(spans[1].style.color == .angularGradient(AngularGradient(colors: [red, blue], center: .center,
                                                                         startAngle: .degrees(90), endAngle: .degrees(180))))
        // No end angle: one full turn from the start.
        #expect(spans[2].style.color == .angularGradient(AngularGradient(colors: [red, blue], center: .center,
                                                                         startAngle: .degrees(30), endAngle: .degrees(390))))
        let lines = problems(##"""
        {"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100},
          "text": [{"text": "r", "color": {"radialGradient": {"colors": ["red", "blue"]}}},
                   {"text": "b", "color": {"radialGradient": {"colors": ["red", "blue"], "endRadius": 4}, "linearGradient": {"colors": ["red", "blue"]}}},
                   {"text": "a", "color": {"angularGradient": {"colors": ["red", "blue"], "startAngle": 90, "endAngle": 10, "spin": 1}}}]}]}
        """##)
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].text[0].color.radialGradient.endRadius: ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].text[1].color: gives linearGradient and radialGradient; a paint is one gradient") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].text[2].color.angularGradient.endAngle: must not be less than startAngle") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].text[2].color.angularGradient.spin: unknown field") }, "\(lines)")
    }

    @Test func effectParametersAreCheckedByTheEffect() {
        let lines = problems(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "effects": [{"type": "debug", "boxes": ["line", "hexagon"], "colour": 1}]}]}"#)
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix(#"s.json: blocks[0].effects[0].boxes[1]: "hexagon" is not one of: line, run, glyph, baseline"#) })
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].effects[0].colour: unknown parameter of debug") })
    }

    @Test func anAttributeThatDoesNotDecodeAsItsTypeIsAnError() {
        let lines = problems(#"""
        {"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100},
         "text": [{"text": "ok", "attributes": {"blur": {"radius": 3}}}, {"text": "no", "attributes": {"blur": {"radius": "big"}, "mine": 1}}]}]}
        """#)
        // The blur effect declares BlurAttribute; an attribute no effect declares is the scene's own business.
        #expect(lines == [#"s.json: blocks[0].text[1].attributes.blur: does not decode as BlurAttribute (radius: expected Double)"#])
    }

    @Test func keyframesInterpolateWithEasing() {
        let keys: Keyframed<Double> = .keyframes([Keyframe(time: 1, value: 0), Keyframe(time: 3, value: 10, easing: .easeIn)])
        #expect(keys.value(at: 0) == 0)
        #expect(keys.value(at: 5) == 10)
        #expect(keys.value(at: 2) < 5, "ease-in is behind linear at the midpoint")
        let linear: Keyframed<Double> = .keyframes([Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 10)])
        #expect(linear.value(at: 0.5) == 2.5)
    }

    @Test func easingCurvesMatchCSS() {
        #expect(abs(Easing.easeInOut(0.5) - 0.5) < 1e-6)
        #expect(abs(Easing.easeOut(0.5) - 0.6846432) < 1e-4)
        #expect(abs(Easing.easeIn(0.5) - 0.3153568) < 1e-4)
        #expect(Easing.spring(0) == 0)
        #expect(abs(Easing.spring(1) - 1) < 1e-12)
        #expect(Easing.spring(0.5) > 0.9, "a critically damped spring is nearly settled halfway")
        for easing in Easing.allCases {
            var previous = -1.0
            for step in 0...20 {
                let value = easing(Double(step) / 20)
                #expect(value >= previous - 1e-9, "\(easing) must not go backwards")
                previous = value
            }
        }
    }

    @Test func keyframesOutOfOrderAreRejected() {
        let lines = problems(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "opacity": [{"t": 1, "value": 1}, {"t": 0.5, "value": 0}]}]}"#)
        #expect(lines == ["s.json: blocks[0].opacity[1].t: 0.5 comes before the previous key's 1; keys must be in time order"])
    }
}

/// `viewport` and `analytics`: defaults, values, keyframed scroll.
@Suite struct ViewportDecodingTests {
    func decode(_ top: String) throws -> Scene {
        let json = #"{"canvas": {"width": 390, "height": 600}, \#(top) "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi"}]}"#
        return try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
    }

    @Test func defaultsAreTheWholeCanvasAndHalfForOneSecond() throws {
        let scene = try decode("")
        #expect(scene.viewport == nil)
        #expect(scene.effectiveViewport == Viewport(rect: CGRect(x: 0, y: 0, width: 390, height: 600)))
        #expect(scene.analytics == Analytics(impressionRatio: 0.5, impressionSeconds: 1))
    }

    @Test func viewportScrollAndAnalyticsAreRead() throws {
        let scene = try decode(#"""
        "viewport": {"x": 10, "y": 20, "width": 300, "height": 400,
                     "scroll": [{"t": 0, "value": {"x": 0, "y": 0}}, {"t": 3, "value": {"x": 0, "y": 500}, "easing": "spring"}]},
        "analytics": {"impressionRatio": 1, "impressionSeconds": 2.5},
        """#)
        let viewport = try #require(scene.viewport)
        #expect(viewport.rect == CGRect(x: 10, y: 20, width: 300, height: 400))
        #expect(viewport.scroll.value(at: 3) == CGPoint(x: 0, y: 500))
        #expect(abs(viewport.scroll.value(at: 1.5).y - 500 * Easing.spring(0.5)) < 1e-9)
        #expect(scene.analytics == Analytics(impressionRatio: 1, impressionSeconds: 2.5))
        // A fixed scroll is a constant.
        #expect(try decode(#""viewport": {"x": 0, "y": 0, "width": 10, "height": 10, "scroll": {"x": 3, "y": 4}},"#).viewport?.scroll == .constant(CGPoint(x: 3, y: 4)))
    }
}
