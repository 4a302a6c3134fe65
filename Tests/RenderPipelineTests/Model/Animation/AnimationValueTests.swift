import Foundation
import Testing
import TextEffects

/// SwiftUI's animation value types: springs against the analytic oscillator, unit curves against
/// their geometry, and the vector arithmetic they run on. Plain `import`, so only public API is used,
/// written as it would be against SwiftUI.
@Suite struct AnimationValueTests {
    // MARK: - Spring parameters

    /// SwiftUI's own documented conversions.
    @Test func springConvertsBetweenParameterFormsAsDocumented() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
        #expect(abs(spring.dampingRatio - 0.7) < 1e-12)
        #expect(spring.response == 0.5)

        let physical = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(physical.duration - 0.63) < 0.005)
        #expect(abs(physical.bounce - 0.5) < 1e-12)

        // Round trip through the physical form.
        let roundTrip = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        #expect(abs(roundTrip.duration - 0.5) < 1e-12)
        #expect(abs(roundTrip.bounce - 0.3) < 1e-12)
    }

    @Test func bounceMapsOntoDampingRatio() {
        #expect(Spring(duration: 1, bounce: 0).dampingRatio == 1)
        #expect(abs(Spring(duration: 1, bounce: 0.25).dampingRatio - 0.75) < 1e-12)
        // Overdamped: ζ = 1 / (1 + bounce), and back.
        let overdamped = Spring(duration: 1, bounce: -0.5)
        #expect(abs(overdamped.dampingRatio - 2) < 1e-12)
        #expect(abs(overdamped.bounce + 0.5) < 1e-12)
        // Over-damping is kept only when allowed.
        #expect(Spring(mass: 1, stiffness: 100, damping: 40).dampingRatio == 1)
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 40, allowOverDamping: true).dampingRatio - 2) < 1e-12)
        #expect(Spring(response: 0.4, dampingRatio: 0.6) == Spring(duration: 0.4, bounce: 0.4))
    }

    @Test func builtInSpringsHaveTheirBaseBounce() {
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(abs(Spring.snappy.bounce - 0.15) < 1e-12)
        #expect(abs(Spring.bouncy.bounce - 0.3) < 1e-12)
        #expect(abs(Spring.bouncy(duration: 0.8, extraBounce: 0.1).bounce - 0.4) < 1e-12)
        #expect(Spring.snappy(duration: 0.8).duration == 0.8)
        #expect(abs(Spring.smooth(extraBounce: 0.2).bounce - 0.2) < 1e-12)
    }

    // MARK: - Spring motion against the analytic solution

    /// Critically damped from rest: x(t) = 1 − (1 + ωt)e^{−ωt}, ω = 2π / duration.
    @Test func criticallyDampedSpringFollowsTheAnalyticCurve() {
        let spring = Spring(duration: 0.5, bounce: 0)
        let omega = 2 * Double.pi / 0.5
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
            let expected = 1 - (1 + omega * t) * exp(-omega * t)
            #expect(abs(spring.value(target: 1.0, time: t) - expected) < 1e-12)
        }
    }

    /// Underdamped from rest: x(t) = 1 − e^{−ζωt}(cos ω_d t + ζ/√(1−ζ²) sin ω_d t).
    @Test func underdampedSpringFollowsTheAnalyticCurve() {
        let spring = Spring(duration: 0.6, bounce: 0.4)
        let omega = 2 * Double.pi / 0.6, zeta = 0.6
        let damped = omega * (1 - zeta * zeta).squareRoot()
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
            let expected = 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta / (1 - zeta * zeta).squareRoot() * sin(damped * t))
            #expect(abs(spring.value(target: 1.0, time: t) - expected) < 1e-12)
        }
    }

    /// Overdamped from rest: x(t) = 1 − (r₁e^{r₂t} − r₂e^{r₁t}) / (r₁ − r₂), r = −ω(ζ ∓ √(ζ²−1)).
    @Test func overdampedSpringFollowsTheAnalyticCurve() {
        let spring = Spring(duration: 0.5, bounce: -0.5)
        let omega = 2 * Double.pi / 0.5, zeta = 2.0
        let r1 = -omega * (zeta - (zeta * zeta - 1).squareRoot()), r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
        for t in stride(from: 0.0, through: 3.0, by: 0.05) {
            let expected = 1 - (r1 * exp(r2 * t) - r2 * exp(r1 * t)) / (r1 - r2)
            #expect(abs(spring.value(target: 1.0, time: t) - expected) < 1e-12)
        }
    }

    /// Initial velocity alone, critically damped: x(t) = v₀·t·e^{−ωt}.
    @Test func initialVelocityAddsTheImpulseResponse() {
        let spring = Spring(duration: 1, bounce: 0)
        let omega = 2 * Double.pi
        for t in stride(from: 0.0, through: 2.0, by: 0.1) {
            #expect(abs(spring.value(target: 0.0, initialVelocity: 3.0, time: t) - 3 * t * exp(-omega * t)) < 1e-12)
        }
        #expect(abs(spring.velocity(target: 0.0, initialVelocity: 3.0, time: 0) - 3) < 1e-12)
    }

    @Test func springStartsAtFromValueAndSettlesAtToValue() {
        for spring in [Spring.smooth, .snappy, .bouncy, Spring(duration: 0.5, bounce: -0.5)] {
            #expect(spring.value(fromValue: 10.0, toValue: 20.0, initialVelocity: 0, time: 0) == 10)
            #expect(abs(spring.value(fromValue: 10.0, toValue: 20.0, initialVelocity: 0, time: 10) - 20) < 1e-9)
            #expect(abs(spring.velocity(fromValue: 10.0, toValue: 20.0, initialVelocity: 0, time: 10)) < 1e-9)
            #expect(spring.velocity(fromValue: 10.0, toValue: 20.0, initialVelocity: 5, time: 0) == 5)
        }
    }

    @Test func velocityIsTheDerivativeOfValue() {
        let h = 1e-6
        for spring in [Spring(duration: 0.5, bounce: 0), Spring(duration: 0.5, bounce: 0.3), Spring(duration: 0.5, bounce: -0.4), Spring(mass: 2, stiffness: 80, damping: 6)] {
            for t in stride(from: 0.01, through: 1.5, by: 0.07) {
                let numeric = (spring.value(target: 2.0, initialVelocity: -1.5, time: t + h) - spring.value(target: 2.0, initialVelocity: -1.5, time: t - h)) / (2 * h)
                #expect(abs(spring.velocity(target: 2.0, initialVelocity: -1.5, time: t) - numeric) < 1e-5)
            }
        }
    }

    /// The force is the ODE's right-hand side: the derivative of velocity is force / mass.
    @Test func forceDrivesTheAcceleration() {
        let spring = Spring(duration: 0.7, bounce: 0.2)
        let h = 1e-6, t = 0.3
        let position = spring.value(target: 1.0, time: t), velocity = spring.velocity(target: 1.0, time: t)
        let acceleration = (spring.velocity(target: 1.0, time: t + h) - spring.velocity(target: 1.0, time: t - h)) / (2 * h)
        #expect(abs(spring.force(target: 1.0, position: position, velocity: velocity) - acceleration) < 1e-4)
        #expect(spring.force(fromValue: 5.0, toValue: 6.0, position: 6.0, velocity: 0.0) == 0)
    }

    @Test func overshootHappensExactlyWhenBounceIsPositive() {
        for bounce in [-0.6, -0.2, 0.0, 0.05, 0.3, 0.7] {
            let spring = Spring(duration: 0.5, bounce: bounce)
            let peak = stride(from: 0.0, through: 5.0, by: 0.001).map { spring.value(target: 1.0, time: $0) }.max()!
            #expect((peak > 1 + 1e-9) == (bounce > 0), "bounce \(bounce) peaks at \(peak)")
        }
    }

    @Test func updatingInStepsMatchesTheClosedForm() {
        let spring = Spring.bouncy
        var value = 0.0, velocity = 0.0
        for _ in 0..<60 {
            spring.update(value: &value, velocity: &velocity, target: 1.0, deltaTime: 1.0 / 60)
        }
        #expect(abs(value - spring.value(target: 1.0, time: 1)) < 1e-12)
        #expect(abs(velocity - spring.velocity(target: 1.0, time: 1)) < 1e-10)
    }

    // MARK: - Settling

    @Test func settlingDurationIsWhereTheValueStaysWithinEpsilon() {
        for spring in [Spring.smooth, .snappy, .bouncy, Spring(duration: 0.5, bounce: -0.5), Spring(duration: 0.3, bounce: 0.8)] {
            let settle = spring.settlingDuration
            // At the settling time the distance is on the threshold, just before it is outside...
            #expect(abs(abs(spring.value(target: 1.0, time: settle) - 1) - 0.001) < 1e-7)
            #expect(abs(spring.value(target: 1.0, time: settle - 1e-4) - 1) > 0.001)
            // ...and it never leaves again.
            for t in stride(from: settle, through: settle * 4, by: settle / 500) {
                #expect(abs(spring.value(target: 1.0, time: t) - 1) <= 0.001 + 1e-9)
            }
        }
        // Critically damped: (1 + ωt)e^{−ωt} = 0.001 at ωt ≈ 9.2335.
        #expect(abs(Spring(duration: 1, bounce: 0).settlingDuration * 2 * .pi - 9.2335) < 1e-3)
        #expect(Spring(duration: 1, bounce: 1).settlingDuration == .infinity)
    }

    @Test func settlingDurationScalesWithTargetAndVelocity() {
        let spring = Spring.snappy
        // A larger move takes longer to come within the same absolute epsilon.
        #expect(spring.settlingDuration(target: 100.0, epsilon: 0.001) > spring.settlingDuration(target: 1.0, epsilon: 0.001))
        // A pair settles when its whole vector does: no sooner than either component.
        let pair = spring.settlingDuration(target: AnimatablePair(1.0, 0.0), initialVelocity: AnimatablePair(0.0, 4.0), epsilon: 0.001)
        let fromTarget = spring.settlingDuration(target: 1.0, epsilon: 0.001)
        let fromVelocity = spring.settlingDuration(target: 0.0, initialVelocity: 4.0, epsilon: 0.001)
        #expect(pair >= max(fromTarget, fromVelocity) - 1e-9)
        #expect(spring.settlingDuration(fromValue: 3.0, toValue: 4.0, initialVelocity: 0, epsilon: 0.001) == fromTarget)
    }

    @Test func settlingDurationInitializerFindsTheMatchingSpring() {
        for ratio in [0.3, 0.7, 1.0, 1.5] {
            let spring = Spring(settlingDuration: 1.2, dampingRatio: ratio)
            #expect(spring.dampingRatio == ratio)
            #expect(abs(spring.settlingDuration - 1.2) < 1e-6)
        }
    }

    // MARK: - Unit curves

    static let curves: [UnitCurve] = [.linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
                                      .bezier(startControlPoint: UnitPoint(x: 0.2, y: 0.9), endControlPoint: UnitPoint(x: 0.7, y: 0.1))]

    @Test func curvesRunFromZeroToOneAndClampTheirInput() {
        for curve in Self.curves {
            #expect(curve.value(at: 0) == 0)
            #expect(abs(curve.value(at: 1) - 1) < 1e-12)
            #expect(curve.value(at: -0.5) == curve.value(at: 0))
            #expect(curve.value(at: 1.5) == curve.value(at: 1))
        }
    }

    /// Points on the curves computed from their definitions.
    @Test func curvesPassThroughTheirDefiningPoints() {
        // Bézier parameter t = 0.5: x = 3·¼·½·x₁ + 3·½·¼·x₂ + ⅛, y likewise.
        #expect(abs(UnitCurve.easeIn.value(at: 0.6575) - 0.5) < 1e-12)
        #expect(abs(UnitCurve.easeOut.value(at: 0.3425) - 0.5) < 1e-12)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
        // Quarter circles: 1 − √(1 − 0.36) = 0.2 and √(1 − 0.16) at 0.6.
        #expect(abs(UnitCurve.circularEaseIn.value(at: 0.6) - 0.2) < 1e-12)
        #expect(abs(UnitCurve.circularEaseOut.value(at: 0.6) - 0.84.squareRoot()) < 1e-12)
        #expect(UnitCurve.linear.value(at: 0.37) == 0.37)
        // The ease curves' end slopes: y₁/x₁ at the start and (1 − y₂)/(1 − x₂) at the end.
        #expect(abs(UnitCurve.easeOut.velocity(at: 0) - 1 / 0.58) < 1e-4)
        #expect(abs(UnitCurve.easeIn.velocity(at: 1) - 1 / 0.58) < 1e-4)
        #expect(abs(UnitCurve.easeIn.velocity(at: 0)) < 1e-9)
    }

    @Test func easeInOutCurvesAreSymmetric() {
        for curve in [UnitCurve.easeInOut, .circularEaseInOut] {
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                #expect(abs(curve.value(at: x) + curve.value(at: 1 - x) - 1) < 1e-12)
            }
        }
    }

    @Test func inverseUndoesTheCurve() {
        for curve in Self.curves {
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                #expect(abs(curve.inverse.value(at: curve.value(at: x)) - x) < 1e-9, "\(curve) at \(x)")
            }
            #expect(curve.inverse.inverse == curve)
        }
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.3), endControlPoint: UnitPoint(x: 0.5, y: 0.9)).inverse
            == .bezier(startControlPoint: UnitPoint(x: 0.3, y: 0.1), endControlPoint: UnitPoint(x: 0.9, y: 0.5)))
    }

    @Test func curveVelocityIsTheDerivativeOfValue() {
        let h = 1e-6
        for curve in Self.curves {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) where abs(x - 0.5) > 1e-3 {
                let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                #expect(abs(curve.velocity(at: x) - numeric) < 1e-4, "\(curve) at \(x)")
            }
        }
    }

    @Test func bezierWithTheEasePointsIsTheEaseCurve() {
        let easeIn = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(easeIn == .easeIn)
        #expect(easeIn.value(at: 0.3) == UnitCurve.easeIn.value(at: 0.3))
        #expect(UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)) == .easeInOut)
        #expect(UnitCurve.bezier(startControlPoint: .zero, endControlPoint: UnitPoint(x: 0.58, y: 1)) == .easeOut)
        // x components are clamped: a control x of 1.4 behaves as 1.
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1.4, y: 1))
        #expect(clamped.value(at: 0.3) == UnitCurve.easeIn.value(at: 0.3))
    }

    // MARK: - Vector arithmetic

    @Test func scalarsInterpolate() {
        #expect(10.0.interpolated(towards: 20, amount: 0.25) == 12.5)
        var value: Float = 2
        value.interpolate(towards: 4, amount: 0.5)
        #expect(value == 3)
        #expect(CGFloat(3).scaled(by: 2) == 6)
        #expect(CGFloat(-3).magnitudeSquared == 9)
        #expect(Float(0.5).magnitudeSquared == 0.25)
        #expect(5.0.interpolated(towards: 9, amount: 1) == 9)
    }

    @Test func animatablePairIsComponentWise() {
        let a = AnimatablePair(1.0, CGFloat(2)), b = AnimatablePair(3.0, CGFloat(-4))
        #expect(a + b == AnimatablePair(4.0, CGFloat(-2)))
        #expect(a - b == AnimatablePair(-2.0, CGFloat(6)))
        #expect(a.scaled(by: 3) == AnimatablePair(3.0, CGFloat(6)))
        #expect(b.magnitudeSquared == 25)
        #expect(AnimatablePair<Double, CGFloat>.zero == AnimatablePair(0.0, CGFloat(0)))
        var c = a
        c += b
        c -= a
        #expect(c == b)
        #expect(a.interpolated(towards: b, amount: 0.5) == AnimatablePair(2.0, CGFloat(-1)))
        // Nested pairs hold three values.
        let nested = AnimatablePair(1.0, AnimatablePair(2.0, 2.0))
        #expect(nested.magnitudeSquared == 9)
        #expect(nested.scaled(by: 0.5).second.first == 1)
        #expect(Set([a, a, b]).count == 2)
    }

    @Test func emptyAnimatableDataIsInert() {
        var empty = EmptyAnimatableData()
        empty.scale(by: 10)
        #expect(empty == .zero)
        #expect(empty + .zero == empty)
        #expect(empty.magnitudeSquared == 0)
    }

    // MARK: - Animatable

    /// A shape written as against SwiftUI: two properties animated through a pair.
    struct Wedge: Animatable {
        var start: Angle
        var sweep: Double
        var label = "wedge"

        var animatableData: AnimatablePair<Double, Double> {
            get { AnimatablePair(start.animatableData, sweep) }
            set {
                start.animatableData = newValue.first
                sweep = newValue.second
            }
        }
    }

    struct Still: Animatable {
        var name = "still"
    }

    @Test func animatableTypesAnimateThroughTheirData() {
        #expect(Angle.degrees(180).animatableData == .pi)
        var angle = Angle.zero
        angle.animatableData = .pi / 2
        #expect(abs(angle.degrees - 90) < 1e-12)
        #expect(2.5.animatableData == 2.5)
        #expect(UnitPoint.bottomTrailing.animatableData == AnimatablePair(CGFloat(1), CGFloat(1)))

        var still = Still()
        still.animatableData = EmptyAnimatableData()
        #expect(still.animatableData == .zero)

        // A spring runs a custom type through its data and keeps the rest of the destination.
        let from = Wedge(start: .degrees(0), sweep: 0, label: "from"), to = Wedge(start: .degrees(90), sweep: 1, label: "to")
        let spring = Spring.smooth
        let middle = spring.value(fromValue: from, toValue: to, initialVelocity: Wedge(start: .zero, sweep: 0), time: 0.1)
        let fraction = spring.value(target: 1.0, time: 0.1)
        #expect(abs(middle.start.degrees - 90 * fraction) < 1e-9)
        #expect(abs(middle.sweep - fraction) < 1e-12)
        #expect(middle.label == "to")
        let end = spring.value(fromValue: from, toValue: to, initialVelocity: Wedge(start: .zero, sweep: 0), time: 10)
        #expect(abs(end.start.degrees - 90) < 1e-9)
    }

    @Test func unitPointConstants() {
        #expect(UnitPoint() == .zero)
        #expect(UnitPoint.center == UnitPoint(x: 0.5, y: 0.5))
        #expect([UnitPoint.topLeading, .top, .topTrailing, .leading, .trailing, .bottomLeading, .bottom, .bottomTrailing].map { [$0.x, $0.y] }
            == [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [0.5, 1], [1, 1]])
    }
}
