import Pager
import Testing

/// Per-axis bounds — infinite, disabled, or `0..<N` —
/// the initial page clamped, bounds changed at run time.
@Suite("Bounds")
struct BoundsTests {
    @Test func infiniteBoundsReachNegativePages() {
        var pager = RecordingPager(horizontalPages: nil, verticalPages: nil)
        pager.flip(.left, at: 0)
        pager.settle()
        pager.flip(.up, at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(-1, -1))
    }

    @Test func infiniteBoundsGiveEverySlotAPage() {
        let pager = RecordingPager(initialPage: page(-50, 7))
        for slot in pager.model.slots {
            #expect(slot.page == page(-50 + slot.column, 7 + slot.row))
        }
    }

    @Test func initialPageIsClampedIntoBounds() {
        let pager = RecordingPager(horizontalPages: 5, verticalPages: 3, initialPage: page(9, -4))
        #expect(pager.model.currentPage == page(4, 0))
    }

    @Test func initialPageOnADisabledAxisIsZero() {
        let pager = RecordingPager(horizontalPages: 0, verticalPages: nil, initialPage: page(7, -2))
        #expect(pager.model.currentPage == page(0, -2))
    }

    @Test func boundedAxisHasNoPagesOutsideZeroToN() {
        let pager = RecordingPager(horizontalPages: 5, verticalPages: 5, initialPage: page(0, 4))
        for slot in pager.model.slots {
            let inBounds = slot.column >= 0 && slot.row <= 0
            #expect((slot.page != nil) == inBounds, "slot at \(slot.column),\(slot.row)")
        }
    }

    @Test func boundedAxisStopsAtItsLastPage() {
        var pager = RecordingPager(horizontalPages: 3, verticalPages: 0)
        for _ in 0..<5 {
            pager.flip(.right, at: pager.now)
            pager.settle()
        }
        #expect(pager.model.currentPage == page(2, 0))
        #expect(pager.pageChanges.count == 2)
    }

    @Test func disabledAxisKeepsTheOffsetAtZeroDuringAMostlyAlongItDrag() {
        var pager = RecordingPager(horizontalPages: 0, verticalPages: nil)
        pager.drag(by: (-400, -60), over: 0.2, at: 0)
        #expect(pager.model.offset == .zero)
        #expect(pager.model.phase == .dragging(nil))
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.offset == .zero)
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func disabledAxisStillLetsTheOtherAxisMove() {
        var pager = RecordingPager(horizontalPages: 0, verticalPages: nil)
        pager.swipe(by: (-30, -300), over: 0.1, at: 0)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 1))
    }

    @Test func disabledAxisIgnoresFlips() {
        var pager = RecordingPager(horizontalPages: 0, verticalPages: 4)
        let flippedRight = pager.flip(.right, at: 0)
        let flippedLeft = pager.flip(.left, at: 0)
        #expect(!flippedRight && !flippedLeft)
        pager.run(for: 0.5)
        #expect(pager.events.isEmpty, "a disabled axis does nothing at all, not even a bounce")
        #expect(pager.model.offset == .zero)
    }

    @Test func zeroPagesOnBothAxesNeitherCrashesNorMoves() {
        var pager = RecordingPager(horizontalPages: 0, verticalPages: 0)
        pager.swipe(by: (-600, -500), over: 0.1, at: 0)
        pager.scroll(dx: -300, dy: 0, at: 0.2)
        pager.scrollEnded(at: 0.21)
        pager.flip(.down, at: 0.3)
        pager.go(to: page(3, 3), animated: true, at: 0.4)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.isSettled)
        #expect(pager.pageChanges.isEmpty)
        let withPages = pager.model.slots.filter { $0.page != nil }
        #expect(withPages.map(\.page) == [page(0, 0)])
    }

    @Test func boundsChangeClampsTheCurrentPageAtOnce() {
        var pager = RecordingPager(initialPage: page(7, 3))
        pager.setBounds(horizontal: 5, vertical: 2, at: 0)
        #expect(pager.model.currentPage == page(4, 1))
        #expect(pager.model.horizontalPages == 5)
        #expect(pager.model.verticalPages == 2)
        #expect(pager.pageDecisions.isEmpty, "a clamp is a jump, not an animation")
        pager.settle()
        #expect(pager.model.currentPage == page(4, 1))
        #expect(pager.model.offset == .zero)
    }

    @Test func boundsChangeRecyclesExactlyTheSlotsWhosePageChanged() {
        var pager = RecordingPager(horizontalPages: 5, initialPage: page(4, 0))
        let before = pagesBySlot(pager.model.slots)
        let mark = pager.mark
        // The folder grew: the column to the right now has pages.
        pager.setBounds(horizontal: 10, vertical: nil, at: 0)
        let after = pagesBySlot(pager.model.slots)
        let changedIDs = Set((0..<9).filter { before[$0] != after[$0] })
        #expect(changedIDs.count == 3)
        let recycled = pager.events(since: mark).compactMap { event -> SlotChanges? in
            if case .slotsRecycled(let changes) = event.kind { return changes }
            return nil
        }
        #expect(recycled.count == 1)
        let named = Set(recycled.flatMap { $0.map(\.slot) })
        #expect(named == changedIDs)
        for change in recycled.flatMap({ $0 }) {
            #expect(pager.model.slots[change.slot].page == change.page)
            #expect(change.page?.h == 5)
        }
    }

    @Test func boundsChangeThatChangesNoSlotRecyclesNothing() {
        var pager = RecordingPager(horizontalPages: 5, initialPage: page(2, 0))
        pager.setBounds(horizontal: 6, vertical: nil, at: 0)
        #expect(pager.recycles.isEmpty)
        #expect(pager.model.currentPage == page(2, 0))
    }

    @Test func shrinkingBoundsEmptyTheSlotsBeyondTheNewEdge() {
        var pager = RecordingPager(initialPage: page(2, 0))
        pager.setBounds(horizontal: 3, vertical: 1, at: 0)
        for slot in pager.model.slots {
            let expected = slot.column <= 0 && slot.row == 0 ? page(2 + slot.column, 0) : nil
            #expect(slot.page == expected, "slot at \(slot.column),\(slot.row)")
        }
    }

    @Test func disablingAnAxisMidFlipStopsMotionAlongItAtOnce() {
        var pager = RecordingPager()
        pager.flip(.up, at: 0)
        pager.run(until: 0.05)
        pager.setBounds(horizontal: nil, vertical: 0, at: 0.05)
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.offset.y == 0, "a clamp is a jump: a disabled axis has no offset")
        var moved = false
        pager.run(for: 1) { moved = moved || $0.offset.y != 0 }
        #expect(!moved)
    }

    @Test func disablingTheScrolledAxisMidScrollStopsMotionAlongIt() {
        var pager = RecordingPager()
        pager.scroll(dx: -80, dy: -10, at: 0)
        pager.setBounds(horizontal: 0, vertical: nil, at: 0)
        #expect(pager.model.offset.x == 0)
        pager.scrollEnded(at: 0.01)
        var moved = false
        pager.run(for: 1) { moved = moved || $0.offset.x != 0 }
        #expect(!moved)
        #expect(pager.model.isSettled)
    }

    @Test func disablingAnAxisDuringAnEdgeNudgeStopsIt() {
        var pager = RecordingPager(verticalPages: 1)
        pager.flip(.up, at: 0)  // bounces off the top edge with a nudge
        pager.setBounds(horizontal: nil, vertical: 0, at: 0)
        var moved = false
        pager.run(for: 1) { moved = moved || $0.offset.y != 0 }
        #expect(!moved, "the nudge must not go on along a disabled axis")
        #expect(pager.model.isSettled)
    }

    @Test func wideningBoundsMidDragPastTheOldEdgeKeepsTheOffsetUnderAPage() {
        var pager = RecordingPager(horizontalPages: 1)
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 1500, 400, at: 0.1)  // rubber-banded past the right edge
        #expect(abs(pager.model.offset.x) < pageWidth)
        pager.setBounds(horizontal: nil, vertical: nil, at: 0.1)
        #expect(abs(pager.model.offset.x) < pageWidth,
                "a whole page towards an in-bounds page lands there: offset \(pager.model.offset.x) on \(pager.model.currentPage)")
    }

    @Test func singlePageAxisHasNoFlipsEitherWay() {
        var pager = RecordingPager(horizontalPages: 1, verticalPages: 1)
        let result = pager.flip(.right, at: 0)
        #expect(!result)
        pager.settle()
        let flippedLeft = pager.flip(.left, at: pager.now)
        #expect(!flippedLeft)
        pager.settle()
        pager.swipe(by: (-500, 0), over: 0.1, at: pager.now)
        pager.settle()
        pager.swipe(by: (0, 500), over: 0.1, at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
        #expect(Set(pager.bounces) == [.left, .right, .top])
    }
}
