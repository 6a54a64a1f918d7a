@testable import Pager
import Testing

/// Free scrolling along one axis: the physics shared by a zoomed image's pan
/// and the overview grid. Rubber band past a limit, iOS momentum, a bounce.
@Suite("Scroll axis")
struct ScrollAxisTests {
    /// Runs the clock from `from` to `to` in steps of `step`, as frames would.
    private func run(_ axis: inout ScrollAxis, from: Double, to: Double, step: Double = 1.0 / 60) {
        var t = from
        while t < to {
            t = min(to, t + step)
            axis.advance(to: t)
        }
    }

    private let rubberBand = RubberBand(coefficient: 0.55)

    @Test func aDragInsideTheLimitsMovesByTheSameAmount() {
        var axis = ScrollAxis(position: 100, limits: 0...1000)
        axis.drag(by: 250, time: 0)
        axis.drag(by: -30, time: 0.016)
        #expect(axis.position == 320)
        #expect(!axis.isPastLimit)
    }

    @Test func aDragPastALimitIsRubberBanded() {
        var axis = ScrollAxis(position: 0, limits: 0...1000)
        axis.drag(by: -300, time: 0)
        let expected = -rubberBand.shown(300, size: axis.configuration.rubberBandDimension)
        #expect(abs(axis.position - expected) < 1e-9)
        #expect(axis.position > -300 / 2, "clearly less than the finger")
        #expect(axis.isPastLimit)
    }

    @Test func aRubberBandedDragComesBackExactlyWhenTheFingerReturns() {
        var axis = ScrollAxis(position: 990, limits: 0...1000)
        axis.drag(by: 400, time: 0)
        axis.drag(by: -400, time: 0.1)
        #expect(abs(axis.position - 990) < 1e-9)
    }

    @Test func releasedPastALimitItSpringsBackAndSettles() {
        var axis = ScrollAxis(position: 1000, limits: 0...1000)
        axis.drag(by: 200, time: 0)
        axis.release(velocity: 0, time: 0.1)
        run(&axis, from: 0.1, to: 0.3)
        #expect(axis.position > 1000 && axis.position < 1000 + rubberBand.shown(200, size: 600))
        run(&axis, from: 0.3, to: 3)
        #expect(axis.position == 1000)
        #expect(axis.isSettled)
    }

    @Test func momentumDeceleratesAndComesToRestWhereItSaid() {
        var axis = ScrollAxis(position: 0, limits: -100_000...100_000)
        axis.drag(by: 10, time: 0)
        axis.release(velocity: 2000, time: 0.05)
        let resting = axis.restingPosition
        // iOS: distance ≈ v / k with k = −ln(0.998)·1000 ≈ 2.002 /s.
        #expect(abs(resting - (10 + 2000 / 2.002_002_670_674)) < 5)
        run(&axis, from: 0.05, to: 0.3)
        let early = axis.velocity
        run(&axis, from: 0.3, to: 1)
        #expect(axis.velocity > 0 && axis.velocity < early, "slows down")
        run(&axis, from: 1, to: 8)
        #expect(axis.isSettled)
        #expect(abs(axis.position - resting) < 1e-9)
    }

    @Test func momentumFollowsTheSamePathAtAnyFrameRate() {
        var fine = ScrollAxis(position: 0, limits: 0...3000)
        fine.drag(by: 5, time: 0)
        fine.release(velocity: 4000, time: 0.01)
        var coarse = fine
        run(&fine, from: 0.01, to: 1.7, step: 0.001)
        run(&coarse, from: 0.01, to: 1.7, step: 0.1)
        #expect(abs(fine.position - coarse.position) < 1e-6)
    }

    @Test func momentumIntoALimitBouncesAndRestsOnIt() {
        var axis = ScrollAxis(position: 900, limits: 0...1000)
        axis.drag(by: 1, time: 0)
        axis.release(velocity: 3000, time: 0.01)
        var furthest = axis.position
        var t = 0.01
        while t < 4 {
            t += 1.0 / 60
            axis.advance(to: t)
            furthest = max(furthest, axis.position)
        }
        #expect(furthest > 1000, "overshoots the limit")
        #expect(furthest < 1000 + axis.configuration.rubberBandDimension, "but less than the band's dimension")
        #expect(axis.position == 1000)
        #expect(axis.isSettled)
    }

    @Test func stopCatchesMovingContentWhereItIsShown() {
        var axis = ScrollAxis(position: 0, limits: 0...10_000)
        axis.drag(by: 1, time: 0)
        axis.release(velocity: 3000, time: 0.01)
        axis.advance(to: 0.2)
        let shown = axis.position
        axis.stop(time: 0.2)
        #expect(axis.position == shown)
        axis.advance(to: 1)
        #expect(axis.position == shown)
        #expect(axis.isSettled)
    }

    @Test func consumeMovesUpToTheLimitAndReturnsTheRest() {
        var axis = ScrollAxis(position: 90, limits: 0...100)
        let rest = axis.consume(25, time: 0)
        #expect(axis.position == 100)
        #expect(rest == 15)
    }

    @Test func consumeAtTheLimitLeavesTheWholeDelta() {
        var axis = ScrollAxis(position: 100, limits: 0...100)
        #expect(axis.consume(40, time: 0) == 40)
        #expect(axis.position == 100)
    }

    @Test func consumeBackFromTheLimitUsesTheWholeDelta() {
        var axis = ScrollAxis(position: 100, limits: 0...100)
        #expect(axis.consume(-40, time: 0) == 0)
        #expect(axis.position == 60)
    }

    @Test func consumePastALimitOnlyMovesBackTowardsIt() {
        var axis = ScrollAxis(position: 100, limits: 0...100)
        axis.drag(by: 100, time: 0)
        let banded = axis.position
        #expect(axis.consume(10, time: 0.01) == 10)
        #expect(axis.position == banded)
        #expect(axis.consume(-1000, time: 0.02) == -1000 + banded)
        #expect(axis.position == 0)
    }

    @Test func anAnimatedScrollArrivesAtItsClampedTarget() {
        var axis = ScrollAxis(position: 0, limits: 0...500)
        axis.scroll(to: 800, animated: true, time: 0)
        #expect(axis.restingPosition == 500)
        run(&axis, from: 0, to: 0.1)
        #expect(axis.position > 0 && axis.position < 500)
        run(&axis, from: 0.1, to: 2)
        #expect(axis.position == 500)
        #expect(axis.isSettled)
    }

    @Test func quickScrollStepsAddUp() {
        var axis = ScrollAxis(position: 0, limits: 0...1000)
        axis.scroll(by: 100, animated: true, time: 0)
        axis.scroll(by: 100, animated: true, time: 0.02)
        axis.scroll(by: 100, animated: true, time: 0.04)
        #expect(axis.restingPosition == 300)
        run(&axis, from: 0.04, to: 2)
        #expect(axis.position == 300)
    }

    @Test func jumpIsImmediateAndClamped() {
        var axis = ScrollAxis(position: 0, limits: 0...100)
        axis.jump(to: 150)
        #expect(axis.position == 100)
        #expect(axis.isSettled)
    }

    @Test func shrinkingLimitsSpringTheContentBack() {
        var axis = ScrollAxis(position: 900, limits: 0...1000)
        axis.setLimits(0...400, time: 0)
        #expect(axis.position > 400, "no jump")
        run(&axis, from: 0, to: 3)
        #expect(axis.position == 400)
        #expect(axis.isSettled)
    }

    @Test func newLimitsDuringADragKeepTheShownPosition() {
        var axis = ScrollAxis(position: 500, limits: 0...1000)
        axis.drag(by: 50, time: 0)
        axis.setLimits(0...520, time: 0.01)
        #expect(axis.position == 550)
        axis.drag(by: -100, time: 0.02)
        // The 30 px now past the limit stand for a longer raw pull; the finger takes 100 px off that.
        let expected = 520 + rubberBand.raw(30, size: axis.configuration.rubberBandDimension) - 100
        #expect(abs(axis.position - expected) < 1e-9)
    }

    @Test func infiniteLimitsNeverBounce() {
        var axis = ScrollAxis(position: 0, limits: -Double.infinity...Double.infinity)
        axis.drag(by: -5000, time: 0)
        #expect(axis.position == -5000)
        axis.release(velocity: -3000, time: 0.01)
        run(&axis, from: 0.01, to: 6)
        #expect(axis.isSettled)
        #expect(axis.position < -5000 - 1000)
    }

    @Test func releaseSpeedIsCapped() {
        var capped = ScrollAxis(position: 0, limits: 0...1_000_000)
        capped.drag(by: 1, time: 0)
        capped.release(velocity: 5e7, time: 0)
        var limit = ScrollAxis(position: 0, limits: 0...1_000_000)
        limit.drag(by: 1, time: 0)
        limit.release(velocity: capped.configuration.maximumReleaseSpeed, time: 0)
        #expect(capped.restingPosition == limit.restingPosition)
    }

    @Test func aSlowReleaseInsideTheLimitsStaysPut() {
        var axis = ScrollAxis(position: 200, limits: 0...1000)
        axis.drag(by: 3, time: 0)
        axis.release(velocity: 2, time: 0.5)
        #expect(axis.isSettled)
        #expect(axis.position == 203)
    }

    @Test func aBounceComesToRestByTheConfiguredRestThresholds() {
        func bounced(_ configuration: ScrollConfiguration) -> ScrollAxis {
            var axis = ScrollAxis(position: 0, limits: 0...1000, configuration: configuration)
            axis.drag(by: -120, time: 0)
            axis.release(velocity: 0, time: 0)
            run(&axis, from: 0, to: 0.2)
            return axis
        }
        var loose = ScrollConfiguration()
        loose.restDistance = 50
        loose.restSpeed = 1_000_000
        let strict = bounced(ScrollConfiguration())
        let relaxed = bounced(loose)
        #expect(!strict.isSettled, "0.2 s into the default bounce it is still about 30 px out")
        #expect(relaxed.isSettled, "within 50 px it counts as arrived")
        #expect(relaxed.position == 0, "and lands exactly on the limit")
    }

    @Test func aDragPastTheUpperLimitIsRubberBandedFromThatLimit() {
        var axis = ScrollAxis(position: 0, limits: 0...1000)
        axis.drag(by: 1_100, time: 0)
        #expect(axis.position == 1000 + rubberBand.shown(100, size: axis.configuration.rubberBandDimension))
    }
}
