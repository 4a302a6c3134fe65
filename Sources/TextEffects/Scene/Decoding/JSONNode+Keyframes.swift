import Foundation

/// Reading keyframed values and points from a scene.
extension JSONNode {
    /// A fixed value, or keyframes `[{"t", "value", "easing"?}]` with times in order.
    package func animatable<Value>(_ read: (JSONNode) -> Value?) -> Keyframed<Value>? {
        guard isPresent else { return nil }
        guard let keys = value?.arrayValue else { return read(self).map { .constant($0) } }
        guard !keys.isEmpty else {
            problem("keyframes need at least one key")
            return nil
        }
        var frames: [Keyframe<Value>] = []
        var ok = true
        for (i, _) in keys.enumerated() {
            let key = self[i]
            guard key.object(known: ["t", "value", "easing"]) != nil else { ok = false; continue }
            let time = key["t"].number(in: 0...1e6, required: true)
            let value = key["value"].isPresent ? read(key["value"]) : key["value"].missing()
            let easing = key["easing"].enumeration(Easing.self) ?? .linear
            guard let time, let value else { ok = false; continue }
            if let previous = frames.last, time < previous.time {
                key["t"].problem("\(JSONNode.format(time)) comes before the previous key's \(JSONNode.format(previous.time)); keys must be in time order")
                ok = false
            }
            frames.append(Keyframe(time: time, value: value, easing: easing))
        }
        return ok ? .keyframes(frames) : nil
    }

    /// A point `{x, y}`.
    public func point() -> CGPoint? {
        guard object(known: ["x", "y"]) != nil else { return nil }
        let x = self["x"].number(required: true), y = self["y"].number(required: true)
        guard let x, let y else { return nil }
        return CGPoint(x: x, y: y)
    }
}
