import Pager
import Testing

/// Interruptible animations (README.md, "Catching"):
/// grabbing a moving page catches it exactly where it is shown, the drag
/// continues from there with no slop, and a caught flip is not lost.
@Suite("Catching")
struct CatchingTests {
    /// A pager flipping right, stepped at 120 fps until `time`.
    private func flippingRight(until time: Double) -> RecordingPager {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.run(until: time)
        return pager
    }

    @Test func catchingAMovingPageFreezesItExactlyWhereItIs() {
        var pager = flippingRight(until: 0.05)
        let shown = pager.model.offset
        #expect(shown.x < -1 && shown.x > -pageWidth + 1, "caught mid-flight")
        pager.down(300, 300, at: 0.05)
        #expect(pager.model.offset == shown)
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func catchingBetweenFramesFreezesWhatIsShown() {
        var pager = flippingRight(until: 0.05)
        let shown = pager.model.offset
        pager.down(300, 300, at: 0.053)  // the press arrives 3 ms after the last frame
        #expect(pager.model.offset == shown, "grabbing catches the page where it is shown")
    }

    @Test func catchEmitsDragBeganAndAxisLockedAtOnce() {
        var pager = flippingRight(until: 0.05)
        let mark = pager.mark
        pager.down(300, 300, at: 0.05)
        #expect(pager.kinds(since: mark) == [.dragBegan, .axisLocked(.horizontal)])
        #expect(pager.events(since: mark).allSatisfy { $0.time == 0.05 })
        #expect(pager.model.phase == .dragging(.horizontal))
        #expect(pager.model.isDragging)
    }

    @Test func catchLocksTheAxisTheOffsetIsDisplacedOn() {
        var pager = RecordingPager()
        pager.flip(.up, at: 0)
        pager.run(until: 0.05)
        let mark = pager.mark
        pager.down(300, 300, at: 0.05)
        #expect(pager.kinds(since: mark) == [.dragBegan, .axisLocked(.vertical)])
    }

    @Test func caughtPageFollowsThePointerWithoutSlop() {
        var pager = flippingRight(until: 0.05)
        let shown = pager.model.offset
        pager.down(300, 300, at: 0.05)
        pager.move(295, 300, at: 0.06)  // 5 px: well inside the slop
        #expect(pager.model.offset.x == shown.x - 5)
        pager.move(310, 360, at: 0.07)
        #expect(pager.model.offset.x == shown.x + 10)
        #expect(pager.model.offset.y == 0, "locked to the caught axis")
    }

    @Test func heldCatchNeverCompletesTheFlipBehindTheFingersBack() {
        var pager = flippingRight(until: 0.05)
        let shown = pager.model.offset
        pager.down(300, 300, at: 0.05)
        pager.hold(for: 1)
        #expect(pager.model.offset == shown)
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func caughtFlipReleasedStillBeforeHalfwayReturns() {
        // 10 ms into the key flip's ease-out: a third of a page (it passes half at 16 ms).
        var pager = flippingRight(until: 0.01)
        #expect(pager.position.h < 0.5)
        pager.down(300, 300, at: 0.01)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func caughtFlipReleasedStillPastHalfwayLands() {
        var pager = flippingRight(until: 0.08)
        #expect(pager.position.h > 0.5)
        pager.down(300, 300, at: 0.08)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0)])
    }

    @Test func caughtFlipFlungOnwardCommitsItAndFlipsOneMore() {
        var pager = flippingRight(until: 0.05)
        pager.down(300, 300, at: 0.05)
        pager.moveSmoothly(by: (-100, 0), over: 0.04)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(2, 0))
        #expect(pager.pageChanges.map(\.from) == [page(0, 0), page(1, 0)])
        #expect(pager.pageChanges.map(\.to) == [page(1, 0), page(2, 0)])
    }

    @Test func caughtFlipFlungBackReturns() {
        var pager = flippingRight(until: 0.05)
        pager.down(300, 300, at: 0.05)
        pager.moveSmoothly(by: (150, 0), over: 0.04)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func releaseMicrosecondsAfterACatchStillGoesOnlyOnePageFurther() {
        // Hosts that stamp queued events when they read them deliver a press
        // and a release microseconds apart: 50 px in 1 µs is 50 000 000 px/s.
        var pager = flippingRight(until: 0.05)
        pager.down(500, 400, at: 0.05)
        pager.up(450, 400, at: 0.05 + 1e-6)
        var furthest = 0.0
        pager.run(for: 3) { furthest = max(furthest, abs($0.offset.x)) }
        #expect(pager.pageChanges.map(\.to) == [page(1, 0), page(2, 0)],
                "\(pager.pageChanges.count) page changes, the last to \(String(describing: pager.pageChanges.last?.to))")
        #expect(pager.model.currentPage == page(2, 0))
    }

    @Test func catchingAReturnHoldsItToo() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 300, 400, at: 0.1)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.run(for: 0.03)
        #expect(pager.model.phase == .settling)
        let shown = pager.model.offset
        let mark = pager.mark
        pager.down(500, 400, at: pager.now)
        #expect(pager.model.offset == shown)
        #expect(pager.kinds(since: mark) == [.dragBegan, .axisLocked(.horizontal)])
    }

    @Test func catchingAnEdgeBounceHoldsItAndSettlesAfterRelease() {
        var pager = RecordingPager(horizontalPages: 3)
        pager.grab(along: .horizontal, towards: +1, at: 0)
        pager.move(pager.pointer.x + 400, 400, at: 0.1)
        pager.up(at: 0.1)
        pager.run(for: 0.03)
        let shown = pager.model.offset
        pager.down(500, 400, at: pager.now)
        #expect(pager.model.offset == shown)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.isSettled && pager.model.currentPage == page(0, 0))
    }

    @Test func firstScrollCatchesAMovingPage() {
        var pager = flippingRight(until: 0.05)
        let shown = pager.model.offset
        let mark = pager.mark
        pager.scroll(dx: -0.8, dy: 0, at: 0.05)   // 2 px: 400 units a 1000 px page
        #expect(pager.kinds(since: mark) == [.dragBegan, .axisLocked(.horizontal)])
        #expect(pager.model.phase == .scrolling(.horizontal))
        #expect(abs(pager.model.offset.x - shown.x) <= 2, "caught where it was, give or take this scroll")
    }
}
