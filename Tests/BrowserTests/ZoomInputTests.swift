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
        #expect(input.zoomActions(.pinch(distanceChange: 0.1, x: 300, y: 300))
                == [.pager(.zoom(.by(factor: 1 + 0.1 * 3, around: Point(x: 300, y: 300), animated: false)))])
    }

    @Test func doubleClickReleaseEndsTheDragThenTogglesAroundThePointer() {
        var input = translator()
        _ = input.translate(.mouseDown(.left, x: 200, y: 150), currentPage: PageIndex(h: 0, v: 0), time: 0)
        #expect(input.zoomActions(.doubleClickReleased(x: 200, y: 150))
                == [.pager(.pointerUp(x: 200, y: 150)), .shell(.captureMouse(false)),
                    .pager(.zoom(.toggle(around: Point(x: 200, y: 150))))])
    }

    @Test func aZoomCommandReachesTheEngine() {
        var model = PagerModel(pageWidth: 900, pageHeight: 600)
        model.apply(.zoom(.zoomIn(around: Point(x: 450, y: 300))), time: 0)
        #expect(model.zoom.targetScale == 1.5)
        model.apply(.zoom(.reset), time: 0.1)
        #expect(model.zoom.targetScale == 1)
    }
}
