import Pager
import Testing

/// Resizing at any time, even mid-animation, keeps the page
/// and the relative position `p = -offset / pageSize`.
@Suite("Resize")
struct ResizeTests {
    @Test func resizeAtRestKeepsThePageAndFillsTheNewViewport() {
        var pager = RecordingPager(initialPage: page(2, 3))
        pager.resize(width: 640, height: 480, at: 0)
        #expect(pager.model.pageWidth == 640 && pager.model.pageHeight == 480)
        #expect(pager.model.currentPage == page(2, 3))
        #expect(pager.model.offset == .zero)
        let centre = pager.model.slots.slot(column: 0, row: 0)
        #expect(centre.frame == Rect(x: 0, y: 0, width: 640, height: 480))
        #expect(centre.visibleFraction == 1)
        #expect(pager.model.slots.slot(column: 1, row: -1).frame == Rect(x: 640, y: -480, width: 640, height: 480))
        #expect(pager.events.isEmpty, "nothing moved")
    }

    @Test func resizeMidDragKeepsTheRelativePosition() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 300, 400, at: 0.1)
        let before = pager.position
        pager.resize(width: 1600, height: 900, at: 0.11)
        #expect(abs(pager.position.h - before.h) < 1e-12)
        #expect(pager.model.phase == .dragging(.horizontal))
        #expect(abs(pager.model.slots.slot(column: 0, row: 0).frame.x - -480) < 1e-9)
    }

    @Test func releaseAfterResizeMidDragDecidesOnTheKeptPosition() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 600, 400, at: 0.1)
        pager.hold(for: 0.2)
        pager.resize(width: 500, height: 400, at: pager.now)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test(arguments: [
        PageAnimationStyle.spring(Spring()),
        .spring(Spring(dampingRatio: 0.5)),
        .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4),
    ])
    func resizeMidAnimationLeavesThePositionInPagesUnchanged(style: PageAnimationStyle) {
        var configuration = PagerConfiguration()
        configuration.animation = style
        var resized = RecordingPager(configuration: configuration)
        var reference = RecordingPager(configuration: configuration)
        resized.flip(.down, at: 0)
        reference.flip(.down, at: 0)
        resized.run(until: 0.05)
        reference.run(until: 0.05)
        let before = resized.position
        resized.resize(width: 400, height: 300, at: 0.05)
        #expect(abs(resized.position.v - before.v) < 1e-12, "continuous at the resize")
        for k in 1...12 {
            let t = 0.05 + Double(k) * frame
            resized.advance(to: t)
            reference.advance(to: t)
            if resized.model.currentPage == reference.model.currentPage {
                #expect(abs(resized.position.v - reference.position.v) < 1e-6, "at \(t) s")
            }
        }
        resized.settle()
        #expect(resized.model.currentPage == page(0, 1))
        #expect(resized.model.isSettled)
    }

    @Test func resizeDuringAnEdgeBounceKeepsItWithinThePage() {
        var pager = RecordingPager(horizontalPages: 2)
        pager.grab(along: .horizontal, towards: +1, at: 0)
        pager.move(pager.pointer.x + 800, 400, at: 0.1)
        let before = pager.position
        pager.resize(width: 300, height: 200, at: 0.1)
        #expect(abs(pager.position.h - before.h) < 1e-12)
        pager.up(at: 0.2)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0) && pager.model.isSettled)
    }

    /// Fuzz finding: an offset a hair under a page, scaled to the new size,
    /// rounded to exactly one page (100 px − 1 ulp times 295/100 is 295).
    @Test func resizeNeverRoundsTheOffsetUpToAWholePage() {
        var model = PagerModel(pageWidth: 100, pageHeight: 100)
        model.pointerDown(x: 150, y: 50, time: 0)
        model.pointerMoved(x: 120, y: 50, time: 0.01)
        let lock = 120 - model.offset.x   // the offset follows the pointer 1:1 from here
        model.pointerMoved(x: lock - Double(100).nextDown, y: 50, time: 0.02)
        try? #require(model.offset.x == -Double(100).nextDown, "the drag reached a hair under a page")
        model.resize(width: 295, height: 100, time: 0.03)
        #expect(model.offset.x > -295)
        #expect(model.slots.slot(column: 1, row: 0).frame.x > 0, "the next page still starts right of the edge")
        model.pointerUp(x: lock - Double(100).nextDown, y: 50, time: 0.5)   // held still: no fling
        var time = 0.5
        while !model.isSettled && time < 5 {
            time += 1.0 / 60
            model.advance(to: time)
        }
        #expect(model.isSettled)
        #expect(model.currentPage == PageIndex(h: 1, v: 0))
    }
}
