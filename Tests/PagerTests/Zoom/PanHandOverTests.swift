import Pager
import Testing

/// A drag on a zoomed page pans the image; at the image's
/// edge the rest of the same drag moves the pager, pixel for pixel, and a
/// reverse drag returns the pager first, then pans. No jump either way.
///
/// At scale 2 on a 1000×800 page the pan reaches its right-hand limit
/// (the image's left edge at the viewport's left) at +500 px.
@Suite("Pan hand-over")
struct PanHandOverTests {
    /// A pointer on a zoomed model, moved in small steps the way a host feeds it.
    struct Finger {
        var model: PagerModel
        var x = 500.0
        var y = 400.0
        var now = 1.0
        var kinds: [PagerEvent.Kind] = []

        init(_ model: PagerModel) {
            self.model = model
        }

        mutating func down() {
            model.pointerDown(x: x, y: y, time: now)
            drain()
        }

        /// Moves by (`dx`, `dy`) in 10 px steps, one per frame.
        mutating func move(_ dx: Double, _ dy: Double) {
            let steps = max(1, Int((max(abs(dx), abs(dy)) / 10).rounded(.up)))
            for step in 1...steps {
                now += frame
                let k = Double(step) / Double(steps)
                model.pointerMoved(x: x + dx * k, y: y + dy * k, time: now)
                model.advance(to: now)
                drain()
            }
            x += dx
            y += dy
        }

        mutating func hold(_ seconds: Double) {
            now += seconds
            model.pointerMoved(x: x, y: y, time: now)
            model.advance(to: now)
            drain()
        }

        mutating func up() {
            now += frame
            model.pointerUp(x: x, y: y, time: now)
            drain()
        }

        mutating func settle() {
            let start = now
            while !model.isSettled && now < start + 30 {
                now += frame
                model.advance(to: now)
                drain()
            }
        }

        mutating func drain() {
            while let event = model.pollEvent() { kinds.append(event.kind) }
        }

        var pageChanges: Int { kinds.filter { if case .pageChanged = $0 { true } else { false } }.count }
    }

    private func rubberBand(_ x: Double, pageSize d: Double, coefficient c: Double = 0.55) -> Double {
        d * (1 - 1 / (x * c / d + 1))
    }

    /// Down, past the slop, then right up to the pan's right-hand limit.
    private func fingerAtTheLeftEdgeOfTheImage(horizontalPages: Int? = nil) -> Finger {
        var finger = Finger(ZoomTests.zoomedModel(horizontalPages: horizontalPages))
        finger.down()
        finger.move(20, 0)            // 4 px past the slop
        finger.move(496, 0)           // the pan is now at +500, its limit
        return finger
    }

    @Test func aDragOnAZoomedPagePansTheImageAndNotThePager() {
        var finger = Finger(ZoomTests.zoomedModel())
        finger.down()
        finger.move(-20, 0)
        finger.move(-100, -50)
        #expect(finger.model.zoom.translation == Point(x: -104, y: -50), "free in 2D, from the slop's boundary")
        #expect(finger.model.offset == .zero)
        #expect(finger.model.isDragging)
    }

    @Test func aPressOnAZoomedPageIsPressedUntilThePanPassesTheSlop() {
        var finger = Finger(ZoomTests.zoomedModel())
        finger.down()
        finger.move(-10, 0)
        #expect(finger.model.phase == .pressed)
        finger.move(-10, 0)
        #expect(finger.model.phase == .dragging(nil), "the image follows; the pager has no axis yet")
    }

    @Test func aPanHandedOverToThePagerIsADragAlongThatAxis() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        #expect(finger.model.phase == .dragging(nil))
        finger.move(120, 0)
        #expect(finger.model.phase == .dragging(.horizontal))
    }

    @Test func panThatHitsTheEdgeAndContinuesMovesThePagerByTheRest() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        #expect(finger.model.zoom.translation.x == 500)
        #expect(finger.model.offset.x == 0)
        finger.move(120, 0)
        #expect(finger.model.zoom.translation.x == 500)
        #expect(finger.model.offset.x == 120, "the pager moves exactly as far as the finger went past the edge")
        #expect(finger.kinds.contains(.panHandedOver(.horizontal, towards: .left)))
        #expect(finger.kinds.contains(.axisLocked(.horizontal)))
    }

    @Test func handOverAtABoundedEdgeUsesThePagersRubberBand() {
        var finger = fingerAtTheLeftEdgeOfTheImage(horizontalPages: 3)   // page 0: nothing on the left
        finger.move(300, 0)
        #expect(abs(finger.model.offset.x - rubberBand(300, pageSize: pageWidth)) < 1e-9)
    }

    @Test func thePixelUnderTheFingerStaysUnderItThroughTheHandOverAndBack() {
        var finger = Finger(ZoomTests.zoomedModel())
        finger.down()
        finger.move(20, 0)
        let held = ZoomTests.contentPoint(under: Point(x: finger.x, y: finger.y), in: finger.model)
        for dx in [300.0, 400, -250, 200, -500] {
            finger.move(dx, 0)
            let now = ZoomTests.contentPoint(under: Point(x: finger.x, y: finger.y), in: finger.model)
            #expect(abs(now.x - held.x) < 1e-9, "no jump after moving \(dx)")
        }
        #expect(finger.kinds.filter { if case .panHandedOver = $0 { true } else { false } }.count == 2,
                "handed over once per crossing of the edge")
    }

    @Test func reverseDragReturnsThePagerFirstThenPans() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        finger.move(100, 0)
        #expect(finger.model.offset.x == 100)
        finger.move(-60, 0)
        #expect(finger.model.offset.x == 40, "the pager goes back first")
        #expect(finger.model.zoom.translation.x == 500, "the pan waits")
        finger.move(-90, 0)
        #expect(finger.model.offset.x == 0)
        #expect(finger.model.zoom.translation.x == 450, "then the pan moves again")
    }

    @Test func thePagerOnlyMovesAlongTheAxisThatWasHandedOver() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        finger.move(100, 0)
        finger.move(0, 600)      // the pan's vertical limit is +400: the rest is its rubber band
        #expect(finger.model.offset.y == 0)
        #expect(finger.model.zoom.translation.y > 400 && finger.model.zoom.translation.y < 600)
        #expect(finger.model.offset.x == 100)
    }

    @Test func releaseAfterAHandOverPastHalfAPageFlips() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        finger.move(600, 0)
        finger.hold(0.3)          // held still: no fling, the position decides
        finger.up()
        finger.settle()
        #expect(finger.model.currentPage == page(-1, 0))
        #expect(finger.model.zoom.isAtFit, "the new page shows fitted")
        #expect(finger.kinds.contains(.zoomChanged(scale: 1, atFit: true)))
    }

    @Test func releaseAfterASmallHandOverReturnsAndKeepsTheZoom() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        finger.move(100, 0)
        finger.hold(0.3)
        finger.up()
        finger.settle()
        #expect(finger.model.currentPage == page(0, 0))
        #expect(finger.model.offset == .zero)
        #expect(finger.model.zoom.scale == 2)
        #expect(finger.model.zoom.translation.x == 500)
    }

    @Test func aFlingAfterAHandOverFlipsLikeAnOrdinaryDrag() {
        var finger = fingerAtTheLeftEdgeOfTheImage()
        finger.move(80, 0)        // quick: 10 px per frame is 1200 px/s
        finger.up()
        finger.settle()
        #expect(finger.model.currentPage == page(-1, 0))
        #expect(finger.pageChanges == 1)
    }

    @Test func releaseWhilePanningKeepsMomentumAndNeverFlips() {
        var finger = Finger(ZoomTests.zoomedModel())
        finger.down()
        finger.move(-20, 0)
        finger.move(-200, 0)      // 1200 px/s, well over a fling
        let released = finger.model.zoom.translation.x
        finger.up()
        finger.now += 0.1
        finger.model.advance(to: finger.now)
        #expect(finger.model.zoom.translation.x < released, "momentum carries the pan on")
        finger.settle()
        #expect(finger.model.currentPage == page(0, 0))
        #expect(finger.pageChanges == 0)
        #expect(finger.model.offset == .zero)
        #expect(finger.model.zoom.translation.x >= -500, "inside the image's edge once settled")
        #expect(finger.kinds.last == .settled(page(0, 0)))
    }

    @Test func panPastTheEdgeAlongADisabledPagerAxisRubberBandsAndSpringsBack() {
        var model = PagerModel(pageWidth: pageWidth, pageHeight: pageHeight, horizontalPages: nil, verticalPages: 0)
        model.zoom(to: 2, around: Point(x: 500, y: 400), animated: false, time: 0)
        var finger = Finger(model)
        finger.down()
        finger.move(0, 20)
        finger.move(0, 600)
        #expect(finger.model.offset.y == 0)
        #expect(finger.model.zoom.translation.y > 400, "the pan's own rubber band")
        finger.up()
        finger.settle()
        #expect(finger.model.zoom.translation.y == 400)
    }

    @Test func touchpadScrollOnAZoomedPagePansAndHandsOver() {
        var model = ZoomTests.zoomedModel()
        model.scroll(dx: -300, dy: 0, time: 1)
        #expect(model.zoom.translation.x == -300)
        model.scroll(dx: -300, dy: 0, time: 1.01)
        #expect(model.zoom.translation.x == -500, "the pan moves 1:1, one unit a px")
        #expect(model.offset.x == -250, "the 100 units left over move the pager 100 × 1000 / 400 px")
    }

    @Test func theSameSessionGivesBitIdenticalResults() {
        func run() -> (String, [UInt64]) {
            var finger = fingerAtTheLeftEdgeOfTheImage()
            finger.move(150, 30)
            finger.move(-400, -80)
            finger.up()
            finger.settle()
            let lines = finger.kinds.map { PagerEvent(time: 0, kind: $0).jsonLine }.joined(separator: "\n")
            let t = finger.model.zoom.translation
            return (lines, [t.x.bitPattern, t.y.bitPattern, finger.now.bitPattern])
        }
        let first = run()
        let second = run()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }
}
