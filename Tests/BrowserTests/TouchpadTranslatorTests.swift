import CSDL2
import CTouchpadInput
import Pager
import Testing
@testable import Browser

/// The touchpad binding's events (as Wayland's `wl_pointer` and X11's XI2
/// valuators deliver them, recorded as sequences) into pager input.
@Suite("Touchpad translation")
struct TouchpadTranslatorTests {
    /// A Wayland finger swipe: `count` frames `interval` apart, each
    /// scrolling `step` units vertically, from `start`.
    static func waylandSwipe(count: Int, step: Double, interval: Double = 0.010, start: Double = 1,
                             horizontal: Bool = false) -> [TouchpadEvent] {
        (0..<count).map { index in
            .scroll(dx: horizontal ? step : 0, dy: horizontal ? 0 : step, source: .finger,
                    time: start + Double(index) * interval)
        }
    }

    static func run(_ events: [TouchpadEvent], binding: TouchpadTranslator.Binding = .wayland) -> [BrowserAction] {
        var touchpad = TouchpadTranslator(binding: binding)
        return events.flatMap { touchpad.translate($0) }
    }

    static func scrolls(_ actions: [BrowserAction]) -> [(dx: Double, dy: Double)] {
        actions.compactMap { action in
            if case .pager(.scroll(let dx, let dy)) = action { return (dx, dy) }
            return nil
        }
    }

    static func travel(_ actions: [BrowserAction]) -> (dx: Double, dy: Double) {
        scrolls(actions).reduce((0, 0)) { ($0.0 + $1.dx, $0.1 + $1.dy) }
    }

    @Test("A slow long swipe: every frame moves the content by its units, opposite the scroll, once; the lift ends it")
    func slowLongSwipe() {
        let events = Self.waylandSwipe(count: 100, step: 3) + [.lift(time: 2.1)]
        let actions = Self.run(events)
        #expect(Self.scrolls(actions).count == 100)
        #expect(Self.travel(actions) == (0, -300))
        #expect(actions.last == .pager(.scrollEnded))
        #expect(actions.filter { $0 == .pager(.scrollEnded) }.count == 1)
    }

    @Test("A fast short horizontal swipe keeps its units and its direction")
    func fastShortSwipe() {
        let events = Self.waylandSwipe(count: 8, step: -15, interval: 0.007, horizontal: true) + [.lift(time: 1.06)]
        let actions = Self.run(events)
        #expect(Self.travel(actions) == (120, 0))
        #expect(actions.last == .pager(.scrollEnded))
    }

    @Test("Resting fingers hold the swipe: no end before the lift, however long the rest")
    func restThenLift() {
        var touchpad = TouchpadTranslator(binding: .wayland)
        var actions = Self.waylandSwipe(count: 20, step: 5).flatMap { touchpad.translate($0) }
        #expect(!touchpad.needsTicks)
        for tick in 1...50 { actions += touchpad.tick(time: 1.2 + Double(tick) * 0.05) }
        #expect(!actions.contains(.pager(.scrollEnded)))
        #expect(touchpad.isSwiping(at: 4))
        actions += touchpad.translate(.lift(time: 4))
        #expect(actions.last == .pager(.scrollEnded))
        #expect(Self.travel(actions) == (0, -100))
    }

    @Test("A scroll arriving in the same frame as the lift counts, before the end")
    func scrollWithTheLift() {
        let events = Self.waylandSwipe(count: 3, step: 4) + [.scroll(dx: 0, dy: 6, source: .finger, time: 1.03),
                                                             .lift(time: 1.03)]
        let actions = Self.run(events)
        #expect(Self.travel(actions) == (0, -18))
        #expect(actions.suffix(2) == [.pager(.scroll(dx: 0, dy: -6)), .pager(.scrollEnded)])
    }

    @Test("The first event counts once: one frame, one scroll")
    func firstEventOnce() {
        let actions = Self.run([.scroll(dx: 0, dy: 7, source: .finger, time: 1)])
        #expect(actions == [.pager(.scroll(dx: 0, dy: -7))])
    }

    @Test("A kinetic tail after the lift is ignored; a new swipe after a pause counts")
    func kineticTailIgnored() {
        var events = Self.waylandSwipe(count: 10, step: 10) + [.lift(time: 1.09)]
        // The compositor's momentum: decaying events right after the lift.
        events += (1...15).map { .scroll(dx: 0, dy: 10 - Double($0) * 0.6, source: .finger, time: 1.09 + Double($0) * 0.01) }
        // A new swipe after a pause.
        events += Self.waylandSwipe(count: 5, step: 2, start: 1.09 + 0.15 + TouchpadTranslator.kineticTailPause)
        let actions = Self.run(events)
        #expect(Self.scrolls(actions).count == 15)
        #expect(Self.travel(actions) == (0, -110))
        #expect(actions.filter { $0 == .pager(.scrollEnded) }.count == 1)
    }

    @Test("Wheel notches flip a page each, at once, in their own direction; Shift turns vertical horizontal",
          arguments: [
              (0, 1, false, [FlipDirection.down]),
              (0, -1, false, [.up]),
              (1, 0, false, [.right]),
              (-1, 0, false, [.left]),
              (0, 2, false, [.down, .down]),
              (0, 1, true, [.right]),
              (0, -1, true, [.left]),
          ])
    func wheelNotches(dx: Int, dy: Int, shift: Bool, expected: [FlipDirection]) {
        var touchpad = TouchpadTranslator(binding: .wayland)
        let actions = touchpad.translate(.wheelNotch(dx: dx, dy: dy, shift: shift, time: 1))
        #expect(actions == expected.map { .pager(.flip($0)) })
        #expect(!touchpad.needsTicks)
    }

    @Test("A high-resolution wheel without notches flips once per 15 units")
    func wheelTravel() {
        let events: [TouchpadEvent] = (0..<6).map { .scroll(dx: 0, dy: -7.5, source: .wheel, time: 1 + Double($0) * 0.05) }
        #expect(Self.run(events) == [.pager(.flip(.up)), .pager(.flip(.up)), .pager(.flip(.up))])
    }

    @Test("SDL's own wheel event is dropped on Wayland, where the binding brings it")
    func sdlDuplicateDroppedOnWayland() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        input.touchpad.binding = .wayland
        let page = PageIndex(h: 0, v: 0)
        #expect(input.translate(.wheel(WheelSample(x: 0, y: -0.35, time: 1)), currentPage: page, time: 1) == [])
        #expect(input.translate(.wheel(WheelSample(x: 0, y: -1, time: 2)), currentPage: page, time: 2) == [])
        #expect(input.tick(time: 3) == [])
        #expect(input.translate(TouchpadEvent.scroll(dx: 0, dy: 3.5, source: .finger, time: 1)) ==
                [.pager(.scroll(dx: 0, dy: -3.5))])
    }

    @Test("Without a binding SDL's notch still waits for the classifier")
    func sdlWheelWithoutBinding() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        let page = PageIndex(h: 0, v: 0)
        #expect(input.translate(.wheel(WheelSample(x: 0, y: -1, time: 1)), currentPage: page, time: 1) == [])
        #expect(input.tick(time: 1 + WheelClassifier.streamInterval * 1.01) == [.pager(.flip(.down))])
    }

    @Test("X11: an XI2 swipe scrolls, SDL's emulated notches during it are dropped, a pause ends it")
    func x11Swipe() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        input.touchpad.binding = .x11
        let page = PageIndex(h: 0, v: 0)
        var actions: [BrowserAction] = []
        // 0.35 of an increment per event: 3.5 units; the X server emulates a notch per increment.
        for index in 0..<30 {
            let time = 1 + Double(index) * 0.010
            actions += input.translate(TouchpadEvent.scroll(dx: 0, dy: 3.5, source: .unknown, time: time))
            if index % 3 == 2 {
                actions += input.translate(.wheel(WheelSample(x: 0, y: -1, time: time)), currentPage: page, time: time)
            }
            actions += input.tick(time: time + 0.005)
        }
        #expect(input.needsTicks)
        #expect(Self.scrolls(actions).count == 30)
        #expect(abs(Self.travel(actions).dy + 105) < 1e-9)
        #expect(!actions.contains { if case .pager(.flip) = $0 { true } else { false } })
        #expect(input.tick(time: 1.29 + TouchpadTranslator.pauseEndsSwipe / 2) == [])
        #expect(input.tick(time: 1.29 + TouchpadTranslator.pauseEndsSwipe * 1.01) == [.pager(.scrollEnded)])
        #expect(!input.needsTicks)
    }

    @Test("X11: outside a swipe SDL's notch is a mouse wheel: one page at once; its whole-increment valuator is ignored")
    func x11WheelNotch() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        input.touchpad.binding = .x11
        let page = PageIndex(h: 0, v: 0)
        #expect(input.translate(TouchpadEvent.scroll(dx: 0, dy: 10, source: .wheel, time: 1)) == [])
        #expect(input.translate(.wheel(WheelSample(x: 0, y: -1, time: 1)), currentPage: page, time: 1) ==
                [.pager(.flip(.down))])
        #expect(input.translate(.wheel(WheelSample(x: 0, y: 1, time: 2)), currentPage: page, time: 2) ==
                [.pager(.flip(.up))])
        #expect(input.translate(.wheel(WheelSample(x: -1, y: 0, time: 3)), currentPage: page, time: 3) ==
                [.pager(.flip(.left))])
        #expect(!input.needsTicks)
    }

    @Test("A pinch zooms around where it began by each step's share of the scale; the end adds nothing")
    func pinch() {
        let events: [TouchpadEvent] = [
            .pinchBegin(x: 300, y: 200, time: 1),
            .pinchUpdate(scale: 1.1, dx: 0, dy: 0, time: 1.01),
            .pinchUpdate(scale: 1.32, dx: 2, dy: 0, time: 1.02),
            .pinchUpdate(scale: 1.2, dx: 0, dy: 0, time: 1.03),
            .pinchEnd(cancelled: false, time: 1.04),
        ]
        let actions = Self.run(events)
        let factors = actions.compactMap { action -> Double? in
            guard case .pager(.zoom(.by(let factor, let around, let animated))) = action else { return nil }
            #expect(around == Point(x: 300, y: 200))
            #expect(!animated)
            return factor
        }
        #expect(factors.count == 3)
        #expect(abs(factors.reduce(1, *) - 1.2) < 1e-9)
        #expect(abs(factors[1] - 1.2) < 1e-9)
    }

    @Test("A cancelled pinch gives its zoom back")
    func cancelledPinch() {
        let events: [TouchpadEvent] = [
            .pinchBegin(x: 10, y: 20, time: 1),
            .pinchUpdate(scale: 1.5, dx: 0, dy: 0, time: 1.01),
            .pinchEnd(cancelled: true, time: 1.02),
        ]
        #expect(Self.run(events) == [
            .pager(.zoom(.by(factor: 1.5, around: Point(x: 10, y: 20), animated: false))),
            .pager(.zoom(.by(factor: 1 / 1.5, around: Point(x: 10, y: 20), animated: false))),
        ])
    }

    @Test("An update without a beginning zooms nothing")
    func pinchUpdateAlone() {
        #expect(Self.run([.pinchUpdate(scale: 2, dx: 0, dy: 0, time: 1)]) == [])
    }

    @Test("A left-button drag takes the pages: touchpad scrolling during it is ignored")
    func dragBlocksScroll() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        input.touchpad.binding = .wayland
        let page = PageIndex(h: 0, v: 0)
        _ = input.translate(.mouseDown(.left, x: 100, y: 100), currentPage: page, time: 1)
        #expect(input.translate(TouchpadEvent.scroll(dx: 0, dy: 5, source: .finger, time: 1.01)) == [])
        #expect(input.translate(TouchpadEvent.wheelNotch(dx: 0, dy: 1, shift: false, time: 1.02)) == [])
    }

    @Test("The C binding's events become touchpad events; Wayland's points become px")
    func platformEvents() {
        var raw = fw_touchpad_event()
        raw.kind = Int32(FW_TP_SCROLL.rawValue)
        raw.source = Int32(FW_TP_SOURCE_FINGER.rawValue)
        raw.dx = 1.5
        raw.dy = -2
        #expect(PlatformTouchpad.event(raw, time: 3, pointScale: 2, shift: false) ==
                .scroll(dx: 1.5, dy: -2, source: .finger, time: 3))
        raw.kind = Int32(FW_TP_PINCH_BEGIN.rawValue)
        raw.x = 100
        raw.y = 50
        #expect(PlatformTouchpad.event(raw, time: 3, pointScale: 2, shift: false) == .pinchBegin(x: 200, y: 100, time: 3))
        raw.kind = Int32(FW_TP_NOTCH.rawValue)
        raw.notch_x = 0
        raw.notch_y = -1
        #expect(PlatformTouchpad.event(raw, time: 3, pointScale: 1, shift: true) ==
                .wheelNotch(dx: 0, dy: -1, shift: true, time: 3))
        raw.kind = Int32(FW_TP_LIFT.rawValue)
        #expect(PlatformTouchpad.event(raw, time: 4, pointScale: 1, shift: false) == .lift(time: 4))
        raw.kind = 99
        #expect(PlatformTouchpad.event(raw, time: 4, pointScale: 1, shift: false) == nil)
    }

    @Test("The touchpad's wake-up is told from a worker's by its code")
    func wakeCode() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        #expect(!PlatformTouchpad.isWake(event))
        event.user.code = Int32(FW_TOUCHPAD_WAKE_CODE)
        #expect(PlatformTouchpad.isWake(event))
    }

    @Test("The event log's touchpad line")
    func logLine() {
        #expect(BrowserLogEvent.touchpad(.scroll(dx: 0, dy: 3.5, source: .finger, time: 1)).jsonLine(time: 1) ==
                #"{"t":1,"event":"touchpad","input":"scroll","delta":[0,3.5],"source":"finger","scale":null}"#)
        #expect(BrowserLogEvent.touchpad(.lift(time: 2)).jsonLine(time: 2) ==
                #"{"t":2,"event":"touchpad","input":"lift","delta":[0,0],"source":null,"scale":null}"#)
    }
}
