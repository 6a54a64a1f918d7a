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

    /// Whether the axis can move at all.
    public var isEnabled: Bool { pageCount != 0 }

    /// Whether `index` is a page on this axis. A disabled axis has only page 0,
    /// so that the other axis still works.
    public func contains(_ index: Int) -> Bool {
        guard let count = pageCount else { return true }
        return count == 0 ? index == 0 : (0..<count).contains(index)
    }

    /// The nearest page on this axis to `index`.
    public func clamp(_ index: Int) -> Int {
        guard let count = pageCount else { return index }
        return count == 0 ? 0 : min(max(index, 0), count - 1)
    }
}
