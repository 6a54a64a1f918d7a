/// What the pager is doing right now.
public enum PagerPhase: Hashable, Sendable {
    /// At rest on `currentPage`.
    case idle
    /// A pointer is down but has not moved past the slop: could still be a tap.
    case pressed
    /// A pointer drag; `nil` when it is locked to a disabled axis and moves nothing.
    case dragging(Axis?)
    /// A touchpad scroll gesture; `nil` when locked to a disabled axis.
    case scrolling(Axis?)
    /// Animating towards another page.
    case animating
    /// Animating back to the current page (return or edge bounce).
    case settling

    /// A short stable name, as printed by `pager-replay --frames`:
    /// `idle`, `pressed`, `dragging-h`, `dragging-v`, `dragging-none`,
    /// `scrolling-h`, `scrolling-v`, `scrolling-none`, `animating`, `settling`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .pressed: "pressed"
        case .dragging(let axis): "dragging-" + Self.suffix(axis)
        case .scrolling(let axis): "scrolling-" + Self.suffix(axis)
        case .animating: "animating"
        case .settling: "settling"
        }
    }

    private static func suffix(_ axis: Axis?) -> String {
        switch axis {
        case .horizontal: "h"
        case .vertical: "v"
        case nil: "none"
        }
    }
}
