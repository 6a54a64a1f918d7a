import Pager
import Testing

/// A touchpad swipe in touchpad units at a 1280 × 800 page: 400 units per
/// page across, 300 down (libadwaita's `TOUCHPAD_BASE_DISTANCE_H` / `_V`),
/// a fling from 0.6 units/ms over the last 150 ms, the nearest page
/// otherwise, and one page per swipe.
@Suite("Touchpad units")
struct TouchpadUnitsTests {
    /// The page width these tests use, px (a common laptop window).
    static let width = 1280.0
    static let height = 800.0

    private func pager(longSwipes: Bool = false, endGap: Double = 0.15) -> RecordingPager {
        var configuration = PagerConfiguration()
        configuration.allowsLongSwipes = longSwipes
        configuration.scrollEndGap = endGap
        return RecordingPager(width: Self.width, height: Self.height, configuration: configuration)
    }

    /// `count` scroll events of `units` each along `axis` (negative: content
    /// to the left or up), `spacing` s apart from `start`. Returns the last event's time.
    @discardableResult
    private func swipe(
        _ pager: inout RecordingPager, count: Int, of units: Double, every spacing: Double,
        along axis: Axis = .horizontal, from start: Double = 0.01
    ) -> Double {
        var time = start
        for k in 0..<count {
            time = start + Double(k) * spacing
            pager.scroll(dx: axis == .horizontal ? units : 0, dy: axis == .vertical ? units : 0, at: time)
        }
        return time
    }

    /// The content has followed the fingers `units` (negative: left) across,
    /// so a swipe that returns has moved first, and is not ignored input.
    private func expectFollowed(_ pager: RecordingPager, units: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = units * Self.width / 400
        #expect(abs(pager.model.offset.x - expected) < 1e-9, "offset \(pager.model.offset.x), not \(expected)",
                sourceLocation: sourceLocation)
    }

    @Test func slowHundredTwentyUnitsReturnToTheSamePage() {
        // 12 × 10 units, 25 ms apart: 0.4 units/ms, and 0.3 of a page is nearer the start.
        var pager = pager()
        let last = swipe(&pager, count: 12, of: -10, every: 0.025)
        expectFollowed(pager, units: -120)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageDecisions.isEmpty)
    }

    @Test func fastHundredTwentyUnitsTurnToTheNextPage() {
        // 3 × 40 units in 16 ms steps: 2.5 units/ms.
        var pager = pager()
        let last = swipe(&pager, count: 3, of: -40, every: 0.016)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func slowThreeHundredUnitsTurnToTheNextPage() {
        // 0.75 of a page is nearer the next page.
        var pager = pager()
        let last = swipe(&pager, count: 30, of: -10, every: 0.025)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func slowThousandUnitsMoveExactlyOnePage() {
        var pager = pager()
        let last = swipe(&pager, count: 100, of: -10, every: 0.025)
        #expect(pager.model.currentPage == page(1, 0), "held at the next page while the fingers go on")
        #expect(pager.model.offset.x == 0)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0)])
    }

    @Test func fastThousandUnitsStillMoveOnePage() {
        var pager = pager()
        let last = swipe(&pager, count: 25, of: -40, every: 0.008)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func turningBackAfterTheHoldMovesAtOnce() {
        var pager = pager()
        let last = swipe(&pager, count: 60, of: -10, every: 0.025)
        #expect(pager.model.currentPage == page(1, 0))
        pager.scroll(dx: 40, dy: 0, at: last + 0.025)
        #expect(pager.model.offset.x == 40 * Self.width / 400, "40 units back show 0.1 page of page 0 at once")
    }

    @Test func slowThousandUnitsWithLongSwipesMoveFurther() {
        var pager = pager(longSwipes: true)
        let last = swipe(&pager, count: 100, of: -10, every: 0.025)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage.h >= 2)
    }

    @Test func aDistanceSetLaterScalesTheNextSwipe() {
        var pager = pager(endGap: .infinity)
        pager.model.setTouchpadDistance(TouchpadDistance(horizontal: 800, vertical: 600))
        let last = swipe(&pager, count: 30, of: -10, every: 0.025)
        pager.run(until: last + 0.5)
        #expect(pager.model.offset.x == -0.375 * Self.width, "300 of 800 units a page = 480 px")
    }

    @Test func aDistanceThatIsNotOneCountsAsLibadwaitas() {
        var pager = pager(endGap: .infinity)
        pager.model.setTouchpadDistance(TouchpadDistance(horizontal: .nan, vertical: 0))
        let last = swipe(&pager, count: 30, of: -10, every: 0.025)
        pager.run(until: last + 0.5)
        #expect(pager.model.offset.x == -0.75 * Self.width, "300 of 400 units a page")
    }

    @Test func restingFingersHoldThePageExactlyWhereTheyLeftIt() {
        var pager = pager(endGap: .infinity)
        let last = swipe(&pager, count: 30, of: -10, every: 0.025)
        pager.run(until: last + 0.5)
        #expect(pager.model.offset.x == -0.75 * Self.width, "300 units = 0.75 × 1280 = 960 px")
        #expect(pager.model.phase == .scrolling(.horizontal), "no animation, no release")
        #expect(pager.pageDecisions.isEmpty)
    }

    @Test func aQuietGapEndsARestingSwipeWhenTheSourceHasNoLift() {
        var pager = pager()
        let last = swipe(&pager, count: 30, of: -10, every: 0.025)
        #expect(pager.model.phase == .scrolling(.horizontal), "the swipe is under way before the gap")
        expectFollowed(pager, units: -300)
        pager.run(until: last + 0.5)
        #expect(pager.model.phase != .scrolling(.horizontal))
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0), "ended as a lift there would: 0.75 page is nearer the next")
    }

    @Test func setScrollEndGapSwitchesTheQuietGapOff() {
        var pager = pager()
        pager.model.setScrollEndGap(.infinity)
        let last = swipe(&pager, count: 30, of: -10, every: 0.025)
        pager.run(until: last + 1)
        #expect(pager.model.phase == .scrolling(.horizontal))
    }

    @Test func aQuietGapThatIsNotAboveZeroKeepsTheDefault() {
        var pager = pager()
        pager.model.setScrollEndGap(.nan)
        #expect(pager.model.configuration.scrollEndGap == 0.15)
        pager.model.setScrollEndGap(-1)
        #expect(pager.model.configuration.scrollEndGap == 0.15)
        pager.model.setScrollEndGap(0.3)
        #expect(pager.model.configuration.scrollEndGap == 0.3)
    }

    @Test func verticalHundredFiftyUnitsAreHalfAPage() {
        var pager = pager()
        swipe(&pager, count: 15, of: -10, every: 0.025, along: .vertical)
        #expect(abs(pager.model.offset.y + 0.5 * Self.height) < 1e-9, "150 units of 300 a page")
    }

    @Test func theFirstEventCountsExactlyOnce() {
        var pager = pager()
        pager.scroll(dx: -300, dy: 0, at: 0.01)
        #expect(pager.model.offset.x == -0.75 * Self.width, "300 units move exactly 0.75 of a page")
    }

    @Test func unitsBelowTheSlopMoveWithTheLock() {
        var pager = pager()
        pager.scroll(dx: -3, dy: 0, at: 0.01)
        #expect(pager.model.offset.x == 0)
        pager.scroll(dx: -3, dy: 0, at: 0.02)
        #expect(abs(pager.model.offset.x + 6 * Self.width / 400) < 1e-9, "the travel before the lock is not lost")
    }

    @Test func theSameUnitsMoveTheSameShareOfAnyPage() {
        var narrow = RecordingPager(width: 640, height: 480)
        var wide = RecordingPager(width: 2560, height: 1440)
        narrow.scroll(dx: -100, dy: 0, at: 0.01)
        wide.scroll(dx: -100, dy: 0, at: 0.01)
        #expect(narrow.model.offset.x / 640 == wide.model.offset.x / 2560)
        #expect(narrow.model.offset.x == -160)
    }

    @Test func anEventAtTheLiftTimeCountsInPositionAndVelocity() {
        // Slow until the last event, which comes with the lift: that 60-unit jump makes it a fling.
        var pager = pager()
        let last = swipe(&pager, count: 5, of: -10, every: 0.025)
        pager.scroll(dx: -60, dy: 0, at: last + 0.016)
        #expect(pager.model.offset.x == -110 * Self.width / 400)
        pager.scrollEnded(at: last + 0.016)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func withoutTheEventAtTheLiftTheSameSwipeReturns() {
        var pager = pager()
        let last = swipe(&pager, count: 5, of: -10, every: 0.025)
        expectFollowed(pager, units: -50)
        pager.scrollEnded(at: last + 0.016)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func aFastSwipeTurnsAPageWiderThanTheSpeedCapAllows() {
        // 8000 px/s, the release speed cap, is 417 units/s on a 7680 px page.
        var pager = RecordingPager(width: 7680, height: 4320)
        let last = swipe(&pager, count: 3, of: -40, every: 0.016)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func justBelowTheFlingSpeedSettlesOnTheNearestPage() {
        // 11 units per 20 ms = 0.55 units/ms: not a fling, and 0.3 page is nearer the start.
        var pager = pager()
        let last = swipe(&pager, count: 11, of: -11, every: 0.02)
        expectFollowed(pager, units: -121)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func justAboveTheFlingSpeedTurnsThePage() {
        // 13 units per 20 ms = 0.65 units/ms.
        var pager = pager()
        let last = swipe(&pager, count: 9, of: -13, every: 0.02)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func aReturnToTheSamePageReportsNoPageChange() {
        var pager = pager()
        let last = swipe(&pager, count: 12, of: -10, every: 0.025)
        expectFollowed(pager, units: -120)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.pageChanges.isEmpty)
        #expect(pager.settledPages == [page(0, 0)])
    }

    @Test func aFlingBackAfterAHeldPageReturnsToTheStart() {
        // 500 units slow (held on page 1), then a quick 120 units back.
        var pager = pager()
        var last = swipe(&pager, count: 50, of: -10, every: 0.025)
        last = swipe(&pager, count: 3, of: 40, every: 0.016, from: last + 0.016)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func aFlingThatCatchesAFlipGoesOnePagePastIt() {
        // Rapid paging: the second swipe catches the first one's animation.
        var pager = pager()
        var last = swipe(&pager, count: 3, of: -40, every: 0.016)
        pager.scrollEnded(at: last)
        pager.run(for: 0.05)
        last = swipe(&pager, count: 3, of: -40, every: 0.016, from: pager.now + 0.01)
        pager.scrollEnded(at: last)
        pager.settle()
        #expect(pager.model.currentPage == page(2, 0))
    }
}
