import Foundation
import PackagedEffects
import RainbowEffect
import TextEffects
import Testing

/// The example plug-in (Examples/RainbowEffect, a package of its own that this one depends on)
/// works against the public API: it registers, decodes its parameters, reports bad ones, and draws.
@Suite struct RainbowEffectTests {
    static let root = Outside.repository

    init() { Outside.pinFonts() }

    var registry: EffectRegistry {
        var registry = packagedBuiltIns
        registry.register(RainbowEffect.self)
        return registry
    }

    @Test func registersNextToTheBuiltIns() {
        #expect(registry.names.contains("rainbow"))
        #expect(registry.names.contains("wave"))
        #expect(packagedBuiltIns.type(named: "rainbow") == nil, "plug-ins do not leak into the built-in registry")
    }

    @Test func rendersTheExampleSceneInRainbowColors() throws {
        let url = Self.root.appendingPathComponent("Examples/RainbowEffect/Scenes/rainbow.json")
        let scene = try SceneDecoder(effects: registry).decode(contentsOf: url)
        let renderer = try SceneRenderer(scene: scene)
        let frame = try renderer.renderFrame(0)
        // Collect the distinct saturated hues drawn: a rainbow has many.
        var hues = Set<Int>()
        for y in stride(from: 0, to: frame.height, by: 2) {
            for x in stride(from: 0, to: frame.width, by: 2) {
                let c = frame.pixel(x: x, y: y)
                let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue)
                guard high > 0.6, high - low > 0.4 else { continue }
                let hue: Double
                if high == c.red { hue = ((c.green - c.blue) / (high - low)).truncatingRemainder(dividingBy: 6) }
                else if high == c.green { hue = (c.blue - c.red) / (high - low) + 2 }
                else { hue = (c.red - c.green) / (high - low) + 4 }
                hues.insert(Int(((hue * 60) + 360).truncatingRemainder(dividingBy: 360) / 30))
            }
        }
        #expect(hues.count >= 6, "only \(hues.count) hue sectors drawn")
        #expect(try renderer.renderFrame(0).withPixels { Data($0) } != renderer.renderFrame(15).withPixels { Data($0) })
    }

    @Test func badParametersAreReportedAtTheirPath() {
        let json = #"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x", "effects": [{"type": "rainbow", "saturation": 2, "sparkle": true}]}]}"#
        do {
            _ = try SceneDecoder(effects: registry).decode(Data(json.utf8), displayName: "p.json")
            Issue.record("the scene should not decode")
        } catch let error as SceneError {
            let lines = error.description.components(separatedBy: "\n")
            #expect(lines.count == 2)
            #expect(lines.contains { $0.hasPrefix("p.json: blocks[0].effects[0].saturation: 2 is out of range (0–1)") })
            #expect(lines.contains { $0.hasPrefix("p.json: blocks[0].effects[0].sparkle: unknown parameter of rainbow") })
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func colorCyclesWithTime() {
        let rainbow = RainbowEffect(spread: 30, speed: 1)
        #expect(rainbow.color(index: 0, time: 0) == rainbow.color(index: 0, time: 1))
        #expect(rainbow.color(index: 0, time: 0) != rainbow.color(index: 0, time: 0.5))
        #expect(rainbow.color(index: 12, time: 0) == rainbow.color(index: 0, time: 0))
    }
}
