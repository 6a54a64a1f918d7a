/// The window's input on its way to the pages: SDL events become
/// ``BrowserInput`` (``SDLInput``), pointer motion waits for the end of its
/// batch of events, and ``InputTranslator`` turns input into actions.
///
/// Motion is fed to the engine once per batch, merged with the earlier
/// motion of the same pointer, so that samples carry distinct times; a
/// motion from another pointer, or any other input, is fed after the motion
/// held before it. Each input keeps its own time: on X11 a mouse event's is
/// the X server's (``notePointerTime(milliseconds:now:)``), and a motion with
/// that time is not held.
///
/// ```swift
/// var input = WindowInput(events: sdlInput, translator: translator)
/// input.hold(.mouseMoved(x: 1, y: 1, leftHeld: true), at: 2.00)   // nil: held
/// input.hold(.mouseMoved(x: 2, y: 1, leftHeld: true), at: 2.01)   // nil: replaces it
/// input.takeMotion()                                              // .mouseMoved(x: 2, …) at 2.01
/// ```
struct WindowInput {
    /// SDL events in the browser's terms.
    var events: SDLInput
    /// Input in the pages as engine calls and actions.
    var translator: InputTranslator
    /// The touchpad read beside SDL (Wayland, X11), when it could be bound.
    var touchpad: PlatformTouchpad? {
        didSet { translator.touchpad.binding = touchpad?.binding ?? .none }
    }
    /// The latest motion of the current batch, not yet fed, and its time.
    private(set) var pendingMotion: TimedInput?
    /// The X server's times on the session clock.
    private var pointerClock = PlatformEventClock()
    /// The time of the mouse event SDL queued next, noted from the X event before it.
    private var nextPointerTime: Double?

    init(events: SDLInput, translator: InputTranslator) {
        self.events = events
        self.translator = translator
    }

    /// Whether `input` is pointer motion, which ``hold(_:)`` batches.
    static func isMotion(_ input: BrowserInput) -> Bool {
        switch input {
        case .mouseMoved, .fingerMoved: true
        default: false
        }
    }

    /// Holds `motion`, made at `time`, until the batch ends, in place of the
    /// held motion of the same pointer. Returns the held motion of another
    /// pointer, which is due now, before this one.
    mutating func hold(_ motion: BrowserInput, at time: Double) -> TimedInput? {
        var earlier: TimedInput?
        if let pending = pendingMotion, !Self.sameSource(pending.input, motion) { earlier = pending }
        pendingMotion = TimedInput(input: motion, time: time)
        return earlier
    }

    /// The held motion, now due (the batch ended, or other input came).
    mutating func takeMotion() -> TimedInput? {
        defer { pendingMotion = nil }
        return pendingMotion
    }

    /// The X server gave the pointer event SDL queues next the time
    /// `milliseconds` (on its clock); read at `now`.
    mutating func notePointerTime(milliseconds: UInt32, now: Double) {
        nextPointerTime = pointerClock.time(ofMilliseconds: milliseconds, now: now)
    }

    /// The X server's clock read `milliseconds` for another event read at
    /// `now`: how soon the loop reads its events, before a drag needs it.
    mutating func noteServerTime(milliseconds: UInt32, now: Double) {
        _ = pointerClock.time(ofMilliseconds: milliseconds, now: now)
    }

    /// When the mouse event read now was made: the time noted for it, or
    /// `nil` when none was. Taken once per mouse event.
    mutating func takePointerTime() -> Double? {
        defer { nextPointerTime = nil }
        return nextPointerTime
    }

    /// The window is now `width` × `height` pixels.
    mutating func resize(width: Int, height: Int) {
        translator.resize(width: Double(width), height: Double(height))
        events.pixelWidth = Double(width)
        events.pixelHeight = Double(height)
    }

    private static func sameSource(_ a: BrowserInput, _ b: BrowserInput) -> Bool {
        switch (a, b) {
        case (.mouseMoved, .mouseMoved): true
        case (.fingerMoved(let first, _, _), .fingerMoved(let second, _, _)): first == second
        default: false
        }
    }
}

/// An input and the time it was made, s on the session clock.
struct TimedInput: Equatable {
    var input: BrowserInput
    var time: Double
}
