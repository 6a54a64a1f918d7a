import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// SVG through librsvg (SVGDecoder, SVGDocument): drawn at the page's size
/// with one-pixel edges, drawn again sharp for a zoomed region, and hostile
/// documents refused quickly or drawn without reading anything outside.
@Suite struct SVGDecoderTests {
    typealias Color = ImageFixtures.Color

    /// A black disc on white, in a 100 × 100 document.
    static let circle = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <rect width="100" height="100" fill="#ffffff"/><circle cx="50" cy="50" r="40" fill="#000000"/>
        </svg>
        """.utf8)

    /// Pixels of row `y` that are neither white nor black (the blended edge),
    /// counted in runs: one count per edge crossed.
    static func blendedRuns(_ image: DecodedImage, y: Int) -> [Int] {
        var runs: [Int] = [], run = 0
        for x in 0..<image.width {
            let r = Int(image.rgba(x: x, y: y).r)
            if r > 8 && r < 247 { run += 1 } else if run > 0 { runs.append(run); run = 0 }
        }
        if run > 0 { runs.append(run) }
        return runs
    }

    @Test func aCircleFittedToTheWindowIsDrawnAtItsSizeWithASharpEdge() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("circle.svg", Self.circle)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 600, maxHeight: 400)
        #expect(image.format == "SVG")
        // Drawn at the page's size, not at its 100 × 100.
        #expect(image.width == 400 && image.height == 400, "\(image.width)×\(image.height)")
        guard image.width == 400 else { return }
        #expect(isClose(image.rgba(x: 200, y: 200), Color(r: 0, g: 0, b: 0), tolerance: 8))
        #expect(isClose(image.rgba(x: 5, y: 5), .white, tolerance: 8))
        let runs = Self.blendedRuns(image, y: 210)   // off the centre: the edge falls inside a pixel
        #expect(runs.count == 2 && runs.allSatisfy { $0 <= 2 }, "blended pixels across the edges: \(runs)")
    }

    @Test func theHUDNamesTheDocumentsOwnSizeNotTheZoomCanvas() throws {
        let folder = try TemporaryFolder()
        let wide = Array("""
            <svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60"/></svg>
            """.utf8)
        let image = try ImageDecoder.decodeFile(try folder.write("wide.svg", wide), maxWidth: 600, maxHeight: 400)
        #expect(image.shownSize == (120, 60), "\(image.shownSize)")
        #expect(image.sourceWidth == SVGDocument.canvasLongSide && image.sourceHeight == SVGDocument.canvasLongSide / 2)
        let turned = image.turned(.rotate90)
        #expect(turned.shownSize == (60, 120), "\(turned.shownSize)")
    }

    @Test func aZoomedRegionIsDrawnAgainSharpAtTheZoomsScale() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("circle.svg", Self.circle)
        let page = try ImageDecoder.decodeFile(path, maxWidth: 400, maxHeight: 400)
        let canvas = (page.sourceWidth, page.sourceHeight)
        #expect(canvas == (SVGDocument.canvasLongSide, SVGDocument.canvasLongSide))
        // The circle's left edge (x = 10 % of the canvas) at the middle row, at 1:1 of the canvas.
        let edge = canvas.0 / 10
        let asked = PixelRect(x: edge - 100, y: canvas.1 / 2 - 50, width: 200, height: 100)
        let part = try RegionDecoder.decode(path: path, region: asked, scale: 1, maximumPixels: 1 << 20).get()
        #expect(part.region == asked)
        #expect(part.image.width == 200 && part.image.height == 100)
        guard part.image.width == 200 else { return }
        #expect(isClose(part.image.rgba(x: 20, y: 50), .white, tolerance: 8))
        #expect(isClose(part.image.rgba(x: 180, y: 50), Color(r: 0, g: 0, b: 0), tolerance: 8))
        let runs = Self.blendedRuns(part.image, y: 50)
        #expect(runs.count == 1 && runs.allSatisfy { $0 <= 2 }, "blended pixels across the edge: \(runs)")
    }

    /// libxml2 refuses the nested entities before expanding them (librsvg's
    /// limits are kept on); expanded, they would be 10⁹ words, and the time
    /// limit catches that.
    @Test(.timeLimit(.minutes(1)))
    func aBillionLaughsSVGIsRefusedAsAnEntityBomb() throws {
        let folder = try TemporaryFolder()
        var entities = "<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        let svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n\(entities)]>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><text y=\"20\">&lol9;</text></svg>\n"
        let path = try folder.write("laughs.svg", Array(svg.utf8))
        let message = ImageDecoderTests.failure(path)
        // libxml2's words: "Detected an entity reference loop" (older), or of entity amplification (newer).
        #expect(message?.hasPrefix("corrupt SVG data (") == true && message?.lowercased().contains("entity") == true,
                "\(message ?? "decoded")")
        #expect(message?.contains("\n") == false, "one line for the error page and stderr")
    }

    @Test(.timeLimit(.minutes(1)))
    func aUseElementBombIsStoppedByLibrsvgsLimit() throws {
        let folder = try TemporaryFolder()
        // Nine levels of ten <use> of the level below: 10⁹ rectangles if drawn.
        var defs = "<rect id=\"a0\" width=\"1\" height=\"1\"/>"
        for level in 1...9 {
            defs += "<g id=\"a\(level)\">" + String(repeating: "<use xlink:href=\"#a\(level - 1)\"/>", count: 10) + "</g>"
        }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
            + "width=\"100\" height=\"100\"><defs>\(defs)</defs><use xlink:href=\"#a9\"/></svg>"
        let path = try folder.write("uses.svg", Array(svg.utf8))
        let message = ImageDecoderTests.failure(path)
        #expect(message?.hasPrefix("SVG could not be drawn") == true && message?.contains("referenced elements") == true,
                "\(message ?? "decoded")")
    }

    @Test func externalFilesAreNeverRead() throws {
        let folder = try TemporaryFolder()
        ImageFixtures.writePNG(folder.file("red.png"), width: 8, height: 8,
                               pixels: ImageFixtures.pixels(width: 8, height: 8) { _, _ in .red })
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
            <rect width="100" height="100" fill="#ffffff"/>
            <image x="0" y="0" width="50" height="100" xlink:href="red.png"/>
            <image x="50" y="0" width="50" height="100" xlink:href="file://\(folder.file("red.png"))"/>
            </svg>
            """
        let path = try folder.write("outside.svg", Array(svg.utf8))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 100, maxHeight: 100)
        #expect(isClose(image.rgba(x: 25, y: 50), .white, tolerance: 8), "relative: \(image.rgba(x: 25, y: 50))")
        #expect(isClose(image.rgba(x: 75, y: 50), .white, tolerance: 8), "absolute: \(image.rgba(x: 75, y: 50))")
    }

    @Test func aHugeDeclaredSizeIsDrawnAtThePagesSize() throws {
        let folder = try TemporaryFolder()
        // Over the header check's 100 MP it is refused outright; under it, drawn at the page's size.
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9000\" height=\"9000\" viewBox=\"0 0 10 10\">"
            + "<rect width=\"10\" height=\"10\" fill=\"#00ff00\"/></svg>"
        let path = try folder.write("big.svg", Array(svg.utf8))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 300, maxHeight: 200)
        #expect(image.width == 200 && image.height == 200)
        #expect(isClose(image.rgba(x: 100, y: 100), .green, tolerance: 8))
        let bomb = try folder.write("bomb.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"100000\"/>".utf8))
        #expect(ImageDecoderTests.failure(bomb)?.contains("over the 100-megapixel limit") == true)
    }
}
