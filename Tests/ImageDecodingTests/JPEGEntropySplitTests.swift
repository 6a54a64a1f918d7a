import CTurboJPEG
import Glibc
import TestFixtures
import Testing
@testable import ImageDecoding

/// A baseline JPEG without restart markers decoded on two cores
/// (JPEGEntropySplit, jpeg_entropy_split.c): whatever the scale, the
/// sampling, the size and the cut, the pixels are tjDecompress2's for the
/// whole file, byte for byte; a file it cannot cut says so.
@Suite struct JPEGEntropySplitTests {
    /// tjDecompress2's output at `eighths`/8 with no flags, and its size.
    static func whole(_ bytes: [UInt8], eighths: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        let decoded = whole(bytes, eighths: eighths, flags: 0)
        #expect(decoded.warning == nil)
        return (decoded.pixels, decoded.width, decoded.height)
    }

    /// tjDecompress2's pixels at `eighths`/8 with `flags`, and its warning or error, if any.
    static func whole(_ bytes: [UInt8], eighths: Int,
                      flags: Int32) -> (pixels: [UInt8], width: Int, height: Int, warning: String?) {
        let handle = tjInitDecompress()!
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, sampling: Int32 = 0, colourspace: Int32 = 0
        _ = tjDecompressHeader3(handle, bytes, UInt(bytes.count), &w, &h, &sampling, &colourspace)
        let scale = JPEGScale(numerator: eighths, denominator: 8)
        let width = scale.scaled(Int(w)), height = scale.scaled(Int(h))
        var out = [UInt8](repeating: 0, count: max(width * height * 4, 4))
        let status = tjDecompress2(handle, bytes, UInt(bytes.count), &out, Int32(width), Int32(width * 4), Int32(height),
                                   Int32(TJPF_RGBA.rawValue), flags)
        return (out, width, height, status == 0 ? nil : String(cString: tjGetErrorStr2(handle)))
    }

    /// The byte where two outputs first differ (a failed #expect on
    /// megabyte arrays would print them whole). memcmp first: in a debug
    /// build the index-by-index search was 71 % of this suite's time.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        guard a.count == b.count else { return -1 }
        let same = a.isEmpty || a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0 }
        }
        return same ? nil : a.indices.first { a[$0] != b[$0] }
    }

    static func split(_ bytes: [UInt8], eighths: Int, fraction: Double,
                      size: (width: Int, height: Int)) -> Result<JPEGEntropySplit.Decoded, JPEGEntropySplit.Failure> {
        bytes.withUnsafeBufferPointer {
            JPEGEntropySplit.decode($0, scale: JPEGScale(numerator: eighths, denominator: 8), width: size.width,
                                    height: size.height, topFraction: fraction)
        }
    }

    /// Expects the split's pixels to be the whole decode's; returns the split's report.
    @discardableResult
    static func expectIdentical(_ bytes: [UInt8], eighths: Int, fraction: Double) throws -> JPEGEntropySplit.Decoded {
        let whole = whole(bytes, eighths: eighths)
        let split = try split(bytes, eighths: eighths, fraction: fraction, size: (whole.width, whole.height)).get()
        #expect(Self.firstDifference(split.pixels, whole.pixels) == nil, "scale \(eighths)/8, cut at \(fraction)")
        return split
    }

    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_440, TJSAMP_444, TJSAMP_GRAY])
    func everyScaleOfAnOddSizedPhotoIsTheWholeDecodeByteForByte(subsampling: TJSAMP) throws {
        let bytes = JPEGBaselineDCTests.photo(subsampling: subsampling)
        for eighths in 1...8 {
            for fraction in [0.3, 0.55, 0.76] {
                let decoded = try Self.expectIdentical(bytes, eighths: eighths, fraction: fraction)
                #expect(decoded.topRows > 0 && decoded.bitsRead > 0)
            }
        }
    }

    /// A cut at each MCU row: the second part's rewritten first MCU, its
    /// shifted bits and the seam's upsampling, at every bit offset the
    /// rows happen to start at.
    @Test(arguments: [TJSAMP_420, TJSAMP_444])
    func aCutAtEveryMCURowGivesTheWholeDecode(subsampling: TJSAMP) throws {
        let bytes = JPEGBaselineDCTests.photo(width: 301, height: 203, subsampling: subsampling)
        let mcuHeight = subsampling == TJSAMP_420 ? 16 : 8, rows = (203 + mcuHeight - 1) / mcuHeight
        var bitOffsets = Set<Int>(), realigned = 0
        for row in 2..<rows {
            let decoded = try Self.expectIdentical(bytes, eighths: 8, fraction: Double(row) / Double(rows))
            #expect(decoded.topRows == row * mcuHeight)
            bitOffsets.insert(decoded.bitsRead % 8)
            if !decoded.shifted { realigned += 1 }
        }
        // The rows start at different bit offsets within a byte, and some
        // are realigned by ZRLs (the photo is grainy: others are shifted).
        #expect(bitOffsets.count >= 4)
        #expect(realigned > 0)
    }

    @Test func aBigPhotoAtTheBrowsersScaleIsTheWholeDecode() throws {
        let bytes = JPEGBaselineDCTests.photo(width: 2001, height: 1503, subsampling: TJSAMP_420)
        let fraction = try #require(JPEGEntropySplit.topFraction(for: JPEGScale(numerator: 3, denominator: 8)))
        try Self.expectIdentical(bytes, eighths: 3, fraction: fraction)
    }

    /// A grey JPEG whose DC table codes only sizes 0 ("0") and 1 ("10"),
    /// its AC table only the end of block ("0") and ZRL ("10", 16 zeros):
    /// its first `rising` blocks each raise the DC by 1, the rest keep it
    /// (101 blocks a row: the rows start at different bits of a byte).
    static func smallTableJPEG(rising: Int, blocks: Int = 10_100) -> [UInt8] {
        var bits: [Bool] = []
        for block in 0..<blocks {
            bits += block < rising ? [true, false, true, false] : [false, false]
        }
        let dcTable: [UInt8] = [0x00, 1, 1] + [UInt8](repeating: 0, count: 14) + [0, 1]
        let acTable: [UInt8] = [0x10, 1, 1] + [UInt8](repeating: 0, count: 14) + [0x00, 0xF0]
        return JPEGBaselineDCTests.greyJPEG(bits: bits, blocksPerRow: 101, rows: blocks / 101, tables: [dcTable, acTable])
    }

    /// The second part's first MCU carries each component's DC value as a
    /// difference from 0; an optimised table may have no code for its size.
    @Test func aDCValueTheTableCannotCodeAtTheCutFailsInsteadOfGuessing() throws {
        let bytes = Self.smallTableJPEG(rising: 50)   // the DC is 50 from block 50 on: size 6
        let whole = Self.whole(bytes, eighths: 8)
        let result = Self.split(bytes, eighths: 8, fraction: 0.5, size: (whole.width, whole.height))
        #expect(result.failureMessage == "the MCUs at the split cannot be written again")
    }

    /// The DC is 1 at the cut (size 1): its block grows from 2 bits to 4,
    /// and the row starts 4 bits into a byte (4 + 2 · (101 · 49 − 1) bits
    /// before it): a ZRL (2 bits) brings the bits after it back onto the
    /// original's byte boundaries.
    @Test func theSameTableSplitsWhereTheValueHasACode() throws {
        let decoded = try Self.expectIdentical(Self.smallTableJPEG(rising: 1), eighths: 8, fraction: 0.5)
        #expect(!decoded.shifted)
    }

    /// Without a ZRL code nothing realigns the bits: they are shifted, and
    /// the pixels are still the whole decode's.
    @Test func withoutAZRLCodeTheBitsAreShiftedAndThePixelsTheSame() throws {
        var bytes = Self.smallTableJPEG(rising: 1)
        let table = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 && bytes[$0 + 4] == 0x10 })
        bytes[table + 22] = 0xE0   // the ZRL symbol becomes a run of 14 zeros and no value: never used
        let decoded = try Self.expectIdentical(bytes, eighths: 8, fraction: 0.5)
        #expect(decoded.shifted)
    }

    /// The bits after the rewritten MCUs are the original's bytes, so a
    /// marker inside the scan, below the cut, is met as the whole decode
    /// meets it: libjpeg stops there ("Unsupported marker"), and the caller
    /// decodes the whole file, whose message is the one shown.
    @Test func aMarkerInsideTheScanBelowTheCutIsMetAsInTheWholeDecode() throws {
        var bytes = JPEGBaselineDCTests.photo(width: 301, height: 203, subsampling: TJSAMP_420)
        var at = bytes.count * 85 / 100
        while bytes[at] == 0xFF || bytes[at - 1] == 0xFF { at += 1 }
        bytes.insert(contentsOf: [0xFF, 0x36], at: at)
        let result = Self.split(bytes, eighths: 8, fraction: 0.5, size: (301, 203))
        #expect(result.failureMessage == "libjpeg: Unsupported marker type 0x36")
    }

    @Test(arguments: [0.2, 0.5, 0.9])
    func aCutShortFileFailsRatherThanShowingGuessedRows(fraction: Double) throws {
        let bytes = JPEGBaselineDCTests.photo(subsampling: TJSAMP_420)
        let whole = Self.whole(bytes, eighths: 8)
        let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
        guard case .failure(.failed) = Self.split(cut, eighths: 8, fraction: 0.5, size: (whole.width, whole.height)) else {
            Issue.record("a file cut at \(fraction) was decoded"); return
        }
    }

    /// The second part reads on to the end marker as tjDecompress2 does: a
    /// file the whole decode fails on after its last row (the fuzzer's: a
    /// second SOI after the scan) fails here too.
    @Test func whatFollowsTheScanIsMetAsTheWholeDecodeMeetsIt() throws {
        let photo = JPEGBaselineDCTests.photo(width: 301, height: 203, subsampling: TJSAMP_420)
        let bytes = Array(photo.dropLast(2)) + [0xFF, 0xD8]
        #expect(Self.split(bytes, eighths: 8, fraction: 0.5, size: (301, 203)).failureMessage
                == "libjpeg: Invalid JPEG file structure: two SOI markers")
    }

    /// "FF FF 00" inside the scan (fill bytes before a stuffed zero, which
    /// T.81 does not allow): libjpeg-turbo reads it as one 0xFF or as a
    /// marker depending on where its reads fall, so a JPEG cut from the
    /// original could decode it otherwise (the fuzzer's
    /// Fuzz/Seeds/fuzz-jpeg-dc/fill-bytes-inside-the-scan). Left to libjpeg whole.
    @Test func fillBytesInsideTheScanLeaveTheFileToTheWholeDecode() throws {
        var bytes = JPEGBaselineDCTests.photo(width: 301, height: 203, subsampling: TJSAMP_444)
        let scan = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let stuffed = try #require((scan..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0x00 })
        bytes.insert(0xFF, at: stuffed)
        let message = "0xFF fill bytes inside the scan's data"
        #expect(Self.split(bytes, eighths: 8, fraction: 0.5, size: (301, 203)).failureMessage == message)
        #expect(Self.region(bytes, eighths: 8, (0, 96, 301, 107)).failureMessage == message)
    }

    /// The interval's marker says where its row starts: no codes are read,
    /// for a cut or for a region.
    @Test func aFileWithRestartMarkersIsCutAtAnIntervalWithoutReadingCodes() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("plain.jpg", JPEGBaselineDCTests.photo(subsampling: TJSAMP_420))
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", folder.file("rst.jpg"), source])
        let restart = try CodecFixtures.read(folder.file("rst.jpg"))
        let decoded = try Self.expectIdentical(restart, eighths: 8, fraction: 0.5)
        #expect(decoded.bitsRead == 0)
        let whole = Self.whole(restart, eighths: 8)
        let region = try Self.region(restart, eighths: 8, (32, 96, 301, 107)).get()
        #expect(region.bitsRead == 0)
        #expect(Self.firstDifference(region.pixels, Self.crop(whole, eighths: 8, (32, 96, 301, 107))) == nil)
    }

    @Test func aProgressiveFileIsLeftToLibjpeg() throws {
        let pixels = ImageFixtures.quadrants(width: 256, height: 256)
        let bytes = ImageFixtures.jpeg(width: 256, height: 256, pixels: pixels, progressive: true)
        guard case .failure(.notApplicable) = Self.split(bytes, eighths: 8, fraction: 0.5, size: (256, 256)) else {
            Issue.record("a progressive file was split"); return
        }
    }

    /// A libjpeg-turbo optimised table (jpegtran -optimize) codes the sizes
    /// its file uses; a photo's DC values at the cut are among them or not,
    /// and either way the answer is the whole decode's or a refusal.
    @Test func anOptimisedTableGivesTheWholeDecodeOrARefusal() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("plain.jpg", JPEGBaselineDCTests.photo(subsampling: TJSAMP_420))
        try CodecFixtures.run("/usr/bin/jpegtran", ["-optimize", "-outfile", folder.file("opt.jpg"), source])
        let optimised = try CodecFixtures.read(folder.file("opt.jpg"))
        let whole = Self.whole(optimised, eighths: 8)
        var decoded = 0
        for fraction in stride(from: 0.1, through: 0.9, by: 0.1) {
            switch Self.split(optimised, eighths: 8, fraction: fraction, size: (whole.width, whole.height)) {
            case .success(let split):
                #expect(Self.firstDifference(split.pixels, whole.pixels) == nil)
                decoded += 1
            case .failure(let failure):
                #expect(failure == .failed("the MCUs at the split cannot be written again"))
            }
        }
        #expect(decoded > 0)
    }

    // MARK: - Regions

    /// A region of the whole decode at `eighths`/8: (x, y, width, height) at full size.
    static func crop(_ whole: (pixels: [UInt8], width: Int, height: Int), eighths: Int,
                     _ region: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        let x0 = region.x * eighths / 8, y0 = region.y * eighths / 8
        let x1 = min(whole.width, ((region.x + region.width) * eighths + 7) / 8)
        let y1 = min(whole.height, ((region.y + region.height) * eighths + 7) / 8)
        var out: [UInt8] = []
        for y in y0..<y1 {
            let row: Int = y * whole.width
            out += whole.pixels[(row + x0) * 4..<(row + x1) * 4]
        }
        return out
    }

    static func region(_ bytes: [UInt8], eighths: Int,
                       _ region: (x: Int, y: Int, width: Int, height: Int)) -> Result<JPEGEntropySplit.Decoded, JPEGEntropySplit.Failure> {
        let scale = JPEGScale(numerator: eighths, denominator: 8)
        return bytes.withUnsafeBufferPointer {
            JPEGEntropySplit.decodeRegion($0, scale: scale, left: region.x, top: region.y, width: region.width,
                                          height: region.height, outputWidth: scale.scaled(region.width),
                                          outputHeight: scale.scaled(region.height))
        }
    }

    /// Regions from the top (the original decoded from its start) and from
    /// lower rows (a JPEG from the MCU row above), inside and at the edges.
    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_444, TJSAMP_GRAY])
    func aRegionIsTheWholeDecodesPixelsThere(subsampling: TJSAMP) throws {
        let bytes = JPEGBaselineDCTests.photo(subsampling: subsampling)   // 1001 × 777
        let regions = [(0, 0, 320, 240), (16, 16, 400, 300), (320, 48, 500, 400), (480, 400, 521, 377),
                       (0, 736, 1001, 41), (992, 16, 9, 761)]
        for eighths in [1, 3, 4, 8] {
            let whole = Self.whole(bytes, eighths: eighths)
            for (x, y, w, h) in regions {
                let decoded = try Self.region(bytes, eighths: eighths, (x, y, w, h)).get()
                #expect(Self.firstDifference(decoded.pixels, Self.crop(whole, eighths: eighths, (x, y, w, h))) == nil,
                        "\(x),\(y) \(w)×\(h) at \(eighths)/8")
            }
        }
    }

    /// A restart marker out of order (RST3 where RST1 belongs): libjpeg's
    /// whole decode resynchronises there (grey rows, a marker taken for a
    /// later one), so rows below are not the data after the n-th marker; a
    /// region there is not decoded from it. (The fuzzer found one that was.)
    @Test func aRegionBelowARestartMarkerOutOfOrderIsNotDecodedFromItsInterval() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("plain.jpg", JPEGBaselineDCTests.photo(subsampling: TJSAMP_444))
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", folder.file("rst.jpg"), source])
        var bytes = try CodecFixtures.read(folder.file("rst.jpg"))
        let markers = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1]) }
        try #require(markers.count > 40 && bytes[markers[1] + 1] == 0xD1)
        bytes[markers[1] + 1] = 0xD3
        let whole = Self.whole(bytes, eighths: 3, flags: 0)
        #expect(whole.warning?.contains("instead of RST1") == true, "\(whole.warning ?? "no warning")")
        #expect(Self.region(bytes, eighths: 3, (0, 400, 1001, 377)).failureMessage?
                    .contains("does not follow markers in order") == true)
        // Above that marker nothing changed: a region from the top is still made.
        #expect(Self.region(bytes, eighths: 3, (0, 0, 1001, 8)).failureMessage == nil)
    }

    @Test func aRegionWhoseCornerIsNotAnMCUsIsLeftToTheLosslessCrop() throws {
        let bytes = JPEGBaselineDCTests.photo(subsampling: TJSAMP_420)
        #expect(Self.region(bytes, eighths: 8, (8, 16, 100, 100)).failureMessage
                == "the region is not MCU-aligned inside the image")
    }

    /// RegionDecoder takes this path for a baseline JPEG: a region below
    /// the top is the whole decode's, its first rows included (libjpeg-turbo's
    /// lossless crop would upsample them from the crop's own edge).
    @Test func aZoomedRegionIsTheWholeDecodesPixels() throws {
        let folder = try TemporaryFolder()
        let bytes = JPEGBaselineDCTests.photo(width: 2001, height: 1203, subsampling: TJSAMP_420)
        let path = try folder.write("big.jpg", bytes)
        let region = try RegionDecoder.decode(path: path, region: PixelRect(x: 640, y: 480, width: 800, height: 600),
                                              scale: 1, maximumPixels: 4_000_000).get()
        #expect(region.region == PixelRect(x: 640, y: 480, width: 800, height: 600))
        let whole = Self.whole(bytes, eighths: 8)
        #expect(Self.firstDifference(region.image.pixels, Self.crop(whole, eighths: 8, (640, 480, 800, 600))) == nil)
    }

    @Test func theFirstThreadTakesMoreRowsWhereTheDecodeCostsMoreThanItsCodes() throws {
        #expect(JPEGEntropySplit.topFraction(for: JPEGScale(numerator: 1, denominator: 8)) == nil)
        let threeEighths = try #require(JPEGEntropySplit.topFraction(for: JPEGScale(numerator: 3, denominator: 8)))
        let whole = try #require(JPEGEntropySplit.topFraction(for: JPEGScale(numerator: 1, denominator: 1)))
        #expect(threeEighths > 0.5 && threeEighths < 0.9)
        #expect(whole > 0.5 && whole < threeEighths)
    }
}

extension Result where Failure == JPEGEntropySplit.Failure {
    var failureMessage: String? {
        guard case .failure(let failure) = self else { return nil }
        switch failure {
        case .notApplicable(let message), .failed(let message): return message
        }
    }
}
