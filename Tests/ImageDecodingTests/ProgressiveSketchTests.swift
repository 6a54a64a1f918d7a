import CTurboJPEG
import Foundation
@testable import ImageDecoding
import TestFixtures
import Testing

/// A large progressive JPEG without an EXIF thumbnail shows its first DC
/// scans while libjpeg reads every scan (`JPEGDCDecoder.sketch`).
@Suite struct ProgressiveSketchTests {
    /// 2.16 MP: over `JPEGDCDecoder.sketchPixels`.
    static let width = 1800, height = 1200

    static func photo(progressive: Bool = true, subsampling: TJSAMP = TJSAMP_420) -> [UInt8] {
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, y in
            ImageFixtures.Color(r: UInt8(x * 255 / width), g: UInt8((x / 7 + y / 5) % 256), b: UInt8(y * 255 / height))
        }
        return ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 90, progressive: progressive,
                                  subsampling: subsampling)
    }

    /// Where the first scan's data ends: the first marker after its header
    /// that is not a stuffed byte or a restart.
    static func endOfFirstScan(_ jpeg: [UInt8]) -> Int? {
        guard let sos = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }) else { return nil }
        var i = sos + 2 + (Int(jpeg[sos + 2]) << 8 | Int(jpeg[sos + 3]))
        while i + 1 < jpeg.count {
            if jpeg[i] == 0xFF, jpeg[i + 1] != 0, jpeg[i + 1] != 0xFF, !(0xD0...0xD7).contains(jpeg[i + 1]) { return i }
            i += 1
        }
        return nil
    }

    @Test func aProgressiveJPEGWithoutAThumbnailGetsItsFirstDCScansAsItsSketch() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", Self.photo())
        let sketch = try #require(EmbeddedThumbnail.decode(path: path))
        #expect(sketch.width == Self.width / 8 && sketch.height == Self.height / 8)
        #expect(sketch.sourceWidth == Self.width && sketch.sourceHeight == Self.height)
        #expect(sketch.format == "JPEG" && sketch.isOpaque)
    }

    @Test func theSketchIsTheDCImageWithinALevelOrTwo() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", Self.photo(subsampling: TJSAMP_444))
        let sketch = try #require(JPEGDCDecoder.sketch(path: path))
        let whole = try StreamedDecoder.decode(.jpegDC, path: path,
                                               region: PixelRect(x: 0, y: 0, width: Self.width / 8, height: Self.height / 8),
                                               outWidth: Self.width / 8, outHeight: Self.height / 8).image
        #expect(sketch.pixels.count == whole.pixels.count)
        var total = 0, largest = 0
        for (a, b) in zip(sketch.pixels, whole.pixels) {
            let difference = abs(Int(a) - Int(b))
            total += difference
            largest = max(largest, difference)
        }
        let mean = Double(total) / Double(whole.pixels.count)
        #expect(mean < 1.5, "mean difference \(mean)")
        #expect(largest <= 8, "largest difference \(largest)")
    }

    @Test func readingStopsAfterTheFirstDCScans() throws {
        // A scan naming a component the frame does not have, right after the
        // first scan: the reader of every scan refuses the file there.
        var jpeg = Self.photo()
        let end = try #require(Self.endOfFirstScan(jpeg))
        jpeg.insert(contentsOf: [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x09, 0x00, 0x01, 0x3F, 0x00], at: end)
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", jpeg)
        let small = PixelRect(x: 0, y: 0, width: Self.width / 8, height: Self.height / 8)
        #expect(throws: DecodeFailure.self) {
            try StreamedDecoder.decode(.jpegDC, path: path, region: small, outWidth: small.width, outHeight: small.height)
        }
        #expect(JPEGDCDecoder.sketch(path: path) != nil)
    }

    @Test func aFileCutInsideItsFirstScanHasNoSketch() throws {
        let jpeg = Self.photo()
        let end = try #require(Self.endOfFirstScan(jpeg))
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", Array(jpeg.prefix(end / 2)))
        #expect(JPEGDCDecoder.sketch(path: path) == nil)
    }

    @Test func anEXIFThumbnailWinsOverTheSketch() throws {
        let thumbnail = ImageFixtures.jpeg(width: 24, height: 16, pixels: ImageFixtures.quadrants(width: 24, height: 16))
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", ImageFixtures.withExifThumbnail(Self.photo(), thumbnail: thumbnail))
        let shown = try #require(EmbeddedThumbnail.decode(path: path))
        #expect(shown.width == 24 && shown.height == 16)
    }

    /// (A large baseline one has a sketch of its own: JPEGBaselineSketchTests.)
    @Test func aBaselineJPEGOrASmallProgressiveOneHasNoSketchFromItsFirstScans() throws {
        let folder = try TemporaryFolder()
        let baseline = try folder.write("b.jpg", Self.photo(progressive: false))
        #expect(JPEGDCDecoder.sketch(path: baseline) == nil)
        let pixels = ImageFixtures.quadrants(width: 640, height: 480)
        let small = try folder.write("s.jpg", ImageFixtures.jpeg(width: 640, height: 480, pixels: pixels, progressive: true))
        #expect(EmbeddedThumbnail.decode(path: small) == nil)
    }

    @Test func aThumbnailOfALargeProgressiveJPEGIsReadFromItsDC() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", Self.photo())
        let thumbnail = try ImageDecoder.decodeFile(path, maxWidth: 200, maxHeight: 200)
        let head = try FileReader.read(path, limit: ImageDecoder.headLength)
        let dc = try JPEGDCDecoder.decode(path: path, head: head, maxWidth: 200, maxHeight: 200)
        #expect(thumbnail.width == 200 && thumbnail.height == 133)
        let same = thumbnail.pixels == dc.pixels
        #expect(same)
    }

    @Test func theSketchIsUpright() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("p.jpg", ImageFixtures.withExifOrientation(Self.photo(), 6))
        let sketch = try #require(JPEGDCDecoder.sketch(path: path))
        #expect(sketch.width == Self.height / 8 && sketch.height == Self.width / 8)
        #expect(sketch.sourceWidth == Self.height && sketch.sourceHeight == Self.width)
    }
}
