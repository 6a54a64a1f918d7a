import Pager
import Testing

/// `PagerConfiguration.overshootEdges` names the bounded edges that
/// rubber-band and bounce; at the others a drag stops dead and a fling or a
/// flip ends quietly (libadwaita's carousel: no overshoot at all).
@Suite("Overshoot edges")
struct OvershootEdgesTests {
    private func configuration(_ edges: EdgeSet) -> PagerConfiguration {
        var configuration = PagerConfiguration()
        configuration.overshootEdges = edges
        return configuration
    }

    @Test func allEdgesOvershootByDefault() {
        #expect(PagerConfiguration().overshootEdges == .all)
    }

    @Test func aDragPastAnEdgeThatDoesNotOvershootStopsDead() {
        var pager = RecordingPager(horizontalPages: 3, configuration: configuration([.right]))
        pager.drag(by: (400, 0), over: 0.3, at: 0)   // content pulled right, past the left edge
        #expect(pager.model.offset.x == 0)
        #expect(pager.model.phase == .dragging(.horizontal))
    }

    @Test func turningBackAtAnEdgeThatDoesNotOvershootMovesAtOnce() {
        var pager = RecordingPager(horizontalPages: 3, configuration: configuration([]))
        pager.drag(by: (400, 0), over: 0.3, at: 0)
        let x = pager.pointer.x
        pager.move(x - 100, 400, at: pager.now + 0.1)   // 100 px back: the content follows all of it
        #expect(pager.model.offset.x == -100)
    }

    @Test func aDragPastAnEdgeThatOvershootsStillRubberBands() {
        var pager = RecordingPager(horizontalPages: 3, configuration: configuration([.left]))
        pager.drag(by: (400, 0), over: 0.3, at: 0)
        #expect(pager.model.offset.x > 0 && pager.model.offset.x < 400 - 16)
    }

    @Test func aFlingIntoAnEdgeThatDoesNotOvershootDoesNotBounce() {
        var pager = RecordingPager(horizontalPages: 3, configuration: configuration([]))
        pager.swipe(by: (300, 0), over: 0.05, at: 0)
        let settled = pager.settle()
        #expect(settled)
        #expect(pager.bounces.isEmpty)
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func aFlipAtAnEdgeThatDoesNotOvershootDoesNothing() {
        var pager = RecordingPager(horizontalPages: 3, initialPage: page(2, 0), configuration: configuration([.left]))
        let before = pager.events.count
        let flipped = pager.flip(.right, at: 0)
        #expect(!flipped)
        #expect(pager.events.count == before, "no event at all")
        #expect(pager.model.isSettled)
    }

    @Test func aFlipAtAnEdgeThatOvershootsStillBounces() {
        var pager = RecordingPager(horizontalPages: 3, initialPage: page(2, 0), configuration: configuration([.right]))
        let flipped = pager.flip(.right, at: 0)
        #expect(!flipped)
        #expect(pager.bounces == [.right])
        let settled = pager.settle()
        #expect(settled)
    }

    @Test func theSettingIsPerEdge() {
        var pager = RecordingPager(verticalPages: 2, configuration: configuration([.bottom]))
        pager.drag(by: (0, 300), over: 0.3, at: 0)   // content pulled down, past the top edge
        #expect(pager.model.offset.y == 0)
        pager.up(at: pager.now)
        pager.settle()
        pager.go(to: page(0, 1), animated: false, at: pager.now)
        pager.drag(by: (0, -300), over: 0.3, at: pager.now)   // past the bottom edge
        #expect(pager.model.offset.y < 0)
    }

    @Test func anEdgeSetNamesEachEdgeOnce() {
        #expect(EdgeSet.all.contains(.left) && EdgeSet.all.contains(.bottom))
        #expect(!EdgeSet([.left, .top]).contains(.right))
        #expect(EdgeSet(.top) == .top)
    }
}
