/// The window's input on its way to the pages: SDL events become
/// ``BrowserInput`` (``SDLInput``), pointer motion waits for the end of its
/// batch of events, and ``InputTranslator`` turns input into actions.
///
/// Motion is fed to the engine once per batch, merged with the earlier
/// motion of the same pointer, so that samples carry distinct times; a
/// motion from another pointer, or any other input, is fed after the motion
/// held before it.
///
/// ```swift
/// var input = WindowInput(events: sdlInput, translator: translator)
/// input.hold(.mouseMoved(x: 1, y: 1, leftHeld: true))   // nil: held
/// input.hold(.mouseMoved(x: 2, y: 1, leftHeld: true))   // nil: replaces it
/// input.takeMotion()                                    // .mouseMoved(x: 2, …)
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
    /// The latest motion of the current batch, not yet fed.
    private(set) var pendingMotion: BrowserInput?

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

    /// Holds `motion` until the batch ends, in place of the held motion of
    /// the same pointer. Returns the held motion of another pointer, which
    /// is due now, before this one.
    mutating func hold(_ motion: BrowserInput) -> BrowserInput? {
        var earlier: BrowserInput?
        if let pending = pendingMotion, !Self.sameSource(pending, motion) { earlier = pending }
        pendingMotion = motion
        return earlier
    }

    /// The held motion, now due (the batch ended, or other input came).
    mutating func takeMotion() -> BrowserInput? {
        defer { pendingMotion = nil }
        return pendingMotion
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
