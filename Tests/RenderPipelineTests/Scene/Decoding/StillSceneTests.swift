import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Which decoded scenes are stills (one frame, at time 0) and which keep their timeline: a still
/// gives no `duration` or `fps`, and nothing in it changes over time.
@Suite struct StillSceneTests {
    /// A one-block scene with `top` fields before the blocks and `block` fields in the block.
    static func scene(top: String = "", block: String = "") -> String {
        #"{"canvas": {"width": 200, "height": 60}, "# + top + #""blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 190}, "text": "Hi""#
            + block + "}]}"
    }

    static let registry: EffectRegistry = {
        var registry = EffectRegistry.builtIn
        registry.register(TiltTestEffect.self)
        registry.register(SparkleTestEffect.self)
        return registry
    }()

    func decode(_ json: String, baseDirectory: URL? = nil) throws -> Scene {
        try SceneDecoder(effects: Self.registry).decode(Data(json.utf8), displayName: "s.json", baseDirectory: baseDirectory)
    }

    /// The scene with these block `effects` (JSON array text).
    func withEffects(_ effects: String) throws -> Scene {
        try decode(Self.scene(block: #", "effects": "# + effects))
    }

    @Test func aSceneWithNothingAnimatedIsOneFrameAtTimeZero() throws {
        let scene = try decode(Self.scene())
        #expect(scene.isStill)
        #expect(scene.frameCount == 1)
        #expect(scene.time(ofFrame: 0) == 0)
        #expect(scene.animatedBy == nil)
        // The fields keep their contract defaults; a still just does not use them.
        #expect(scene.fps == 30 && scene.duration == 1)
    }

    @Test func aStatedDurationOrFrameRateKeepsTheTimeline() throws {
        let timed = try decode(Self.scene(top: #""duration": 2, "#))
        #expect(!timed.isStill && timed.frameCount == 60 && timed.animatedBy == "duration")
        let rated = try decode(Self.scene(top: #""fps": 10, "#))
        #expect(!rated.isStill && rated.frameCount == 10 && rated.animatedBy == "fps")
        // One frame stated outright (the old way to ask for a still) stays one frame.
        #expect(try decode(Self.scene(top: #""fps": 1, "duration": 1, "#)).frameCount == 1)
        #expect(try decode(Self.scene(top: #""duration": 0, "#)).frameCount == 1)
    }

    @Test func keyframesThatChangeMakeTheSceneAnimated() throws {
        let fading = try decode(Self.scene(block: #", "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1}]"#))
        #expect(!fading.isStill && fading.frameCount == 30 && fading.animatedBy == "blocks[0].opacity")
        let moving = try decode(Self.scene(block: #", "offset": [{"t": 0, "value": {"x": 0, "y": 0}}, {"t": 1, "value": {"x": 9, "y": 0}}]"#))
        #expect(!moving.isStill && moving.animatedBy == "blocks[0].offset")
        let scrolling = try decode(Self.scene(top: #""viewport": {"x": 0, "y": 0, "width": 200, "height": 30, "scroll": [{"t": 0, "value": {"x": 0, "y": 0}}, {"t": 1, "value": {"x": 0, "y": 30}}]}, "#))
        #expect(!scrolling.isStill && scrolling.animatedBy == "viewport.scroll")
        // Keys that all hold one value change nothing: every frame would be the same.
        let held = try decode(Self.scene(block: #", "opacity": [{"t": 0, "value": 0.5}, {"t": 1, "value": 0.5}], "offset": {"x": 3, "y": 4}"#))
        #expect(held.isStill)
        let still = try decode(Self.scene(top: #""viewport": {"x": 0, "y": 0, "width": 200, "height": 30, "scroll": {"x": 0, "y": 10}}, "#))
        #expect(still.isStill)
    }

    @Test func effectsThatFollowTheTimeMakeTheSceneAnimated() throws {
        for effect in ["appear", "typewriter", "shimmer", "bounce", "wave", "rotate", "karaoke", "activeWord", "wordReveal"] {
            let scene = try withEffects(#"[{"type": "\#(effect)"}]"#)
            #expect(!scene.isStill && scene.frameCount == 30, "\(effect)")
            #expect(scene.animatedBy == "blocks[0].effects[0] (\(effect))")
        }
        // The path names the first effect that changes, not the first effect.
        #expect(try withEffects(#"[{"type": "fill"}, {"type": "shimmer"}]"#).animatedBy == "blocks[0].effects[1] (shimmer)")
    }

    @Test func effectsThatDrawTheSameEveryFrameLeaveAStill() throws {
        let effects = [#"{"type": "fill"}"#, #"{"type": "background"}"#, #"{"type": "debug"}"#, #"{"type": "shadow"}"#,
                       #"{"type": "stroke"}"#, #"{"type": "blur", "select": {"unit": "word", "start": 0}}"#, #"{"type": "wave", "speed": 0}"#,
                       #"{"type": "rotate", "speed": 0}"#, #"{"type": "vary", "axes": {"wght": 700}}"#]
        for effect in effects {
            #expect(try withEffects("[\(effect)]").isStill, "\(effect)")
        }
        #expect(try withEffects("[" + effects.joined(separator: ", ") + "]").frameCount == 1)
    }

    @Test func keyframedEffectParametersMakeTheSceneAnimated() throws {
        let keys = #"[{"t": 0, "value": 0}, {"t": 1, "value": 6}]"#
        for effect in [#"{"type": "shadow", "radius": \#(keys)}"#, #"{"type": "stroke", "width": \#(keys)}"#,
                       #"{"type": "blur", "radius": \#(keys)}"#, #"{"type": "wave", "speed": 0, "amplitude": \#(keys)}"#,
                       #"{"type": "rotate", "speed": 0, "angle": \#(keys)}"#, #"{"type": "vary", "axes": {"wght": \#(keys)}}"#] {
            #expect(try !withEffects("[\(effect)]").isStill, "\(effect)")
        }
    }

    @Test func aPlugInThatSaysNothingIsAnimatedAndOneThatSaysSoIsAStillUnlessKeyframed() throws {
        #expect(try !withEffects(#"[{"type": "sparkle"}]"#).isStill)
        #expect(try withEffects(#"[{"type": "tilt"}]"#).isStill)
        #expect(try withEffects(#"[{"type": "tilt", "angle": [{"t": 0, "value": 0}, {"t": 1, "value": 9}]}]"#).animatedBy == "blocks[0].effects[0] (tilt)")
        #expect(try !withEffects(#"[{"type": "tilt", "animatableData": [{"t": 0, "value": 0}, {"t": 1, "value": 1}]}]"#).isStill)
        #expect(try withEffects(#"[{"type": "tilt", "animatableData": 0.5}]"#).isStill)
    }

    @Test func captionsMakeTheSceneAnimated() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-still-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "WEBVTT\n\n00:00.000 --> 00:00.500\nHi\n".write(to: dir.appendingPathComponent("c.vtt"), atomically: true, encoding: .utf8)
        let scene = try decode(Self.scene(top: #""captions": {"source": "c.vtt"}, "#), baseDirectory: dir)
        #expect(!scene.isStill && scene.animatedBy == "captions")
    }
}
