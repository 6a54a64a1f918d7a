/// The extent of one axis: `nil` is infinite, `0` disables the axis,
/// `N > 0` allows pages `0..<N`.
///
/// ```swift
/// AxisBounds(pageCount: nil).contains(-7)  // true: infinite
/// AxisBounds(pageCount: 5).clamp(9)         // 4
/// ```
public struct AxisBounds: Hashable, Sendable {
    /// `nil` for infinite, otherwise the number of pages (0 = disabled).
    public var pageCount: Int?

    /// Bounds of `pageCount` pages: `nil` infinite, 0 disabled; a negative count counts as 0.
    public init(pageCount: Int?) {
        self.pageCount = pageCount.map { max(0, $0) }
    }

    /// Page indices lie within ±2^61, so that no page step or difference of
    /// two pages can overflow: an infinite axis ends there, and a count above
    /// it counts as 2^61 pages. (The C interface clamps the indices it is
    /// given to ±2^60, `FW_PAGE_INDEX_LIMIT`, so flips still pass those.)
    /// Where `Int` has 32 bits (wasm32, `scripts/package-web`) the same
    /// margins make it ±2^29.
    static let indexLimit = 1 << (Int.bitWidth - 3)

    /// Whether the axis can move at all.
    public var isEnabled: Bool { pageCount.map { $0 > 0 } ?? true }

    /// Whether `index` is a page on this axis. A disabled axis has only page 0,
    /// so that the other axis still works.
    public func contains(_ index: Int) -> Bool {
        index >= lowestIndex && index <= highestIndex
    }

    /// The nearest page on this axis to `index`.
    public func clamp(_ index: Int) -> Int {
        min(max(index, lowestIndex), highestIndex)
    }

    /// The first page (0 when disabled; −2^61 when infinite).
    var lowestIndex: Int { pageCount == nil ? -Self.indexLimit : 0 }

    /// The last page (0 when disabled; 2^61 when infinite).
    var highestIndex: Int {
        guard let count = pageCount else { return Self.indexLimit }
        return count <= 0 ? 0 : min(count, Self.indexLimit) - 1
    }
}
