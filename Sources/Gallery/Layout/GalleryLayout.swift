import Pager

/// Pages for the pager: maps each `PageIndex` to an image and back.
///
/// Every layout is a list of rows (`v`), each row a run of images (`h`):
/// a grid has rows of `columns` images, an albums layout one row per album,
/// a row layout a single row, a column layout one image per row.
///
/// Bounds (what to give `PagerModel`): a grid is `columns × rows`; albums are
/// `longest album × album count` with ``rowLengths`` as the engine's ragged
/// rows, so no page past an album's end is ever shown; a grid's short last
/// row still ends in *holes* (pages with no image: `entry(at:)` is nil;
/// ``rowLength(_:)`` tells the shell where the row ends). A row layout disables the
/// vertical axis (`verticalPages == 0`), a column layout the horizontal one.
///
/// With `wrap`, every bounded axis becomes infinite (`nil`) and indices wrap:
/// `v` modulo the number of rows first, then `h` modulo *that row's* length,
/// so a wrapped layout has no holes at all. Disabled axes stay `0`.
///
/// ```swift
/// let layout = GalleryLayout(contents: contents, style: .grid, wrap: true)
/// var model = PagerModel(pageWidth: 1280, pageHeight: 800,
///                        horizontalPages: layout.horizontalPages,
///                        verticalPages: layout.verticalPages,
///                        initialPage: layout.page(of: "/photos/img7.jpg") ?? PageIndex(h: 0, v: 0))
/// let entry = layout.entry(at: model.currentPage)   // nil on a hole
/// ```
public struct GalleryLayout: Sendable {
    /// The style actually used (`auto` resolved to `grid` or `albums`).
    public let style: LayoutStyle
    /// Whether bounded axes wrap around.
    public let wrap: Bool
    /// Images per grid row (for `grid`; 1 for `column`, `count` for `row`).
    public let columns: Int

    /// All images in reading order, compactly (an entry is made per page asked for).
    public private(set) var images: ImageList
    /// Where each row starts in `images`, plus one final element == `images.count`.
    private var rowStarts: [Int]
    /// Titles per row (albums layout only).
    private var titles: [String]
    /// Longest row.
    private var widestRow: Int
    /// Which axes are in use at all (a disabled axis only has index 0).
    private let usesHorizontal: Bool
    private let usesVertical: Bool

    /// Lays out `contents` in `style`.
    ///
    /// - Parameters:
    ///   - columns: images per row for `grid` (clamped to `1...count`); default ⌈√n⌉.
    ///   - wrap: make the bounded axes infinite, wrapping modulo the row/column.
    public init(contents: FolderContents, style: LayoutStyle, columns: Int? = nil, wrap: Bool = false) {
        let resolved: LayoutStyle = style == .auto ? (contents.hasAlbums ? .albums : .grid) : style
        self.style = resolved
        self.wrap = wrap
        images = contents.images
        let n = images.count
        switch resolved {
        case .albums:
            var starts: [Int] = []
            var names: [String] = []
            var start = 0
            if contents.looseCount > 0 {
                starts.append(0)
                names.append(contents.title)
                start = contents.looseCount
            }
            for album in contents.albumRanges where !album.range.isEmpty {
                starts.append(start)
                names.append(album.name)
                start += album.range.count
            }
            starts.append(n)
            rowStarts = starts
            titles = names
            widestRow = zip(starts, starts.dropFirst()).map { $1 - $0 }.max() ?? 0
            self.columns = widestRow
            usesHorizontal = true
            usesVertical = true
        case .row:
            rowStarts = [0, n]
            titles = []
            widestRow = n
            self.columns = n
            usesHorizontal = true
            usesVertical = false
        case .column:
            rowStarts = Array(0...n)
            titles = []
            widestRow = n > 0 ? 1 : 0
            self.columns = 1
            usesHorizontal = false
            usesVertical = true
        case .grid, .auto:
            let wanted = columns ?? Self.squareColumns(n)
            let perRow = n == 0 ? 0 : min(max(wanted, 1), n)
            var starts = perRow == 0 ? [] : Array(stride(from: 0, to: n, by: perRow))
            starts.append(n)
            rowStarts = starts
            titles = []
            widestRow = perRow
            self.columns = perRow
            usesHorizontal = true
            usesVertical = true
        }
    }

    /// The layout without the image at reading-order position `ordinal`
    /// (it went to the trash): a grid flows its images on, keeping its
    /// columns; in the other layouts the image's row gets shorter, and an
    /// album left empty goes. The pages after it move up by one.
    public func removing(ordinal: Int) -> GalleryLayout {
        guard ordinal >= 0, ordinal < count else { return self }
        var layout = self
        layout.images.remove(at: ordinal)
        let n = layout.images.count
        if style == .grid || style == .auto {
            let perRow = n == 0 ? 0 : min(columns, n)
            layout.rowStarts = perRow == 0 ? [] : Array(stride(from: 0, to: n, by: perRow))
            layout.rowStarts.append(n)
            layout.widestRow = perRow
            return layout
        }
        guard let row = rowStarts.lastIndex(where: { $0 <= ordinal }), row < rowCount else { return self }
        for index in (row + 1)..<layout.rowStarts.count { layout.rowStarts[index] -= 1 }
        if layout.rowStarts[row] == layout.rowStarts[row + 1] {
            layout.rowStarts.remove(at: row)
            if row < layout.titles.count { layout.titles.remove(at: row) }
        }
        layout.widestRow = zip(layout.rowStarts, layout.rowStarts.dropFirst()).map { $1 - $0 }.max() ?? 0
        return layout
    }

    /// ⌈√n⌉: the default number of grid columns.
    static func squareColumns(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        var c = Int(Double(n).squareRoot())
        while c * c < n { c += 1 }
        while c > 1 && (c - 1) * (c - 1) >= n { c -= 1 }
        return c
    }

    // MARK: - Bounds

    /// Number of rows (albums in an albums layout).
    public var rowCount: Int { rowStarts.count - 1 }

    /// Horizontal bounds for `PagerModel`: `nil` = infinite (wrapping),
    /// `0` = disabled, `N` = pages `0..<N`.
    public var horizontalPages: Int? {
        guard usesHorizontal, count > 0 else { return 0 }
        return wrap ? nil : widestRow
    }

    /// The albums' lengths as the engine's ragged rows
    /// (`PagerModel.setRowLengths`), so a row ends at its album's last image
    /// (a flip past it bounces) and a move into a shorter album lands on its
    /// last image. Nil for the other layouts and with `wrap`, whose rows
    /// need no per-row bounds.
    public var rowLengths: [Int]? {
        guard style == .albums, !wrap, usesHorizontal, usesVertical, count > 0 else { return nil }
        return (0..<rowCount).map { rowStarts[$0 + 1] - rowStarts[$0] }
    }

    /// Vertical bounds for `PagerModel`, as ``horizontalPages``.
    public var verticalPages: Int? {
        guard usesVertical, count > 0 else { return 0 }
        return wrap ? nil : rowCount
    }

    /// Number of images.
    public var count: Int { images.count }

    // MARK: - Pages ↔ entries

    /// The image at `page`; wraps modulo the row/column when `wrap`; nil for
    /// holes (the end of a short row) and pages outside the bounds.
    public func entry(at page: PageIndex) -> ImageEntry? {
        ordinal(of: page).map { images[$0] }
    }

    /// 0-based position of `page`'s image in reading order (for "index/total");
    /// nil for holes and pages outside the bounds.
    public func ordinal(of page: PageIndex) -> Int? {
        guard let (h, v) = canonical(page) else { return nil }
        return rowStarts[v] + h
    }

    /// The page showing the image at reading-order position `ordinal`
    /// (the inverse of ``ordinal(of:)``), unwrapped.
    public func page(ofOrdinal ordinal: Int) -> PageIndex? {
        guard ordinal >= 0, ordinal < count else { return nil }
        // Binary search for the row that holds `ordinal`.
        var low = 0, high = rowCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rowStarts[mid] <= ordinal { low = mid } else { high = mid - 1 }
        }
        return PageIndex(h: ordinal - rowStarts[low], v: low)
    }

    /// Where the image at `path` sits (unwrapped), for `fourway IMAGE`.
    /// `path` may be relative or unnormalised; it is compared lexically.
    public func page(of path: String) -> PageIndex? {
        guard let index = images.firstIndex(ofPath: LexicalPath.absolute(path)) else { return nil }
        return page(ofOrdinal: index)
    }

    /// Where the first image that satisfies `matches` sits (unwrapped).
    public func page(where matches: (ImageEntry) -> Bool) -> PageIndex? {
        (0..<count).first { matches(images[$0]) }.flatMap(page(ofOrdinal:))
    }

    /// The album name of row `v` in an albums layout (the folder's own title
    /// for the row of loose images); nil in other layouts. Wraps with `wrap`.
    public func rowTitle(_ v: Int) -> String? {
        guard !titles.isEmpty, let row = canonicalRow(v) else { return nil }
        return titles[row]
    }

    /// Number of images in row `v` (wraps with `wrap`; 0 outside the bounds).
    public func rowLength(_ v: Int) -> Int {
        guard let row = canonicalRow(v) else { return 0 }
        return rowStarts[row + 1] - rowStarts[row]
    }

    /// `page` mapped into `0..<rowCount` × `0..<rowLength`, or nil.
    public func canonicalPage(_ page: PageIndex) -> PageIndex? {
        canonical(page).map { PageIndex(h: $0.h, v: $0.v) }
    }

    private func canonicalRow(_ v: Int) -> Int? {
        let rows = rowCount
        guard rows > 0 else { return nil }
        if !usesVertical { return v == 0 ? 0 : nil }
        if wrap { return Self.modulo(v, rows) }
        return (0..<rows).contains(v) ? v : nil
    }

    private func canonical(_ page: PageIndex) -> (h: Int, v: Int)? {
        guard let row = canonicalRow(page.v) else { return nil }
        let length = rowStarts[row + 1] - rowStarts[row]
        guard length > 0 else { return nil }
        if !usesHorizontal { return page.h == 0 ? (0, row) : nil }
        let h = wrap ? Self.modulo(page.h, length) : page.h
        guard h >= 0, h < length else { return nil }
        return (h, row)
    }

    /// Mathematical modulo: never negative.
    static func modulo(_ value: Int, _ divisor: Int) -> Int {
        let r = value % divisor
        return r < 0 ? r + divisor : r
    }
}
