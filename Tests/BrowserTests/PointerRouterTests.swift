import Pager
import Testing
@testable import Browser

@Suite("Pointer routing")
struct PointerRouterTests {
    @Test("Left button down, move, up become pointer calls, with capture on and off")
    func plainDrag() {
        var router = PointerRouter()
        #expect(router.handle(.mouseDown(.left, x: 10, y: 20))
                == [.pager(.pointerDown(x: 10, y: 20)), .shell(.captureMouse(true))])
        #expect(router.isTracking)
        #expect(router.handle(.mouseMoved(x: 30, y: 20, leftHeld: true)) == [.pager(.pointerMoved(x: 30, y: 20))])
        #expect(router.handle(.mouseUp(.left, x: 40, y: 20))
                == [.pager(.pointerUp(x: 40, y: 20)), .shell(.captureMouse(false))])
        #expect(!router.isTracking)
    }

    @Test("Motion without a held button is ignored")
    func hoverIgnored() {
        var router = PointerRouter()
        #expect(router.handle(.mouseMoved(x: 1, y: 1, leftHeld: false)) == [])
        #expect(router.handle(.mouseDown(.right, x: 1, y: 1)) == [])
    }

    @Test("A motion that says the button is up means the release was lost: released-outside")
    func lostRelease() {
        var router = PointerRouter()
        _ = router.handle(.mouseDown(.left, x: 10, y: 10))
        #expect(router.handle(.mouseMoved(x: 50, y: 10, leftHeld: false))
                == [.pager(.interrupt(.releasedOutside)), .shell(.captureMouse(false))])
        #expect(!router.isTracking)
        // The next press is a new gesture.
        #expect(router.handle(.mouseDown(.left, x: 5, y: 5)).first == .pager(.pointerDown(x: 5, y: 5)))
    }

    @Test("A second button during a drag interrupts it; the rest of that gesture is ignored")
    func secondButton() {
        var router = PointerRouter()
        _ = router.handle(.mouseDown(.left, x: 10, y: 10))
        #expect(router.handle(.mouseDown(.right, x: 10, y: 10))
                == [.pager(.interrupt(.secondPointer)), .shell(.captureMouse(false))])
        #expect(router.handle(.mouseMoved(x: 90, y: 10, leftHeld: true)) == [])
        #expect(router.handle(.mouseUp(.right, x: 90, y: 10)) == [])
        #expect(router.handle(.mouseUp(.left, x: 90, y: 10)) == [])
        #expect(router.handle(.mouseDown(.left, x: 1, y: 1)).first == .pager(.pointerDown(x: 1, y: 1)))
    }

    @Test("A finger drags; a second finger interrupts with second-pointer until all are lifted")
    func secondFinger() {
        var router = PointerRouter()
        #expect(router.handle(.fingerDown(id: 7, x: 100, y: 100)) == [.pager(.pointerDown(x: 100, y: 100))])
        #expect(router.handle(.fingerMoved(id: 7, x: 80, y: 100)) == [.pager(.pointerMoved(x: 80, y: 100))])
        #expect(router.handle(.fingerDown(id: 8, x: 300, y: 100)) == [.pager(.interrupt(.secondPointer))])
        #expect(router.handle(.fingerMoved(id: 7, x: 60, y: 100)) == [])
        #expect(router.handle(.fingerUp(id: 8, x: 300, y: 100)) == [])
        #expect(router.handle(.fingerDown(id: 9, x: 300, y: 100)) == [])   // finger 7 is still down
        #expect(router.handle(.fingerUp(id: 7, x: 60, y: 100)) == [])
        #expect(router.handle(.fingerUp(id: 9, x: 300, y: 100)) == [])
        #expect(router.handle(.fingerDown(id: 10, x: 5, y: 5)) == [.pager(.pointerDown(x: 5, y: 5))])
    }

    @Test("Focus loss and hiding interrupt a drag with their reasons",
          arguments: [(BrowserInput.focusLost, InterruptionReason.focusLost), (.windowHidden, .windowHidden)])
    func focusAndHiding(input: BrowserInput, reason: InterruptionReason) {
        var router = PointerRouter()
        _ = router.handle(.mouseDown(.left, x: 10, y: 10))
        #expect(router.handle(input).first == .pager(.interrupt(reason)))
        #expect(!router.isTracking)
        #expect(router.handle(.mouseUp(.left, x: 10, y: 10)) == [])
    }

    @Test("Focus loss with no pointer still reaches the engine (a touchpad scroll may be running)")
    func focusLossWithoutPointer() {
        var router = PointerRouter()
        #expect(router.handle(.focusLost) == [.pager(.interrupt(.focusLost))])
    }

    @Test("Through the real engine: focus lost mid-drag reports interrupted and settles on a page")
    func focusLostThroughEngine() {
        var model = PagerModel(pageWidth: 1000, pageHeight: 600)
        var input = InputTranslator(pageWidth: 1000, pageHeight: 600, navigation: DemoNavigation())
        var time = 0.0
        func feed(_ event: BrowserInput) {
            for case .pager(let command) in input.translate(event, currentPage: model.currentPage, time: time) {
                model.apply(command, time: time)
            }
        }
        feed(.mouseDown(.left, x: 800, y: 300))
        for step in 1...10 {
            time += 0.02
            feed(.mouseMoved(x: 800 - Double(step) * 70, y: 300, leftHeld: true))   // 700 px: past half a page
        }
        time += 0.02
        feed(.focusLost)
        var interrupted: (InterruptionReason, PageIndex)?
        var settled = false
        for _ in 0..<200 {
            time += 1.0 / 60
            model.advance(to: time)
            while let event = model.pollEvent() {
                if case .interrupted(let reason, let page) = event.kind { interrupted = (reason, page) }
                if case .settled = event.kind { settled = true }
            }
        }
        feed(.mouseUp(.left, x: 100, y: 300))   // the late release changes nothing
        model.advance(to: time + 1)
        #expect(interrupted?.0 == .focusLost)
        #expect(interrupted?.1 == PageIndex(h: 1, v: 0))
        #expect(settled)
        #expect(model.isSettled)
        #expect(model.currentPage == PageIndex(h: 1, v: 0))
    }
}
