import Pager
import Testing

/// A scroll with no end event ends itself after a quiet gap, and the
/// touchpad semantics at a 1000 px page: deltas in touchpad units move the
/// content like a drag (400 units a page: 2.5 px each), the axis locks after
/// 4 units, a fling needs 600 units/s, a slow release is not projected.
@Suite("Touchpad")
struct TouchpadTests {
    /// Scrolls `total` units along `axis` at `speed` units/s, one event per frame from `start`.
    private func scroll(
        _ pager: inout RecordingPager, _ total: Double, along axis: Axis = .horizontal,
        speed: Double, from start: Double = 0
    ) {
        let steps = max(1, Int((abs(total) / speed * framesPerSecond).rounded()))
        let delta = total / Double(steps)
        for step in 1...steps {
            let time = start + Double(step) * frame
            if axis == .horizontal {
                pager.scroll(dx: delta, dy: 0, at: time)
            } else {
                pager.scroll(dx: 0, dy: delta, at: time)
            }
        }
    }

    @Test func scrollMovesTheContentLikeADrag() {
        var pager = RecordingPager()
        scroll(&pager, -100, speed: 1200)
        #expect(abs(pager.model.offset.x + 250) < 1e-9,
                "100 units are a quarter page, slop included: \(pager.model.offset.x)")
        #expect(pager.model.offset.y == 0)
        #expect(pager.model.phase == .scrolling(.horizontal))
        #expect(pager.model.isDragging)
    }

    @Test func scrollLocksItsAxisAfterFourUnits() {
        var pager = RecordingPager()
        pager.scroll(dx: -3, dy: 0, at: 0.01)
        #expect(pager.events.isEmpty)
        #expect(pager.model.offset == .zero)
        pager.scroll(dx: -3, dy: -1, at: 0.02)
        #expect(pager.kinds == [.dragBegan, .axisLocked(.horizontal)])
    }

    @Test func verticalScrollLocksVerticallyAndIgnoresHorizontalDeltas() {
        var pager = RecordingPager()
        pager.scroll(dx: -1, dy: -10, at: 0.01)
        #expect(pager.kinds == [.dragBegan, .axisLocked(.vertical)])
        pager.scroll(dx: -50, dy: -20, at: 0.02)
        #expect(pager.model.offset.x == 0)
        #expect(pager.model.offset.y < -10)
    }

    @Test func scrollEndedReleasesAFling() {
        var pager = RecordingPager()
        scroll(&pager, -50, speed: 1200)
        let end = pager.now + 0.001
        pager.scrollEnded(at: end)
        #expect(pager.events.last == PagerEvent(time: end, kind: .pageWillChange(from: page(0, 0), to: page(1, 0))))
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func aSwipeReadAfterALaterFrameStillFlings() {
        // The events were made 1/120 s apart and read after a frame at 0.5 s.
        var pager = RecordingPager()
        pager.run(until: 0.5)
        scroll(&pager, -50, speed: 1200, from: 0.4)
        pager.scrollEnded(at: 0.4 + 5 * frame)
        #expect(pager.pageDecisions.map(\.to) == [page(1, 0)])
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func fiveHundredUnitsPerSecondIsNotAFling() {
        // Below 600 units/s: a quarter page is nearer the start, so it returns.
        var pager = RecordingPager()
        scroll(&pager, -100, speed: 500)
        pager.scrollEnded(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func aSlowReleaseIsNotProjected() {
        // 0.4 of a page at 500 units/s: projected (1.25 pages/s × 0.332 s) it would
        // pass half a page; the touchpad settles on the nearest page instead.
        var pager = RecordingPager()
        scroll(&pager, -160, speed: 500)
        pager.scrollEnded(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func slowScrollPastHalfAPageFlips() {
        var pager = RecordingPager()
        scroll(&pager, -240, speed: 300)
        pager.scrollEnded(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func quietGapEndsTheScrollByItself() {
        var pager = RecordingPager()
        scroll(&pager, -50, speed: 1200)
        let lastScroll = pager.now
        pager.run(until: lastScroll + 0.1)
        #expect(pager.model.phase == .scrolling(.horizontal), "0.1 s is not yet a gap")
        #expect(pager.pageDecisions.isEmpty)
        pager.run(until: lastScroll + 0.2)
        #expect(pager.model.isDragging == false)
        let decision = pager.events.first { $0.kind.isPageWillChange }
        #expect(decision?.kind == .pageWillChange(from: page(0, 0), to: page(1, 0)),
                "released with the velocity of its last event: a fling")
        #expect((decision?.time ?? 0) >= lastScroll + 0.15 - 1e-9)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.kinds.last == .settled(page(1, 0)))
    }

    @Test func quietGapIsNoticedAtTheNextInputToo() {
        var pager = RecordingPager()
        scroll(&pager, -280, speed: 300)
        // No frames pass (a host that only steps on input); the next scroll comes 0.5 s later.
        pager.scroll(dx: -10, dy: 0, at: pager.now + 0.5)
        let kinds = pager.kinds
        let decision = kinds.firstIndex(of: .pageWillChange(from: page(0, 0), to: page(1, 0)))
        let secondGesture = kinds.lastIndex(of: .dragBegan)
        #expect(decision != nil, "the first gesture was released")
        #expect(kinds.filter { $0 == .dragBegan }.count == 2, "a new gesture began")
        if let decision, let secondGesture {
            #expect(decision < secondGesture)
        }
    }

    @Test func scrollAlongADisabledAxisMovesNothing() {
        var pager = RecordingPager(horizontalPages: 0)
        scroll(&pager, -300, speed: 1200)
        #expect(pager.model.phase == .scrolling(nil))
        #expect(pager.model.offset == .zero)
        pager.scrollEnded(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.kinds.last == .settled(page(0, 0)))
    }

    @Test func pointerDownDuringAScrollReleasesTheScrollFirst() {
        var pager = RecordingPager()
        scroll(&pager, -50, speed: 1200)
        let mark = pager.mark
        pager.down(500, 400, at: pager.now + frame)
        let kinds = pager.kinds(since: mark)
        #expect(kinds.first == .pageWillChange(from: page(0, 0), to: page(1, 0)))
        #expect(Array(kinds.suffix(2)) == [.dragBegan, .axisLocked(.horizontal)], "and the press catches the flip")
        #expect(pager.model.phase == .dragging(.horizontal))
    }

    @Test func scrollPastAnEdgeIsRubberBandedAndBouncesBack() {
        var pager = RecordingPager(horizontalPages: 3)
        scroll(&pager, 160, speed: 1200)
        #expect(pager.model.offset.x > 0 && pager.model.offset.x < 200, "400 px, rubber-banded")
        pager.scrollEnded(at: pager.now)
        #expect(pager.bounces == [.left])
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.isSettled)
    }

    @Test func scrollingAWholePageLandsOnItDuringTheScroll() {
        var pager = RecordingPager()
        scroll(&pager, -520, speed: 1200)
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.model.phase == .scrolling(.horizontal))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0)])
    }

    @Test func scrollFlingUpShowsTheNextRow() {
        var pager = RecordingPager()
        scroll(&pager, -60, along: .vertical, speed: 1500)
        pager.scrollEnded(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 1))
    }
}
