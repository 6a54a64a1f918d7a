import ImageDecoding
import Pager
import Testing
@testable import Browser

/// The compare view's pure parts: the cells for a window and a count
/// (`CompareLayout`), the shared zoom (`CompareZoom`) and which images it
/// shows (`CompareSelection`).
struct CompareLayoutTests {
    let wide = PixelRect(x: 0, y: 0, width: 900, height: 600)

    @Test("two images in a wide window sit side by side, each half the width less the gap")
    func twoSideBySide() {
        let layout = CompareLayout(viewport: wide, imageSizes: [(400, 600), (400, 600)], labelHeight: 30, gap: 6)
        #expect(layout.arrangement == .sideBySide)
        #expect(layout.cells.map(\.frame) == [PixelRect(x: 0, y: 0, width: 447, height: 600),
                                               PixelRect(x: 453, y: 0, width: 447, height: 600)])
    }

    @Test("two landscape images in a tall window go one above the other")
    func twoStacked() {
        let tall = PixelRect(x: 0, y: 0, width: 600, height: 900)
        let layout = CompareLayout(viewport: tall, imageSizes: [(800, 500), (800, 500)], labelHeight: 30, gap: 6)
        #expect(layout.arrangement == .stacked)
        #expect(layout.cells[1].frame == PixelRect(x: 0, y: 453, width: 600, height: 447))
    }

    @Test("three or four images fill a 2×2 grid in reading order")
    func grid() {
        let layout = CompareLayout(viewport: wide, imageSizes: Array(repeating: (400, 600), count: 4),
                                   labelHeight: 30, gap: 6)
        #expect(layout.arrangement == .grid)
        #expect(layout.cells.map(\.frame.x) == [0, 453, 0, 453])
        #expect(layout.cells.map(\.frame.y) == [0, 0, 303, 303])
    }

    @Test("each cell's label band is under its picture, the label's height high")
    func labelBelow() {
        let layout = CompareLayout(viewport: wide, imageSizes: [(400, 600), (400, 600)], labelHeight: 30, gap: 6)
        let cell = layout.cells[1]
        #expect(cell.picture == PixelRect(x: 453, y: 0, width: 447, height: 570))
        #expect(cell.label == PixelRect(x: 453, y: 570, width: 447, height: 30))
    }

    @Test("an image is fitted in its picture area, centred, scaled up when small")
    func fitted() {
        let layout = CompareLayout(viewport: wide, imageSizes: [(40, 60), (400, 600)], labelHeight: 30, gap: 6)
        #expect(layout.fitted(0, width: 40, height: 60) == PixelRect(x: 33, y: 0, width: 380, height: 570))
    }

    @Test("the cell under a point is found; the gap is in none")
    func hitTest() {
        let layout = CompareLayout(viewport: wide, imageSizes: [(400, 600), (400, 600)], labelHeight: 30, gap: 6)
        #expect(layout.cellIndex(x: 700, y: 300) == 1)
        #expect(layout.cellIndex(x: 450, y: 300) == nil)
    }

    @Test("a zoom keeps the image point under the pointer where it was")
    func zoomAroundPointer() {
        let picture = PixelRect(x: 0, y: 0, width: 447, height: 570)
        let fitted = PixelRect(x: 34, y: 0, width: 380, height: 570)
        var zoom = CompareZoom()
        let before = zoom.imagePoint(atX: 129, y: 200, fitted: fitted, picture: picture)
        zoom.zoom(by: 2, atX: 129, y: 200, fitted: fitted, picture: picture)
        let after = zoom.imagePoint(atX: 129, y: 200, fitted: fitted, picture: picture)
        #expect(zoom.scale == 2)
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9)
    }

    @Test("a zoom in one cell zooms another around the same relative point of its fitted picture")
    func linkedZoom() {
        let pictures = [PixelRect(x: 0, y: 0, width: 446, height: 570), PixelRect(x: 453, y: 0, width: 447, height: 570)]
        // The second image is landscape: a different fitted shape.
        let fitted = [PixelRect(x: 33, y: 0, width: 380, height: 570), PixelRect(x: 453, y: 145, width: 447, height: 280)]
        var zoom = CompareZoom()
        let pointer = (x: 129.0, y: 200.0)
        // The same place relative to the second cell's fitted picture.
        let share = ((pointer.x - 33) / 380, (pointer.y - 0) / 570)
        let other = (x: 453 + share.0 * 447, y: 145 + share.1 * 280)
        let before = zoom.imagePoint(atX: other.x, y: other.y, fitted: fitted[1], picture: pictures[1])
        zoom.zoom(by: 3, atX: pointer.x, y: pointer.y, fitted: fitted[0], picture: pictures[0])
        let after = zoom.imagePoint(atX: other.x, y: other.y, fitted: fitted[1], picture: pictures[1])
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9)
        #expect(zoom.shown(fitted: fitted[1], in: pictures[1]).width == 447 * 3)
    }

    @Test("a drag pans every cell by the same share of its own picture")
    func linkedPan() {
        var zoom = CompareZoom()
        let picture = PixelRect(x: 0, y: 0, width: 400, height: 400)
        zoom.zoom(by: 2, atX: 200, y: 200, fitted: picture, picture: picture)
        zoom.pan(dx: 40, dy: 0, fitted: picture)
        #expect(zoom.shown(fitted: picture, in: picture).x == -200 + 40)
        let half = PixelRect(x: 100, y: 100, width: 200, height: 200)
        let expected: Double = 200 - 0.45 * 400
        #expect(zoom.shown(fitted: half, in: picture).x == expected)
    }

    @Test("0 fits every cell again")
    func fit() {
        var zoom = CompareZoom()
        let picture = PixelRect(x: 0, y: 0, width: 400, height: 400)
        zoom.zoom(by: 4, atX: 50, y: 50, fitted: picture, picture: picture)
        zoom.fit()
        #expect(zoom.shown(fitted: picture, in: picture) == Rect(x: 0, y: 0, width: 400, height: 400))
    }

    @Test("zooming out past the fitted size fits, centred")
    func zoomOutFits() {
        var zoom = CompareZoom()
        let picture = PixelRect(x: 0, y: 0, width: 400, height: 400)
        zoom.zoom(by: 2, atX: 10, y: 10, fitted: picture, picture: picture)
        zoom.zoom(by: 0.25, atX: 10, y: 10, fitted: picture, picture: picture)
        #expect(zoom == CompareZoom())
    }

    @Test("with fewer than two marked, the current image and the next are compared, round the end")
    func currentAndNext() {
        #expect(CompareSelection.ordinals(marked: [], current: 3, count: 10) == [3, 4])
        #expect(CompareSelection.ordinals(marked: [5], current: 9, count: 10) == [9, 0])
    }

    @Test("the marked images are compared, at most four, in gallery order")
    func marked() {
        #expect(CompareSelection.ordinals(marked: [7, 1, 5, 2, 9], current: 0, count: 10) == [1, 2, 5, 7])
    }

    @Test("moving on takes each cell to the image after it, round the end")
    func advance() {
        #expect(CompareSelection.advanced([1, 9], by: 1, count: 10) == [2, 0])
        #expect(CompareSelection.advanced([0, 4], by: -1, count: 10) == [9, 3])
    }
}
