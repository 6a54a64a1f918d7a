import Pager
import Testing

/// `PagerConfiguration.horizontalReversed` / `verticalReversed` run an axis
/// the other way: pages grow to the left (or upward). Offsets, slots, flips
/// and edges stay in screen terms; only which page sits where changes.
@Suite("Reversed axes")
struct ReversedAxesTests {
    private func reversed(horizontal: Bool = true, vertical: Bool = false) -> PagerConfiguration {
        var configuration = PagerConfiguration()
        configuration.horizontalReversed = horizontal
        configuration.verticalReversed = vertical
        return configuration
    }

    @Test func axesRunForwardByDefault() {
        #expect(!PagerConfiguration().horizontalReversed)
        #expect(!PagerConfiguration().verticalReversed)
    }

    @Test func theSlotRightOfTheCurrentPageShowsThePreviousPage() {
        let pager = RecordingPager(configuration: reversed())
        #expect(pager.model.slots.slot(column: 1, row: 0).page == page(-1, 0))
        #expect(pager.model.slots.slot(column: -1, row: 0).page == page(1, 0))
        #expect(pager.model.slots.slot(column: 0, row: 1).page == page(0, 1), "the other axis is unchanged")
        #expect(pager.model.slots.slot(showing: page(1, 0))?.frame.x == -pageWidth)
    }

    @Test func draggingTheContentLeftBringsThePreviousPage() {
        var pager = RecordingPager(configuration: reversed())
        pager.swipe(by: (-300, 0), over: 0.1, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(-1, 0))
        #expect(pager.pageChanges.map(\.to) == [page(-1, 0)])
    }

    @Test func draggingTheContentRightBringsTheNextPage() {
        var pager = RecordingPager(configuration: reversed())
        pager.swipe(by: (300, 0), over: 0.1, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func flipRightShowsThePageOnTheRightOfTheScreen() {
        var pager = RecordingPager(configuration: reversed())
        _ = pager.flip(.right, at: 0)
        var movedLeft = true
        pager.run(for: 1) { if $0.offset.x > 0 { movedLeft = false } }
        #expect(movedLeft, "the content moves left, as for any flip right")
        #expect(pager.model.currentPage == page(-1, 0))
    }

    @Test func aReversedVerticalAxisBringsThePreviousRowFromBelow() {
        var pager = RecordingPager(configuration: reversed(horizontal: false, vertical: true))
        pager.swipe(by: (0, -300), over: 0.1, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(0, -1))
        _ = pager.flip(.up, at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func theFirstPageEdgeIsOnTheRightOfTheScreen() {
        var pager = RecordingPager(horizontalPages: 3, configuration: reversed())
        let refused = pager.flip(.right, at: 0)
        #expect(!refused)
        #expect(pager.bounces == [.right])
        pager.settle()
        let flipped = pager.flip(.left, at: pager.now)
        #expect(flipped)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func goToAFarPageMovesTheContentTowardsIt() {
        var pager = RecordingPager(configuration: reversed())
        pager.go(to: page(3, 0), animated: true, at: 0)
        var movedRight = true
        pager.run(for: 2) { if $0.offset.x < 0 { movedRight = false } }
        #expect(movedRight, "page 3 lies to the left: the content moves right")
        #expect(pager.model.currentPage == page(3, 0))
        #expect(pager.model.slots.slot(column: 1, row: 0).page == page(2, 0))
    }

    @Test func shrinkingTheBoundsClampsThePage() {
        var pager = RecordingPager(horizontalPages: 5, initialPage: page(4, 0), configuration: reversed())
        pager.setBounds(horizontal: 3, vertical: nil, at: 0)
        #expect(pager.model.currentPage == page(2, 0))
        #expect(pager.model.slots.slot(column: -1, row: 0).page == nil)
        #expect(pager.model.slots.slot(column: 1, row: 0).page == page(1, 0))
    }
}
