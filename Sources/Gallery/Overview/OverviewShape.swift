import Pager

/// Which cells the overview has, row by row, as arithmetic: nothing is
/// stored per image, so a 100,000-image grid costs the same as a 10-image one.
///
/// - `grid`: `count` cells in rows of `columns` (the last row may be shorter).
///   A row layout is `grid(count: n, columns: n)`, a column layout `grid(count: n, columns: 1)`.
/// - `rows`: one length per row (albums: ragged rows, one per album).
/// - `unbounded`: every `(h, v)`, negative too (the demo gallery).
///
/// ```swift
/// let shape = OverviewShape.grid(count: 100_000, columns: 317)
/// shape.rowCount        // 316
/// shape.rowLength(315)  // 100_000 - 315 * 317 = 145
/// ```
public enum OverviewShape: Sendable, Hashable {
    case grid(count: Int, columns: Int)
    case rows([Int])
    case unbounded

    /// The overview of a gallery layout: its canonical (unwrapped) pages.
    ///
    /// ```swift
    /// let shape = OverviewShape(layout: GalleryLayout(contents: folder, style: .albums))
    /// ```
    public init(layout: GalleryLayout) {
        switch layout.style {
        case .albums:
            self = .rows((0..<layout.rowCount).map { layout.rowLength($0) })
        case .row:
            self = .grid(count: layout.count, columns: max(1, layout.count))
        case .column:
            self = .grid(count: layout.count, columns: 1)
        case .grid, .auto:
            self = .grid(count: layout.count, columns: max(1, layout.columns))
        }
    }

    /// Number of rows; nil when unbounded.
    public var rowCount: Int? {
        switch self {
        case .grid(let count, let columns):
            guard count > 0, columns > 0 else { return 0 }
            return (count + columns - 1) / columns
        case .rows(let lengths): return lengths.count
        case .unbounded: return nil
        }
    }

    /// The longest row (the content's width in cells); nil when unbounded.
    public var widestRow: Int? {
        switch self {
        case .grid(let count, let columns): return count > 0 ? min(columns, count) : 0
        case .rows(let lengths): return lengths.max() ?? 0
        case .unbounded: return nil
        }
    }

    /// Cells in row `v`: 0 outside the rows, nil (infinite) when unbounded.
    public func rowLength(_ v: Int) -> Int? {
        switch self {
        case .grid(let count, let columns):
            guard let rows = rowCount, v >= 0, v < rows else { return 0 }
            return v == rows - 1 ? count - columns * (rows - 1) : columns
        case .rows(let lengths):
            return v >= 0 && v < lengths.count ? lengths[v] : 0
        case .unbounded:
            return nil
        }
    }

    /// Whether `page` is a cell (not a hole past a short row, not outside).
    public func contains(_ page: PageIndex) -> Bool {
        guard let length = rowLength(page.v) else { return true }
        return page.h >= 0 && page.h < length
    }

    /// The nearest cell to `page`: rows clamped first, then the column to that row's length.
    public func clamp(_ page: PageIndex) -> PageIndex? {
        guard let rows = rowCount else { return page }
        guard rows > 0 else { return nil }
        var v = min(max(page.v, 0), rows - 1)
        // Skip empty rows (never produced by GalleryLayout, but a shape may have them).
        var length = rowLength(v) ?? 0
        if length == 0 {
            guard let nonEmpty = (0..<rows).min(by: { a, b in
                let la = rowLength(a) ?? 0, lb = rowLength(b) ?? 0
                if (la == 0) != (lb == 0) { return la != 0 }
                return abs(a - v) < abs(b - v)
            }), (rowLength(nonEmpty) ?? 0) > 0 else { return nil }
            v = nonEmpty
            length = rowLength(v) ?? 0
        }
        return PageIndex(h: min(max(page.h, 0), length - 1), v: v)
    }
}
