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
        /// Nothing moves: no gesture, no animation, offset zero.
        case settled(PageIndex)
    }

    /// Seconds, on the host's clock.
    public var time: Double
    public var kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
