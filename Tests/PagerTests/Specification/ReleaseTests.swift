import Pager
import Testing

/// At release, velocity comes from the last 0.15 s of
/// samples (the release point included); a fling (≥ 300 px/s) goes to the
/// next page in its direction, otherwise the position projected with the
/// deceleration decides, flipping past half a page.
@Suite("Release")
struct ReleaseTests {
    /// Drags left from a locked grab by `distance` px at `speed` px/s.
    private func dragLeft(
        _ distance: Double, speed: Double,
        configuration: PagerConfiguration = PagerConfiguration()
    ) -> RecordingPager {
        var pager = RecordingPager(configuration: configuration)
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.moveSmoothly(by: (-distance, 0), over: distance / speed)
        return pager
    }

    @Test func dragHeldStillBeforeReleaseIsNotAFling() {
        var pager = dragLeft(450, speed: 4500)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        #expect(pager.pageDecisions.isEmpty)
        #expect(pager.model.phase == .settling)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func sameDragReleasedWhileMovingIsAFling() {
        var pager = dragLeft(450, speed: 4500)
        pager.up(at: pager.now)
        #expect(pager.pageDecisions.map(\.to) == [page(1, 0)])
        #expect(pager.model.phase == .animating)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func releasePointCountsTowardsTheVelocity() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        let lockX = pager.pointer.x
        pager.move(lockX - 200, 400, at: 0.30)
        pager.run(until: 0.32)
        // The finger flicks 100 px in the last 30 ms and lifts: only the
        // release point tells.
        pager.up(lockX - 300, 400, at: 0.33)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func slowReleaseShortOfHalfAPageReturns() {
        var pager = dragLeft(300, speed: 250)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func releaseHeldPastHalfAPageFlips() {
        var pager = dragLeft(600, speed: 250)
        pager.hold(for: 0.3)
        pager.up(at: pager.now)
        #expect(pager.pageDecisions.map(\.to) == [page(1, 0)])
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func releaseHeldAtExactlyHalfAPageReturns() {
        var pager = dragLeft(500, speed: 250)
        pager.hold(for: 0.3)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0), "the projection must pass half a page")
    }

    @Test func projectionCarriesASlowReleasePastHalfAPage() {
        // 0.433 + 0.25 page/s × 0.499 s = 0.558 pages: flips, though below the fling speed.
        var pager = dragLeft(433, speed: 250)
        pager.up(at: pager.now)
        #expect(pager.pageDecisions.map(\.to) == [page(1, 0)])
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func sameSlowReleaseHeldStillReturns() {
        var pager = dragLeft(433, speed: 250)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func projectionFollowsTheConfiguredDeceleration() {
        // A fast deceleration (0.99/ms) projects only 0.099 s ahead: 0.433 + 0.025 < 0.5.
        var configuration = PagerConfiguration()
        configuration.pointerDeceleration = 0.99
        var pager = dragLeft(433, speed: 250, configuration: configuration)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func flipThresholdIsConfigurable() {
        var configuration = PagerConfiguration()
        configuration.flipThreshold = 0.33
        var pager = dragLeft(400, speed: 250, configuration: configuration)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func shortDragJustBelowFlingSpeedReturns() {
        // 0.1 + 0.28 × 0.499 = 0.24 pages: not a fling, not far enough.
        var pager = dragLeft(100, speed: 280)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func shortDragJustAboveFlingSpeedFlips() {
        var pager = dragLeft(100, speed: 330)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func flingToTheRightShowsThePreviousPage() {
        var pager = RecordingPager()
        pager.swipe(by: (150, 0), over: 0.05, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(-1, 0))
    }

    @Test func flingUpShowsTheNextRow() {
        var pager = RecordingPager()
        pager.swipe(by: (0, -150), over: 0.05, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 1))
    }

    @Test func flingBackFromPastHalfwayReturnsToTheCurrentPage() {
        var pager = dragLeft(900, speed: 1000)
        pager.moveSmoothly(by: (200, 0), over: 0.15)  // p = 0.7, heading back at 1333 px/s
        pager.up(at: pager.now)
        #expect(pager.pageDecisions.isEmpty)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func flingNeverSkipsAPage() {
        var pager = dragLeft(300, speed: 8000)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0)])
    }

    @Test func draggingAWholePageLandsOnItDuringTheDrag() {
        var pager = dragLeft(1300, speed: 1000)
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0)])
        #expect(abs(pager.model.offset.x - -300) < 1e-9, "landing shifts the offset by exactly one page")
        #expect(pager.model.phase == .dragging(.horizontal))
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.pageChanges.count == 1)
    }

    @Test func draggingBackAcrossTheLandingPointLandsBack() {
        var pager = dragLeft(1200, speed: 1000)  // lands on (1, 0), 200 px further
        pager.moveSmoothly(by: (1400, 0), over: 1.4)  // 1200 px back past it
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0), page(0, 0)])
        #expect(abs(pager.model.offset.x - 200) < 1e-9)
    }

    @Test func predictionOfExactlyZeroSettlesCleanly() {
        for style in [
            PageAnimationStyle.spring(Spring()),
            .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4),
        ] {
            var configuration = PagerConfiguration()
            configuration.animation = style
            var pager = RecordingPager(configuration: configuration)
            pager.grab(along: .horizontal, towards: -1, at: 0)
            let lockX = pager.pointer.x
            pager.move(lockX - 80, 400, at: 0.1)
            pager.move(lockX, 400, at: 0.2)  // back to the lock point: offset exactly 0
            pager.hold(for: 0.3)  // and still: velocity exactly 0
            pager.up(at: pager.now)
            var finite = true
            pager.run(for: 1) { model in
                finite = finite && model.offset.x.isFinite && model.offset.y.isFinite
            }
            #expect(finite, "\(style)")
            #expect(pager.model.isSettled, "\(style)")
            #expect(pager.model.offset == .zero, "\(style)")
            #expect(pager.kinds.last == .settled(page(0, 0)), "\(style)")
        }
    }

    @Test func releaseWithNoDragReturnsWithoutEvents() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.up(500, 400, at: 0.3)
        pager.run(for: 0.5)
        #expect(pager.events.isEmpty)
    }

    @Test func flingReadAfterALaterFrameStillFlings() {
        // The shell read the whole drag in one batch, after it drew a frame at
        // 0.50: the input keeps the times it was made at, 10 ms apart.
        var pager = RecordingPager()
        pager.run(until: 0.50)
        pager.down(700, 400, at: 0.45)
        pager.move(653, 400, at: 0.46)
        pager.move(607, 400, at: 0.47)
        pager.move(560, 400, at: 0.48)
        pager.up(560, 400, at: 0.48)
        #expect(pager.pageDecisions.map(\.to) == [page(1, 0)])
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func sameDragAllAtOneTimeIsNoFling() {
        // The same 140 px with no time between its inputs has no speed: it returns.
        var pager = RecordingPager()
        pager.run(until: 0.50)
        for x in [700.0, 653, 607, 560] {
            x == 700 ? pager.down(x, 400, at: 0.50) : pager.move(x, 400, at: 0.50)
        }
        pager.up(560, 400, at: 0.50)
        #expect(pager.pageDecisions.isEmpty)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func inputTimesNeverRunBackwards() {
        // A release stamped before the drag's last move counts at that move's
        // time: held still for no time, the drag's speed stands.
        var pager = RecordingPager()
        pager.down(700, 400, at: 0.40)
        pager.move(653, 400, at: 0.41)
        pager.move(560, 400, at: 0.43)
        pager.up(560, 400, at: 0.30)
        #expect(pager.pageDecisions.map(\.to) == [page(1, 0)])
    }
}
