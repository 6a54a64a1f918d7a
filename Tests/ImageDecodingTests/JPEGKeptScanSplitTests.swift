import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable @_spi(Fuzzing) import ImageDecoding

/// libjpeg's decode cut from a kept scan (`JPEGBaselineSketch.KeptScan`,
/// `fw_jpeg_sketch_split_decode`): where it is cut, and that its pixels are
/// the whole decode's. Each test reads its own scan
/// (`JPEGBaselineSketch.read`), not the one the process keeps, so these run
/// beside the others (JPEGBaselineSketchTests, serialized, has the kept one).
@Suite struct JPEGKeptScanSplitTests {
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
        // 4:2:2: at 3/8 a 4:2:0 or 4:4:4 photo is made from its low frequencies, not split (JPEGLowFrequencyPageTests).
        return ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 90, subsampling: TJSAMP_422)
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
        let bytes = JPEGBaselineDCTests.photo(subsampling: TJSAMP_422)
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
}
