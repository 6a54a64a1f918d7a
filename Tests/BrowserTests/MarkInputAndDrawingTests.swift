import CSDL2
import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

/// Marks in the overview (Ctrl+click, Shift+click) and the badge drawn on a
/// marked image, on an offscreen renderer.
@Suite(.serialized) struct MarkInputAndDrawingTests {
    /// The 100,000-image grid of ``OverviewScreenTests`` opened on (150, 150),
    /// whose 160 px cell is centred in 640 × 400: x 240..<400, y 120..<280.
    static func openOverview(_ canvas: OffscreenCanvas) -> OverviewScreen {
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        overview.open(catalog: OverviewScreenTests.bigFolder(100_000), currentPage: PageIndex(h: 150, v: 150),
                      width: 640, height: 400, time: 0)
        return overview
    }

    /// A click at the centre of the cell right of (150, 150), with the modifiers given.
    static func clickNextCell(_ overview: OverviewScreen, ctrl: Bool, shift: Bool) -> [BrowserAction] {
        let viewport = (width: 640, height: 400)
        let (x, y) = (320.0 + 168, 200.0)
        return overview.handle(.mouseDown(.left, x: x, y: y), viewport: viewport, time: 1, ctrl: ctrl, shift: shift)
            + overview.handle(.mouseUp(.left, x: x, y: y), viewport: viewport, time: 1.05, ctrl: ctrl, shift: shift)
    }

    @Test func ctrlClickAsksToMarkTheCellAndKeepsTheOverviewOpen() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = Self.openOverview(canvas)
        defer { overview.shutdown() }
        let actions = Self.clickNextCell(overview, ctrl: true, shift: false)
        #expect(actions.contains(.action(.markClicked)))
        #expect(overview.isInteractive)
        #expect(overview.model?.focus == PageIndex(h: 151, v: 150))
    }

    @Test func shiftClickAsksToMarkFromTheHighlightBeforeToTheCell() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = Self.openOverview(canvas)
        defer { overview.shutdown() }
        let actions = Self.clickNextCell(overview, ctrl: false, shift: true)
        #expect(actions.contains(.action(.markRange)))
        #expect(overview.markRange?.from == PageIndex(h: 150, v: 150))
        #expect(overview.markRange?.to == PageIndex(h: 151, v: 150))
    }

    @Test func aPlainClickStillOpensThePage() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = Self.openOverview(canvas)
        defer { overview.shutdown() }
        let actions = Self.clickNextCell(overview, ctrl: false, shift: false)
        #expect(actions.contains(.pager(.go(PageIndex(h: 151, v: 150), animated: false))))
    }

    @Test func aMarkedThumbnailHasTheBadgeInItsTopRightCorner() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = Self.openOverview(canvas)
        defer { overview.shutdown() }
        // (150, 150) is image 47,701 of the 317-column grid.
        overview.draw(viewport: canvas.viewport, showHUD: false, time: 0, marks: Marks(["/nowhere/img47700.jpg"]))
        SDL_RenderPresent(canvas.renderer)
        let pixels = canvas.readPixels()
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 640 + x] }
        #expect(at(397, 122) == canvas.pages.palette.mark.argb)
        #expect(at(320, 200) == canvas.pages.palette.placeholder.argb)   // the rest of the cell
        #expect(at(397 - 168, 122) == canvas.pages.palette.placeholder.argb)   // the unmarked cell beside it
    }

    @Test func theBadgeIsATriangleEdgedInTheCorner() throws {
        let canvas = try OffscreenCanvas(width: 320, height: 320)
        let rect = PixelRect(x: 0, y: 0, width: 320, height: 320)   // legs 320 / 16 = 20 px, edge 2 px
        canvas.pages.fill(rect, Colour(255, 255, 255))
        canvas.pages.drawMarkBadge(on: rect)
        SDL_RenderPresent(canvas.renderer)
        let pixels = canvas.readPixels()
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 320 + x] }
        #expect(at(318, 1) == canvas.pages.palette.mark.argb)
        #expect(at(319, 20) == canvas.pages.palette.markEdge.argb)   // below the blue, the edge
        #expect(at(300, 18) == Colour(255, 255, 255).argb)           // past the diagonal, the picture
        #expect(at(319, 30) == Colour(255, 255, 255).argb)
    }
}
