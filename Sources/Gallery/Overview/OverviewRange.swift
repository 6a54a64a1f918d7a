import Pager

/// A block of overview cells: the columns and rows that touch the viewport
/// (plus a margin). Iterating it visits only real cells: a short row (an
/// album with fewer images, the last row of a grid) is cut at its length.
///
/// ```swift
/// let range = OverviewRange(columns: 0..<8, rows: 10..<15)
/// range.forEachCell(in: .rows([3, 8, 1])) { page in print(page) }
/// ```
public struct OverviewRange: Sendable, Hashable {
    public var columns: Range<Int>
    public var rows: Range<Int>

    public init(columns: Range<Int>, rows: Range<Int>) {
        self.columns = columns
        self.rows = rows
    }

    /// Whether `page` is inside the block (holes included).
    public func contains(_ page: PageIndex) -> Bool {
        columns.contains(page.h) && rows.contains(page.v)
    }

    /// Calls `body` for each cell of `shape` in the block, row by row; no allocation.
    public func forEachCell(in shape: OverviewShape, _ body: (PageIndex) -> Void) {
        for v in rows {
            let end = shape.rowLength(v).map { min(columns.upperBound, $0) } ?? columns.upperBound
            guard columns.lowerBound < end else { continue }
            for h in columns.lowerBound..<end { body(PageIndex(h: h, v: v)) }
        }
    }

    /// Number of real cells in the block.
    public func cellCount(in shape: OverviewShape) -> Int {
        var total = 0
        for v in rows {
            let end = shape.rowLength(v).map { min(columns.upperBound, $0) } ?? columns.upperBound
            total += max(0, end - columns.lowerBound)
        }
        return total
    }
}
