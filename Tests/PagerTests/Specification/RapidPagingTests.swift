import Pager
import Testing

/// Rapid paging, and known failures of other pagers (SwiftUIPager #303: rapid
/// drags lose page changes; libadwaita: quick swipes during an animation are
/// cancelled): a new flip while one animates commits the pending one first,
/// with no visual jump, so no flip is ever lost.
@Suite("Rapid paging")
struct RapidPagingTests {
    /// One quick fling: press at `time`, 100 px in 40 ms along `axis`
    /// (content towards negative: the next page), release.
    private func quickFling(_ pager: inout RecordingPager, along axis: Axis = .horizontal, at time: Double) {
        pager.down(600, 400, at: time)
        for step in 1...4 {
            let moved = -25 * Double(step)
            if axis == .horizontal {
                pager.move(600 + moved, 400, at: time + 0.01 * Double(step))
            } else {
                pager.move(600, 400 + moved, at: time + 0.01 * Double(step))
            }
        }
        pager.up(at: time + 0.04)
    }

    private func expectConsecutivePages(_ changes: [(from: PageIndex, to: PageIndex)], along axis: Axis, count: Int) {
        let expected = (0..<count).map { k in
            axis == .horizontal ? (page(k, 0), page(k + 1, 0)) : (page(0, k), page(0, k + 1))
        }
        #expect(changes.map(\.from) == expected.map(\.0))
        #expect(changes.map(\.to) == expected.map(\.1))
    }

    @Test func fiveFlings80msApartMoveExactlyFivePages() {
        var pager = RecordingPager()
        for k in 0..<5 {
            let start = 0.08 * Double(k)
            pager.run(until: start)
            quickFling(&pager, at: start)
        }
        pager.settle()
        #expect(pager.model.currentPage == page(5, 0))
        expectConsecutivePages(pager.pageChanges, along: .horizontal, count: 5)
        #expect(pager.kinds.last == .settled(page(5, 0)))
    }

    @Test func fiveVerticalFlingsMoveFiveRows() {
        var pager = RecordingPager()
        for k in 0..<5 {
            let start = 0.08 * Double(k)
            pager.run(until: start)
            quickFling(&pager, along: .vertical, at: start)
        }
        pager.settle()
        #expect(pager.model.currentPage == page(0, 5))
        expectConsecutivePages(pager.pageChanges, along: .vertical, count: 5)
    }

    @Test func fiveFlingsWithEasingMoveFivePages() {
        var configuration = PagerConfiguration()
        configuration.animation = .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4)
        var pager = RecordingPager(configuration: configuration)
        for k in 0..<5 {
            let start = 0.08 * Double(k)
            pager.run(until: start)
            quickFling(&pager, at: start)
        }
        pager.settle()
        #expect(pager.model.currentPage == page(5, 0))
        expectConsecutivePages(pager.pageChanges, along: .horizontal, count: 5)
    }

    @Test func fiveFlipsDuringEachOthersAnimationMoveFivePages() {
        var pager = RecordingPager()
        for k in 0..<5 {
            pager.run(until: 0.05 * Double(k))
            let result = pager.flip(.right, at: 0.05 * Double(k))
            #expect(result)
        }
        pager.settle()
        #expect(pager.model.currentPage == page(5, 0))
        expectConsecutivePages(pager.pageChanges, along: .horizontal, count: 5)
        #expect(pager.pageDecisions.count == 5)
    }

    @Test func newFlipCommitsThePendingOneAtOnce() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.run(until: 0.05)
        let mark = pager.mark
        pager.flip(.right, at: 0.05)
        let kinds = pager.kinds(since: mark)
        #expect(kinds.first == .pageChanged(from: page(0, 0), to: page(1, 0)))
        #expect(kinds.contains { $0.isSlotsRecycled })
        #expect(kinds.last == .pageWillChange(from: page(1, 0), to: page(2, 0)))
        #expect(pager.events(since: mark).allSatisfy { $0.time == 0.05 })
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func committingThePendingFlipShiftsTheOffsetByExactlyOnePage() {
        var pager = RecordingPager()
        pager.flip(.down, at: 0)
        pager.run(until: 0.05)
        let before = pager.model.offset
        let centreBefore = pager.model.slots.slot(column: 0, row: 1).frame
        pager.flip(.down, at: 0.05)
        #expect(abs(pager.model.offset.y - (before.y + pageHeight)) < 1e-9)
        #expect(pager.model.offset.x == before.x)
        // The page that was coming in is drawn exactly where it was: no visual jump.
        let centreAfter = pager.model.slots.slot(column: 0, row: 0).frame
        #expect(abs(centreAfter.y - centreBefore.y) < 1e-9)
    }

    @Test func flingDuringAKeyboardFlipIsNotCancelled() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.run(until: 0.03)
        quickFling(&pager, at: 0.03)
        pager.settle()
        #expect(pager.model.currentPage == page(2, 0))
        expectConsecutivePages(pager.pageChanges, along: .horizontal, count: 2)
    }

    @Test func flingDuringAReturnAnimationFlips() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 200, 400, at: 0.1)
        pager.hold(for: 0.2)
        pager.up(at: pager.now)
        pager.run(for: 0.03)
        #expect(pager.model.phase == .settling)
        quickFling(&pager, at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
    }

    @Test func flipsInAlternatingDirectionsAreNotLost() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.run(until: 0.05)
        pager.flip(.down, at: 0.05)
        pager.run(until: 0.1)
        pager.flip(.right, at: 0.1)
        pager.settle()
        #expect(pager.model.currentPage == page(2, 1))
        #expect(pager.pageChanges.map(\.to) == [page(1, 0), page(1, 1), page(2, 1)])
    }
}
