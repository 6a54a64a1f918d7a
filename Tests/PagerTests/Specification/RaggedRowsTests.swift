import Pager
import Testing

/// Ragged rows (`PagerModel+RaggedRows.swift`): row `v` has `rowLengths[v]`
/// pages; a move into a shorter row lands on its last page when the column
/// is past its end; a flip right at a row's end bounces.
@Suite("Ragged rows")
struct RaggedRowsTests {
    /// Rows of 5, 2 and 8 pages.
    private let lengths = [5, 2, 8]

    private func pager(at start: PageIndex) -> RecordingPager {
        var pager = RecordingPager()
        pager.model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, rowLengths: lengths,
                                 initialPage: start)
        return pager
    }

    @Test func theBoundsAreTheLongestRowAndOneRowPerLength() {
        let model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, rowLengths: lengths)
        #expect(model.horizontalPages == 8)
        #expect(model.verticalPages == 3)
        #expect(model.rowLengths == lengths)
    }

    @Test func aFlipRightAtTheEndOfAShortRowBounces() {
        var pager = pager(at: page(1, 1))
        let flipped = pager.flip(.right, at: 0)
        pager.settle()
        #expect(!flipped)
        #expect(pager.bounces == [.right])
        #expect(pager.model.currentPage == page(1, 1))
    }

    @Test func aFlipRightInsideALongRowStillMoves() {
        var pager = pager(at: page(1, 2))
        _ = pager.flip(.right, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(2, 2))
    }

    @Test func movingDownIntoAShorterRowLandsOnItsLastPage() {
        var pager = pager(at: page(4, 0))
        _ = pager.flip(.down, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 1))
        #expect(pager.pageChanges.map(\.to) == [page(1, 1)])
        let decided = pager.kinds.compactMap { kind -> PageIndex? in
            if case .pageWillChange(_, let to) = kind { return to }
            return nil
        }
        #expect(decided == [page(1, 1)])
    }

    @Test func theSlotBelowShowsWhereAMoveDownLands() {
        let model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, rowLengths: lengths,
                               initialPage: page(4, 0))
        #expect(model.slots.slot(column: 0, row: 1).page == page(1, 1))
        #expect(model.slots.slot(column: -1, row: 1).page == page(0, 1))
        #expect(model.slots.slot(column: 1, row: 1).page == nil)
        #expect(model.slots.slot(column: 1, row: 0).page == nil, "page (5, 0) is past the first row's end")
    }

    @Test func aDragUpIntoAShorterRowLandsOnItsLastPage() {
        var pager = pager(at: page(4, 0))
        pager.swipe(by: (0, -300), over: 0.05, at: 0)   // content flung up: the row below
        pager.settle()
        #expect(pager.model.currentPage == page(1, 1))
    }

    @Test func movingIntoALongerRowKeepsTheColumn() {
        var pager = pager(at: page(1, 1))
        _ = pager.flip(.down, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 2))
    }

    @Test func goPlacesTheTargetIntoItsRow() {
        var pager = pager(at: page(0, 0))
        pager.go(to: page(7, 1), animated: false, at: 0)
        #expect(pager.model.currentPage == page(1, 1))
        pager.go(to: page(7, 2), animated: true, at: 0.1)
        pager.settle()
        #expect(pager.model.currentPage == page(7, 2))
    }

    @Test func newRowLengthsPlaceTheCurrentPage() {
        var pager = pager(at: page(4, 0))
        pager.model.setRowLengths([2, 2], time: 0)
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.model.verticalPages == 2 && pager.model.horizontalPages == 2)
        pager.model.setRowLengths(nil, time: 0.1)
        #expect(pager.model.rowLengths == nil)
        #expect(pager.model.horizontalPages == 2)
    }

    @Test func setBoundsEndsRaggedRows() {
        var pager = pager(at: page(1, 1))
        pager.setBounds(horizontal: 6, vertical: 3, at: 0)
        #expect(pager.model.rowLengths == nil)
        _ = pager.flip(.right, at: 0.1)
        pager.settle()
        #expect(pager.model.currentPage == page(2, 1))
    }

    @Test func aRowLengthBelowOneCountsAsOne() {
        let model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, rowLengths: [0, -3, 2])
        #expect(model.rowLengths == [1, 1, 2])
    }
}
