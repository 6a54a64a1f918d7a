import Pager

/// One zoom call into the engine, as a value (the zoom part of ``PagerCommand``).
/// Points are viewport pixels: the point that stays still while zooming.
///
/// ```swift
/// model.apply(.zoom(.toggle(around: Point(x: 300, y: 200))), time: now)   // a double-click
/// ```
public enum ZoomCommand: Sendable, Hashable {
    /// One step in (`+`).
    case zoomIn(around: Point)
    /// One step out (`-`).
    case zoomOut(around: Point)
    /// Back to fit (`0`).
    case reset
    /// Fit ↔ 1:1 (double-click).
    case toggle(around: Point)
    /// Multiply the scale (Ctrl+wheel animated, a pinch at once).
    case by(factor: Double, around: Point, animated: Bool)
}

extension PagerModel {
    /// Performs a zoom command at `time`; returns whether the zoom target changed.
    ///
    /// ```swift
    /// model.apply(.zoomIn(around: Point(x: 640, y: 400)), time: now)
    /// ```
    @discardableResult
    public mutating func apply(_ command: ZoomCommand, time: Double) -> Bool {
        switch command {
        case .zoomIn(let point): zoomIn(around: point, time: time)
        case .zoomOut(let point): zoomOut(around: point, time: time)
        case .reset: resetZoom(animated: true, time: time)
        case .toggle(let point): toggleZoom(around: point, time: time)
        case .by(let factor, let point, let animated): zoom(by: factor, around: point, animated: animated, time: time)
        }
    }
}
