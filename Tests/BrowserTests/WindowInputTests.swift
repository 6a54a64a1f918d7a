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
        #expect(input.hold(.mouseMoved(x: 1, y: 1, leftHeld: true)) == nil)
        #expect(input.takeMotion() == .mouseMoved(x: 1, y: 1, leftHeld: true))
        #expect(input.takeMotion() == nil)
    }

    @Test func aLaterMotionOfTheSamePointerReplacesTheHeldOne() {
        var input = Self.input()
        _ = input.hold(.fingerMoved(id: 7, x: 1, y: 1))
        #expect(input.hold(.fingerMoved(id: 7, x: 2, y: 1)) == nil)
        #expect(input.takeMotion() == .fingerMoved(id: 7, x: 2, y: 1))
    }

    @Test func aMotionOfAnotherPointerReleasesTheHeldOneFirst() {
        var input = Self.input()
        _ = input.hold(.fingerMoved(id: 7, x: 1, y: 1))
        #expect(input.hold(.fingerMoved(id: 8, x: 5, y: 5)) == .fingerMoved(id: 7, x: 1, y: 1))
        #expect(input.takeMotion() == .fingerMoved(id: 8, x: 5, y: 5))
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
