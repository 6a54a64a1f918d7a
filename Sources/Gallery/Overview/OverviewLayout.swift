import Pager

/// Where every thumbnail of the overview sits, computed and never measured:
/// cell `(h, v)` is at `padding + h·pitchX`, `padding + v·pitchY + titleHeight`
/// in content pixels, so a 100,000-image folder lays out in constant time.
///
/// Rows are as tall as a thumbnail plus, in an albums layout, a title band
/// above it with the album's name. Sizes are given in points and laid out
/// in device pixels: times `scale` (the window's ui scale,
/// Sources/Browser/Platform/DisplayScale.swift); at scale 1 a point is a pixel. Content coordinates grow right and down;
/// the viewport shows the content from a scroll `origin` (its top-left corner).
///
/// ```swift
/// let layout = OverviewLayout(shape: .grid(count: 100_000, columns: 317), cellSize: 160)
/// let range = layout.visibleRange(origin: Point(x: 0, y: 52_000), width: 1280, height: 800)
/// range.forEachCell(in: layout.shape) { page in request(page) }   // about 40 cells, not 100,000
/// ```
public struct OverviewLayout: Sendable, Hashable {
    /// Gap between cells, px.
    public static let defaultSpacing = 8.0
    /// Space around the whole content, px.
    public static let defaultPadding = 24.0
    /// Height of an album's name band above its row, px.
    public static let defaultTitleHeight = 28.0
    /// Largest distance from 0 an unbounded axis scrolls to, px: far beyond any
    /// use, and small enough that cell indices stay exact integers.
    public static let unboundedExtent = 1e13

    public let shape: OverviewShape
    /// Side of a thumbnail's square cell, device px.
    public let cellSize: Double
    /// Device pixels per point of the sizes given to ``init``.
    public let scale: Double
    public let spacing: Double
    /// Height of the title band above each row (0 without titles).
    public let titleHeight: Double
    public let padding: Double

    /// With `titles`, each row gets a band of `defaultTitleHeight` for its name.
    /// `cellSize`, `spacing` and `padding` are points; `scale` turns them
    /// (and the title band) into device pixels.
    public init(shape: OverviewShape, cellSize: Double, titles: Bool = false,
                spacing: Double = OverviewLayout.defaultSpacing, padding: Double = OverviewLayout.defaultPadding,
                scale: Double = 1) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        self.shape = shape
        self.scale = scale
        self.cellSize = max(1, cellSize * scale)
        self.spacing = max(0, spacing * scale)
        self.titleHeight = titles ? Self.defaultTitleHeight * scale : 0
        self.padding = shape == .unbounded ? 0 : max(0, padding * scale)
    }

    /// Distance between the left edges of neighbouring cells, px.
    public var pitchX: Double { cellSize + spacing }
    /// Distance between the tops of neighbouring rows, px (title band included).
    public var pitchY: Double { cellSize + spacing + titleHeight }

    /// Content size, px; nil along an unbounded axis.
    public var contentWidth: Double? {
        shape.widestRow.map { $0 == 0 ? 2 * padding : 2 * padding + Double($0) * pitchX - spacing }
    }

    public var contentHeight: Double? {
        shape.rowCount.map { $0 == 0 ? 2 * padding : 2 * padding + Double($0) * pitchY - spacing }
    }

    /// The thumbnail's square in content coordinates.
    public func frame(of page: PageIndex) -> Rect {
        Rect(x: padding + Double(page.h) * pitchX, y: padding + Double(page.v) * pitchY + titleHeight,
             width: cellSize, height: cellSize)
    }

    /// Row `v`'s title band in content coordinates (zero height without titles).
    public func titleFrame(ofRow v: Int, width: Double) -> Rect {
        Rect(x: padding, y: padding + Double(v) * pitchY, width: width, height: titleHeight)
    }

    /// The cell under the content point (`x`, `y`), nil in a gap, a title band, a hole or outside.
    public func page(atX x: Double, y: Double) -> PageIndex? {
        let column = Self.index(floor: (x - padding) / pitchX)
        let row = Self.index(floor: (y - padding) / pitchY)
        let cell = frame(of: PageIndex(h: column, v: row))
        guard x >= cell.x, x < cell.x + cell.width, y >= cell.y, y < cell.y + cell.height else { return nil }
        let page = PageIndex(h: column, v: row)
        return shape.contains(page) ? page : nil
    }

    /// Where the viewport's origin may go along x: content narrower than the
    /// viewport is centred (a single position), an unbounded axis is ±`unboundedExtent`.
    public func scrollLimitsX(viewport: Double) -> ClosedRange<Double> {
        Self.limits(content: contentWidth, viewport: viewport)
    }

    public func scrollLimitsY(viewport: Double) -> ClosedRange<Double> {
        Self.limits(content: contentHeight, viewport: viewport)
    }

    private static func limits(content: Double?, viewport: Double) -> ClosedRange<Double> {
        guard let content else { return -unboundedExtent...unboundedExtent }
        if content <= viewport {
            let centred = (content - viewport) / 2
            return centred...centred
        }
        return 0...(content - viewport)
    }

    /// The cells that touch the viewport at `origin` (`width` × `height` px),
    /// widened by `margin` px towards where the content is heading
    /// (`heading` per axis: −1 up/left, +1 down/right, 0 both ways with half
    /// the margin each), clamped to the rows and the widest row. Holes past a
    /// short row are left out by ``OverviewRange/forEachCell(in:_:)``.
    public func visibleRange(origin: Point, width: Double, height: Double, margin: Double = 0,
                             heading: (x: Int, y: Int) = (0, 0)) -> OverviewRange {
        let (left, right) = Self.widen(origin.x, origin.x + width, margin: margin, heading: heading.x)
        let (top, bottom) = Self.widen(origin.y, origin.y + height, margin: margin, heading: heading.y)
        // Cell h spans [padding + h·pitchX, … + cellSize): it touches (left, right)
        // when its start is before `right` and its end after `left`.
        var firstColumn = Self.index(floor: (left - padding - cellSize) / pitchX) + 1
        var endColumn = Self.index(ceil: (right - padding) / pitchX)
        var firstRow = Self.index(floor: (top - padding - titleHeight - cellSize) / pitchY) + 1
        var endRow = Self.index(ceil: (bottom - padding) / pitchY)
        if let widest = shape.widestRow {
            firstColumn = max(firstColumn, 0)
            endColumn = min(endColumn, widest)
        }
        if let rows = shape.rowCount {
            firstRow = max(firstRow, 0)
            endRow = min(endRow, rows)
        }
        return OverviewRange(columns: firstColumn..<max(firstColumn, endColumn), rows: firstRow..<max(firstRow, endRow))
    }

    private static func widen(_ low: Double, _ high: Double, margin: Double, heading: Int) -> (Double, Double) {
        let margin = max(0, margin)
        switch heading.signum() {
        case 1: return (low, high + margin)
        case -1: return (low - margin, high)
        default: return (low - margin / 2, high + margin / 2)
        }
    }

    /// Largest index magnitude produced from a position: keeps `Int(…)` from
    /// trapping on absurd offsets (and leaves room to add a range's length).
    static let indexLimit = Double(1 << 60)

    static func index(floor value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1 << 60 : -(1 << 60) }
        return Int(min(max(value.rounded(.down), -indexLimit), indexLimit))
    }

    static func index(ceil value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1 << 60 : -(1 << 60) }
        return Int(min(max(value.rounded(.up), -indexLimit), indexLimit))
    }
}
