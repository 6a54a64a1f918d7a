import Pager

/// Zoom input: which zoom call a gesture or key means. The zoom itself
/// (clamping, animation, the point that stays still) is the engine's.
extension InputTranslator {
    /// Scale factor of one Ctrl+wheel notch.
    static let wheelZoomFactor = 1.25
    /// Scale change per unit of SDL's pinch `dDist` (a share of the touch
    /// device's size): spreading the fingers by a tenth of it zooms ×1.3.
    static let pinchZoomGain = 3.0
    /// A pinch step never scales by less than this (a wild `dDist` sample).
    static let smallestPinchFactor = 0.5

    /// The viewport's centre: where the keys zoom around when the pointer is not in the window.
    var zoomCentre: Point { Point(x: wheel.pageWidth / 2, y: wheel.pageHeight / 2) }

    /// Translates a zoom gesture. The release that ends a double-click also
    /// ends the pointer gesture, then toggles fit ↔ 1:1 around it, when both
    /// halves were clicks (``PointerRouter/releaseEndsTwoClicks(x:y:)``).
    ///
    /// ```swift
    /// input.zoomActions(.wheel(notches: 1, x: 300, y: 200))
    /// // [.pager(.zoom(.by(factor: 1.25, around: Point(x: 300, y: 200), animated: true)))]
    /// ```
    public mutating func zoomActions(_ gesture: ZoomGesture) -> [BrowserAction] {
        switch gesture {
        case .wheel(let notches, let x, let y):
            guard !pointer.isTracking, notches != 0 else { return [] }
            var factor = 1.0
            let step = notches > 0 ? Self.wheelZoomFactor : 1 / Self.wheelZoomFactor
            for _ in 0..<max(1, Int(abs(notches).rounded())) { factor *= step }
            return [.pager(.zoom(.by(factor: factor, around: Point(x: x, y: y), animated: true)))]
        case .pinch(let change, let x, let y):
            let factor = max(Self.smallestPinchFactor, 1 + change * Self.pinchZoomGain)
            return [.pager(.zoom(.by(factor: factor, around: Point(x: x, y: y), animated: false)))]
        case .doubleClickReleased(let x, let y):
            let clicked = pointer.releaseEndsTwoClicks(x: x, y: y)
            var actions = pointer.handle(.mouseUp(.left, x: x, y: y))
            if clicked { actions.append(.pager(.zoom(.toggle(around: Point(x: x, y: y))))) }
            return actions
        }
    }

    /// The zoom keys in the pager: `+`/`=` in, `-` out, `0` back to fit,
    /// around the mouse pointer when it is in the window, else the centre.
    func zoomKeyActions(_ action: Action) -> [BrowserAction] {
        let around = hoverPoint ?? zoomCentre
        return switch action {
        case .zoomIn: [.pager(.zoom(.zoomIn(around: around)))]
        case .zoomOut: [.pager(.zoom(.zoomOut(around: around)))]
        case .zoomFit: [.pager(.zoom(.reset))]
        default: []
        }
    }
}
