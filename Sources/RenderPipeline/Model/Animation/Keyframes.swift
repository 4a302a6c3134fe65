import Foundation

/// A value that can be interpolated between keyframes.
public protocol Interpolatable: Sendable, Equatable {
    static func interpolate(_ a: Self, _ b: Self, _ progress: Double) -> Self
}

extension Double: Interpolatable {
    public static func interpolate(_ a: Double, _ b: Double, _ progress: Double) -> Double { a + (b - a) * progress }
}

extension CGPoint: Interpolatable {
    public static func interpolate(_ a: CGPoint, _ b: CGPoint, _ progress: Double) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * progress, y: a.y + (b.y - a.y) * progress)
    }
}

/// One key: the value at time `t`; `easing` shapes the segment that ends here.
package struct Keyframe<Value: Interpolatable>: Sendable, Equatable {
    public var time: Double
    public var value: Value
    public var easing: Easing

    public init(time: Double, value: Value, easing: Easing = .linear) {
        self.time = time
        self.value = value
        self.easing = easing
    }
}

/// A scene value that is either fixed or keyframed over time.
public struct Keyframed<Value: Interpolatable>: Sendable, Equatable {
    /// How the value is given. The keys stay out of the public API: scenes write them, and
    /// renderers only ask for the value at a time.
    package enum Storage: Sendable, Equatable {
        case constant(Value)
        /// Keys sorted by time, at least one.
        case keyframes([Keyframe<Value>])
    }

    package let storage: Storage

    /// A value that never changes.
    public static func constant(_ value: Value) -> Keyframed { Keyframed(storage: .constant(value)) }

    /// Keys sorted by time, at least one.
    package static func keyframes(_ keys: [Keyframe<Value>]) -> Keyframed { Keyframed(storage: .keyframes(keys)) }

    /// The value at `time` seconds: held before the first key and after the last.
    // Specialised for numbers, which effects evaluate for every glyph of every frame from
    // another module (where a generic call would go through witness tables).
    @_specialize(exported: true, where Value == Double)
    public func value(at time: Double) -> Value {
        switch storage {
        case .constant(let value): return value
        case .keyframes(let keys):
            guard let first = keys.first, let last = keys.last else { fatalError("keyframes are never empty") }
            if time <= first.time { return first.value }
            if time >= last.time { return last.value }
            let next = keys.firstIndex(where: { $0.time > time })!
            let a = keys[next - 1], b = keys[next]
            let span = b.time - a.time
            let progress = span > 0 ? b.easing((time - a.time) / span) : 1
            return Value.interpolate(a.value, b.value, progress)
        }
    }

    /// Whether the value ever changes.
    public var isConstant: Bool {
        switch storage {
        case .constant: return true
        case .keyframes(let keys): return keys.allSatisfy { $0.value == keys[0].value }
        }
    }
}

extension Keyframed where Value == Double {
    /// The largest magnitude the value takes (every easing stays between its keys), for sizing
    /// what an effect may draw.
    public var largestMagnitude: Double {
        switch storage {
        case .constant(let value): return abs(value)
        case .keyframes(let keys): return keys.map { abs($0.value) }.max() ?? 0
        }
    }

    /// The lowest and highest values of the keys (every easing stays between its keys); one
    /// value for a constant.
    public var range: ClosedRange<Double> {
        switch storage {
        case .constant(let value): return value...value
        case .keyframes(let keys): return keys.map(\.value).min()!...keys.map(\.value).max()!
        }
    }
}
