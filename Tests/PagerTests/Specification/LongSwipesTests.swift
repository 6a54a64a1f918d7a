import Pager
import Testing

/// `PagerConfiguration.allowsLongSwipes`: a release travels as many pages as
/// its decelerated projection reaches (libadwaita's `allow-long-swipes`), at
/// most `maximumLongSwipePages`, landing on every page it passes.
@Suite("Long swipes")
struct LongSwipesTests {
    private func configuration(maximum: Int = 5) -> PagerConfiguration {
        var configuration = PagerConfiguration()
        configuration.allowsLongSwipes = true
        configuration.maximumLongSwipePages = maximum
        return configuration
    }

    /// A hard fling to the left: 600 px in 50 ms, far above the 8000 px/s cap.
    private func hardFling(_ pager: inout RecordingPager) {
        pager.swipe(by: (-600, 0), over: 0.05, at: 0)
        pager.settle()
    }

    @Test func offByDefaultAFlingMovesOnePage() {
        var pager = RecordingPager()
        hardFling(&pager)
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func aHardFlingTravelsSeveralPages() {
        var pager = RecordingPager(configuration: configuration())
        hardFling(&pager)
        // 8000 px/s projected with UIScrollView's deceleration (0.499 s) is about 4 pages of 1000 px.
        #expect(pager.model.currentPage.h >= 3)
        #expect(pager.model.currentPage.v == 0)
    }

    @Test func everyPagePassedIsLandedOnInTurn() {
        var pager = RecordingPager(configuration: configuration())
        hardFling(&pager)
        let changes = pager.pageChanges
        #expect(changes.count == pager.model.currentPage.h)
        #expect(changes.map(\.to) == (1...max(1, pager.model.currentPage.h)).map { page($0, 0) })
        let recycles = pager.kinds.filter { if case .slotsRecycled = $0 { true } else { false } }
        #expect(recycles.count == changes.count)
    }

    @Test func theMaximumCapsTheTravel() {
        var pager = RecordingPager(configuration: configuration(maximum: 2))
        hardFling(&pager)
        #expect(pager.model.currentPage == page(2, 0))
    }

    @Test func aSlowDragStillMovesOnePage() {
        var pager = RecordingPager(configuration: configuration())
        pager.drag(by: (-700, 0), over: 0.7, at: 0)
        pager.hold(for: 0.3)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func aLongSwipeStopsAtTheLastPageWithoutABounce() {
        var pager = RecordingPager(horizontalPages: 3, configuration: configuration())
        hardFling(&pager)
        #expect(pager.model.currentPage == page(2, 0))
        #expect(pager.bounces.isEmpty)
    }

    @Test func aLongSwipeFromTheLastPageBounces() {
        var pager = RecordingPager(horizontalPages: 3, initialPage: page(2, 0), configuration: configuration())
        hardFling(&pager)
        #expect(pager.model.currentPage == page(2, 0))
        #expect(pager.bounces == [.right])
    }

    @Test func aGentleFlingStillMovesAtLeastOnePage() {
        var pager = RecordingPager(configuration: configuration())
        pager.swipe(by: (-40, 0), over: 0.08, at: 0)   // 500 px/s: a fling, projected under half a page
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }
}
