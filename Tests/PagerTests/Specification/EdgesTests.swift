import Pager
import Testing

/// Past a bounded edge the drag is rubber-banded
/// (`d·(1 − 1/(x·c/d + 1))`, c = 0.55) and springs back with `bounceSpring`
/// on release; a fling into an edge bounces and never flips.
@Suite("Edges")
struct EdgesTests {
    /// iOS's rubber band: the shown overshoot for a raw overshoot `x` on a page of size `d`.
    private func rubberBand(_ x: Double, pageSize d: Double, coefficient c: Double = 0.55) -> Double {
        d * (1 - 1 / (x * c / d + 1))
    }

    @Test func rubberBandFollowsTheFormula() {
        var pager = RecordingPager(horizontalPages: 5)
        pager.grab(along: .horizontal, towards: -1, at: 0)  // locks inside the bounds: exact anchor
        let lockX = pager.pointer.x
        pager.move(lockX + 400, 400, at: 0.1)
        let expected = rubberBand(400, pageSize: pageWidth)  // ≈ 180.3 px
        #expect(abs(pager.model.offset.x - expected) < 1e-9)
        #expect(pager.model.offset.y == 0)
    }

    @Test func rubberBandMovesClearlyLessThanTheFingerAndLessThanAPage() {
        var pager = RecordingPager(horizontalPages: 5)
        pager.grab(along: .horizontal, towards: +1, at: 0)
        let lockX = pager.pointer.x
        pager.move(lockX + 400, 400, at: 0.1)
        #expect(pager.model.offset.x > 0)
        #expect(pager.model.offset.x < 400 / 2, "clearly less than the finger")
        #expect(pager.model.offset.x < pageWidth)
    }

    @Test func rubberBandGrowsWithThePullButNeverReachesAWholePage() {
        var pager = RecordingPager(horizontalPages: 5)
        pager.grab(along: .horizontal, towards: +1, at: 0)
        let lockX = pager.pointer.x
        var previous = 0.0
        for (step, pull) in [100.0, 1000, 10_000, 100_000].enumerated() {
            pager.move(lockX + pull, 400, at: 0.1 * Double(step + 1))
            #expect(pager.model.offset.x > previous)
            #expect(pager.model.offset.x < pageWidth)
            previous = pager.model.offset.x
        }
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.pageChanges.isEmpty)
    }

    @Test func rubberBandAtTheBottomEdgeUsesThePageHeight() {
        var pager = RecordingPager(verticalPages: 3, initialPage: page(0, 2))
        pager.grab(along: .vertical, towards: +1, at: 0)  // locks inside the bounds: exact anchor
        let lockY = pager.pointer.y
        pager.move(500, lockY - 300, at: 0.1)
        #expect(abs(pager.model.offset.y - -rubberBand(300, pageSize: pageHeight)) < 1e-9)
    }

    @Test func rubberBandCoefficientIsConfigurable() {
        var configuration = PagerConfiguration()
        configuration.rubberBandCoefficient = 0.3
        var pager = RecordingPager(horizontalPages: 5, configuration: configuration)
        pager.grab(along: .horizontal, towards: -1, at: 0)  // locks inside the bounds: exact anchor
        pager.move(pager.pointer.x + 400, 400, at: 0.1)
        #expect(abs(pager.model.offset.x - rubberBand(400, pageSize: pageWidth, coefficient: 0.3)) < 1e-9)
    }

    @Test func dragBackFromPastTheEdgeFollowsTheFingerAgainInsideBounds() {
        var pager = RecordingPager(horizontalPages: 5)
        pager.grab(along: .horizontal, towards: -1, at: 0)  // locks inside the bounds: exact anchor
        let lockX = pager.pointer.x
        pager.move(lockX + 400, 400, at: 0.1)
        pager.move(lockX - 300, 400, at: 0.2)
        #expect(pager.model.offset.x == -300, "inside the bounds the content follows the finger exactly")
    }

    @Test func releasePastAnEdgeBouncesBackToThePage() {
        var pager = RecordingPager(horizontalPages: 5)
        pager.grab(along: .horizontal, towards: +1, at: 0)
        pager.move(pager.pointer.x + 400, 400, at: 0.1)
        pager.hold(for: 0.2)
        let releaseTime = pager.now
        let mark = pager.mark
        pager.up(at: releaseTime)
        #expect(pager.events(since: mark).map(\.kind) == [.bounced(.left)])
        #expect(pager.events(since: mark).map(\.time) == [releaseTime])
        #expect(pager.model.phase == .settling)
        pager.settle()
        #expect(pager.model.currentPage == page(0, 0))
        #expect(pager.model.offset == .zero)
        #expect(pager.pageDecisions.isEmpty && pager.pageChanges.isEmpty)
        #expect(pager.kinds.last == .settled(page(0, 0)))
    }

    @Test func flingIntoAnEdgeBouncesAndNeverFlips() {
        var pager = RecordingPager(horizontalPages: 5, initialPage: page(4, 0))
        pager.swipe(by: (-200, 0), over: 0.04, at: 0)  // 5000 px/s towards page 5
        #expect(Set(pager.bounces) == [.right])
        pager.settle()
        #expect(pager.model.currentPage == page(4, 0))
        #expect(pager.pageDecisions.isEmpty && pager.pageChanges.isEmpty)
        #expect(pager.kinds.last == .settled(page(4, 0)))
    }

    @Test func flingIntoAnEdgeFromBackInsideTheBoundsReturnsWithoutBouncing() {
        // At the last page, pulled back towards page 3 and flung towards the
        // edge: the two visible pages are 3 and 4, so it returns to 4.
        var pager = RecordingPager(horizontalPages: 5, initialPage: page(4, 0))
        pager.grab(along: .horizontal, towards: +1, at: 0)
        pager.moveSmoothly(by: (400, 0), over: 0.4)
        pager.moveSmoothly(by: (-200, 0), over: 0.15)  // 1333 px/s towards the edge
        pager.up(at: pager.now)
        pager.settle()
        #expect(pager.model.currentPage == page(4, 0))
        #expect(pager.pageChanges.isEmpty)
        #expect(pager.bounces.isEmpty, "the target, page 4, is inside the bounds")
    }

    @Test func bounceAfterAnAbsurdlyFastReleaseStaysWithinAPage() {
        // A press and release 1 µs apart, 50 px: 50 000 000 px/s into an edge.
        var pager = RecordingPager(horizontalPages: 1)
        pager.flip(.right, at: 0)  // the edge nudge, caught below
        pager.run(until: 0.05)
        pager.down(500, 400, at: 0.05)
        pager.up(450, 400, at: 0.05 + 1e-6)
        var furthest = 0.0
        pager.run(for: 3) { furthest = max(furthest, abs($0.offset.x)) }
        #expect(furthest < pageWidth, "the content flew \(furthest) px past a single-page axis")
        #expect(pager.model.isSettled)
    }

    @Test(arguments: [
        (FlipDirection.left, Edge.left), (.right, .right), (.up, .top), (.down, .bottom),
    ])
    func edgesAreNamedForWhereTheyAreOnScreen(direction: FlipDirection, edge: Edge) {
        var pager = RecordingPager(horizontalPages: 1, verticalPages: 1)
        // Dragging the content opposite to the view's direction shows that neighbour.
        let step = direction.step
        pager.swipe(by: (Double(-step.h) * 300, Double(-step.v) * 300), over: 0.3, at: 0)
        pager.settle()
        #expect(pager.bounces.first == edge)
        #expect(pager.model.currentPage == page(0, 0))
    }

    @Test func edgeBounceUsesTheBounceSpringNotThePageAnimation() {
        func bounceTrajectory(animation: PageAnimationStyle, bounceSpring: Spring) -> [Double] {
            var configuration = PagerConfiguration()
            configuration.animation = animation
            configuration.bounceSpring = bounceSpring
            var pager = RecordingPager(horizontalPages: 5, configuration: configuration)
            pager.grab(along: .horizontal, towards: +1, at: 0)
            pager.move(pager.pointer.x + 400, 400, at: 0.1)
            pager.hold(for: 0.2)
            pager.up(at: pager.now)
            var trajectory: [Double] = []
            pager.run(for: 0.1) { trajectory.append($0.offset.x) }
            return trajectory
        }
        let stiff = Spring(dampingRatio: 1, mass: 0.5, stiffness: 2000)
        let easing = PageAnimationStyle.easing(.linear, minimumDuration: 1, maximumDuration: 2)
        let reference = bounceTrajectory(animation: .spring(Spring()), bounceSpring: Spring())
        #expect(bounceTrajectory(animation: easing, bounceSpring: Spring()) == reference,
                "the page animation does not change a bounce")
        #expect(bounceTrajectory(animation: .spring(Spring()), bounceSpring: stiff) != reference,
                "the bounce spring does")
        #expect(reference.allSatisfy { $0 >= 0 } && reference.last! < reference.first!,
                "it springs back towards the page")
    }
}
