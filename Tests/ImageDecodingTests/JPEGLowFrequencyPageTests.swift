import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable @_spi(Fuzzing) import ImageDecoding

/// A page at 3/8 made from each block's low-frequency coefficients alone,
/// read from the rows a sketch's kept scan recorded (`jpeg_low_frequency.c`,
/// through `JPEGBaselineSketch.KeptScan`): byte for byte tjDecompress2's
/// page, and only where it can be. Each test reads its own scan
/// (`JPEGBaselineSketch.read`), not the one the process keeps.
@Suite struct JPEGLowFrequencyPageTests {
    /// The page at `eighths`/8 from the kept scan, and tjDecompress2's page
    /// of the same bytes.
    static func pages(_ bytes: [UInt8], eighths: Int = 3) throws
        -> (made: Result<JPEGEntropySplit.Decoded, JPEGEntropySplit.Failure>, whole: [UInt8]) {
        let scan = try #require(JPEGBaselineSketch.read(bytes)?.scan)
        let whole = JPEGEntropySplitTests.whole(bytes, eighths: eighths, flags: 0)
        let made = bytes.withUnsafeBufferPointer {
            scan.decode($0, scale: JPEGScale(numerator: eighths, denominator: 8), width: whole.width,
                        height: whole.height)
        }
        return (made, whole.pixels)
    }

    /// Expects the page made from the low-frequency values, equal to tjDecompress2's.
    static func expectMadeFromTheValues(_ bytes: [UInt8], _ comment: String = "") throws {
        let (made, whole) = try pages(bytes)
        let page = try made.get()
        #expect(page.lowFrequency, "made from the low-frequency values \(comment)")
        #expect(JPEGEntropySplitTests.firstDifference(page.pixels, whole) == nil, "tjDecompress2's bytes \(comment)")
    }

    /// 4:2:0: libjpeg makes the chroma at 6 × 6 by its IDCT rather than
    /// upsampling it, so its chroma blocks' top-left 6 × 6 is read.
    @Test(arguments: [TJSAMP_444, TJSAMP_GRAY, TJSAMP_420])
    func aPageAtThreeEighthsIsMadeFromTheLowFrequencyValuesAsLibjpegMakesIt(subsampling: TJSAMP) throws {
        // Partial blocks on both edges, and a photo of a few blocks.
        for (width, height) in [(1001, 777), (601, 403), (67, 45)] {
            let bytes = JPEGBaselineDCTests.photo(width: width, height: height, subsampling: subsampling)
            try Self.expectMadeFromTheValues(bytes, "at \(width) × \(height)")
        }
    }

    /// Saturated colours in single pixels at the highest quality: large AC
    /// values, IDCT results past 0 and 255, and the colour conversion's clamp.
    @Test(arguments: [TJSAMP_444, TJSAMP_420])
    func saturatedGrainIsClampedAsLibjpegClampsIt(subsampling: TJSAMP) throws {
        let (width, height) = (403, 301)
        let grain = ImageFixtures.noise(count: width * height * 3, seed: 23)
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, y in
            let i = (y * width + x) * 3
            return ImageFixtures.Color(r: grain[i] < 128 ? 0 : 255, g: grain[i + 1] < 128 ? 0 : 255,
                                       b: grain[i + 2] < 128 ? 0 : 255)
        }
        let bytes = ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 100,
                                       subsampling: subsampling)
        try Self.expectMadeFromTheValues(bytes)
    }

    /// Chroma that libjpeg upsamples (4:2:2 across, 4:4:0 down) would need
    /// its fancy upsampling copied too: such a photo's page is libjpeg's split.
    @Test(arguments: [TJSAMP_422, TJSAMP_440])
    func aPhotoWhoseChromaIsUpsampledIsLeftToLibjpegsSplit(subsampling: TJSAMP) throws {
        let (made, whole) = try Self.pages(JPEGBaselineDCTests.photo(subsampling: subsampling))
        let page = try made.get()
        #expect(!page.lowFrequency)
        #expect(JPEGEntropySplitTests.firstDifference(page.pixels, whole) == nil)
    }

    /// The 3 × 3 serves libjpeg's IDCT at 3/8 only; at other scales libjpeg
    /// splits the decode.
    @Test(arguments: [1, 2, 4, 8])
    func atAnotherScaleThePageIsLibjpegsSplit(eighths: Int) throws {
        let (made, whole) = try Self.pages(JPEGBaselineDCTests.photo(subsampling: TJSAMP_444), eighths: eighths)
        let page = try made.get()
        #expect(!page.lowFrequency)
        #expect(JPEGEntropySplitTests.firstDifference(page.pixels, whole) == nil)
    }

    /// A grey JPEG of 100 × 100 blocks whose flat blocks are 3 zero bits
    /// (DC "0", AC "00": end of block) and whose others are 5 ("10x00": DC
    /// ±1), with tables libjpeg accepts (no code of all ones; the files of
    /// JPEGBaselineDCTests.builtJPEG make every bit string a code, which
    /// libjpeg refuses). A decoder started in the flat run at a bit that is
    /// not a block's stays out of step to the run's end. Returns the file and
    /// whether the sketch's split, at the scan's middle byte, falls in the
    /// run out of step with it.
    static func builtJPEG(flat: Range<Int>) -> (bytes: [UInt8], outOfStep: Bool) {
        var bits: [Bool] = []
        var flatStart = 0
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for block in 0..<10_000 {
            if block == flat.lowerBound { flatStart = bits.count }
            if flat.contains(block) { bits += [false, false, false]; continue }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bits += [true, false, state >> 63 == 1, false, false]
        }
        let dcTable: [UInt8] = [0x00, 1, 1] + [UInt8](repeating: 0, count: 14) + [0, 1]
        let acTable: [UInt8] = [0x10, 0, 3] + [UInt8](repeating: 0, count: 14) + [0x00, 0x01, 0xF0]
        let bytes = JPEGBaselineDCTests.greyJPEG(bits: bits, blocksPerRow: 100, rows: 100, tables: [dcTable, acTable])
        let split = (bits.count + 7) / 8 / 2 * 8, flatEnd = flatStart + 3 * flat.count
        return (bytes, split > flatStart && split < flatEnd && (split - flatStart) % 3 != 0)
    }

    /// The sketch's second thread reads ahead from the scan's middle byte;
    /// here it never falls into step (the flat run lasts to the end), so
    /// every row's start was recorded by the first thread reading on alone
    /// (in the photos above most by the second, once in step): the page's
    /// second thread starts from one of those.
    @Test func aScanWhoseSecondHalfNeverSyncsGivesTheSamePage() throws {
        let never = Self.builtJPEG(flat: 2000..<10_000)
        try #require(never.outOfStep)
        #expect(try JPEGBaselineDCTests.expectIdentical(never.bytes) == .neverSynced)
        try Self.expectMadeFromTheValues(never.bytes, "never syncing")
    }

    @Test(arguments: [TJSAMP_444, TJSAMP_420])
    func aFileWithRestartMarkersIsMadeFromItsValues(subsampling: TJSAMP) throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("plain.jpg", JPEGBaselineDCTests.photo(subsampling: subsampling))
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "2", "-outfile", folder.file("rst.jpg"), source])
        try Self.expectMadeFromTheValues(try CodecFixtures.read(folder.file("rst.jpg")))
    }

    /// A file whose scan is not followed by its end marker: libjpeg warns
    /// "Premature end of JPEG file", which the browser shows as a cut-short
    /// file; the page is not made past it.
    @Test func aFileWithoutItsEndMarkerIsLeftToLibjpeg() throws {
        let bytes = Array(JPEGBaselineDCTests.photo(subsampling: TJSAMP_444).dropLast(2))
        let (made, _) = try Self.pages(bytes)
        guard case .failure(.failed(let message)) = made else {
            Issue.record("made a page: \(made)")
            return
        }
        #expect(message.contains("Premature end"), "\(message)")
    }

    /// A marker between the scan and the end marker (a comment here) is
    /// libjpeg's to read: its split makes the page.
    @Test func aMarkerAfterTheScanLeavesThePageToLibjpegsSplit() throws {
        var bytes = Array(JPEGBaselineDCTests.photo(subsampling: TJSAMP_444).dropLast(2))
        bytes += [0xFF, 0xFE, 0, 6] + Array("note".utf8) + [0xFF, 0xD9]
        let (made, whole) = try Self.pages(bytes)
        let page = try made.get()
        #expect(!page.lowFrequency)
        #expect(JPEGEntropySplitTests.firstDifference(page.pixels, whole) == nil)
    }
}
