import CSDL2
import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

/// Headless: the current page drawn zoomed and panned where the
/// engine says, on SDL's software renderer, pixels read back.
@Suite("Zoomed page rendering", .serialized)
struct ZoomedPageRenderingTests {
    static let width = 400
    static let height = 250

    /// Left half red, right half blue, at the page's own size.
    static func halves() -> DecodedImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                pixels[p] = x < width / 2 ? 220 : 30
                pixels[p + 1] = 30
                pixels[p + 2] = x < width / 2 ? 30 : 220
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels, sourceWidth: width, sourceHeight: height,
                            format: "test")
    }

    static func isRed(_ pixel: UInt32) -> Bool { (pixel >> 16) & 0xFF > 150 && pixel & 0xFF < 100 }
    static func isBlue(_ pixel: UInt32) -> Bool { (pixel >> 16) & 0xFF < 100 && pixel & 0xFF > 150 }

    /// Draws the model as the browser does: pages, then the zoomed current page.
    static func render(_ model: inout PagerModel, on canvas: OffscreenCanvas, zoomed: ZoomedPage) -> [UInt32] {
        zoomed.updateContent(model: &model, contents: canvas.contents, pageSize: (width, height), source: nil, time: 0)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport)
        zoomed.draw(model: model, contents: canvas.contents, viewport: canvas.viewport)
        SDL_RenderPresent(canvas.renderer)
        return canvas.readPixels()
    }

    @Test func atTwiceTheSizeAroundTheLeftHalfTheBoundaryMovesWhereTheZoomPutsIt() throws {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let zoomed = ZoomedPage(renderer: canvas.renderer, log: nil, wake: {})
        defer { zoomed.shutdown() }
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height))
        canvas.contents.setImage(model.slots.slot(column: 0, row: 0).id, Self.halves())
        var pixels = Self.render(&model, on: canvas, zoomed: zoomed)
        let row = 125 * Self.width
        #expect(Self.isRed(pixels[row + 190]) && Self.isBlue(pixels[row + 210]), "at fit the halves meet at x = 200")

        // Scale 2 around (100, 125): image x = (screen x + 100) / 2, so the halves meet at screen x = 300.
        model.zoom(to: 2, around: Point(x: 100, y: 125), animated: false, time: 0)
        pixels = Self.render(&model, on: canvas, zoomed: zoomed)
        #expect(Self.isRed(pixels[row + 5]) && Self.isRed(pixels[row + 290]))
        #expect(Self.isBlue(pixels[row + 310]) && Self.isBlue(pixels[row + 395]))
    }

    @Test func theZoomedPageIsClippedToItsPageWhileThePagerMoves() throws {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let zoomed = ZoomedPage(renderer: canvas.renderer, log: nil, wake: {})
        defer { zoomed.shutdown() }
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height))
        canvas.fillSlots(of: model) { _ in Colour(30, 200, 60) }   // every page green…
        canvas.contents.setImage(model.slots.slot(column: 0, row: 0).id, Self.halves())   // …but the current one
        model.zoom(to: 3, around: Point(x: 390, y: 125), animated: false, time: 0)
        // Pan to the image's right edge, then 100 px of the same drag into the pager.
        model.pointerDown(x: 380, y: 125, time: 1)
        model.pointerMoved(x: 360, y: 125, time: 1.02)
        model.pointerMoved(x: 200, y: 125, time: 1.2)   // 16 px to the edge, 144 into the pager
        #expect(model.offset.x == -144)
        let pixels = Self.render(&model, on: canvas, zoomed: zoomed)
        let boundary = Int((Double(Self.width) + model.offset.x).rounded())
        let row = 125 * Self.width
        #expect(Self.isBlue(pixels[row + boundary - 3]), "the zoomed page up to its own edge")
        #expect(pixels[row + boundary + 3] == Colour(30, 200, 60).argb, "the next page, not the zoomed image, past it")
    }
}
