import Pager

/// Turns a platform binding's ``TouchpadEvent``s into pager input: finger
/// scrolling moves the pages by touchpad units (`.pager(.scroll)`, the same
/// sign as a drag: content follows the fingers), a lift ends the swipe
/// (`.pager(.scrollEnded)`), a wheel notch flips one page at once and a
/// pinch zooms around the pointer.
///
/// Rules it keeps, each tested from recorded sequences
/// (Tests/BrowserTests/TouchpadTranslatorTests.swift):
/// - Every scroll event counts once, one arriving in the same frame as the
///   lift included (the binding hands over the scroll, then the lift).
/// - After a lift, scroll events are a compositor's kinetic tail and are
///   ignored until ``kineticTailPause`` passes without one.
/// - Sources without a lift (X11) end their swipe after ``pauseEndsSwipe``
///   without an event (``tick(time:)``).
/// - With a binding, SDL's own wheel events for the same motion are
///   dropped (``dropsSDLWheel(_:)``); on X11, SDL's whole notches outside a
///   swipe are a mouse wheel and flip at once, without the
///   ``WheelClassifier``'s wait.
///
/// ```swift
/// var touchpad = TouchpadTranslator(binding: .wayland)
/// touchpad.translate(.scroll(dx: 0, dy: 30, source: .finger, time: 1))  // [.pager(.scroll(dx: 0, dy: -30))]
/// touchpad.translate(.lift(time: 1.2))                                 // [.pager(.scrollEnded)]
/// touchpad.translate(.wheelNotch(dx: 0, dy: 1, shift: false, time: 2)) // [.pager(.flip(.down))]
/// ```
public struct TouchpadTranslator: Sendable {
    /// Which platform binding feeds the translator.
    public enum Binding: Sendable, Hashable {
        /// None: SDL's wheel events go to the ``WheelClassifier``.
        case none
        /// Wayland's `wl_pointer`: axis sources, discrete notches and lifts.
        case wayland
        /// X11's XInput 2 valuators: no source, no lift; SDL brings the notches.
        case x11
    }

    /// Quiet time that ends a swipe from a source without a lift (X11), s.
    public static let pauseEndsSwipe = 0.150
    /// Quiet time after a lift that ends a kinetic tail, s: scroll events
    /// before it are the compositor's momentum, not the fingers.
    public static let kineticTailPause = 0.100
    /// Wheel travel of one notch for a high-resolution wheel without
    /// discrete steps (libinput: 15° per click).
    public static let wheelUnitsPerNotch = 15.0
    /// A pinch step never scales by less than this (a wild sample).
    static let smallestPinchFactor = 0.5

    public var binding: Binding
    /// The swipe in progress: its latest event and whether a lift will end it.
    private var swipe: (last: Double, endsWithLift: Bool)?
    /// Since a lift, the time of the latest scroll event (nil: no lift to follow).
    private var tailLast: Double?
    /// Wheel travel not yet a whole notch (``ScrollSource/wheel``).
    private var wheelRemainder = (x: 0.0, y: 0.0)
    /// The pinch in progress: where it zooms around and its scale so far.
    private var pinch: (around: Point, scale: Double)?

    public init(binding: Binding = .none) {
        self.binding = binding
    }

    /// Whether the shell must keep calling ``tick(time:)``: a swipe without a lift is on.
    public var needsTicks: Bool {
        guard let swipe else { return false }
        return !swipe.endsWithLift
    }

    /// Whether a swipe is in progress at `time`.
    public func isSwiping(at time: Double) -> Bool {
        guard let swipe else { return false }
        return swipe.endsWithLift || time - swipe.last < Self.pauseEndsSwipe
    }

    /// Translates one event.
    public mutating func translate(_ event: TouchpadEvent) -> [BrowserAction] {
        var actions = tick(time: event.time)
        switch event {
        case .scroll(let dx, let dy, let source, let time):
            actions += scroll(dx: dx, dy: dy, source: source, time: time)
        case .lift(let time):
            actions += lift(time: time)
        case .wheelNotch(let dx, let dy, let shift, _):
            actions += Self.flips(dx: dx, dy: dy, shift: shift)
        case .pinchBegin(let x, let y, _):
            pinch = (Point(x: x, y: y), 1)
        case .pinchUpdate(let scale, _, _, _):
            guard let current = pinch, scale > 0 else { break }
            let factor = max(Self.smallestPinchFactor, scale / current.scale)
            pinch = (current.around, current.scale * factor)
            actions.append(.pager(.zoom(.by(factor: factor, around: current.around, animated: false))))
        case .pinchEnd(let cancelled, _):
            // A cancelled pinch gives back the zoom it made.
            if cancelled, let current = pinch, current.scale != 1 {
                actions.append(.pager(.zoom(.by(factor: 1 / current.scale, around: current.around, animated: false))))
            }
            pinch = nil
        }
        return actions
    }

    /// Ends a swipe from a source without a lift once ``pauseEndsSwipe``
    /// has passed without an event. Call once per frame while ``needsTicks``.
    public mutating func tick(time: Double) -> [BrowserAction] {
        guard let current = swipe, !current.endsWithLift,
              time - current.last >= Self.pauseEndsSwipe else { return [] }
        swipe = nil
        return [.pager(.scrollEnded)]
    }

    /// What SDL's own wheel event `sample` means with this binding: nil
    /// when the binding has it (the classifier decides), else the actions.
    /// Wayland: the binding brings every wheel and touchpad event, SDL's
    /// copy is dropped. X11: a notch during a swipe is the X server's
    /// emulation of the swipe, dropped; outside one, a mouse wheel: one
    /// page at once.
    public func dropsSDLWheel(_ sample: WheelSample) -> [BrowserAction]? {
        switch binding {
        case .none:
            return nil
        case .wayland:
            return []
        case .x11:
            if isSwiping(at: sample.time) { return [] }
            if sample.isFractional { return nil }
            return Self.flips(dx: Int(sample.x.rounded()), dy: -Int(sample.y.rounded()), shift: sample.shift)
        }
    }

    /// Forgets the swipe, the tail and the pinch (the window lost focus;
    /// the engine ends its gesture itself).
    public mutating func reset() {
        swipe = nil
        tailLast = nil
        pinch = nil
        wheelRemainder = (0, 0)
    }

    private mutating func scroll(dx: Double, dy: Double, source: ScrollSource, time: Double) -> [BrowserAction] {
        if source == .wheel { return wheelTravel(dx: dx, dy: dy, time: time) }
        if let last = tailLast {
            tailLast = time
            if time - last < Self.kineticTailPause { return [] }
            tailLast = nil
        }
        guard dx != 0 || dy != 0 else { return [] }
        swipe = (time, source.endsWithLift)
        // Scrolling down shows what is below: the content moves up.
        return [.pager(.scroll(dx: -dx, dy: -dy))]
    }

    private mutating func lift(time: Double) -> [BrowserAction] {
        guard swipe != nil else { return [] }
        swipe = nil
        tailLast = time
        return [.pager(.scrollEnded)]
    }

    /// Wheel travel without notches: a notch per ``wheelUnitsPerNotch``. On
    /// X11 such travel is a wheel's valuator whose notch SDL brings: during
    /// a swipe it is the swipe's (whole increments), else ignored.
    private mutating func wheelTravel(dx: Double, dy: Double, time: Double) -> [BrowserAction] {
        if binding == .x11 {
            guard let current = swipe, isSwiping(at: time) else { return [] }
            swipe = (time, current.endsWithLift)
            return [.pager(.scroll(dx: -dx, dy: -dy))]
        }
        wheelRemainder.x += dx
        wheelRemainder.y += dy
        let notchX = Int(wheelRemainder.x / Self.wheelUnitsPerNotch)
        let notchY = Int(wheelRemainder.y / Self.wheelUnitsPerNotch)
        wheelRemainder.x -= Double(notchX) * Self.wheelUnitsPerNotch
        wheelRemainder.y -= Double(notchY) * Self.wheelUnitsPerNotch
        return Self.flips(dx: notchX, dy: notchY, shift: false)
    }

    /// One page per notch, each in its own direction: down (positive `dy`)
    /// shows the page below, right the page on the right. Shift turns a
    /// vertical wheel horizontal, up meaning left as in every file browser.
    static func flips(dx: Int, dy: Int, shift: Bool) -> [BrowserAction] {
        var (x, y) = (dx, dy)
        if shift, x == 0 { (x, y) = (y, 0) }
        let horizontal = FlipDirection.right, vertical = FlipDirection.down
        var actions: [BrowserAction] = []
        for _ in 0..<abs(x) { actions.append(.pager(.flip(x > 0 ? horizontal : .left))) }
        for _ in 0..<abs(y) { actions.append(.pager(.flip(y > 0 ? vertical : .up))) }
        return actions
    }
}
