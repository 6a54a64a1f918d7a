@testable import ImageDecoding
import TestFixtures
import Testing

/// The sharper decode of a zoomed page's visible region — only that
/// region, at the scale asked for, never more pixels than the cap.
@Suite("Region decoder")
struct RegionDecoderTests {
    typealias Color = ImageFixtures.Color

    static func isClose(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ color: Color) -> Bool {
        abs(Int(pixel.r) - Int(color.r)) < 40 && abs(Int(pixel.g) - Int(color.g)) < 40 && abs(Int(pixel.b) - Int(color.b)) < 40
    }

    /// The pixel of `part` that shows the upright image pixel (`x`, `y`).
    static func pixel(of part: DecodedRegion, atImageX x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let px = (x - part.region.x) * part.image.width / part.region.width
        let py = (y - part.region.y) * part.image.height / part.region.height
        return part.image.rgba(x: px, y: py)
    }

    @Test func jpegRegionCoversWhatWasAskedAndShowsItsColours() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("q.jpg", ImageFixtures.jpeg(width: 256, height: 128, pixels: ImageFixtures.quadrants(width: 256, height: 128)))
        let asked = PixelRect(x: 140, y: 70, width: 100, height: 50)   // inside the white quadrant
        let part = try RegionDecoder.decode(path: path, region: asked, scale: 1, maximumPixels: 1 << 20).get()
        #expect(part.region.contains(asked))
        #expect(part.region.width < 256 && part.region.height < 128, "only the region (widened to whole blocks), not the image")
        #expect(part.image.width == part.region.width && part.image.height == part.region.height, "scale 1: one pixel per image pixel")
        #expect(part.image.sourceWidth == 256 && part.image.sourceHeight == 128)
        #expect(Self.isClose(Self.pixel(of: part, atImageX: 190, y: 95), .white))
    }

    @Test func jpegRegionIsDecodedAtTheScaleAskedFor() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("q.jpg", ImageFixtures.jpeg(width: 512, height: 256, pixels: ImageFixtures.quadrants(width: 512, height: 256)))
        let part = try RegionDecoder.decode(path: path, region: PixelRect(x: 0, y: 0, width: 256, height: 128),
                                            scale: 0.5, maximumPixels: 1 << 20).get()
        #expect(part.image.width == part.region.width / 2 && part.image.height == part.region.height / 2)
        #expect(Self.isClose(Self.pixel(of: part, atImageX: 64, y: 64), .red))
    }

    @Test func outputNeverExceedsTheCap() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("q.jpg", ImageFixtures.jpeg(width: 512, height: 256, pixels: ImageFixtures.quadrants(width: 512, height: 256)))
        let part = try RegionDecoder.decode(path: path, region: PixelRect(x: 0, y: 0, width: 512, height: 256),
                                            scale: 1, maximumPixels: 10_000).get()
        #expect(part.image.width * part.image.height <= 10_000)
        #expect(Self.isClose(Self.pixel(of: part, atImageX: 400, y: 200), .white))
    }

    @Test(arguments: 1...8)
    func jpegRegionFollowsTheExifOrientation(orientation: Int) throws {
        let folder = try TemporaryFolder()
        let plain = ImageFixtures.jpeg(width: 128, height: 64, pixels: ImageFixtures.quadrants(width: 128, height: 64))
        let path = try folder.write("o.jpg", ImageFixtures.withExifOrientation(plain, orientation))
        let whole = try ImageDecoderTests.decode(path).get()
        // The upright image's bottom-right quadrant, whatever colour that is.
        let asked = PixelRect(x: whole.width / 2 + 4, y: whole.height / 2 + 4,
                                width: whole.width / 2 - 8, height: whole.height / 2 - 8)
        let part = try RegionDecoder.decode(path: path, region: asked, scale: 1, maximumPixels: 1 << 20).get()
        #expect(part.region.contains(asked), "orientation \(orientation)")
        let x = asked.x + asked.width / 2, y = asked.y + asked.height / 2
        let expected = whole.rgba(x: x, y: y)
        #expect(Self.isClose(Self.pixel(of: part, atImageX: x, y: y), Color(r: expected.r, g: expected.g, b: expected.b)),
                "orientation \(orientation)")
    }

    @Test func pngRegionIsCutFromAWholeDecode() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/q.png"
        ImageFixtures.writePNG(path, width: 200, height: 100, pixels: ImageFixtures.quadrants(width: 200, height: 100))
        let part = try RegionDecoder.decode(path: path, region: PixelRect(x: 110, y: 10, width: 80, height: 30),
                                            scale: 0.5, maximumPixels: 1 << 20).get()
        #expect(part.region == PixelRect(x: 110, y: 10, width: 80, height: 30))
        #expect(part.image.width == 40 && part.image.height == 15)
        #expect(Self.isClose(part.image.rgba(x: 20, y: 7), .green))
    }

    /// A decoder whose region path answers every PNG with one pixel, to see
    /// which path the region decoder took.
    struct OnePixelRegionDecoder: ImageFormatDecoder {
        var name: String { "one pixel" }
        func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .png }
        func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion? {
            guard accepts(probe) else { return nil }
            return DecodedRegion(image: DecodedImage(width: 1, height: 1, pixels: [255, 0, 0, 255], sourceWidth: 200,
                                                     sourceHeight: 100, format: "one pixel"),
                                 region: request.region)
        }
    }

    @Test func theRegionPathIsTheRegistrysDecoderForTheFormat() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/q.png"
        ImageFixtures.writePNG(path, width: 200, height: 100, pixels: ImageFixtures.quadrants(width: 200, height: 100))
        let part = try RegionDecoder.decode(path: path, region: PixelRect(x: 110, y: 10, width: 80, height: 30),
                                            scale: 0.5, maximumPixels: 1 << 20,
                                            registry: DecoderRegistry([OnePixelRegionDecoder(), StreamedDecoder.png])).get()
        #expect(part.image.format == "one pixel")
    }

    @Test func aMissingFileIsAFailureNotACrash() {
        let outcome = RegionDecoder.decode(path: "/nonexistent/x.jpg", region: PixelRect(x: 0, y: 0, width: 10, height: 10),
                                           scale: 1, maximumPixels: 100)
        guard case .failure = outcome else { Issue.record("a missing file decoded"); return }
    }
}
