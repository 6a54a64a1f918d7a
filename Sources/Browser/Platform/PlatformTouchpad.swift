import CSDL2
import CTouchpadInput

/// The window's touchpad read beside SDL (Sources/CTouchpadInput): on
/// Wayland a `wl_pointer` and pinch gesture of its own on SDL's display, on
/// X11 XInput 2 valuators and pinch on a second connection. Its events come
/// out as ``TouchpadEvent``s for ``TouchpadTranslator``; a queued event
/// wakes the loop with the decoders' wake event.
///
/// ```swift
/// if let touchpad = PlatformTouchpad(window: window.window, wakeEventType: wake) {
///     for event in touchpad.take(time: clock.now, pixelsPerPoint: 2, shift: false) { … }
/// }
/// ```
final class PlatformTouchpad {
    private var handle: OpaquePointer?
    /// Which platform it reads.
    let binding: TouchpadTranslator.Binding
    /// Whether pinch gestures come.
    let hasPinch: Bool
    /// The platform's timestamps on the session clock.
    private var clock = PlatformEventClock()

    /// Binds the touchpad of `window` (an `SDL_Window`); nil when its video
    /// driver is neither Wayland nor X11 or the server lacks what is needed.
    init?(window: OpaquePointer, wakeEventType: UInt32) {
        guard let handle = fw_touchpad_open(UnsafeMutableRawPointer(window), wakeEventType) else { return nil }
        self.handle = handle
        binding = fw_touchpad_kind(handle) == Int32(FW_TOUCHPAD_WAYLAND.rawValue) ? .wayland : .x11
        hasPinch = fw_touchpad_has_pinch(handle) != 0
    }

    deinit { close() }

    /// The events that arrived, at their platform timestamps on the session
    /// clock (`time`, now, without one); `pixelsPerPoint` turns
    /// Wayland's surface points into window px, `shift` is Shift's state.
    func take(time: Double, pixelsPerPoint: Double, shift: Bool) -> [TouchpadEvent] {
        guard let handle else { return [] }
        var events: [TouchpadEvent] = []
        var raw = fw_touchpad_event()
        let scale = binding == .wayland ? pixelsPerPoint : 1
        while fw_touchpad_next(handle, &raw) != 0 {
            let at = raw.has_time != 0 ? clock.time(ofMilliseconds: raw.time_ms, now: time) : time
            if let event = Self.event(raw, time: at, pointScale: scale, shift: shift) { events.append(event) }
        }
        return events
    }

    /// On Wayland, the compositor's time (ms) of the `wl_pointer` event SDL
    /// made the mouse motion or button `event` of, which this binding's own
    /// `wl_pointer` got too (matched by point or button:
    /// `fw_touchpad_pointer_time`); nil elsewhere or when none matches.
    func pointerMilliseconds(of event: SDL_Event) -> UInt32? {
        guard let handle, binding == .wayland else { return nil }
        var milliseconds: UInt32 = 0
        let found: Int32
        switch event.type {
        case SDL_MOUSEMOTION.rawValue:
            found = fw_touchpad_pointer_time(handle, 0, 0, event.motion.x, event.motion.y, &milliseconds)
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let pressed: Int32 = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? 1 : 0
            found = fw_touchpad_pointer_time(handle, Int32(event.button.button), pressed, event.button.x,
                                             event.button.y, &milliseconds)
        default:
            return nil
        }
        return found != 0 ? milliseconds : nil
    }

    /// Whether `event` (of the loop's wake type) is the touchpad's wake-up,
    /// not a worker's: it brings input to take, no result to draw.
    static func isWake(_ event: SDL_Event) -> Bool {
        event.user.code == Int32(FW_TOUCHPAD_WAKE_CODE)
    }

    /// Unbinds; before the window is destroyed.
    func close() {
        guard let handle else { return }
        fw_touchpad_close(handle)
        self.handle = nil
    }

    /// One queued C event in the browser's terms.
    static func event(_ raw: fw_touchpad_event, time: Double, pointScale: Double, shift: Bool) -> TouchpadEvent? {
        switch UInt32(raw.kind) {
        case FW_TP_SCROLL.rawValue:
            return .scroll(dx: raw.dx, dy: raw.dy, source: source(raw.source), time: time)
        case FW_TP_LIFT.rawValue:
            return .lift(time: time)
        case FW_TP_NOTCH.rawValue:
            return .wheelNotch(dx: Int(raw.notch_x), dy: Int(raw.notch_y), shift: shift, time: time)
        case FW_TP_PINCH_BEGIN.rawValue:
            return .pinchBegin(x: raw.x * pointScale, y: raw.y * pointScale, time: time)
        case FW_TP_PINCH_UPDATE.rawValue:
            return .pinchUpdate(scale: raw.scale, dx: raw.dx * pointScale, dy: raw.dy * pointScale, time: time)
        case FW_TP_PINCH_END.rawValue:
            return .pinchEnd(cancelled: raw.cancelled != 0, time: time)
        default:
            return nil
        }
    }

    private static func source(_ raw: Int32) -> ScrollSource {
        switch UInt32(raw) {
        case FW_TP_SOURCE_FINGER.rawValue: .finger
        case FW_TP_SOURCE_CONTINUOUS.rawValue: .continuous
        case FW_TP_SOURCE_WHEEL.rawValue: .wheel
        default: .unknown
        }
    }
}
