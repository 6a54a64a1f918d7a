import Pager
import Testing

/// `flip(direction, time)` animates one page, bouncing at a
/// bounded edge; `go(to:animated:time:)` jumps or animates to any page.
@Suite("Flip and go")
struct FlipAndGoTests {
    @Test(arguments: [
        (FlipDirection.right, PageIndex(h: 1, v: 0)), (.left, PageIndex(h: -1, v: 0)),
        (.down, PageIndex(h: 0, v: 1)), (.up, PageIndex(h: 0, v: -1)),
    ])
    func flipAnimatesOnePageInTheViewsDirection(direction: FlipDirection, target: PageIndex) {
        var pager = RecordingPager()
        let result = pager.flip(direction, at: 0)
        #expect(result)
        #expect(pager.kinds == [.pageWillChange(from: page(0, 0), to: target)])
        #expect(pager.model.phase == .animating)
        pager.run(until: 0.05)
        // The content moves opposite to the view: `.right` slides it left.
        #expect(pager.model.offset.x * Double(target.h) < 0 || target.h == 0)
        #expect(pager.model.offset.y * Double(target.v) < 0 || target.v == 0)
        pager.settle()
        #expect(pager.model.currentPage == target)
        #expect(pager.model.offset == .zero)
    }

    @Test func flipEmitsTheWholeStoryInOrder() {
        var pager = RecordingPager()
        pager.flip(.right, at: 0)
        pager.settle()
        let kinds = pager.kinds
        #expect(kinds.count == 4)
        guard kinds.count == 4 else { return }
        #expect(kinds[0] == .pageWillChange(from: page(0, 0), to: page(1, 0)))
        #expect(kinds[1] == .pageChanged(from: page(0, 0), to: page(1, 0)))
        #expect(kinds[2].isSlotsRecycled)
        #expect(kinds[3] == .settled(page(1, 0)))
    }

    @Test func flipIsIgnoredWhileDragging() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        pager.move(pager.pointer.x - 100, 400, at: 0.05)
        let offset = pager.model.offset
        let mark = pager.mark
        let result = pager.flip(.right, at: 0.06)
        #expect(!result)
        #expect(pager.events(since: mark).isEmpty)
        #expect(pager.model.offset == offset)
        #expect(pager.model.phase == .dragging(.horizontal))
    }

    @Test func flipIsIgnoredWhileScrolling() {
        var pager = RecordingPager()
        pager.scroll(dx: -20, dy: 0, at: 0.01)
        pager.scroll(dx: -20, dy: 0, at: 0.02)
        let mark = pager.mark
        let result = pager.flip(.down, at: 0.03)
        #expect(!result)
        #expect(pager.events(since: mark).isEmpty)
        #expect(pager.model.phase == .scrolling(.horizontal))
    }

    @Test func flipAtABoundedEdgeBouncesAndNudges() {
        var pager = RecordingPager(horizontalPages: 3, initialPage: page(2, 0))
        let result = pager.flip(.right, at: 0)
        #expect(!result)
        #expect(pager.kinds == [.bounced(.right)])
        var furthest = 0.0
        var wrongWay = false
        pager.run(for: 1) { model in
            furthest = min(furthest, model.offset.x)
            wrongWay = wrongWay || model.offset.x > 0.5
        }
        #expect(furthest < -1, "the content nudges towards the missing page")
        #expect(furthest > -pageWidth / 2)
        #expect(!wrongWay, "and comes back without swinging past")
        #expect(pager.model.isSettled && pager.model.currentPage == page(2, 0))
        #expect(pager.pageDecisions.isEmpty && pager.pageChanges.isEmpty)
        #expect(pager.kinds.last == .settled(page(2, 0)))
    }

    @Test func edgeNudgeStartsAtTheConfiguredSpeed() {
        func furthestNudge(_ speed: Double) -> Double {
            var configuration = PagerConfiguration()
            configuration.edgeNudgeVelocity = speed
            var pager = RecordingPager(verticalPages: 1, configuration: configuration)
            pager.flip(.up, at: 0)
            var furthest = 0.0
            pager.run(for: 1) { furthest = max(furthest, $0.offset.y) }
            return furthest
        }
        let gentle = furthestNudge(1000)
        let strong = furthestNudge(4000)
        #expect(gentle > 0)
        #expect(strong > gentle * 2)
    }

    @Test func goWithoutAnimationLandsAtOnce() {
        var pager = RecordingPager()
        pager.go(to: page(3, -2), animated: false, at: 0.5)
        #expect(pager.model.currentPage == page(3, -2))
        #expect(pager.model.isSettled)
        let kinds = pager.kinds
        #expect(kinds.first == .pageChanged(from: page(0, 0), to: page(3, -2)))
        #expect(kinds.contains { $0.isSlotsRecycled })
        #expect(kinds.last == .settled(page(3, -2)))
        #expect(pager.events.allSatisfy { $0.time == 0.5 })
        for slot in pager.model.slots {
            #expect(slot.page == page(3 + slot.column, -2 + slot.row))
        }
    }

    @Test func goClampsTheTargetIntoBounds() {
        var pager = RecordingPager(horizontalPages: 5, verticalPages: 5)
        pager.go(to: page(9, -3), animated: false, at: 0)
        #expect(pager.model.currentPage == page(4, 0))
        pager.go(to: page(-9, 30), animated: true, at: 0.1)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 4))
    }

    @Test func goToANeighbourAnimatesLikeAFlip() {
        var pager = RecordingPager()
        pager.go(to: page(1, 0), animated: true, at: 0)
        #expect(pager.kinds == [.pageWillChange(from: page(0, 0), to: page(1, 0))])
        #expect(pager.model.phase == .animating)
        pager.settle()
        #expect(pager.model.currentPage == page(1, 0))
        #expect(pager.pageChanges.count == 1)
    }

    @Test func goToADiagonalNeighbourAnimatesBothAxes() {
        var pager = RecordingPager()
        pager.go(to: page(-1, 1), animated: true, at: 0)
        pager.run(until: 0.05)
        #expect(pager.model.offset.x > 0, "the page on the left comes in from the left")
        #expect(pager.model.offset.y < 0, "and the row below from below")
        pager.settle()
        #expect(pager.model.currentPage == page(-1, 1))
        #expect(pager.pageChanges.map(\.to) == [page(-1, 1)])
    }

    @Test func goFarAnimatesOnlyTheLastPage() {
        var pager = RecordingPager()
        pager.go(to: page(10, -3), animated: true, at: 0)
        var withinAPage = true
        pager.run(for: 2) { model in
            withinAPage = withinAPage && abs(model.offset.x) < pageWidth && abs(model.offset.y) < pageHeight
        }
        #expect(withinAPage)
        #expect(pager.model.currentPage == page(10, -3))
        #expect(pager.model.isSettled)
        #expect(pager.pageDecisions.last?.to == page(10, -3))
        #expect(pager.pageChanges.last?.to == page(10, -3))
        #expect(pager.kinds.last == .settled(page(10, -3)))
        for slot in pager.model.slots {
            #expect(slot.page == page(10 + slot.column, -3 + slot.row))
        }
    }

    @Test func goFarFromTheCurrentPageShowsTheNeighbourOfTheTargetFirst() {
        var pager = RecordingPager()
        pager.go(to: page(10, 0), animated: true, at: 0)
        pager.advance(to: frame)
        // Re-anchored next to the target: what slides in is page 10, not page 1.
        #expect(pager.model.slots.slot(showing: page(10, 0)) != nil)
    }
}
