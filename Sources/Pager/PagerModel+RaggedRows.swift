/// Ragged rows: each row `v` has its own number of pages, as albums of
/// different lengths do (libadwaita's carousels nested in a vertical one).
///
/// The vertical axis has one row per length; along `h` the current row's
/// own length bounds the pager: a drag or a flip past its last page meets
/// an edge. Moving up or down into a shorter row lands on that row's last
/// page when the column lies past its end (the slot above or below already
/// shows that page, so nothing jumps).
extension PagerModel {
    /// A pager whose row `v` holds `rowLengths[v]` pages (each at least 1).
    ///
    /// ```swift
    /// var albums = PagerModel(pageWidth: 1280, pageHeight: 800, rowLengths: [12, 3, 40])
    /// albums.go(to: PageIndex(h: 10, v: 0), animated: false, time: 0)
    /// albums.flip(.down, time: 0.1)   // lands on (2, 1): the second row has 3 pages
    /// ```
    public init(
        pageWidth: Double,
        pageHeight: Double,
        rowLengths: [Int],
        initialPage: PageIndex = PageIndex(h: 0, v: 0),
        configuration: PagerConfiguration = PagerConfiguration()
    ) {
        self.init(pageWidth: pageWidth, pageHeight: pageHeight,
                  horizontalPages: rowLengths.reduce(1) { max($0, $1) }, verticalPages: rowLengths.count,
                  initialPage: initialPage, configuration: configuration)
        storeRowLengths(rowLengths)
        currentPage = placed(currentPage)
        refreshSlotPages(at: 0, reporting: false)
        updateSlotGeometry()
    }

    /// Makes the rows ragged (`rowLengths[v]` pages in row `v`, each at
    /// least 1), or even again with `nil` (the horizontal bounds become the
    /// longest row). The current page is placed into its row, as `setBounds`
    /// clamps it.
    ///
    /// ```swift
    /// model.setRowLengths([5, 2, 9], time: now)   // an album was added
    /// ```
    public mutating func setRowLengths(_ lengths: [Int]?, time: Double) {
        guard let lengths else {
            let widest = horizontalBounds.pageCount
            hasRaggedRows = false
            applyBounds(horizontal: widest, vertical: verticalBounds.pageCount, time: time)
            return
        }
        storeRowLengths(lengths)
        applyBounds(horizontal: raggedRowLengths.reduce(1) { max($0, $1) }, vertical: lengths.count, time: time)
    }

    /// `setRowLengths(_:time:)` from any collection of lengths (each at
    /// least 1). The lengths are copied into storage the model keeps, so as
    /// many rows as it has held before allocate nothing (the C interface's
    /// `fw_pager_set_row_lengths` passes its array so).
    ///
    /// ```swift
    /// model.setRowLengths(counts.lazy.map { Int($0) }, time: now)
    /// ```
    public mutating func setRowLengths<Lengths: Collection>(_ lengths: Lengths, time: Double)
    where Lengths.Element == Int {
        storeRowLengths(lengths)
        applyBounds(horizontal: raggedRowLengths.reduce(1) { max($0, $1) }, vertical: lengths.count, time: time)
    }

    /// Copies `lengths` (each at least 1) into `raggedRowLengths`, in place.
    private mutating func storeRowLengths<Lengths: Collection>(_ lengths: Lengths) where Lengths.Element == Int {
        raggedRowLengths.removeAll(keepingCapacity: true)
        raggedRowLengths.reserveCapacity(lengths.count)
        for length in lengths { raggedRowLengths.append(max(1, length)) }
        hasRaggedRows = true
    }

    /// The pages along `h` in row `v`: that row's own length when rows are
    /// ragged, the horizontal bounds otherwise.
    @inline(__always)
    func columns(inRow v: Int) -> AxisBounds {
        guard hasRaggedRows, v >= 0, v < raggedRowLengths.count else { return horizontalBounds }
        return AxisBounds(pageCount: raggedRowLengths[v])
    }

    /// `page` with its column moved into its row (the row's last page when
    /// the column lies past its end).
    @inline(__always)
    func placed(_ page: PageIndex) -> PageIndex {
        guard hasRaggedRows else { return page }
        return PageIndex(h: columns(inRow: page.v).clamp(page.h), v: page.v)
    }
}
