import Pager
import Testing

/// Interruptions, and a known failure of other pagers (SwiftUIPager #238: a second
/// finger leaves the pager stuck between pages): an interrupted gesture is
/// reported and settles on the nearest page, without fling.
@Suite("Interruptions")
struct InterruptionsTests {
    /// A locked horizontal drag `distance` px to the left at 1000 px/s, still held.
    private func draggedLeft(_ distance: Double, bounds: Int? = nil) -> RecordingPager {
        var pager = RecordingPager(horizontalPages: bounds)
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.moveSmoothly(by: (-distance, 0), over: distance / 1000)
        return pager
    }

    @Test(arguments: InterruptionReason.allCases)
    func everyReasonIsReportedWithTheNearestPage(reason: InterruptionReason) {
        var pager = draggedLeft(300)
        let mark = pager.mark
        let time = pager.now
        let result = pager.interrupt(reason, at: time)
        #expect(result)
        #expect(pager.events(since: mark).first == PagerEvent(time: time, kind: .interrupted(reason, page: page(0, 0))))
        pager.settle()
        #expect(pager.model.isSettled)
        #expect(pager.kinds.last == .settled(page(0, 0)))
    }

    @Test func requiredReasonsExist() {
        let names = Set(InterruptionReason.allCases.map(\.rawValue))
        #expect(names.isSuperset(of: [
            "focus-lost", "window-hidden", "second-pointer", "released-outside", "escape", "host",
        ]))
    }

    @Test func secondPointerPastHalfwaySettlesOnTheNextPage() {
        var pager = draggedLeft(600)
        pager.interrupt(.secondPointer, at: pager.now)
        #expect(pager.kinds.contains(.interrupted(.secondPointer, page: page(1, 0))))
        #expect(pager.model.isDragging == false)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.model.isSettled, "never left stuck between pages")
    }

    @Test func interruptionIgnoresTheVelocity() {
        // 300 px at 5000 px/s would be a fling if released; interrupted, it is not.
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.moveSmoothly(by: (-300, 0), over: 0.06)
        pager.interrupt(.focusLost, at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func exactlyHalfAPageRoundsToTheCurrentPage() {
        var pager = draggedLeft(500)
        pager.interrupt(.host, at: pager.now)
        #expect(pager.kinds.contains(.interrupted(.host, page: page(0, 0))))
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func interruptionPastAnEdgeSettlesOnTheEdgePage() {
        var pager = RecordingPager(horizontalPages: 2, initialPage: page(1, 0))
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.moveSmoothly(by: (-3000, 0), over: 1)
        pager.interrupt(.windowHidden, at: pager.now)
        #expect(pager.kinds.contains(.interrupted(.windowHidden, page: page(1, 0))))
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0) && pager.model.isSettled)
    }

    @Test func interruptingAPressIsReportedToo() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        let result = pager.interrupt(.secondPointer, at: 0.02)
        #expect(result)
        #expect(pager.kinds.first == .interrupted(.secondPointer, page: page(0, 0)))
        pager.settle()
        #expect(pager.model.phase == .idle)
        #expect(pager.kinds.last == .settled(page(0, 0)))
    }

    @Test func interruptingAScrollGestureSettlesIt() {
        var pager = RecordingPager()
        for k in 1...20 { pager.scroll(dx: -30, dy: 0, at: Double(k) * frame) }
        let result = pager.interrupt(.escape, at: pager.now)
        #expect(result)
        #expect(pager.kinds.contains(.interrupted(.escape, page: page(1, 0))))
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.model.isSettled)
    }

    @Test func interruptWithNothingInProgressDoesNothing() {
        var pager = RecordingPager()
        let result = pager.interrupt(.escape, at: 0)
        #expect(!result)
        #expect(pager.events.isEmpty)
        #expect(pager.model.isSettled)
    }

    @Test func interruptDuringAnAnimationLetsItFinish() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.run(until: 0.05)
        let mark = pager.mark
        let result = pager.interrupt(.escape, at: 0.05)
        #expect(!result, "Escape may quit: nothing was interrupted")
        #expect(pager.events(since: mark).isEmpty)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func pointerReleasedAfterAnInterruptionChangesNothing() {
        var pager = draggedLeft(300)
        pager.interrupt(.releasedOutside, at: pager.now)
        pager.settle()
        let settledAt = pager.mark
        // The host may still see the button go up later.
        pager.move(100, 400, at: pager.now + 0.1)
        pager.up(100, 400, at: pager.now + 0.1)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.isSettled)
        #expect(pager.events(since: settledAt).allSatisfy { !$0.kind.isPageChanged })
    }
}
