import Browser
import Pager
import Testing

/// Which zoom call each zoom input means (the zoom itself is the engine's).
@Suite("Zoom input")
struct ZoomInputTests {
    private func translator() -> InputTranslator {
        InputTranslator(pageWidth: 900, pageHeight: 600, navigation: DemoNavigation())
    }

    @Test func plusMinusAndZeroZoomAroundTheCentreBeforeThePointerIsInTheWindow() {
        var input = translator()
        let centre = Point(x: 450, y: 300)
        #expect(input.translate(.key(.plus, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 0)
                == [.pager(.zoom(.zoomIn(around: centre)))])
        #expect(input.translate(.key(.minus, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 0)
                == [.pager(.zoom(.zoomOut(around: centre)))])
        #expect(input.translate(.key(.digit(0), ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 0)
                == [.pager(.zoom(.reset))])
    }

    @Test func plusAndMinusZoomAroundThePointerWhileItIsInTheWindow() {
        var input = translator()
        _ = input.translate(.mouseMoved(x: 120, y: 80, leftHeld: false), currentPage: PageIndex(h: 0, v: 0), time: 0)
        #expect(input.translate(.key(.plus, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 0.1)
                == [.pager(.zoom(.zoomIn(around: Point(x: 120, y: 80))))])
        #expect(input.translate(.key(.minus, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 0.2)
                == [.pager(.zoom(.zoomOut(around: Point(x: 120, y: 80))))])
        input.hoverPoint = nil   // the pointer left the window
        #expect(input.translate(.key(.plus, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 0.3)
                == [.pager(.zoom(.zoomIn(around: Point(x: 450, y: 300))))])
    }

    @Test func ctrlWheelZoomsAroundThePointerByAFactorPerNotch() {
        var input = translator()
        #expect(input.zoomActions(.wheel(notches: 1, x: 100, y: 200))
                == [.pager(.zoom(.by(factor: 1.25, around: Point(x: 100, y: 200), animated: true)))])
        #expect(input.zoomActions(.wheel(notches: -2, x: 100, y: 200))
                == [.pager(.zoom(.by(factor: 0.8 * 0.8, around: Point(x: 100, y: 200), animated: true)))])
    }

    @Test func pinchFollowsTheFingersAtOnce() {
        var input = translator()
        let factor: Double = 1 + 0.1 * 3   // typed: inferred inside the expectation, 3 s of type-checking
        #expect(input.zoomActions(.pinch(distanceChange: 0.1, x: 300, y: 300))
                == [.pager(.zoom(.by(factor: factor, around: Point(x: 300, y: 300), animated: false)))])
    }

    /// A press and release at (`x0`, `y0`) → (`x1`, `y1`), then the second
    /// press at (`x2`, `y2`); SDL would count it as a double-click.
    private func twoPresses(_ input: inout InputTranslator, first: (Double, Double, Double, Double),
                            second: (Double, Double)) {
        let page = PageIndex(h: 0, v: 0)
        _ = input.translate(.mouseDown(.left, x: first.0, y: first.1), currentPage: page, time: 0)
        _ = input.translate(.mouseMoved(x: first.2, y: first.3, leftHeld: true), currentPage: page, time: 0.01)
        _ = input.translate(.mouseUp(.left, x: first.2, y: first.3), currentPage: page, time: 0.02)
        _ = input.translate(.mouseDown(.left, x: second.0, y: second.1), currentPage: page, time: 0.1)
    }

    @Test func doubleClickReleaseEndsTheDragThenTogglesAroundThePointer() {
        var input = translator()
        twoPresses(&input, first: (200, 150, 202, 151), second: (201, 150))
        #expect(input.zoomActions(.doubleClickReleased(x: 200, y: 150))
                == [.pager(.pointerUp(x: 200, y: 150)), .shell(.captureMouse(false)),
                    .pager(.zoom(.toggle(around: Point(x: 200, y: 150))))])
    }

    @Test func twoQuickDragsFromTheSameSpotAreNotADoubleClick() {
        var input = translator()
        twoPresses(&input, first: (700, 300, 560, 300), second: (700, 300))
        _ = input.translate(.mouseMoved(x: 560, y: 300, leftHeld: true), currentPage: PageIndex(h: 0, v: 0), time: 0.11)
        #expect(input.zoomActions(.doubleClickReleased(x: 560, y: 300))
                == [.pager(.pointerUp(x: 560, y: 300)), .shell(.captureMouse(false))])
    }

    @Test func aClickAfterADragIsNotADoubleClick() {
        var input = translator()
        twoPresses(&input, first: (700, 300, 560, 300), second: (700, 300))
        #expect(input.zoomActions(.doubleClickReleased(x: 700, y: 300))
                == [.pager(.pointerUp(x: 700, y: 300)), .shell(.captureMouse(false))])
    }

    @Test func aDragAfterAClickIsNotADoubleClick() {
        var input = translator()
        twoPresses(&input, first: (700, 300, 700, 300), second: (700, 300))
        _ = input.translate(.mouseMoved(x: 640, y: 300, leftHeld: true), currentPage: PageIndex(h: 0, v: 0), time: 0.11)
        #expect(input.zoomActions(.doubleClickReleased(x: 700, y: 300))
                == [.pager(.pointerUp(x: 700, y: 300)), .shell(.captureMouse(false))])
    }

    @Test func aZoomCommandReachesTheEngine() {
        var model = PagerModel(pageWidth: 900, pageHeight: 600)
        model.apply(.zoom(.zoomIn(around: Point(x: 450, y: 300))), time: 0)
        #expect(model.zoom.targetScale == 1.5)
        model.apply(.zoom(.reset), time: 0.1)
        #expect(model.zoom.targetScale == 1)
    }
}
