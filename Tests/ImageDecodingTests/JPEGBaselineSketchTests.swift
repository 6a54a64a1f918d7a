import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable @_spi(Fuzzing) import ImageDecoding

/// A large baseline JPEG without an EXIF thumbnail shows its DC image, read
/// on two cores, while libjpeg decodes it; that decode is then cut where
/// half its work lies above, from the rows the sketch recorded (`JPEGBaselineSketch`,
/// `fw_jpeg_sketch_decode`, `fw_jpeg_sketch_split_decode`). Serialized:
/// the process keeps one scan, and each sketch replaces it.
@Suite(.serialized) struct JPEGBaselineSketchTests {
    /// 2.4 MP, over `JPEGBaselineSketch.minimumPixels`, at an odd size.
    static func photo(subsampling: TJSAMP = TJSAMP_420) -> [UInt8] {
        JPEGBaselineDCTests.photo(width: 1801, height: 1351, subsampling: subsampling)
    }

    @Test func aLargeBaselineJPEGWithoutAThumbnailGetsItsDCImageAsItsSketch() throws {
        let bytes = Self.photo()
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", bytes)
        let sketch = try #require(EmbeddedThumbnail.decode(path: path))
        #expect(sketch.width == 226 && sketch.height == 169)
        #expect(sketch.sourceWidth == 1801 && sketch.sourceHeight == 1351)
        #expect(sketch.format == "JPEG" && sketch.isOpaque)
        let dc = try JPEGBaselineDCTests.decode(bytes, threads: 1).get()
        let same = sketch.pixels == dc.pixels
        #expect(same, "the sketch is the one-thread DC decoder's image")
    }

    @Test func theSketchIsUpright() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", ImageFixtures.withExifOrientation(Self.photo(), 6))
        let sketch = try #require(JPEGBaselineSketch.sketch(path: path))
        #expect(sketch.width == 169 && sketch.height == 226)
        #expect(sketch.sourceWidth == 1351 && sketch.sourceHeight == 1801)
    }

    @Test func anEXIFThumbnailWinsOverTheSketch() throws {
        let thumbnail = ImageFixtures.jpeg(width: 40, height: 30, pixels: ImageFixtures.quadrants(width: 40, height: 30))
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", ImageFixtures.withExifThumbnail(Self.photo(), thumbnail: thumbnail))
        let shown = try #require(EmbeddedThumbnail.decode(path: path))
        #expect(shown.width == 40 && shown.height == 30)
    }

    @Test func aSmallOrCutShortBaselineJPEGHasNoSketch() throws {
        let folder = try TemporaryFolder()
        let small = try folder.write("s.jpg", JPEGBaselineDCTests.photo(subsampling: TJSAMP_420))
        #expect(JPEGBaselineSketch.sketch(path: small) == nil, "0.78 MP")
        let photo = Self.photo()
        let cut = try folder.write("c.jpg", Array(photo.prefix(photo.count * 6 / 10)))
        #expect(JPEGBaselineSketch.sketch(path: cut) == nil)
    }

    /// A file cut short after the sketch's bytes were read is another file:
    /// the decode does not take the scan.
    @Test func onlyTheSameBytesTakeTheKeptScan() throws {
        let bytes = Self.photo()
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", bytes)
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        var other = bytes
        other[other.count / 2] ^= 0x01
        #expect(other.withUnsafeBufferPointer { JPEGBaselineSketch.takeKeptScan(of: $0) } == nil)
        #expect(Array(bytes.dropLast()).withUnsafeBufferPointer { JPEGBaselineSketch.takeKeptScan(of: $0) } == nil)
        #expect(bytes.withUnsafeBufferPointer { JPEGBaselineSketch.takeKeptScan(of: $0) } != nil)
        #expect(bytes.withUnsafeBufferPointer { JPEGBaselineSketch.takeKeptScan(of: $0) } == nil, "taken once")
    }

    /// The photo's decode after its sketch takes the kept scan, and its
    /// pixels are those of a decode without a sketch.
    @Test func theDecodeAfterTheSketchTakesItsScanAndGivesTheSamePicture() throws {
        let bytes = Self.photo()
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", bytes)
        let plain = try ImageDecoder.decodeFile(path, maxWidth: 900, maxHeight: 700)
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        let afterSketch = try ImageDecoder.decodeFile(path, maxWidth: 900, maxHeight: 700)
        #expect(bytes.withUnsafeBufferPointer { JPEGBaselineSketch.takeKeptScan(of: $0) } == nil, "the decode took it")
        #expect(afterSketch.width == plain.width && afterSketch.height == plain.height)
        let same = afterSketch.pixels == plain.pixels
        #expect(same)
    }

    /// At 3/8 the page after the sketch of a 4:4:4 photo is made from its
    /// low-frequency coefficients alone, read from the rows the
    /// sketch recorded: the same picture as a decode without a sketch.
    @Test func thePageAtThreeEighthsAfterTheSketchIsMadeFromItsLowFrequencies() throws {
        let bytes = Self.photo(subsampling: TJSAMP_444)
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", bytes)
        // 1801 × 1351 into 600 × 450 is decoded at 3/8 (676 × 507), then fitted.
        let plain = try ImageDecoder.decodeFile(path, maxWidth: 600, maxHeight: 450)
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        #expect(try JPEGDecoder.route(of: bytes, maxWidth: 600, maxHeight: 450) == .keptLowFrequency)
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        let afterSketch = try ImageDecoder.decodeFile(path, maxWidth: 600, maxHeight: 450)
        #expect(afterSketch.width == plain.width && afterSketch.height == plain.height)
        let same = afterSketch.pixels == plain.pixels
        #expect(same)
        // Into 900 × 700, at 4/8: libjpeg's split from the rows.
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        #expect(try JPEGDecoder.route(of: bytes, maxWidth: 900, maxHeight: 700) == .keptScanSplit)
    }

    /// The sketch holds the bytes it read (HeldFile.shared), and the decode
    /// of the unchanged file that follows takes them instead of reading.
    @Test func theDecodeAfterTheSketchTakesTheBytesItRead() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", Self.photo())
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        let identity = try FileReader.readWithIdentity(path).identity
        _ = try ImageDecoder.decodeFile(path, maxWidth: 900, maxHeight: 700)
        #expect(HeldFile.shared.take(identity) == nil, "the decode took them")
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        #expect(HeldFile.shared.take(identity) != nil, "held after the sketch")
    }

    /// Another photo written at the path after the sketch: the page is the
    /// new photo's, not the sketched bytes' (which are 1801 × 1351).
    @Test func aFileRewrittenAfterItsSketchIsDecodedAsItIsNow() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("b.jpg", Self.photo())
        _ = try #require(JPEGBaselineSketch.sketch(path: path))
        try Data(JPEGBaselineDCTests.photo(width: 1201, height: 901, subsampling: TJSAMP_444))
            .write(to: URL(fileURLWithPath: path))
        let decoded = try ImageDecoder.decodeFile(path, maxWidth: 900, maxHeight: 700)
        #expect(decoded.sourceWidth == 1201 && decoded.sourceHeight == 901)
    }
}
