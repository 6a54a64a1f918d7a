/// Something the engine did, stamped with the time of the call that caused it.
///
/// Drain them after each input or `advance` with `pollEvent()`:
///
/// ```swift
/// while let event = model.pollEvent() {
///     if case .pageChanged(_, let to) = event.kind { hud.show(to) }
/// }
/// ```
public struct PagerEvent: Hashable, Sendable {
    /// What happened, with the data each kind needs.
    public enum Kind: Hashable, Sendable {
        /// A pointer or scroll gesture moved past the slop, or caught a moving page.
        case dragBegan
        /// The gesture locked to one axis for the rest of its life.
        case axisLocked(Axis)
        /// A decision was made: the pager is now heading for `to`.
        case pageWillChange(from: PageIndex, to: PageIndex)
        /// The pager landed on `to`; it is now `currentPage`.
        case pageChanged(from: PageIndex, to: PageIndex)
        /// Slots got new pages (after landing, a jump or a bounds change).
        case slotsRecycled(SlotChanges)
        /// A gesture or flip hit a bounded edge and springs back.
        case bounced(Edge)
        /// A gesture ended abnormally; the pager settles on `page`.
        case interrupted(InterruptionReason, page: PageIndex)
        /// Nothing moves: no gesture, no animation, offset zero, the zoom still.
        case settled(PageIndex)
        /// The current page's zoom is heading for `scale` (relative to fit);
        /// `atFit` when that is fit. Also sent when landing or a resize resets a zoom.
        case zoomChanged(scale: Double, atFit: Bool)
        /// A pan on a zoomed page reached the image's edge along `axis` and the
        /// rest of the same drag moves the pager, towards the page `towards`.
        case panHandedOver(Axis, towards: FlipDirection)
    }

    /// Seconds, on the host's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time` (hosts and tests build them; the model emits its own).
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
