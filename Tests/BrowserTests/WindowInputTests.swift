import Gallery
import Testing
@testable import Browser

@Suite struct WindowInputTests {
    static func input() -> WindowInput {
        WindowInput(events: SDLInput(pixelWidth: 1280, pixelHeight: 800, pixelsPerPoint: 1),
                    translator: InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation()))
    }

    @Test func aMotionIsHeldUntilTheBatchEnds() {
        var input = Self.input()
        #expect(input.hold(.mouseMoved(x: 1, y: 1, leftHeld: true), at: 2.0) == nil)
        #expect(input.takeMotion() == TimedInput(input: .mouseMoved(x: 1, y: 1, leftHeld: true), time: 2.0))
        #expect(input.takeMotion() == nil)
    }

    @Test func aLaterMotionOfTheSamePointerReplacesTheHeldOne() {
        var input = Self.input()
        _ = input.hold(.fingerMoved(id: 7, x: 1, y: 1), at: 2.0)
        #expect(input.hold(.fingerMoved(id: 7, x: 2, y: 1), at: 2.01) == nil)
        #expect(input.takeMotion() == TimedInput(input: .fingerMoved(id: 7, x: 2, y: 1), time: 2.01))
    }

    @Test func aMotionOfAnotherPointerReleasesTheHeldOneFirst() {
        var input = Self.input()
        _ = input.hold(.fingerMoved(id: 7, x: 1, y: 1), at: 2.0)
        #expect(input.hold(.fingerMoved(id: 8, x: 5, y: 5), at: 2.01)
            == TimedInput(input: .fingerMoved(id: 7, x: 1, y: 1), time: 2.0))
        #expect(input.takeMotion() == TimedInput(input: .fingerMoved(id: 8, x: 5, y: 5), time: 2.01))
    }

    @Test func aMouseEventTakesTheXServersTimeNotedBeforeIt() {
        var input = Self.input()
        input.notePointerTime(milliseconds: 10_000, now: 3.000)
        #expect(input.takePointerTime() == 3.000)
        // Two events 10 ms apart on the server's clock, read together 40 ms later.
        input.notePointerTime(milliseconds: 10_010, now: 3.050)
        let first = input.takePointerTime() ?? .nan
        input.notePointerTime(milliseconds: 10_020, now: 3.050)
        let second = input.takePointerTime() ?? .nan
        #expect(abs(first - 3.010) < 1e-9 && abs(second - 3.020) < 1e-9, "\(first), \(second)")
    }

    @Test func aNotedTimeIsTakenOnce() {
        var input = Self.input()
        input.notePointerTime(milliseconds: 10_000, now: 3.000)
        _ = input.takePointerTime()
        #expect(input.takePointerTime() == nil, "the next mouse event, with none noted, is at its reading")
    }

    @Test func onlyPointerMotionIsBatched() {
        #expect(WindowInput.isMotion(.mouseMoved(x: 1, y: 1, leftHeld: false)))
        #expect(WindowInput.isMotion(.fingerMoved(id: 1, x: 1, y: 1)))
        #expect(!WindowInput.isMotion(.mouseDown(.left, x: 1, y: 1)))
        #expect(!WindowInput.isMotion(.key(.right, ctrl: false, shift: false)))
    }

    @Test func resizingResizesBothTheEventsAndTheTouchpadsPages() {
        var input = Self.input()
        input.resize(width: 640, height: 400)
        #expect(input.events.pixelWidth == 640)
        #expect(input.events.pixelHeight == 400)
        #expect(input.translator.wheel.pageWidth == 640)
        #expect(input.translator.wheel.pageHeight == 400)
    }
}
