import Pager
import Testing

/// Sticky album headers: each row is a table section; its
/// header is pinned at the top, pushed off by the next row's header as that
/// arrives, and replaced once the next row is current — computed from the
/// same frame's model state.
@Suite("Sticky headers")
struct StickyHeadersTests {
    /// Header bar height used here, px.
    let barHeight = 30.0
    var layout: StickyHeaderLayout { StickyHeaderLayout(headerHeight: barHeight) }

    /// Five albums (rows), at album `row`.
    func albums(at row: Int = 2, rows: Int? = 5) -> RecordingPager {
        RecordingPager(horizontalPages: 4, verticalPages: rows, initialPage: page(0, row))
    }

    func rows(_ headers: StickyHeaders) -> [Int] { headers.map(\.row) }
    func ys(_ headers: StickyHeaders) -> [Double] { headers.map(\.y) }

    @Test func atRestOnlyTheCurrentAlbumsHeaderIsShownAtTheTop() {
        let pager = albums()
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [2])
        #expect(ys(headers) == [0])
    }

    @Test func theCurrentHeaderStaysPinnedWhileDraggingAway() {
        var pager = albums()
        pager.grab(along: .vertical, towards: -1, at: 0)
        pager.moveSmoothly(by: (0, -300), over: 0.2)
        #expect(pager.model.offset.y < -250, "the page moved up: \(pager.model.offset.y)")
        let headers = layout.headers(for: pager.model)
        let current = headers.header(ofRow: 2)
        #expect(current?.y == 0)
        #expect(current?.isPinned == true)
        #expect(current.map { $0.sectionTop < 0 } == true, "its page has moved up under it")
    }

    @Test func theIncomingHeaderArrivesWithTheTopOfItsPage() {
        var pager = albums()
        pager.grab(along: .vertical, towards: -1, at: 0)
        pager.moveSmoothly(by: (0, -300), over: 0.2)
        let next = layout.headers(for: pager.model).header(ofRow: 3)
        #expect(next?.y == pager.model.offset.y + pageHeight)
        #expect(next?.isPinned == false)
    }

    @Test func draggingUpTheNextHeaderPushesTheCurrentOneOff() {
        var pager = albums()
        pager.grab(along: .vertical, towards: -1, at: 0)
        pager.moveSmoothly(by: (0, -(pageHeight - 10) - pager.model.offset.y), over: 0.4)
        let offset = pager.model.offset.y
        #expect(offset < -(pageHeight - barHeight), "the next page's top is inside the bar: \(offset)")
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [2, 3])
        let current = headers[0], next = headers[1]
        #expect(next.y == offset + pageHeight)
        #expect(current.y == next.y - barHeight, "pushed: its bottom edge touches the next header")
        #expect(current.y < 0)
    }

    @Test func draggingDownThePreviousHeaderIsPushedInByTheCurrentOne() {
        var pager = albums()
        pager.grab(along: .vertical, towards: 1, at: 0)
        pager.moveSmoothly(by: (0, 12 - pager.model.offset.y), over: 0.1)
        let offset = pager.model.offset.y
        #expect(offset > 0 && offset < barHeight, "\(offset)")
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [1, 2])
        #expect(headers[1].y == offset, "the current header moves down with its page")
        #expect(headers[0].y == offset - barHeight, "the previous album's header sits right above it")
    }

    @Test func draggingDownThePreviousHeaderPinsOnceTheCurrentOneHasMovedAway() {
        var pager = albums()
        pager.grab(along: .vertical, towards: 1, at: 0)
        pager.moveSmoothly(by: (0, 300), over: 0.2)
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [1, 2])
        #expect(headers[0].y == 0)
        #expect(headers[0].isPinned)
        #expect(headers[1].y == pager.model.offset.y)
    }

    @Test func theNextHeaderReplacesTheCurrentOneOnceItsAlbumArrives() {
        var pager = albums()
        pager.swipe(by: (0, -500), over: 0.25, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 3))
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [3])
        #expect(ys(headers) == [0])
    }

    @Test func headersNeverOverlapAndTheTopOneTouchesTheViewportOrTheNext() {
        for step in stride(from: -799.0, through: 799.0, by: 7) {
            let headers = layout.headers(offsetY: step, currentRow: 2, pageHeight: pageHeight,
                                         verticalBounds: AxisBounds(pageCount: 5))
            #expect(headers.count >= 1 && headers.count <= 2, "offset \(step)")
            for (upper, lower) in zip(headers, headers.dropFirst()) {
                #expect(upper.y + barHeight <= lower.y + 1e-9, "offset \(step): \(upper) over \(lower)")
            }
            #expect(headers.contains { $0.y <= 0 }, "offset \(step): the top of the viewport always has a header")
        }
    }

    @Test func theLastAlbumsHeaderStaysPinnedInTheRubberBand() {
        var pager = albums(at: 4)
        pager.grab(along: .vertical, towards: -1, at: 0)
        pager.moveSmoothly(by: (0, -200), over: 0.2)
        #expect(pager.model.offset.y < 0)
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [4])
        #expect(ys(headers) == [0])
    }

    @Test func theFirstAlbumsHeaderMovesWithItsPageInTheRubberBand() {
        var pager = albums(at: 0)
        pager.grab(along: .vertical, towards: 1, at: 0)
        pager.moveSmoothly(by: (0, 200), over: 0.2)
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [0])
        #expect(headers[0].y == pager.model.offset.y)
        #expect(headers[0].y > 0)
    }

    @Test func aDisabledVerticalAxisShowsOneFixedHeader() {
        var pager = RecordingPager(horizontalPages: 6, verticalPages: 0)
        pager.down(500, 400, at: 0)
        pager.moveSmoothly(by: (0, -300), over: 0.2)
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [0])
        #expect(ys(headers) == [0])
    }

    @Test func anUnboundedVerticalAxisHasHeadersForNegativeRows() {
        var pager = albums(at: 0, rows: nil)
        pager.grab(along: .vertical, towards: 1, at: 0)
        pager.moveSmoothly(by: (0, 300), over: 0.2)
        let headers = layout.headers(for: pager.model)
        #expect(rows(headers) == [-1, 0])
        #expect(headers[0].y == 0)
    }

    @Test func duringASpringAnimationHeadersFollowTheSameFramesOffset() {
        var pager = albums()
        pager.flip(.down, at: 0)
        var frames = 0
        var sawPush = false
        pager.run(for: 0.6) { model in
            frames += 1
            let headers = layout.headers(for: model)
            for header in headers {
                // The page of that row, in this frame's slots.
                let slot = model.slots.first { $0.column == 0 && $0.page?.v == header.row }
                #expect(slot?.frame.y == header.sectionTop, "frame \(frames): row \(header.row)")
                #expect(header.y == StickyHeaderLayout.position(
                    sectionTop: slot?.frame.y ?? .nan, sectionHeight: pageHeight, headerHeight: barHeight))
            }
            if headers.count == 2, headers[0].y < 0 { sawPush = true }
        }
        #expect(pager.model.currentPage == page(0, 3))
        #expect(sawPush, "the animation passed through the push")
    }

    @Test func aBarTallerThanThePageIsClampedToThePageAndMovesWithIt() {
        let headers = StickyHeaderLayout(headerHeight: 5000).headers(
            offsetY: -100, currentRow: 0, pageHeight: pageHeight, verticalBounds: AxisBounds(pageCount: 3))
        #expect(headers.map(\.y) == [-100, 700])
        #expect(headers.allSatisfy { $0.y == $0.sectionTop })
    }

    @Test func aZeroHeightBarShowsNothing() {
        let headers = StickyHeaderLayout(headerHeight: 0).headers(
            offsetY: 0, currentRow: 0, pageHeight: pageHeight, verticalBounds: AxisBounds(pageCount: 3))
        #expect(headers.isEmpty)
    }
}
