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

    /// Every MCU row's first bit, recorded by either thread (the first
    /// thread's own rows, the second's adopted ones, those after), starts a
    /// split with no codes read that is the split that reads them: at most
    /// rows tjDecompress2's whole decode byte for byte, at the others the
    /// same refusal (a grey row whose bits are shifted ends with a byte
    /// libjpeg calls extraneous; the caller then decodes the whole file).
    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_444, TJSAMP_GRAY])
    func aSplitFromTheKeptScanAtEveryRowIsTheSplitThatReadsTheCodes(subsampling: TJSAMP) throws {
        let bytes = JPEGBaselineDCTests.photo(width: 601, height: 403, subsampling: subsampling)
        let scan = try #require(JPEGBaselineSketch.read(bytes)?.scan)
        let mcuHeight = subsampling == TJSAMP_420 ? 16 : 8, rows = (403 + mcuHeight - 1) / mcuHeight
        let whole = JPEGEntropySplitTests.whole(bytes, eighths: 8)
        var identical = 0
        for row in 2..<rows {
            let fraction = (Double(row) + 0.1) / Double(rows)
            let kept = bytes.withUnsafeBufferPointer {
                scan.decode($0, scale: JPEGScale(numerator: 1, denominator: 1), width: whole.width,
                            height: whole.height, topFraction: fraction, byWork: false)
            }
            let reading = JPEGEntropySplitTests.split(bytes, eighths: 8, fraction: fraction,
                                                     size: (whole.width, whole.height))
            switch (kept, reading) {
            case (.success(let split), .success):
                #expect(split.topRows == row * mcuHeight && split.bitsRead == 0)
                #expect(JPEGEntropySplitTests.firstDifference(split.pixels, whole.pixels) == nil, "cut at row \(row)")
                identical += 1
            case (.failure(let refusal), .failure(let theirs)):
                #expect(refusal == theirs, "row \(row)")
            default:
                Issue.record("row \(row): \(kept.failureMessage ?? "split") but \(reading.failureMessage ?? "split")")
            }
        }
        #expect(identical * 10 >= (rows - 2) * 9, "\(identical) of \(rows - 2) rows split")
    }

    /// A photo whose top three quarters are a smooth gradient and whose
    /// bottom quarter is grain: nearly all of its codes lie in the grain.
    static func photoDetailedBelow(width: Int = 1001, height: Int = 777) -> [UInt8] {
        let grain = ImageFixtures.noise(count: width * height, seed: 5)
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, y in
            y < height * 3 / 4
                ? ImageFixtures.Color(r: UInt8(x * 255 / width), g: 128, b: UInt8(y * 255 / height))
                : ImageFixtures.Color(r: grain[y * width + x], g: grain[(y * width + x + 7) % (width * height)],
                                      b: UInt8(y * 255 / height))
        }
        return ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 90, subsampling: TJSAMP_420)
    }

    /// The two threads share the work, not the rows: the cut of a photo
    /// whose codes lie in its bottom quarter is in that quarter, where the
    /// work above it (the codes, and the pixels of the rows) is half.
    @Test func aPhotoWhoseDetailLiesBelowIsCutWhereHalfItsWorkIs() throws {
        let bytes = Self.photoDetailedBelow()
        let scan = try #require(JPEGBaselineSketch.read(bytes)?.scan)
        let whole = JPEGEntropySplitTests.whole(bytes, eighths: 3)
        let split = try bytes.withUnsafeBufferPointer {
            scan.decode($0, scale: JPEGScale(numerator: 3, denominator: 8), width: whole.width, height: whole.height)
        }.get()
        #expect(split.topRows * 4 > whole.height * 3, "cut at \(split.topRows) of \(whole.height) rows")
        #expect(JPEGEntropySplitTests.firstDifference(split.pixels, whole.pixels) == nil)
    }

    /// A photo of even detail is cut near its middle, as by its rows.
    @Test func aPhotoOfEvenDetailIsCutNearItsMiddle() throws {
        let bytes = JPEGBaselineDCTests.photo(subsampling: TJSAMP_420)
        let scan = try #require(JPEGBaselineSketch.read(bytes)?.scan)
        let whole = JPEGEntropySplitTests.whole(bytes, eighths: 3)
        let split = try bytes.withUnsafeBufferPointer {
            scan.decode($0, scale: JPEGScale(numerator: 3, denominator: 8), width: whole.width, height: whole.height)
        }.get()
        #expect(abs(split.topRows * 2 - whole.height) * 10 < whole.height, "cut at \(split.topRows) of \(whole.height) rows")
        #expect(JPEGEntropySplitTests.firstDifference(split.pixels, whole.pixels) == nil)
    }

    @Test func everyScaleFromTheKeptScanIsTheWholeDecode() throws {
        let bytes = JPEGBaselineDCTests.photo(subsampling: TJSAMP_420)
        let scan = try #require(JPEGBaselineSketch.read(bytes)?.scan)
        for eighths in 1...8 {
            let whole = JPEGEntropySplitTests.whole(bytes, eighths: eighths)
            let split = try bytes.withUnsafeBufferPointer {
                scan.decode($0, scale: JPEGScale(numerator: eighths, denominator: 8), width: whole.width,
                            height: whole.height)
            }.get()
            #expect(JPEGEntropySplitTests.firstDifference(split.pixels, whole.pixels) == nil, "scale \(eighths)/8")
        }
    }

    /// With restart markers the kept scan cuts at an interval as the plain split does.
    @Test func aFileWithRestartMarkersSplitsFromItsKeptScan() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("plain.jpg", JPEGBaselineDCTests.photo(subsampling: TJSAMP_420))
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "2", "-outfile", folder.file("rst.jpg"), source])
        let bytes = try CodecFixtures.read(folder.file("rst.jpg"))
        let scan = try #require(JPEGBaselineSketch.read(bytes)?.scan)
        let whole = JPEGEntropySplitTests.whole(bytes, eighths: 4)
        let split = try bytes.withUnsafeBufferPointer {
            scan.decode($0, scale: JPEGScale(numerator: 1, denominator: 2), width: whole.width, height: whole.height)
        }.get()
        #expect(JPEGEntropySplitTests.firstDifference(split.pixels, whole.pixels) == nil)
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
}
