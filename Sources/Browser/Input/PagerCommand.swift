import Pager

/// One call into the engine, as a value, so that input translation can be
/// tested without a window and replayed into any `PagerModel`.
///
/// ```swift
/// var model = PagerModel(pageWidth: 1280, pageHeight: 800)
/// model.apply(.flip(.right), time: 0.5)
/// ```
public enum PagerCommand: Sendable, Hashable {
    case pointerDown(x: Double, y: Double)
    case pointerMoved(x: Double, y: Double)
    case pointerUp(x: Double, y: Double)
    case interrupt(InterruptionReason)
    case scroll(dx: Double, dy: Double)
    case flip(FlipDirection)
    case go(PageIndex, animated: Bool)
    /// Zoom the current page (see ``ZoomCommand``).
    case zoom(ZoomCommand)
}

extension PagerModel {
    /// Performs `command` at `time`. Returns the engine's answer for
    /// `interrupt` and `flip` (whether anything happened), `true` otherwise.
    ///
    /// ```swift
    /// if !model.apply(.interrupt(.escape), time: now) { quit() }
    /// ```
    @discardableResult
    public mutating func apply(_ command: PagerCommand, time: Double) -> Bool {
        switch command {
        case .pointerDown(let x, let y): pointerDown(x: x, y: y, time: time)
        case .pointerMoved(let x, let y): pointerMoved(x: x, y: y, time: time)
        case .pointerUp(let x, let y): pointerUp(x: x, y: y, time: time)
        case .interrupt(let reason): return interrupt(reason, time: time)
        case .scroll(let dx, let dy): scroll(dx: dx, dy: dy, time: time)
        case .flip(let direction): return flip(direction, time: time)
        case .go(let page, let animated): go(to: page, animated: animated, time: time)
        case .zoom(let zoom): return apply(zoom, time: time)
        }
        return true
    }
}
