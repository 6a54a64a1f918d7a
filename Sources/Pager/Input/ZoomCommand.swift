/// One zoom call into the engine, as a value (the zoom part of ``PagerCommand``).
/// Points are viewport px: the point that stays still while zooming.
///
/// ```swift
/// model.apply(.zoom(.toggle(around: Point(x: 300, y: 200))), time: now)   // a double-click
/// model.apply(.zoom(.to(scale: 2, around: nil, animated: true)), time: now)
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
    /// Zoom to `scale` (relative to fit) around `around`, or around the
    /// page's centre when it is `nil`.
    case to(scale: Double, around: Point?, animated: Bool)
    /// The current page's content: its size fitted on the page, px, and the
    /// scale at which it shows at 1:1 (`setZoomContent`).
    case setContent(width: Double, height: Double, pixelScale: Double)
}

extension PagerModel {
    /// Performs a zoom command at `time`; returns whether the zoom target changed.
    ///
    /// ```swift
    /// model.apply(.zoomIn(around: Point(x: 640, y: 400)), time: now)
    /// model.apply(.setContent(width: 1067, height: 800, pixelScale: 3.75), time: now)
    /// ```
    @discardableResult
    public mutating func apply(_ command: ZoomCommand, time: Double) -> Bool {
        switch command {
        case .zoomIn(let point): return zoomIn(around: point, time: time)
        case .zoomOut(let point): return zoomOut(around: point, time: time)
        case .reset: return resetZoom(animated: true, time: time)
        case .toggle(let point): return toggleZoom(around: point, time: time)
        case .by(let factor, let point, let animated):
            return zoom(by: factor, around: point, animated: animated, time: time)
        case .to(let scale, let point, let animated):
            let around = point ?? Point(x: pageWidth / 2, y: pageHeight / 2)
            return zoom(to: scale, around: around, animated: animated, time: time)
        case .setContent(let width, let height, let pixelScale):
            let before = zoom.targetScale
            setZoomContent(width: width, height: height, pixelScale: pixelScale, time: time)
            return zoom.targetScale != before
        }
    }
}
