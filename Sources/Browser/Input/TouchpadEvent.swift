/// Where a platform's scroll event comes from, as far as it says.
///
/// ```swift
/// TouchpadEvent.scroll(dx: 0, dy: 3.5, source: .finger, time: 1.0)
/// ```
public enum ScrollSource: Sendable, Hashable {
    /// Fingers on a touchpad (Wayland `axis_source finger`): a lift ends it.
    case finger
    /// A continuous source such as button scrolling (`axis_source continuous`): a stop ends it.
    case continuous
    /// A mouse wheel turned without whole notches (a high-resolution wheel):
    /// ``TouchpadTranslator/wheelUnitsPerNotch`` units make a notch.
    case wheel
    /// The platform does not say (X11's XI2 valuators): a pause ends the swipe.
    case unknown

    /// Whether the platform ends this source's scrolling with a lift.
    var endsWithLift: Bool { self == .finger || self == .continuous }
}

/// A touchpad or wheel event from a platform binding (Wayland's `wl_pointer`
/// and pointer gestures, X11's XInput 2 valuators), in the browser's terms:
/// no platform types, so ``TouchpadTranslator`` is pure and testable from
/// recorded sequences.
///
/// Scroll values are touchpad units (libinput's px; an XI2 valuator
/// increment is 10) in the platform's scroll direction: positive `dy`
/// scrolls down (the content moves up), positive `dx` scrolls right. The
/// desktop's natural-scrolling setting is already applied by the
/// compositor or X server: with it, fingers moving up send positive `dy`,
/// so the content follows the fingers.
///
/// ```swift
/// let swipe: [TouchpadEvent] = [
///     .scroll(dx: -12, dy: 0, source: .finger, time: 0.000),
///     .scroll(dx: -15, dy: 0, source: .finger, time: 0.010),
///     .lift(time: 0.010),
/// ]
/// ```
public enum TouchpadEvent: Sendable, Hashable {
    /// Scrolled by (`dx`, `dy`) touchpad units.
    case scroll(dx: Double, dy: Double, source: ScrollSource, time: Double)
    /// The fingers lifted (Wayland `axis_stop`).
    case lift(time: Double)
    /// Whole wheel notches (Wayland `axis_discrete`), positive down and
    /// right; `shift` was held (a vertical wheel scrolls horizontally).
    case wheelNotch(dx: Int, dy: Int, shift: Bool, time: Double)
    /// Two or more fingers started a pinch with the pointer at (`x`, `y`), window px.
    case pinchBegin(x: Double, y: Double, time: Double)
    /// The pinch's scale since it began (1: unchanged) and the pointer's movement, px.
    case pinchUpdate(scale: Double, dx: Double, dy: Double, time: Double)
    /// The pinch ended; `cancelled`: the compositor took it back.
    case pinchEnd(cancelled: Bool, time: Double)

    /// When the event happened, s (the session clock).
    public var time: Double {
        switch self {
        case .scroll(_, _, _, let time), .lift(let time), .wheelNotch(_, _, _, let time),
             .pinchBegin(_, _, let time), .pinchUpdate(_, _, _, let time), .pinchEnd(_, let time):
            time
        }
    }
}
