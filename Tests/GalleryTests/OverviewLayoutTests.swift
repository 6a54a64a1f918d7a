import Pager
import Testing
@testable import Gallery

@Suite struct OverviewLayoutTests {
    /// Every cell the range visits, in order.
    static func cells(_ range: OverviewRange, _ shape: OverviewShape) -> [PageIndex] {
        var out: [PageIndex] = []
        range.forEachCell(in: shape) { out.append($0) }
        return out
    }

    /// The cells whose frames touch the rectangle, found the slow way (every cell).
    static func bruteForce(_ layout: OverviewLayout, origin: Point, width: Double, height: Double) -> Set<PageIndex> {
        var found = Set<PageIndex>()
        let rows = layout.shape.rowCount ?? 0
        for v in 0..<rows {
            for h in 0..<(layout.shape.rowLength(v) ?? 0) {
                let f = layout.frame(of: PageIndex(h: h, v: v))
                if f.x < origin.x + width && f.x + f.width > origin.x && f.y < origin.y + height && f.y + f.height > origin.y {
                    found.insert(PageIndex(h: h, v: v))
                }
            }
        }
        return found
    }

    @Test func gridShapeOf100000ImagesHasARaggedLastRow() {
        let shape = OverviewShape.grid(count: 100_000, columns: 317)
        #expect(shape.rowCount == 316)
        #expect(shape.widestRow == 317)
        #expect(shape.rowLength(0) == 317)
        #expect(shape.rowLength(315) == 100_000 - 315 * 317)
        #expect(shape.rowLength(316) == 0)
        #expect(shape.rowLength(-1) == 0)
        #expect(shape.contains(PageIndex(h: 144, v: 315)))
        #expect(!shape.contains(PageIndex(h: 145, v: 315)))
    }

    @Test func visibleRangeAtTheStartOfAGridHoldsOnlyTheFirstScreen() {
        let layout = OverviewLayout(shape: .grid(count: 100_000, columns: 317), cellSize: 160)
        let range = layout.visibleRange(origin: .zero, width: 1280, height: 800)
        // padding 24 + 7 × 168 = 1200 < 1280 < 1368: 8 columns; rows likewise 5.
        #expect(range.columns == 0..<8)
        #expect(range.rows == 0..<5)
        #expect(range.cellCount(in: layout.shape) == 40)
    }

    @Test func visibleRangeMatchesTheCellsThatTouchTheViewport() {
        let layout = OverviewLayout(shape: .grid(count: 1_000, columns: 37), cellSize: 96)
        for (x, y) in [(0.0, 0.0), (13.5, 977.25), (2_000, 1_999.9), (-300, -300), (3_600, 2_900), (103.9999, 24)] {
            let origin = Point(x: x, y: y)
            let range = layout.visibleRange(origin: origin, width: 640, height: 480)
            #expect(Set(Self.cells(range, layout.shape)) == Self.bruteForce(layout, origin: origin, width: 640, height: 480),
                    "origin \(x), \(y)")
        }
    }

    @Test func visibleRangeDeepIntoAHugeGridIsComputedNotMeasured() {
        let layout = OverviewLayout(shape: .grid(count: 100_000, columns: 317), cellSize: 160)
        let last = layout.frame(of: PageIndex(h: 316, v: 314))
        let origin = Point(x: last.x - 1_000, y: last.y - 500)
        let range = layout.visibleRange(origin: origin, width: 1280, height: 800)
        #expect(range.rows.contains(314) && range.rows.contains(315))
        #expect(range.rows.upperBound == 316)   // clamped to the last row
        #expect(range.columns.upperBound == 317)
        // The last row holds 145 images: its cells past h = 144 are holes, never visited.
        let cells = Self.cells(range, layout.shape)
        #expect(cells.contains(PageIndex(h: 316, v: 314)))
        #expect(!cells.contains { $0.v == 315 && $0.h > 144 })
        #expect(cells.count <= 9 * 6)
    }

    @Test func raggedAlbumRowsSkipTheHolesAndCountTheTitleBand() {
        let shape = OverviewShape.rows([3, 40, 1, 12])
        let layout = OverviewLayout(shape: shape, cellSize: 128, titles: true)
        #expect(layout.pitchY == 128 + 8 + 28)
        let range = layout.visibleRange(origin: .zero, width: 1000, height: 700)
        let cells = Self.cells(range, shape)
        #expect(cells.filter { $0.v == 0 }.count == 3)
        #expect(cells.filter { $0.v == 2 }.map(\.h) == [0])
        #expect(cells.filter { $0.v == 1 }.count == range.columns.count)
        #expect(Set(cells) == Self.bruteForce(layout, origin: .zero, width: 1000, height: 700))
        // A viewport showing only row 3's title band still includes row 3.
        let titleTop = layout.titleFrame(ofRow: 3, width: 100).y
        let low = layout.visibleRange(origin: Point(x: 0, y: titleTop - 700 + 5), width: 1000, height: 700)
        #expect(low.rows.contains(3))
    }

    @Test func unboundedRangesWorkAtIntScaleOffsets() {
        let layout = OverviewLayout(shape: .unbounded, cellSize: 100)
        let range = layout.visibleRange(origin: Point(x: -1_000_000_000_000, y: 4e12), width: 1280, height: 800)
        #expect(range.columns.lowerBound == Int((-1e12 / 108).rounded(.down)))
        #expect(range.columns.count == 13 || range.columns.count == 14)
        #expect(range.rows.count == 8 || range.rows.count == 9)
        #expect(range.cellCount(in: .unbounded) == range.columns.count * range.rows.count)
        // Absurd and non-finite origins neither trap nor produce huge ranges.
        for origin in [Point(x: 9e18, y: -9e18), Point(x: .infinity, y: .nan), Point(x: -1e300, y: 1e300)] {
            let r = layout.visibleRange(origin: origin, width: 1280, height: 800)
            #expect(r.columns.count <= 20 && r.rows.count <= 20)
        }
    }

    @Test func marginExtendsTheRangeTowardsTheHeading() {
        let layout = OverviewLayout(shape: .grid(count: 10_000, columns: 100), cellSize: 100)
        let origin = Point(x: 2_000, y: 2_000)
        let still = layout.visibleRange(origin: origin, width: 800, height: 600)
        let down = layout.visibleRange(origin: origin, width: 800, height: 600, margin: 400, heading: (0, 1))
        #expect(down.rows.lowerBound == still.rows.lowerBound)
        #expect(down.rows.upperBound >= still.rows.upperBound + 3)
        #expect(down.columns.lowerBound == still.columns.lowerBound - 2 || down.columns.lowerBound == still.columns.lowerBound - 1)
        let up = layout.visibleRange(origin: origin, width: 800, height: 600, margin: 400, heading: (0, -1))
        #expect(up.rows.upperBound == still.rows.upperBound)
        #expect(up.rows.lowerBound <= still.rows.lowerBound - 3)
        // Margins stop at the content's edges.
        let edge = layout.visibleRange(origin: .zero, width: 800, height: 600, margin: 10_000)
        #expect(edge.rows.lowerBound == 0 && edge.columns.lowerBound == 0)
    }

    @Test func hitTestingFindsCellsAndMissesGapsTitlesAndHoles() {
        let layout = OverviewLayout(shape: .rows([2, 5]), cellSize: 100, titles: true)
        let cell = layout.frame(of: PageIndex(h: 1, v: 1))
        #expect(layout.page(atX: cell.x + 50, y: cell.y + 50) == PageIndex(h: 1, v: 1))
        #expect(layout.page(atX: cell.x + 104, y: cell.y + 50) == nil)        // the gap
        #expect(layout.page(atX: cell.x + 50, y: cell.y - 10) == nil)         // the title band
        let hole = layout.frame(of: PageIndex(h: 3, v: 0))
        #expect(layout.page(atX: hole.x + 50, y: hole.y + 50) == nil)         // past album 0's end
    }

    @Test func contentNarrowerThanTheViewportIsCentred() {
        let layout = OverviewLayout(shape: .grid(count: 3, columns: 3), cellSize: 100)
        let limits = layout.scrollLimitsX(viewport: 1000)
        #expect(limits.lowerBound == limits.upperBound)
        #expect(limits.lowerBound == ((layout.contentWidth ?? 0) - 1000) / 2)
        #expect(OverviewLayout(shape: .unbounded, cellSize: 100).scrollLimitsY(viewport: 800).upperBound == OverviewLayout.unboundedExtent)
    }

    @Test func shapeFollowsTheGalleryLayoutsCanonicalPages() {
        let albums = GalleryLayout(contents: GalleryLayoutTests.albums(loose: 2, [5, 1]), style: .auto)
        #expect(OverviewShape(layout: albums) == .rows([2, 5, 1]))
        let column = GalleryLayout(contents: GalleryLayoutTests.flat(7), style: .column)
        #expect(OverviewShape(layout: column) == .grid(count: 7, columns: 1))
        let row = GalleryLayout(contents: GalleryLayoutTests.flat(7), style: .row, wrap: true)
        #expect(OverviewShape(layout: row) == .grid(count: 7, columns: 7))
    }

    @Test func transitionEasesFromTheThumbnailToTheFullPage() {
        let from = Rect(x: 100, y: 200, width: 160, height: 100)
        let to = Rect(x: 0, y: 0, width: 1280, height: 800)
        let flight = OverviewTransition(from: from, to: to, start: 10, duration: 0.2)
        #expect(flight.frame(at: 9) == from)
        #expect(flight.frame(at: 10.2) == to)
        #expect(flight.frame(at: 11) == to)
        let middle = flight.frame(at: 10.1)
        #expect(middle.width > (160 + 1280) / 2)   // ease-out: past half way at half time
        #expect(middle.width < 1280)
        #expect(!flight.isFinished(at: 10.19) && flight.isFinished(at: 10.2))
    }

    // MARK: - HiDPI

    @Test func atScale2CellsAreTwiceTheSizeInPixelsWithTheSameCountPerRow() {
        let shape = OverviewShape.grid(count: 1_000, columns: 30)
        let one = OverviewLayout(shape: shape, cellSize: 160, titles: true)
        let two = OverviewLayout(shape: shape, cellSize: 160, titles: true, scale: 2)
        #expect(two.cellSize == 2 * one.cellSize)
        #expect(two.spacing == 2 * one.spacing && two.padding == 2 * one.padding)
        #expect(two.titleHeight == 2 * one.titleHeight)
        #expect(two.pitchX == 2 * one.pitchX && two.pitchY == 2 * one.pitchY)
        let cell = PageIndex(h: 7, v: 3)
        let f1 = one.frame(of: cell), f2 = two.frame(of: cell)
        #expect(f2 == Rect(x: 2 * f1.x, y: 2 * f1.y, width: 2 * f1.width, height: 2 * f1.height))
        // A window twice as large in pixels shows the same cells.
        let r1 = one.visibleRange(origin: Point(x: 300, y: 500), width: 1280, height: 800)
        let r2 = two.visibleRange(origin: Point(x: 600, y: 1000), width: 2560, height: 1600)
        #expect(r1 == r2)
        #expect(r1.columns.count >= 7)
        // Hit-testing in pixels: the cell's centre, and a gap, at either scale.
        #expect(two.page(atX: f2.x + f2.width / 2, y: f2.y + f2.height / 2) == cell)
        #expect(two.page(atX: f2.x - two.spacing / 2, y: f2.y + 1) == nil)
    }

    @Test func scale1IsTheLayoutWithoutAScale() {
        let shape = OverviewShape.grid(count: 100, columns: 9)
        #expect(OverviewLayout(shape: shape, cellSize: 128, titles: true, scale: 1)
                == OverviewLayout(shape: shape, cellSize: 128, titles: true))
    }
}
