/// Album headers that behave like table section headers, computed from the
/// pager's state of the frame being drawn.
///
/// Every row `v` is a section whose page spans `[top, top + pageHeight)` on
/// screen, `top = (v - currentRow) · pageHeight + offset.y`. Its header sits at
/// `y = min(max(top, 0), top + pageHeight − headerHeight)`: pinned at the top
/// while its row covers the top of the viewport, pushed up by the next row's
/// header as that arrives, and moving with its page otherwise. Rows outside
/// the vertical bounds have no header. Pure arithmetic on the model's public
/// state, so a host that draws the headers right after `advance(to:)` draws
/// them with the same offset as the pages — never a frame behind.
///
/// ```swift
/// let layout = StickyHeaderLayout(headerHeight: 30)
/// model.advance(to: now)
/// for header in layout.headers(for: model) {
///     drawBar(title(of: header.row), y: header.y, height: layout.headerHeight)
/// }
/// ```
public struct StickyHeaderLayout: Hashable, Sendable {
    /// Height of one header bar, px (clamped to `0…pageHeight` when used).
    public var headerHeight: Double

    /// A layout for bars `headerHeight` px tall.
    public init(headerHeight: Double) {
        self.headerHeight = headerHeight
    }

    /// The headers visible in `model`'s current frame, top to bottom.
    public func headers(for model: PagerModel) -> StickyHeaders {
        headers(offsetY: model.offset.y, currentRow: model.currentPage.v,
                pageHeight: model.pageHeight, verticalBounds: model.verticalBounds)
    }

    /// The headers visible when the current row `currentRow` is displaced by
    /// `offsetY` px (the model's `offset.y`) and pages are `pageHeight` px
    /// tall; rows outside `verticalBounds` have none. At most three, no
    /// allocation.
    ///
    /// ```swift
    /// layout.headers(offsetY: -790, currentRow: 2, pageHeight: 800, verticalBounds: AxisBounds(pageCount: 5))
    /// // row 2 at y -20 (pushed), row 3 at y 10 (arriving)
    /// ```
    public func headers(offsetY: Double, currentRow: Int, pageHeight: Double,
                        verticalBounds: AxisBounds) -> StickyHeaders {
        var result = StickyHeaders()
        guard pageHeight > 0, offsetY.isFinite else { return result }
        let height = min(max(headerHeight, 0), pageHeight)
        guard height > 0 else { return result }
        for step in -1...1 {
            let row = currentRow + step
            guard verticalBounds.contains(row) else { continue }
            let top = Double(step) * pageHeight + offsetY
            let y = Self.position(sectionTop: top, sectionHeight: pageHeight, headerHeight: height)
            guard y + height > 0, y < pageHeight else { continue }
            result.append(StickyHeader(row: row, y: y, sectionTop: top))
        }
        return result
    }

    /// The table-section rule: where the header of a section starting at
    /// `sectionTop` (viewport px) and `sectionHeight` px tall is drawn.
    ///
    /// ```swift
    /// StickyHeaderLayout.position(sectionTop: -300, sectionHeight: 800, headerHeight: 30)   // 0: pinned
    /// StickyHeaderLayout.position(sectionTop: -790, sectionHeight: 800, headerHeight: 30)   // -20: pushed
    /// ```
    public static func position(sectionTop: Double, sectionHeight: Double, headerHeight: Double) -> Double {
        min(max(sectionTop, 0), sectionTop + sectionHeight - headerHeight)
    }
}

/// One header on screen: the row (album) it names and the y of its top edge.
///
/// ```swift
/// if header.isPinned { /* held at the top while its page scrolled away */ }
/// ```
public struct StickyHeader: Hashable, Sendable {
    /// The row `v` whose header this is.
    public var row: Int
    /// Top edge of the bar in viewport px; negative while being pushed off.
    public var y: Double
    /// Top edge of the row's page in viewport px.
    public var sectionTop: Double

    /// `StickyHeader(row: 2, y: 0, sectionTop: -120)`: row 2's header, pinned.
    public init(row: Int, y: Double, sectionTop: Double) {
        self.row = row
        self.y = y
        self.sectionTop = sectionTop
    }

    /// Held below its page's top edge (stuck at the top of the viewport,
    /// possibly being pushed up by the next header).
    public var isPinned: Bool { y > sectionTop }
}

/// Up to three headers, top to bottom, stored inline so that computing them
/// every frame never allocates.
///
/// ```swift
/// let headers = layout.headers(for: model)
/// headers.count        // 1 at rest, 2 while the next album's header arrives
/// headers.first?.row   // the album pinned at the top
/// ```
public struct StickyHeaders: RandomAccessCollection, Hashable, Sendable {
    private var storage: InlineArray<3, StickyHeader> = .init(repeating: StickyHeader(row: 0, y: 0, sectionTop: 0))
    public private(set) var count = 0

    /// No headers.
    public init() {}

    mutating func append(_ header: StickyHeader) {
        precondition(count < 3, "at most three rows are near the viewport")
        storage[count] = header
        count += 1
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> StickyHeader {
        precondition(position >= 0 && position < count, "header index out of range")
        return storage[position]
    }

    /// The header of `row`, if it is visible: `headers.header(ofRow: 3)?.y`.
    public func header(ofRow row: Int) -> StickyHeader? {
        first { $0.row == row }
    }

    public static func == (a: StickyHeaders, b: StickyHeaders) -> Bool {
        a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for header in self { hasher.combine(header) }
    }
}
