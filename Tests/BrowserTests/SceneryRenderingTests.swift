import CSDL2
import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

/// The album header bars and the parallax backdrop as the browser
/// draws them, on SDL's software renderer, pixels read back.
@Suite("Scenery rendering", .serialized)
struct SceneryRenderingTests {
    static let width = 400
    static let height = 250
    static let yellow = Colour(224, 192, 32)
    static let cyan = Colour(32, 200, 224)
    static let red = Colour(230, 20, 20)
    static let blue = Colour(20, 20, 230)

    /// Two albums, "Summer" (3 images) and "Winter" (2).
    static let albums = GalleryLayout(
        contents: FolderContents(root: "/p", title: "p", looseImages: [], albums: [
            Album(name: "Summer", images: (0..<3).map { ImageEntry(path: "/p/Summer/\($0).jpg", name: "\($0).jpg", album: "Summer") }),
            Album(name: "Winter", images: (0..<2).map { ImageEntry(path: "/p/Winter/\($0).jpg", name: "\($0).jpg", album: "Winter") }),
        ], skipped: 0),
        style: .albums)

    /// `under` seen through the bar.
    static func throughBar(_ under: Colour) -> Colour {
        let bar = AlbumHeaderBars.barColour
        let alpha = Double(bar.a) / 255
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - alpha) + Double(b) * alpha).rounded()) }
        return Colour(mix(under.r, bar.r), mix(under.g, bar.g), mix(under.b, bar.b))
    }

    static func near(_ pixel: UInt32, _ colour: Colour, tolerance: Int = 3) -> Bool {
        let r = Int(pixel >> 16 & 0xFF), g = Int(pixel >> 8 & 0xFF), b = Int(pixel & 0xFF)
        return abs(r - Int(colour.r)) <= tolerance && abs(g - Int(colour.g)) <= tolerance && abs(b - Int(colour.b)) <= tolerance
    }

    static func describe(_ pixel: UInt32) -> String { String(pixel & 0xFFFFFF, radix: 16) }

    /// Album 0 yellow, album 1 cyan; every page a full-window image.
    func albumCanvas(_ model: PagerModel) throws -> OffscreenCanvas {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        canvas.fillSlots(of: model) { $0.v == 0 ? Self.yellow : Self.cyan }
        return canvas
    }

    /// A column x = 390 (right of any label text), as rows of pixels.
    func column(_ pixels: [UInt32], x: Int = 390) -> [UInt32] {
        (0..<Self.height).map { pixels[$0 * Self.width + x] }
    }

    @Test func atRestTheAlbumsBarIsAtTheTopOverItsImage() throws {
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               horizontalPages: 3, verticalPages: 2)
        let canvas = try albumCanvas(model)
        let bars = AlbumHeaderBars()
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport)
        bars.draw(model: model, gallery: Self.albums, pages: canvas.pages, text: canvas.text, viewport: canvas.viewport)
        let column = column(canvas.readPixels())
        #expect(bars.height == 30)
        #expect(Self.near(column[5], Self.throughBar(Self.yellow)), "\(Self.describe(column[5]))")
        #expect(Self.near(column[27], Self.throughBar(Self.yellow)))
        #expect(column[31] == Self.yellow.argb, "below the bar the image is untouched")
    }

    @Test func theBarSaysTheAlbumNameAndItsImageCount() {
        #expect(AlbumHeaderBars.label(row: 0, in: Self.albums) == "Summer · 3 images")
        #expect(AlbumHeaderBars.label(row: 1, in: Self.albums) == "Winter · 2 images")
    }

    @Test func theBarHasTextInItsMiddle() throws {
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               horizontalPages: 3, verticalPages: 2)
        let canvas = try albumCanvas(model)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport)
        AlbumHeaderBars().draw(model: model, gallery: Self.albums, pages: canvas.pages, text: canvas.text,
                               viewport: canvas.viewport)
        let pixels = canvas.readPixels()
        let light = (150..<250).filter { x in (8..<22).contains { y in pixels[y * Self.width + x] & 0xFF > 200 } }
        #expect(light.count > 10, "light text pixels in the bar's middle: \(light.count)")
    }

    @Test func midDragTheCurrentBarIsPinnedAndTheNextArrivesWithItsPage() throws {
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               horizontalPages: 3, verticalPages: 2)
        let canvas = try albumCanvas(model)
        model.pointerDown(x: 200, y: 240, time: 0)
        model.pointerMoved(x: 200, y: 220, time: 0.02)
        model.pointerMoved(x: 200, y: 220 + (-150 - model.offset.y), time: 0.06)
        #expect(model.offset.y == -150)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport)
        AlbumHeaderBars().draw(model: model, gallery: Self.albums, pages: canvas.pages, text: canvas.text,
                               viewport: canvas.viewport)
        let column = column(canvas.readPixels())
        #expect(Self.near(column[5], Self.throughBar(Self.yellow)), "pinned: \(Self.describe(column[5]))")
        #expect(column[40] == Self.yellow.argb)
        // Winter's page starts at 250 - 150 = 100; its bar covers 100..<130.
        #expect(column[98] == Self.yellow.argb)
        #expect(Self.near(column[101], Self.throughBar(Self.cyan)), "incoming: \(Self.describe(column[101]))")
        #expect(Self.near(column[127], Self.throughBar(Self.cyan)))
        #expect(column[131] == Self.cyan.argb)
    }

    @Test func noBarsOutsideTheAlbumsLayout() throws {
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               horizontalPages: 3, verticalPages: 2)
        let canvas = try albumCanvas(model)
        let grid = GalleryLayout(contents: FolderContents(root: "/p", title: "p", looseImages: (0..<6).map {
            ImageEntry(path: "/p/\($0).jpg", name: "\($0).jpg", album: nil)
        }, albums: [], skipped: 0), style: .grid, columns: 3)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport)
        AlbumHeaderBars().draw(model: model, gallery: grid, pages: canvas.pages, text: canvas.text, viewport: canvas.viewport)
        #expect(column(canvas.readPixels())[5] == Self.yellow.argb)
    }

    // MARK: - Backdrop

    /// A 100×200 portrait, left half red and right half blue, with its backdrop.
    func portraitCanvas(_ model: PagerModel) throws -> OffscreenCanvas {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        var pixels = [UInt8](repeating: 255, count: 100 * 200 * 4)
        for y in 0..<200 {
            for x in 0..<100 {
                let colour = x < 50 ? Self.red : Self.blue
                let p = (y * 100 + x) * 4
                pixels[p] = colour.r; pixels[p + 1] = colour.g; pixels[p + 2] = colour.b
            }
        }
        let image = DecodedImage(width: 100, height: 200, pixels: pixels, sourceWidth: 100, sourceHeight: 200, format: "test")
        for slot in model.slots where slot.page != nil {
            canvas.contents.setImage(slot.id, image, backdrop: BlurredBackdrop.make(from: image))
        }
        return canvas
    }

    func row(_ pixels: [UInt32], y: Int = 125) -> [UInt32] {
        Array(pixels[(y * Self.width)..<((y + 1) * Self.width)])
    }

    static func isReddish(_ pixel: UInt32) -> Bool { pixel >> 16 & 0xFF > (pixel & 0xFF) + 20 }
    static func isBluish(_ pixel: UInt32) -> Bool { pixel & 0xFF > (pixel >> 16 & 0xFF) + 20 }

    @Test func theBackdropFillsTheLetterboxWithTheBlurredImage() throws {
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 3)
        let canvas = try portraitCanvas(model)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport,
                          backdrop: ParallaxBackdrop())
        let row = row(canvas.readPixels())
        // Shown 1:1 (never enlarged): 100×200 at x 150..<250, y 25..<225.
        #expect(Self.isReddish(row[20]) && Self.isReddish(row[130]), "left letterbox: \(Self.describe(row[20]))")
        #expect(Self.isBluish(row[270]) && Self.isBluish(row[380]), "right letterbox: \(Self.describe(row[380]))")
        #expect(row[20] >> 16 & 0xFF < 128, "dimmed: \(Self.describe(row[20]))")
        #expect(row[150] == Self.red.argb && row[249] == Self.blue.argb, "the image itself is untouched")
    }

    @Test func withoutBackdropTheLetterboxIsPlain() throws {
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 3)
        let canvas = try portraitCanvas(model)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport)
        let row = row(canvas.readPixels())
        #expect(row[20] == canvas.pages.palette.page.argb)
        #expect(row[380] == canvas.pages.palette.page.argb)
    }

    @Test func midDragTheBackdropMovesAtItsFractionOfThePage() throws {
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 3)
        let canvas = try portraitCanvas(model)
        model.pointerDown(x: 300, y: 125, time: 0)
        model.pointerMoved(x: 280, y: 125, time: 0.02)
        model.pointerMoved(x: 280 + (-120 - model.offset.x), y: 125, time: 0.06)
        #expect(model.offset.x == -120)
        canvas.pages.draw(slots: model.slots, contents: canvas.contents, text: canvas.text, viewport: canvas.viewport,
                          backdrop: ParallaxBackdrop(fraction: 0.3))
        let row = row(canvas.readPixels())
        // Page 0 spans -120..<280, its image 30..<130. The backdrop's red/blue
        // boundary sat at x 200 (behind the image); 0.3 × -120 moves it to 164.
        #expect(row[29] != Self.red.argb && row[30] == Self.red.argb, "the image moved with the page")
        // Where the blur's red and blue are equal.
        let boundary = (130..<280).first { row[$0] & 0xFF >= row[$0] >> 16 & 0xFF }
        #expect(boundary.map { abs($0 - 164) <= 6 } == true, "boundary at \(String(describing: boundary))")
    }
}
