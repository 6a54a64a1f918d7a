import CSDL2
import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

/// Headless rendering: the browser's drawing code on SDL's software
/// renderer, pixels read back. SDL wants one thread at a time, so the suite
/// is serialised.
@Suite("Rendering", .serialized)
struct RenderingTests {
    static let width = 400
    static let height = 250
    static let red = Colour(220, 30, 30)
    static let blue = Colour(30, 60, 220)
    static let green = Colour(30, 200, 60)
    static let grey = Colour(128, 128, 128)
    /// No page uses it: any such pixel inside the pages is a gap.
    static let magenta = Colour(255, 0, 255)

    static func colour(of page: PageIndex) -> Colour {
        switch (page.h, page.v) {
        case (0, 0): red
        case (1, 0): blue
        case (-1, 0): green
        default:
            // Distinct, never magenta.
            Colour(UInt8(60 + (page.h & 3) * 40), UInt8(90 + (page.v & 3) * 40), 150)
        }
    }

    @Test("After a 30% drag the two visible pages occupy the right columns of pixels")
    func dragThirtyPercent() throws {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height))
        canvas.fillSlots(of: model, colourOf: Self.colour)

        // Past the 16 px slop to lock the axis, then on until the content has
        // moved 120 px: 30% of 400. (Where the content starts following the
        // finger after the slop is the engine's business; the offset says.)
        model.pointerDown(x: 300, y: 125, time: 0)
        model.pointerMoved(x: 280, y: 125, time: 0.02)
        #expect(model.phase == .dragging(.horizontal))
        model.pointerMoved(x: 280 + (-120 - model.offset.x), y: 126, time: 0.06)
        #expect(model.offset.x == -120)
        #expect(model.offset.y == 0)

        canvas.draw(model)
        let pixels = canvas.readPixels()
        let boundary = Self.width - 120   // page (0, 0) ends here, (1, 0) begins
        for y in stride(from: 0, to: Self.height, by: 7) {
            for x in 0..<Self.width {
                let expected = x < boundary ? Self.red.argb : Self.blue.argb
                let actual = pixels[y * Self.width + x]
                if actual != expected {
                    Issue.record("pixel (\(x), \(y)) is \(String(actual, radix: 16)), expected \(String(expected, radix: 16))")
                    return
                }
            }
        }
    }

    @Test("A vertical 30% drag the other way shows the page above in the top rows")
    func verticalDrag() throws {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height))
        canvas.fillSlots(of: model, colourOf: Self.colour)
        model.pointerDown(x: 200, y: 50, time: 0)
        model.pointerMoved(x: 200, y: 70, time: 0.02)
        #expect(model.phase == .dragging(.vertical))
        model.pointerMoved(x: 203, y: 70 + (75 - model.offset.y), time: 0.06)   // 75 px = 30% of 250
        #expect(model.offset.y == 75)
        #expect(model.offset.x == 0)
        canvas.draw(model)
        let pixels = canvas.readPixels()
        let above = Self.colour(of: PageIndex(h: 0, v: -1)).argb
        for x in stride(from: 0, to: Self.width, by: 13) {
            #expect(pixels[74 * Self.width + x] == above)
            #expect(pixels[75 * Self.width + x] == Self.red.argb)
        }
    }

    @Test("A corrupt file becomes an error page with visible text")
    func errorPageForCorruptFile() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fourway-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A JPEG signature and header start, then nothing: truncated data.
        let path = folder.appendingPathComponent("broken.jpg").path
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
        bytes += [UInt8](repeating: 0x5A, count: 40)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))

        let entry = ImageEntry(path: path, name: "broken.jpg", album: nil)
        let outcome = ImageDecoder.decode(.file(entry), maxWidth: Self.width, maxHeight: Self.height)
        guard case .failure(let failure) = outcome else {
            Issue.record("a truncated JPEG decoded")
            return
        }
        #expect(!failure.message.isEmpty)

        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               horizontalPages: 1, verticalPages: 1)
        let centre = model.slots.slot(column: 0, row: 0)
        canvas.contents.set(centre.id, to: .failed(title: entry.name, message: failure.message))
        canvas.draw(model)
        let pixels = canvas.readPixels()

        let background = canvas.pages.palette.errorPage.argb
        let textPixels = pixels.filter { $0 != background }
        // Text covers a real share of the page, and some of it is close to the
        // text colour (antialiased edges are in between).
        #expect(textPixels.count > 300, "only \(textPixels.count) text pixels")
        #expect(textPixels.count < pixels.count / 3)
        let ink = canvas.pages.palette.errorText
        let nearInk = textPixels.filter { pixel in
            let r = Int(pixel >> 16 & 0xFF), g = Int(pixel >> 8 & 0xFF), b = Int(pixel & 0xFF)
            return abs(r - Int(ink.r)) + abs(g - Int(ink.g)) + abs(b - Int(ink.b)) < 60
        }
        #expect(nearInk.count > 50, "only \(nearInk.count) pixels in the text colour")
        // Not a blank or uniform page: the background surrounds the text.
        #expect(pixels[0] == background)
        #expect(pixels[pixels.count - 1] == background)
    }

    @Test("A placeholder shows the file name while decoding")
    func placeholderShowsName() throws {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height))
        let centre = model.slots.slot(column: 0, row: 0)
        canvas.contents.set(centre.id, to: .loading(title: "IMG_2041.jpg"))
        canvas.draw(model)
        let pixels = canvas.readPixels()
        let background = canvas.pages.palette.placeholder.argb
        let text = pixels.filter { $0 != background }.count
        #expect(text > 100)
    }

    /// Renders every frame of a bounce and checks no pixel between the first
    /// page's left (top) edge and the far side of the window shows through.
    private func checkNoGaps(axis: Axis, configuration: PagerConfiguration, pullBy pull: Double) throws -> Double {
        var palette = Palette()
        palette.outside = Self.magenta
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height, palette: palette)
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               horizontalPages: 3, verticalPages: 3, configuration: configuration)
        canvas.fillSlots(of: model, colourOf: Self.colour)

        // Pull page (0, 0) away from the top-left edge: rubber band.
        var time = 0.0
        let start = (x: 100.0, y: 100.0)
        model.pointerDown(x: start.x, y: start.y, time: time)
        var maxDisplacement = 0.0
        var framesChecked = 0
        let steps = 12
        for step in 1...steps {
            time += 1.0 / 120
            let travel = pull * Double(step) / Double(steps)
            model.pointerMoved(x: start.x + (axis == .horizontal ? travel : 0),
                               y: start.y + (axis == .vertical ? travel : 0), time: time)
            try checkFrame(canvas, model, axis: axis)
            framesChecked += 1
        }
        model.pointerUp(x: start.x + (axis == .horizontal ? pull : 0),
                        y: start.y + (axis == .vertical ? pull : 0), time: time)
        var bounced = false
        while let event = model.pollEvent() {
            if case .bounced = event.kind { bounced = true }
        }
        #expect(bounced)
        // The spring back, frame by frame at 120 fps, until at rest.
        var frames = 0
        while !model.isSettled && frames < 600 {
            time += 1.0 / 120
            model.advance(to: time)
            maxDisplacement = max(maxDisplacement, abs(model.offset[axis]))
            try checkFrame(canvas, model, axis: axis)
            frames += 1
            framesChecked += 1
        }
        #expect(model.isSettled)
        #expect(model.currentPage == PageIndex(h: 0, v: 0))
        #expect(framesChecked > 20)
        return maxDisplacement
    }

    private func checkFrame(_ canvas: OffscreenCanvas, _ model: PagerModel, axis: Axis) throws {
        canvas.draw(model)
        let pixels = canvas.readPixels()
        let first = PixelRect(snapping: model.slots.slot(column: 0, row: 0).frame)
        let magenta = Self.magenta.argb
        // Everything right of / below page 0's leading edge is pages only.
        let startX = axis == .horizontal ? max(0, first.x) : 0
        let startY = axis == .vertical ? max(0, first.y) : 0
        for y in startY..<Self.height {
            for x in startX..<Self.width where pixels[y * Self.width + x] == magenta {
                Issue.record("gap pixel at (\(x), \(y)) with offset \(model.offset), phase \(model.phase.name)")
                throw CanvasError("gap")
            }
        }
        // And the outside does show before the edge while it is pulled.
        if axis == .horizontal && first.x > 0 {
            #expect(pixels[Self.height / 2 * Self.width] == magenta)
        }
    }

    @Test("No gap pixels between pages during an elastic bounce (default spring)")
    func noGapsDuringBounce() throws {
        let displacement = try checkNoGaps(axis: .horizontal, configuration: PagerConfiguration(), pullBy: 300)
        #expect(displacement > 20)
        _ = try checkNoGaps(axis: .vertical, configuration: PagerConfiguration(), pullBy: 200)
    }

    @Test("No gap pixels during a bouncy, oscillating spring")
    func noGapsDuringOscillation() throws {
        var configuration = PagerConfiguration()
        configuration.bounceSpring = Spring(dampingRatio: 0.3, mass: 0.5, stiffness: 300)
        configuration.animation = .spring(Spring(dampingRatio: 0.3, mass: 0.5, stiffness: 300))
        _ = try checkNoGaps(axis: .horizontal, configuration: configuration, pullBy: 350)
        _ = try checkNoGaps(axis: .vertical, configuration: configuration, pullBy: 250)
    }

    @Test("No gap pixels at any frame of a flip animation, landing included")
    func noGapsDuringFlip() throws {
        var palette = Palette()
        palette.outside = Self.magenta
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height, palette: palette)
        var configuration = PagerConfiguration()
        configuration.animation = .easing(.easeOutCubic, minimumDuration: 0.1, maximumDuration: 0.4)
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height),
                               configuration: configuration)
        canvas.fillSlots(of: model, colourOf: Self.colour)
        var time = 0.0
        for direction in [FlipDirection.right, .right, .down, .left, .up] {
            let flipped = model.flip(direction, time: time)
            #expect(flipped)
            var frames = 0
            while !model.isSettled && frames < 240 {
                time += 1.0 / 97   // an odd frame rate: offsets land between pixels
                model.advance(to: time)
                // Like the browser: only recycled slots get new content.
                while let event = model.pollEvent() {
                    if case .slotsRecycled = event.kind { canvas.fillSlots(of: model, colourOf: Self.colour) }
                }
                canvas.draw(model)
                let pixels = canvas.readPixels()
                let gaps = pixels.filter { $0 == Self.magenta.argb }.count
                #expect(gaps == 0, "\(gaps) gap pixels at offset \(model.offset)")
                frames += 1
            }
        }
        #expect(model.currentPage == PageIndex(h: 1, v: 0))
    }
}
