/// One of the pager's two axes. A drag is locked to one of them.
public enum Axis: Sendable, Hashable, CaseIterable {
    /// Along `h`: left and right.
    case horizontal
    /// Along `v`: up and down.
    case vertical

    /// The other axis.
    public var perpendicular: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// The direction the *view* moves to: `.right` shows `h + 1`, `.down` shows `v + 1`
/// (the page on that side of the screen: `h − 1` on a reversed axis, see
/// `PagerConfiguration.horizontalReversed`).
///
/// ```swift
/// model.flip(.right, time: now)   // animates to the page on the right
/// ```
public enum FlipDirection: Sendable, Hashable, CaseIterable {
    /// Shows the page on the left, `h - 1`.
    case left
    /// Shows the page on the right, `h + 1`.
    case right
    /// Shows the page above, `v - 1`.
    case up
    /// Shows the page below, `v + 1`.
    case down

    /// The axis this direction moves along.
    public var axis: Axis { self == .left || self == .right ? .horizontal : .vertical }

    /// The step in screen positions: `.right` is `(1, 0)`, `.up` is `(0, -1)`.
    public var step: (h: Int, v: Int) {
        switch self {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        }
    }
}

/// A bounded edge of the page grid, named for where it is on screen.
public enum Edge: Sendable, Hashable, CaseIterable {
    /// Before page `h = 0` (after the last page on a reversed axis).
    case left
    /// After page `h = N - 1` (before page 0 on a reversed axis).
    case right
    /// Before page `v = 0` (after the last page on a reversed axis).
    case top
    /// After page `v = N - 1` (before page 0 on a reversed axis).
    case bottom

    /// The edge met when moving `step` screen positions (`-1` or `+1`) along `axis`.
    static func facing(_ axis: Axis, step: Int) -> Edge {
        switch axis {
        case .horizontal: step < 0 ? .left : .right
        case .vertical: step < 0 ? .top : .bottom
        }
    }
}
