import Pager
import Testing
@testable import Gallery

@Suite struct OverviewModelTests {
    static let grid = OverviewShape.grid(count: 100_000, columns: 317)

    static func settle(_ model: inout OverviewModel, from time: Double) -> Double {
        var now = time
        while !model.isSettled && now < time + 30 {
            now += 1.0 / 60
            model.advance(to: now)
        }
        return now
    }

    static func centre(_ rect: Rect) -> Point { Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2) }

    @Test func opensWithTheCurrentPageHighlightedAndCentred() {
        let model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 200), width: 1280, height: 800)
        #expect(model.focus == PageIndex(h: 150, v: 200))
        let c = Self.centre(model.screenFrame(of: model.focus))
        #expect(abs(c.x - 640) < 0.5 && abs(c.y - 400) < 0.5)
        #expect(model.visibleRange.contains(model.focus))
    }

    @Test func aFocusNearTheEdgeStaysInsideTheContent() {
        let model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 0, v: 0), width: 1280, height: 800)
        #expect(model.origin == .zero)
        let holed = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 300, v: 315), width: 1280, height: 800)
        #expect(holed.focus == PageIndex(h: 144, v: 315))   // a hole clamps to the row's last image
    }

    @Test func aDragScrollsAndAFlingKeepsGoingThenStops() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        let start = model.origin
        model.pointerDown(x: 600, y: 600, time: 0)
        for i in 1...5 { model.pointerMoved(x: 600, y: 600 - Double(i) * 40, time: Double(i) * 0.016) }
        #expect(model.isDragging)
        #expect(abs(model.origin.y - (start.y + 200 - OverviewModel.tapSlop)) < 0.01)
        let tapped = model.pointerUp(x: 600, y: 400, time: 0.09)
        #expect(tapped == nil)
        let released = model.origin.y
        let end = Self.settle(&model, from: 0.09)
        #expect(model.origin.y > released + 500)    // momentum carried it on
        #expect(end < 10)
        #expect(model.focus == PageIndex(h: 150, v: 150))   // scrolling does not move the highlight
    }

    @Test func aTapPicksTheCellUnderItAndHighlightsIt() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        let target = PageIndex(h: 152, v: 149)
        let c = Self.centre(model.screenFrame(of: target))
        model.pointerDown(x: c.x, y: c.y, time: 1)
        model.pointerMoved(x: c.x + 5, y: c.y - 4, time: 1.05)   // within the slop
        let tapped = model.pointerUp(x: c.x + 5, y: c.y - 4, time: 1.1)
        #expect(tapped == target)
        #expect(model.focus == target)
    }

    @Test func aTapOnAGapPicksNothing() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        let cell = model.screenFrame(of: PageIndex(h: 150, v: 150))
        model.pointerDown(x: cell.x + cell.width + 3, y: cell.y + 10, time: 0)
        let tapped = model.pointerUp(x: cell.x + cell.width + 3, y: cell.y + 10, time: 0.05)
        #expect(tapped == nil)
    }

    @Test func arrowsMoveTheHighlightAndTheViewFollows() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        var now = 0.0
        for _ in 0..<10 {
            model.move(.down, time: now)
            now += 0.05
            model.advance(to: now)
        }
        now = Self.settle(&model, from: now)
        #expect(model.focus == PageIndex(h: 150, v: 160))
        let frame = model.screenFrame(of: model.focus)
        #expect(frame.y >= 0 && frame.y + frame.height <= 800)
    }

    @Test func movingDownIntoAShorterAlbumLandsOnItsLastImage() {
        var model = OverviewModel(shape: .rows([20, 3, 9]), titles: true, focus: PageIndex(h: 12, v: 0), width: 1280, height: 800)
        let down = model.move(.down, time: 0)
        #expect(down && model.focus == PageIndex(h: 2, v: 1))
        let up = model.move(.up, time: 0.1)
        #expect(up && model.focus == PageIndex(h: 2, v: 0))
        let end = model.moveToEnd(last: true, wholeGallery: true, time: 0.2)
        #expect(end && model.focus == PageIndex(h: 8, v: 2))
        let below = model.move(.down, time: 0.3)
        #expect(!below)     // no row below the last
    }

    @Test func sizeChangesKeepTheHighlightedCellInPlace() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        model.move(.right, time: 0)
        _ = Self.settle(&model, from: 0)
        let before = Self.centre(model.screenFrame(of: model.focus))
        let bigger = model.changeSize(by: 1, time: 5)
        #expect(bigger)
        #expect(model.thumbnailSize == OverviewModel.sizes[OverviewModel.defaultSizeIndex + 1])
        let after = Self.centre(model.screenFrame(of: model.focus))
        #expect(abs(after.x - before.x) < 0.5 && abs(after.y - before.y) < 0.5)
        while model.changeSize(by: -1, time: 6) {}
        #expect(model.thumbnailSize == OverviewModel.sizes[0])
    }

    @Test func wheelNotchesAddUpToWholeRows() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        let start = model.origin.y
        model.step(.down, time: 0)
        model.step(.down, time: 0.02)
        _ = Self.settle(&model, from: 0.02)
        #expect(abs(model.origin.y - (start + 2 * model.layout.pitchY)) < 0.5)
    }

    @Test func theDemoGalleryScrollsWithoutEnd() {
        var model = OverviewModel(shape: .unbounded, titles: false, focus: PageIndex(h: -5, v: 7), width: 1280, height: 800)
        #expect(model.focus == PageIndex(h: -5, v: 7))
        model.moveFocus(to: PageIndex(h: -1_000_000, v: 1_000_000), time: 0, animated: false)
        #expect(model.visibleRange.contains(PageIndex(h: -1_000_000, v: 1_000_000)))
        #expect(model.visibleRange.cellCount(in: .unbounded) < 100)
        let moved = model.moveToEnd(last: true, wholeGallery: false, time: 1)
        #expect(!moved)
    }

    @Test func thePreparedRangeLeadsWhereTheContentGoes() {
        var model = OverviewModel(shape: Self.grid, titles: false, focus: PageIndex(h: 150, v: 150), width: 1280, height: 800)
        model.pointerDown(x: 600, y: 700, time: 0)
        for i in 1...6 { model.pointerMoved(x: 600, y: 700 - Double(i) * 60, time: Double(i) * 0.016) }
        _ = model.pointerUp(x: 600, y: 340, time: 0.1)
        model.advance(to: 0.15)
        let visible = model.visibleRange, prepared = model.preparedRange
        #expect(prepared.rows.upperBound > visible.rows.upperBound + 1)   // ahead: further down
        #expect(prepared.rows.lowerBound == visible.rows.lowerBound)
    }

    // MARK: - HiDPI

    @Test func atScale2TheOverviewOfATwiceAsLargeWindowIsTheSameGridInPixels() {
        let shape = OverviewShape.grid(count: 10_000, columns: 100)
        let one = OverviewModel(shape: shape, titles: false, focus: PageIndex(h: 40, v: 40), width: 1280, height: 800)
        var two = OverviewModel(shape: shape, titles: false, focus: PageIndex(h: 40, v: 40), width: 2560, height: 1600,
                                scale: 2)
        #expect(two.thumbnailSize == one.thumbnailSize)          // points: what the HUD says
        #expect(two.thumbnailPixels == 2 * one.thumbnailPixels)  // thumbnails made at the cell's pixels
        #expect(two.visibleRange == one.visibleRange)
        let f1 = one.screenFrame(of: one.focus), f2 = two.screenFrame(of: two.focus)
        #expect(f2 == Rect(x: 2 * f1.x, y: 2 * f1.y, width: 2 * f1.width, height: 2 * f1.height))
        // A press moving 20 px (10 points, under the slop) is still a tap.
        two.pointerDown(x: f2.x + 50, y: f2.y + 50, time: 0)
        two.pointerMoved(x: f2.x + 70, y: f2.y + 50, time: 0.05)
        let tapped = two.pointerUp(x: f2.x + 70, y: f2.y + 50, time: 0.06)
        #expect(tapped == two.focus)
    }

    @Test func aNewScaleLaysTheGridOutAgainWithTheHighlightCentred() {
        let shape = OverviewShape.grid(count: 10_000, columns: 100)
        var model = OverviewModel(shape: shape, titles: true, focus: PageIndex(h: 40, v: 40), width: 1280, height: 800)
        let rescaled = model.rescale(2, width: 2560, height: 1600, time: 1)
        #expect(rescaled)
        let atTwo = OverviewModel(shape: shape, titles: true, focus: PageIndex(h: 40, v: 40), width: 2560, height: 1600,
                                  scale: 2)
        #expect(model.scale == 2 && model.layout == atTwo.layout)
        #expect(model.screenFrame(of: model.focus) == atTwo.screenFrame(of: atTwo.focus))
        let again = model.rescale(2, width: 2560, height: 1600, time: 2)
        #expect(!again)   // the same scale: a resize
    }
}
