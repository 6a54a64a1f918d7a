@testable import Pager
import Testing

/// A 2D free-scrolling surface: both axes from one drag, release velocity
/// from the finger's recent history.
@Suite("Scroller")
struct ScrollerTests {
    private let limits = Rect(x: 0, y: 0, width: 2000, height: 50_000)

    @Test func aDragMovesBothAxes() {
        var scroller = Scroller(position: Point(x: 100, y: 100), limits: limits)
        scroller.dragBegan(time: 0)
        scroller.drag(by: Point(x: 30, y: -40), time: 0.016)
        #expect(scroller.position == Point(x: 130, y: 60))
    }

    @Test func aFlickKeepsGoingAlongItsDirection() {
        var scroller = Scroller(position: Point(x: 1000, y: 1000), limits: limits)
        scroller.dragBegan(time: 0)
        for i in 1...6 {
            scroller.drag(by: Point(x: 0, y: 40), time: Double(i) * 0.016)
        }
        scroller.dragEnded(time: 0.1)
        let released = scroller.position
        scroller.advance(to: 0.5)
        #expect(scroller.position.y > released.y + 200)
        #expect(scroller.position.x == released.x)
    }

    @Test func holdingStillBeforeLiftingLeavesNoMomentum() {
        var scroller = Scroller(position: Point(x: 1000, y: 1000), limits: limits)
        scroller.dragBegan(time: 0)
        scroller.drag(by: Point(x: 80, y: 80), time: 0.016)
        scroller.dragEnded(time: 0.5)
        #expect(scroller.isSettled)
        #expect(scroller.position == Point(x: 1080, y: 1080))
    }

    @Test func touchingMovingContentCatchesIt() {
        var scroller = Scroller(position: Point(x: 1000, y: 1000), limits: limits)
        scroller.dragBegan(time: 0)
        scroller.drag(by: Point(x: 60, y: 0), time: 0.016)
        scroller.drag(by: Point(x: 60, y: 0), time: 0.033)
        scroller.dragEnded(time: 0.04)
        scroller.advance(to: 0.2)
        let shown = scroller.position
        scroller.dragBegan(time: 0.2)
        #expect(scroller.position == shown)
        scroller.advance(to: 1)
        #expect(scroller.position == shown)
    }

    @Test func infiniteLimitsPerAxis() {
        var scroller = Scroller(horizontalLimits: -Double.infinity...Double.infinity, verticalLimits: 0...0)
        scroller.dragBegan(time: 0)
        scroller.drag(by: Point(x: -10_000, y: 300), time: 0.1)
        #expect(scroller.position.x == -10_000)
        #expect(scroller.position.y > 0 && scroller.position.y < 300, "the disabled axis only rubber-bands")
        scroller.dragEnded(time: 0.5)
        scroller.advance(to: 3)
        #expect(scroller.position.y == 0)
        #expect(scroller.isSettled)
    }

    @Test func theSameInputsGiveTheSamePositions() {
        func session() -> Point {
            var scroller = Scroller(position: Point(x: 500, y: 500), limits: limits)
            scroller.dragBegan(time: 0)
            for i in 1...10 {
                scroller.drag(by: Point(x: Double(i) * 3, y: -Double(i) * 7), time: Double(i) * 0.012)
            }
            scroller.dragEnded(time: 0.13)
            scroller.advance(to: 0.9)
            return scroller.position
        }
        #expect(session() == session())
    }
}
