import Pager

/// One mouse-wheel event as SDL reports it (`preciseX`/`preciseY`), with the
/// time it was handled.
///
/// `x` is positive when scrolled to the right, `y` positive when scrolled
/// away from the user (up). `shift` turns a vertical wheel into a horizontal one.
///
/// ```swift
/// let notchDown = WheelSample(x: 0, y: -1, shift: false, time: 2.5)
/// ```
public struct WheelSample: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var shift: Bool
    public var time: Double

    public init(x: Double, y: Double, shift: Bool = false, time: Double) {
        self.x = x
        self.y = y
        self.shift = shift
        self.time = time
    }

    /// Whether either delta has a fractional part: only touchpads (smooth
    /// scrolling) send those; a wheel sends whole notches.
    var isFractional: Bool {
        x.rounded() != x || y.rounded() != y
    }

    /// The sample with Shift applied: a vertical wheel scrolls horizontally,
    /// up (away from the user) meaning left, as in every file browser.
    var resolvingShift: (x: Double, y: Double) {
        guard shift, x == 0 else { return (x, y) }
        return (-y, 0)
    }
}

/// What a wheel event means for the pager.
///
/// ```swift
/// if case .flip(let direction) = action { model.flip(direction, time: now) }
/// ```
public enum WheelAction: Sendable, Hashable {
    /// A plain wheel notch: flip one page.
    case flip(FlipDirection)
    /// Touchpad scrolling: move the content continuously by this many
    /// touchpad units (the same sign as a drag; the engine maps units to pages).
    case scroll(dx: Double, dy: Double)
}

/// Tells a mouse wheel from a touchpad and turns both into pager input.
///
/// A wheel notch flips one page. A touchpad scrolls the pages continuously
/// and its gesture ends by the engine's quiet gap. Touchpads are recognised by
/// fractional deltas or, where the platform only sends whole notches (SDL's
/// X11 back end), by their rate: a notch that follows the previous one within
/// ``streamInterval`` belongs to a stream, and a stream is a touchpad swipe.
/// To tell the two apart without flipping twenty pages for one swipe, the
/// first whole notch after a quiet spell is held back for ``streamInterval``:
/// if nothing follows, it was a wheel notch and flips; if another notch
/// follows, both are scrolled.
///
/// Time comes in as an argument, so the classifier is pure:
///
/// ```swift
/// var wheel = WheelClassifier(pageWidth: 1280, pageHeight: 800)
/// wheel.classify(WheelSample(x: 0, y: -1, time: 1.000))  // []: held back
/// wheel.tick(time: 1.050)                                   // [.flip(.down)]
/// ```
public struct WheelClassifier: Sendable {
    /// A whole notch closer than this to the previous one belongs to a
    /// touchpad stream, s. libinput's emulated notches come at the touchpad's
    /// frame rate (7–14 ms apart) while a hand-turned wheel rarely clicks
    /// faster than every ~40 ms. This is also the latency added to a wheel flip.
    public static let streamInterval: Double = 0.035
    /// Touchpad travel one notch (or one unit of `preciseX/Y`) stands for, px
    /// of touchpad motion (SDL reports smooth scrolling in tenths of a notch
    /// per 1 px on Wayland).
    public static let touchpadPixelsPerNotch: Double = 10

    private enum Mode: Sendable {
        /// Nothing recent.
        case idle
        /// A whole notch waiting to learn whether it starts a stream.
        case pending(WheelSample)
        /// A touchpad stream; `last` is the time of its latest event.
        case stream(last: Double)
    }

    private var mode: Mode = .idle
    /// The viewport's size, px (the keys zoom around its centre).
    public var pageWidth: Double
    public var pageHeight: Double
    /// Quiet time that ends a touchpad stream, s; the engine's `scrollEndGap`
    /// by default, so the classifier and the engine agree on where a gesture ends.
    public var streamEndGap: Double

    public init(pageWidth: Double, pageHeight: Double,
                streamEndGap: Double = PagerConfiguration().scrollEndGap) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.streamEndGap = streamEndGap
    }

    /// Whether the host must keep calling ``tick(time:)``: a notch is held back.
    public var hasPendingNotch: Bool {
        if case .pending = mode { return true }
        return false
    }

    /// Whether the latest events were a touchpad stream that has not yet gone quiet.
    public func isStreaming(at time: Double) -> Bool {
        if case .stream(let last) = mode { return time - last < streamEndGap }
        return false
    }

    /// Classifies one wheel event; returns what to do now (possibly nothing,
    /// possibly a held-back notch followed by this one).
    public mutating func classify(_ sample: WheelSample) -> [WheelAction] {
        var actions = tick(time: sample.time)
        switch mode {
        case .stream(let last) where sample.time - last < streamEndGap:
            mode = .stream(last: sample.time)
            actions.append(contentsOf: scrollAction(sample))
        case .pending(let held):
            // A second notch within the interval: it was a touchpad all along.
            mode = .stream(last: sample.time)
            actions.append(contentsOf: scrollAction(held))
            actions.append(contentsOf: scrollAction(sample))
        default:
            if sample.isFractional {
                mode = .stream(last: sample.time)
                actions.append(contentsOf: scrollAction(sample))
            } else if sample.x != 0 || sample.y != 0 {
                mode = .pending(sample)
            }
        }
        return actions
    }

    /// Releases a held-back notch once ``streamInterval`` has passed without
    /// another one: it was a wheel notch, so it flips. Call once per frame.
    public mutating func tick(time: Double) -> [WheelAction] {
        switch mode {
        case .pending(let held) where time - held.time >= Self.streamInterval:
            mode = .idle
            return flipAction(held).map { [$0] } ?? []
        case .stream(let last) where time - last >= streamEndGap:
            mode = .idle
            return []
        default:
            return []
        }
    }

    /// Forgets any held-back notch and stream (the window lost focus).
    public mutating func reset() {
        mode = .idle
    }

    private func flipAction(_ sample: WheelSample) -> WheelAction? {
        let (x, y) = sample.resolvingShift
        if x == 0 && y == 0 { return nil }
        if abs(x) > abs(y) {
            return .flip(x > 0 ? .right : .left)
        }
        return .flip(y > 0 ? .up : .down)
    }

    private func scrollAction(_ sample: WheelSample) -> [WheelAction] {
        let (x, y) = sample.resolvingShift
        if x == 0 && y == 0 { return [] }
        // Touchpad units: the engine turns them into pages
        // (PagerConfiguration.touchpadDistance), whatever the window's size.
        let units = Self.touchpadPixelsPerNotch
        // Scrolling right shows what is on the right: the content moves left.
        // Scrolling up (away) shows what is above: the content moves down.
        return [.scroll(dx: -x * units, dy: y * units)]
    }
}
