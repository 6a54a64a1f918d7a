import Pager
import Testing

/// The paging options changed on a running pager (`PagerModel+Options.swift`,
/// `setRowLengths`): each behaves as the option set at creation does, and a
/// change mid-drag or mid-animation keeps the page the pager is on or heading for.
@Suite("Option setters")
struct OptionSettersTests {
    @Test func spacingSetLaterPlacesSlotsOnePitchApart() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight)
        model.setSpacing(40, time: 0)
        #expect(model.slots.slot(column: 1, row: 0).frame.x == pageWidth + 40)
        #expect(model.slots.slot(column: 0, row: -1).frame.y == -(pageHeight + 40))
        #expect(model.configuration.spacing == 40)
    }

    @Test func spacingSetMidDragKeepsTheOffsetsShareOfThePitch() {
        var pager = RecordingPager()
        pager.drag(from: (900, 400), by: (dx: -400, dy: 0), over: 0.2, at: 0)
        let before = pager.model.offset.x
        pager.model.setSpacing(250, time: pager.now)
        #expect(abs(pager.model.offset.x - before * (pageWidth + 250) / pageWidth) < 1e-9)
        pager.up(at: pager.now + 0.01)
        pager.settle()
        #expect(pager.model.offset == .zero)
    }

    @Test func reversingShowsTheOtherPagesAndFlipsGoThere() {
        var pager = RecordingPager()
        pager.model.setReversed(horizontal: true, vertical: false, time: 0)
        #expect(pager.model.slots.slot(column: 1, row: 0).page == page(-1, 0))
        #expect(pager.model.slots.slot(column: 0, row: 1).page == page(0, 1))
        pager.flip(.right, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(-1, 0))
    }

    @Test func reversingMidFlipKeepsHeadingForTheSamePage() {
        var pager = RecordingPager()
        pager.flip(.down, at: 0)
        pager.run(for: 0.03)
        let shown = pager.model.offset.y
        pager.model.setReversed(horizontal: false, vertical: true, time: pager.now)
        #expect(pager.model.offset.y == -shown)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 1))
        #expect(pager.pageChanges.map(\.to) == [page(0, 1)])
    }

    @Test func reversingMidDragEndsItOnTheNearestPage() {
        var pager = RecordingPager()
        pager.drag(from: (900, 400), by: (dx: -300, dy: 0), over: 0.2, at: 0)
        pager.model.setReversed(horizontal: true, vertical: false, time: pager.now)
        #expect(pager.model.phase == .settling)
        pager.up(at: pager.now + 0.01)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func reversingToTheSameDirectionsReportsNothing() {
        var pager = RecordingPager()
        let mark = pager.mark
        pager.model.setReversed(horizontal: false, vertical: false, time: 0)
        pager.advance(to: 0.01)
        #expect(pager.events(since: mark).isEmpty)
    }

    @Test func longSwipesSetLaterTravelSeveralPages() {
        var pager = RecordingPager()
        pager.model.setLongSwipes(true, maximumPages: 3)
        pager.swipe(from: (900, 400), by: (dx: -800, dy: 0), over: 0.05, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(3, 0))
        pager.model.setLongSwipes(false, maximumPages: 0)
        #expect(pager.model.configuration.maximumLongSwipePages == 1)
        pager.swipe(from: (900, 400), by: (dx: -800, dy: 0), over: 0.05, at: pager.now + 1)
        pager.settle()
        #expect(pager.model.currentPage == page(4, 0))
    }

    @Test func anEdgeThatStopsOvershootingHoldsADragPulledPastIt() {
        var pager = RecordingPager()
        pager.model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, horizontalPages: 3)
        pager.drag(from: (100, 400), by: (dx: 300, dy: 0), over: 0.2, at: 0)
        #expect(pager.model.offset.x > 0)
        pager.model.setOvershootEdges([.right, .top, .bottom])
        #expect(pager.model.offset.x == 0)
        pager.moveSmoothly(by: (dx: 100, dy: 0), over: 0.1)
        #expect(pager.model.offset.x == 0)
        pager.up(at: pager.now + 0.01)
        pager.settle()
        #expect(pager.bounces.isEmpty)
    }

    @Test func rowLengthsFromAnyCollectionReuseTheModelsStorage() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, verticalPages: 3)
        let counts: [Int64] = [5, 2, 8]
        model.setRowLengths(counts.lazy.map { Int($0) }, time: 0)
        #expect(model.rowLengths == [5, 2, 8])
        #expect(model.horizontalPages == 8 && model.verticalPages == 3)
        model.setRowLengths(nil, time: 0)
        #expect(model.rowLengths == nil && model.horizontalPages == 8)
        model.setRowLengths([0, 4], time: 0)
        #expect(model.rowLengths == [1, 4] && model.verticalPages == 2)
    }
}
