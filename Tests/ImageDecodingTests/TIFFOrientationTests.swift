import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// A TIFF's Orientation tag, all eight values, applied by the streamed TIFF
/// reader (StreamedDecoder, Sources/CStreamDecoders/tiff_rows.c) to the
/// fitted page and to a zoomed region. The files are ImageMagick's: the
/// upright picture turned by the inverse of each orientation, then tagged
/// with it (`-orient`), as a camera or scanner writes them.
@Suite struct TIFFOrientationTests {
    typealias Color = ImageFixtures.Color

    /// Per orientation: ImageMagick's name for the tag and the operation
    /// that turns the upright picture into the stored pixels (its inverse).
    static let storing: [Int: (name: String, operation: [String])] = [
        1: ("TopLeft", []),
        2: ("TopRight", ["-flop"]),
        3: ("BottomRight", ["-rotate", "180"]),
        4: ("BottomLeft", ["-flip"]),
        5: ("LeftTop", ["-transpose"]),
        6: ("RightTop", ["-rotate", "270"]),   // shown turned 90° clockwise: stored turned back
        7: ("RightBottom", ["-transverse"]),
        8: ("LeftBottom", ["-rotate", "90"]),
    ]

    /// An upright 80 × 40 picture of four quadrants (red, green / blue, white)
    /// stored with `orientation`.
    static func tiff(orientation: Int, in folder: TemporaryFolder) throws -> String {
        let upright = folder.file("upright.png")
        if !FileManager.default.fileExists(atPath: upright) {
            ImageFixtures.writePNG(upright, width: 80, height: 40, pixels: ImageFixtures.quadrants(width: 80, height: 40))
        }
        let path = folder.file("o\(orientation).tif")
        let how = storing[orientation]!
        try ImageFixtures.convert([upright] + how.operation + ["-orient", how.name, "-compress", "None", path])
        return path
    }

    @Test(arguments: 1...8)
    func aTIFFComesOutUprightWhateverItsOrientation(orientation: Int) throws {
        let folder = try TemporaryFolder()
        let path = try Self.tiff(orientation: orientation, in: folder)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 40, maxHeight: 40)
        #expect(image.format == "TIFF")
        #expect(image.width == 40 && image.height == 20, "orientation \(orientation): \(image.width)×\(image.height)")
        #expect(image.sourceWidth == 80 && image.sourceHeight == 40, "orientation \(orientation)")
        guard image.width == 40, image.height == 20 else { return }
        // The middle of each quadrant, well away from the averaged seams.
        #expect(isClose(image.rgba(x: 10, y: 5), .red), "orientation \(orientation): top left \(image.rgba(x: 10, y: 5))")
        #expect(isClose(image.rgba(x: 30, y: 5), .green), "orientation \(orientation): top right")
        #expect(isClose(image.rgba(x: 10, y: 15), .blue), "orientation \(orientation): bottom left")
        #expect(isClose(image.rgba(x: 30, y: 15), .white), "orientation \(orientation): bottom right")
    }

    @Test(arguments: [3, 6, 7])
    func aZoomedRegionOfATurnedTIFFShowsThatRegionUpright(orientation: Int) throws {
        let folder = try TemporaryFolder()
        let path = try Self.tiff(orientation: orientation, in: folder)
        // The upright picture's right half: green above white.
        let asked = PixelRect(x: 40, y: 0, width: 40, height: 40)
        let part = try RegionDecoder.decode(path: path, region: asked, scale: 1, maximumPixels: 1 << 20).get()
        #expect(part.region == asked, "orientation \(orientation)")
        #expect(part.image.width == 40 && part.image.height == 40, "orientation \(orientation)")
        #expect(part.image.sourceWidth == 80 && part.image.sourceHeight == 40, "orientation \(orientation)")
        guard part.image.width == 40, part.image.height == 40 else { return }
        #expect(isClose(part.image.rgba(x: 20, y: 10), .green), "orientation \(orientation): \(part.image.rgba(x: 20, y: 10))")
        #expect(isClose(part.image.rgba(x: 20, y: 30), .white), "orientation \(orientation)")
    }
}
