import Foundation

/// A representation of a spring's motion, as SwiftUI's `Spring`.
///
/// The model is a damped harmonic oscillator, a mass on a spring with viscous friction:
/// `m·x″ = −k·(x − target) − c·x′`, solved in closed form (no stepping), so any time can be asked
/// for directly and the answer does not depend on a frame rate.
///
/// Its parameters can be given in several equivalent ways; the relations are SwiftUI's documented
/// ones (its own example: `Spring(duration: 0.5, bounce: 0.3)` has mass 1, stiffness 157.9 and
/// damping 17.6; `Spring(mass: 1, stiffness: 100, damping: 10)` has duration 0.63 and bounce 0.5):
///
/// - `duration` (the perceptual duration) is `response`: the period of the undamped oscillation,
///   `2π / ω₀` with the natural frequency `ω₀ = √(stiffness / mass)`. Mass defaults to 1.
/// - `dampingRatio` ζ is `damping / (2·√(stiffness·mass))`: 1 is critically damped (the fastest
///   approach without overshoot), below 1 underdamped (overshoots and oscillates), above 1
///   overdamped (creeps in more slowly).
/// - `bounce` is ζ mapped onto `-1...1`, as in WWDC23's "Animate with springs": `bounce = 1 − ζ`
///   for ζ ≤ 1 (0 is critical, 1 undamped) and `bounce = 1/ζ − 1` for ζ > 1, so −1 is infinitely
///   overdamped. Conversely ζ = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) below.
///
/// So for mass 1: `stiffness = (2π / duration)²` and `damping = 4π·ζ / duration`.
///
/// The `target` methods move from zero towards `target` (a *change* in value); the `fromValue`
/// methods move from one absolute value to another through the values' `animatableData`.
public struct Spring: Hashable, Sendable {
    /// The mass of the object attached to the end of the spring.
    ///
    /// The default mass is 1. At a given stiffness and damping, more mass means more oscillation,
    /// more overshoot and a longer settling time.
    public let mass: Double

    /// The stiffness of the spring, defined as an approximate duration in seconds: the period of
    /// its undamped oscillation.
    public let response: Double

    /// The amount of drag applied, as a fraction of the amount needed to produce critical damping.
    ///
    /// At 1 the spring decelerates smoothly onto its target without oscillating; below 1 it
    /// oscillates more and more before coming to rest.
    public let dampingRatio: Double

    // The three stored parameters are the ones every other form converts to without loss: a
    // `bounce` of 0 gives a damping ratio of exactly 1, so the critically damped formula applies.
    private init(mass: Double, response: Double, dampingRatio: Double) {
        self.mass = mass
        self.response = response
        self.dampingRatio = dampingRatio
    }

    /// Creates a spring with the specified duration and bounce.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, which defines the pace of the spring: the period of
    ///     its undamped oscillation. It approximates the settling duration, and for very bouncy
    ///     springs is the period of their oscillation.
    ///   - bounce: How bouncy the spring should be: 0 is critically damped (no bounce), positive
    ///     values bounce more up to 1 (undamped oscillation), negative values are overdamped down to
    ///     −1. Values outside `-1...1` are clamped.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        let bounce = min(max(bounce, -1), 1)
        self.init(mass: 1, response: duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// Creates a spring with the specified mass, stiffness, and damping.
    ///
    /// - Parameters:
    ///   - mass: The mass of the object attached to the end of the spring.
    ///   - stiffness: The spring coefficient.
    ///   - damping: The friction coefficient that damps the spring's motion.
    ///   - allowOverDamping: Whether a damping above critical is kept (`true`) or treated as
    ///     critical damping (`false`).
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let naturalFrequency = (stiffness / mass).squareRoot()
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        self.init(mass: mass, response: 2 * .pi / naturalFrequency, dampingRatio: allowOverDamping ? ratio : min(ratio, 1))
    }

    /// Creates a spring with the specified response and damping ratio.
    ///
    /// - Parameters:
    ///   - response: The stiffness of the spring as an approximate duration in seconds: the period
    ///     of its undamped oscillation.
    ///   - dampingRatio: The amount of drag applied, as a fraction of the amount needed to produce
    ///     critical damping.
    public init(response: Double, dampingRatio: Double) {
        self.init(mass: 1, response: response, dampingRatio: dampingRatio)
    }

    /// Creates a spring with the specified settling duration and damping ratio.
    ///
    /// The spring is the one with `dampingRatio` that, moving from 0 to a target of 1 from rest,
    /// comes within `epsilon` of the target for good after `settlingDuration` seconds.
    ///
    /// - Parameters:
    ///   - settlingDuration: The approximate time it will take for the spring to come to rest.
    ///   - dampingRatio: The amount of drag applied, as a fraction of the amount needed to produce
    ///     critical damping.
    ///   - epsilon: How close all later values must stay to the target for the spring to count as
    ///     settled.
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        // The motion depends on time only through ω₀·t, so the settling time is proportional to the
        // response: measure it once for a response of 1 and scale.
        let unitSettling = Spring(mass: 1, response: 1, dampingRatio: dampingRatio).settlingDuration(target: 1.0, epsilon: epsilon)
        let response = unitSettling.isFinite && unitSettling > 0 ? settlingDuration / unitSettling : settlingDuration
        self.init(mass: 1, response: response, dampingRatio: dampingRatio)
    }

    // MARK: - Built-in springs

    /// A smooth spring with a predefined duration and no bounce.
    public static var smooth: Spring { smooth() }

    /// A smooth spring with a predefined duration and no bounce that can be tuned.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, which defines the pace of the spring.
    ///   - extraBounce: How much bounce to add to the base bounce of 0.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A spring with a predefined duration and small amount of bounce that feels more snappy.
    public static var snappy: Spring { snappy() }

    /// A spring with a predefined duration and small amount of bounce that feels more snappy and
    /// can be tuned.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, which defines the pace of the spring.
    ///   - extraBounce: How much bounce to add to the base bounce of 0.15.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A spring with a predefined duration and higher amount of bounce.
    public static var bouncy: Spring { bouncy() }

    /// A spring with a predefined duration and higher amount of bounce that can be tuned.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, which defines the pace of the spring.
    ///   - extraBounce: How much bounce to add to the base bounce of 0.3.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    // MARK: - Characteristics

    /// The perceptual duration, which defines the pace of the spring: the same as `response`.
    public var duration: TimeInterval { response }

    /// How bouncy the spring is.
    ///
    /// 0 is critically damped (no bounce), positive values bounce more up to 1 (undamped
    /// oscillation), negative values are overdamped down to −1.
    public var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// The spring stiffness coefficient.
    ///
    /// A stiffer spring oscillates faster and settles sooner.
    public var stiffness: Double {
        let naturalFrequency = 2 * .pi / response
        return mass * naturalFrequency * naturalFrequency
    }

    /// How the spring's motion is damped by friction: the coefficient of the force opposing velocity.
    ///
    /// Less damping means more overshoot and oscillation; more damping, fewer and smaller oscillations.
    public var damping: Double {
        2 * dampingRatio * mass * (2 * .pi / response)
    }

    /// The estimated duration required for the spring system to be considered at rest.
    ///
    /// This uses a `target` of 1.0, an `initialVelocity` of 0, and an `epsilon` of 0.001.
    public var settlingDuration: TimeInterval {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    // MARK: - State

    /// Calculates the value of the spring at a given time given a target amount of change.
    ///
    /// The spring starts at zero with `initialVelocity` (in units per second) at time 0 and moves
    /// towards `target`. Negative times are treated as 0.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let motion = basis(at: time)
        return target.scaled(by: 1 - motion.position) + initialVelocity.scaled(by: motion.impulse)
    }

    /// Calculates the value of the spring at a given time for a starting and ending value for the
    /// spring to travel.
    ///
    /// The motion runs on the values' `animatableData`; the result is `toValue` with the animated
    /// data written in, so any state that does not animate is the destination's.
    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        let start = fromValue.animatableData
        var result = toValue
        result.animatableData = start + value(
            target: toValue.animatableData - start,
            initialVelocity: initialVelocity.animatableData,
            time: time
        )
        return result
    }

    /// Calculates the velocity of the spring at a given time given a target amount of change.
    ///
    /// The velocity is in units of the value per second.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let motion = basis(at: time)
        return target.scaled(by: -motion.positionRate) + initialVelocity.scaled(by: motion.impulseRate)
    }

    /// Calculates the velocity of the spring at a given time given a starting and ending value for
    /// the spring to travel.
    ///
    /// The result is `initialVelocity` with the velocity written into its `animatableData`: a
    /// velocity is returned in the same form it was given.
    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = initialVelocity
        result.animatableData = velocity(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData,
            time: time
        )
        return result
    }

    /// Updates the current value and velocity of a spring.
    ///
    /// The step is exact (the closed form over `deltaTime`), so stepping a spring in frames lands
    /// exactly where asking for the total time does.
    ///
    /// - Parameters:
    ///   - value: The current value of the spring.
    ///   - velocity: The current velocity of the spring.
    ///   - target: The target that `value` is moving towards.
    ///   - deltaTime: The time that has passed since the spring was at `value`.
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let remaining = target - value
        let motion = basis(at: deltaTime)
        value += remaining.scaled(by: 1 - motion.position) + velocity.scaled(by: motion.impulse)
        velocity = remaining.scaled(by: -motion.positionRate) + velocity.scaled(by: motion.impulseRate)
    }

    // MARK: - Forces and durations

    /// Calculates the force upon the spring given a current position, target, and velocity.
    ///
    /// This is `stiffness·(target − position) − damping·velocity`; with the default mass of 1 it is
    /// also the acceleration, in units of the value per second squared.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }

    /// Calculates the force upon the spring given a current position and velocity, for a spring
    /// travelling from `fromValue` to `toValue`.
    ///
    /// `position` is an absolute value, like the results of `value(fromValue:toValue:…)`, so the
    /// force depends on `toValue` (where the spring pulls) and not on where it started. The result is
    /// `position` with the force written into its `animatableData`.
    public func force<V: Animatable>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        var result = position
        result.animatableData = force(
            target: toValue.animatableData,
            position: position.animatableData,
            velocity: velocity.animatableData
        )
        return result
    }

    /// The estimated duration required for the spring system to be considered at rest.
    ///
    /// It is the time after which the distance between the value and `target` (the vector's
    /// magnitude) stays at or below `epsilon` for good, found on the closed-form motion: a decaying
    /// bound on the distance limits the search, then the last crossing of `epsilon` is located.
    /// An undamped spring (bounce 1) that moves at all never settles: the result is `infinity`.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> TimeInterval {
        // The distance to the target is |−target·P(t) + initialVelocity·Q(t)| for the scalar motions
        // P and Q, so only three numbers are needed; VectorArithmetic has no dot product, but the
        // polarization identity gets it from magnitudes.
        let crossTerm = ((target + initialVelocity).magnitudeSquared - (target - initialVelocity).magnitudeSquared) / 4
        return settlingTime(
            targetSquared: target.magnitudeSquared,
            crossTerm: crossTerm,
            velocitySquared: initialVelocity.magnitudeSquared,
            epsilon: abs(epsilon)
        )
    }

    /// The estimated duration required for the spring system to be considered at rest, for a
    /// spring travelling from `fromValue` to `toValue`.
    public func settlingDuration<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, epsilon: Double) -> TimeInterval {
        settlingDuration(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData,
            epsilon: epsilon
        )
    }

    // MARK: - Closed form

    /// Damping ratios this close to 1 use the critically damped solution: the other two divide by
    /// √|1 − ζ²|, which loses precision as it vanishes.
    private static let criticalTolerance = 1e-9

    /// The spring's two basic motions at `time`, with their rates of change.
    ///
    /// Every motion of the spring is a combination of these: `position` P(t) is the displacement
    /// from the target after starting displaced by 1 at rest (P(0) = 1, P′(0) = 0), and `impulse`
    /// Q(t) the displacement after starting on the target with velocity 1 (Q(0) = 0, Q′(0) = 1).
    private func basis(at time: TimeInterval) -> (position: Double, positionRate: Double, impulse: Double, impulseRate: Double) {
        // An infinitely stiff spring is on its target at once.
        guard response > 0 else { return (0, 0, 0, 0) }
        // An infinitely damped one (bounce −1) never moves.
        guard dampingRatio.isFinite else { return (1, 0, 0, 0) }
        let t = time > 0 ? time : 0
        let omega = 2 * .pi / response
        // Negative damping would feed energy in; it is treated as none.
        let zeta = max(dampingRatio, 0)

        if abs(zeta - 1) < Self.criticalTolerance {
            let decay = exp(-omega * t)
            return (
                (1 + omega * t) * decay,
                -omega * omega * t * decay,
                t * decay,
                (1 - omega * t) * decay
            )
        }
        if zeta < 1 {
            let sigma = zeta * omega
            let dampedFrequency = omega * (1 - zeta * zeta).squareRoot()
            let decay = exp(-sigma * t)
            let cosine = cos(dampedFrequency * t), sine = sin(dampedFrequency * t)
            return (
                decay * (cosine + sigma / dampedFrequency * sine),
                -decay * omega * omega / dampedFrequency * sine,
                decay * sine / dampedFrequency,
                decay * (cosine - sigma / dampedFrequency * sine)
            )
        }
        // Overdamped: two real decay rates, slow r1 and fast r2.
        let spread = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - spread), r2 = -omega * (zeta + spread)
        let slow = exp(r1 * t), fast = exp(r2 * t)
        let gap = r1 - r2
        return (
            (r1 * fast - r2 * slow) / gap,
            r1 * r2 * (fast - slow) / gap,
            (slow - fast) / gap,
            (r1 * slow - r2 * fast) / gap
        )
    }

    /// The time after which |−target·P(t) + velocity·Q(t)| stays at or below `epsilon`, from the
    /// squared magnitudes of target and velocity and their dot product.
    private func settlingTime(targetSquared: Double, crossTerm: Double, velocitySquared: Double, epsilon: Double) -> TimeInterval {
        func distanceSquared(_ t: Double) -> Double {
            let motion = basis(at: t)
            let p = motion.position, q = motion.impulse
            return max(0, targetSquared * p * p - 2 * crossTerm * p * q + velocitySquared * q * q)
        }
        let limit = epsilon * epsilon
        guard response > 0 else { return 0 }
        guard dampingRatio.isFinite else { return distanceSquared(0) <= limit ? 0 : .infinity }

        // A bound on the distance that only decreases from `start` on: once it is under epsilon the
        // spring has settled, whatever it does in between.
        let targetLength = targetSquared.squareRoot(), speed = velocitySquared.squareRoot()
        let omega = 2 * .pi / response
        let zeta = max(dampingRatio, 0)
        let bound: (Double) -> Double
        var start = 0.0
        // Sampling step for the search: a small fraction of the time between two swings.
        var step: Double? = nil
        if abs(zeta - 1) < Self.criticalTolerance {
            bound = { t in exp(-omega * t) * (targetLength * (1 + omega * t) + speed * t) }
            start = 1 / omega
        } else if zeta < 1 {
            let sigma = zeta * omega
            let dampedFrequency = omega * (1 - zeta * zeta).squareRoot()
            let amplitude = (targetLength * omega + speed) / dampedFrequency
            guard sigma > 0 else { return amplitude <= epsilon ? 0 : .infinity }
            bound = { t in exp(-sigma * t) * amplitude }
            step = .pi / dampedFrequency / 16
        } else {
            let spread = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - spread), r2 = -omega * (zeta + spread)
            let gap = r1 - r2
            bound = { t in
                let slow = exp(r1 * t), fast = exp(r2 * t)
                return (targetLength * (-r2 * slow + r1.magnitude * fast) + speed * (slow + fast)) / gap
            }
        }

        var upper = max(start, response)
        var doublings = 0
        while bound(upper) > epsilon {
            upper *= 2
            doublings += 1
            if doublings > 64 || !upper.isFinite { return .infinity }
        }

        // The last sample still outside epsilon, searching back from where the bound guarantees rest.
        let samples = min(200_000, max(2048, Int((upper / (step ?? upper)).rounded(.up))))
        let width = upper / Double(samples)
        var index = samples - 1
        while index >= 0, distanceSquared(Double(index) * width) <= limit {
            index -= 1
        }
        guard index >= 0 else { return 0 }

        // Bisect the crossing between that sample (outside) and the next (inside).
        var outside = Double(index) * width, inside = outside + width
        for _ in 0..<60 {
            let middle = (outside + inside) / 2
            if distanceSquared(middle) > limit { outside = middle } else { inside = middle }
        }
        return inside
    }
}
