@testable import Pager
import PropertyBased
import Testing

/// Random sessions of free scrolling: whatever the fingers and the host do,
/// the content stays near its limits, and once left alone it comes to rest
/// inside them.
@Suite("Scroll properties", .shrinking(false))
struct ScrollPropertyTests {
    /// One random call on a `ScrollAxis`, with the time that passes before it.
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var amount: Double
        var pause: Double

        var description: String { "kind \(kind) amount \(amount) after \(pause) s" }

        func apply(to axis: inout ScrollAxis, at time: Double) {
            switch kind {
            case 0, 1, 2: axis.drag(by: amount * 800 - 400, time: time)
            case 3: _ = axis.consume(amount * 600 - 300, time: time)
            case 4, 5: axis.release(velocity: amount * 16_000 - 8000, time: time)
            case 6: axis.stop(time: time)
            case 7: axis.scroll(to: amount * 3000 - 1000, animated: true, time: time)
            case 8: axis.scroll(by: amount * 600 - 300, animated: amount > 0.5, time: time)
            case 9: axis.setLimits(0...(amount * 2000), time: time)
            default: axis.advance(to: time)
            }
        }
    }

    /// Every kind of step.
    private static let allKinds = 0...10
    /// Without `setLimits`: shrinking the limits may leave content far outside them, on purpose (no jump).
    private static let kindsWithFixedLimits = 0...8

    private static func randomSteps(kinds: ClosedRange<Int>) -> Generator<[Step], some SendableSequenceType> {
        zip(Gen.int(in: kinds), Gen.double(in: 0...1), Gen.double(in: 0...0.2))
            .map { (parts: (Int, Double, Double)) in Step(kind: parts.0, amount: parts.1, pause: parts.2) }
            .array(of: 1...40)
    }

    /// Plays the steps; returns the axis and the largest distance it was ever shown past a limit.
    private func play(_ steps: [Step]) -> (ScrollAxis, Double) {
        var axis = ScrollAxis(position: 500, limits: 0...1000)
        var time = 0.0
        var worst = 0.0
        for step in steps {
            time += step.pause
            axis.advance(to: time)
            step.apply(to: &axis, at: time)
            let past = max(axis.limits.lowerBound - axis.position, axis.position - axis.limits.upperBound, 0)
            worst = max(worst, past)
        }
        return (axis, worst)
    }

    @Test func neverShownFurtherPastALimitThanTheBand() async {
        await propertyCheck(count: 300, input: Self.randomSteps(kinds: Self.kindsWithFixedLimits)) { steps in
            let (axis, worst) = play(steps)
            #expect(axis.position.isFinite)
            #expect(worst < axis.configuration.rubberBandDimension)
        }
    }

    @Test func leftAloneItComesToRestInsideTheLimits() async {
        await propertyCheck(count: 300, input: Self.randomSteps(kinds: Self.allKinds)) { steps in
            var (axis, _) = play(steps)
            let end = steps.reduce(0) { $0 + $1.pause }
            if !axis.isMoving { axis.release(velocity: 0, time: end) }   // the finger lifts
            axis.advance(to: end + 30)
            #expect(axis.isSettled)
            #expect(axis.limits.contains(axis.position))
        }
    }

    @Test func theSameStepsGiveTheSamePosition() async {
        await propertyCheck(count: 100, input: Self.randomSteps(kinds: Self.allKinds)) { steps in
            #expect(play(steps).0 == play(steps).0)
        }
    }
}
