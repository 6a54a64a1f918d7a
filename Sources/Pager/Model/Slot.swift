/// One of the nine page holders around the current page.
///
/// A slot's `id` never changes; its grid position and page do, when the pager
/// lands on another page. Hosts key their textures by `id` and reload only
/// when a `slotsRecycled` event names the slot.
///
/// ```swift
/// for slot in model.slots where slot.visibleFraction > 0 {
///     draw(texture[slot.id], in: slot.frame)
/// }
/// ```
public struct Slot: Hashable, Sendable {
    /// Stable identity, 0…8.
    public let id: Int
    /// Grid column relative to the current page: -1, 0 or 1.
    public internal(set) var column: Int
    /// Grid row relative to the current page: -1, 0 or 1.
    public internal(set) var row: Int
    /// The page this slot shows, or `nil` when that position is outside the bounds.
    public internal(set) var page: PageIndex?
    /// Where the slot is drawn, in viewport coordinates.
    public internal(set) var frame: Rect
    /// The share of the viewport this slot covers, 0…1.
    public internal(set) var visibleFraction: Double

    init(id: Int, column: Int, row: Int) {
        self.id = id
        self.column = column
        self.row = row
        self.page = nil
        self.frame = Rect(x: 0, y: 0, width: 0, height: 0)
        self.visibleFraction = 0
    }
}
