import CStreamDecoders
import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// A progressive JPEG's scans read by our own reader, on one thread or in
/// bands of rows shared by two, then libjpeg's output pass: always
/// tjDecompress2's pixels byte for byte, or no result (`JPEGProgressiveSplit`,
/// `jpeg_progressive.c`).
@Suite struct JPEGProgressiveSplitTests {
    /// A photo-like progressive JPEG (libjpeg's standard progression) at an odd size.
    static func photo(width: Int = 601, height: Int = 403, subsampling: TJSAMP) -> [UInt8] {
        let grain = ImageFixtures.noise(count: width * height, seed: 7)
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, y in
            ImageFixtures.Color(r: UInt8(x * 255 / width), g: grain[y * width + x], b: UInt8(y * 255 / max(height, 1)))
        }
        return ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 90, progressive: true,
                                  subsampling: subsampling)
    }

    static func read(_ bytes: [UInt8], eighths: Int, size: (width: Int, height: Int),
                     threads: Int) -> Result<[UInt8], JPEGProgressiveSplit.Failure> {
        bytes.withUnsafeBufferPointer {
            JPEGProgressiveSplit.decode($0, scale: JPEGScale(numerator: eighths, denominator: 8), width: size.width,
                                        height: size.height, threads: threads)
        }
    }

    /// tjDecompress2's pixels at `eighths`/8 with the flag the decoder gives
    /// a progressive file, and its warning, if any.
    static func whole(_ bytes: [UInt8], eighths: Int) -> (pixels: [UInt8], width: Int, height: Int, warning: String?) {
        JPEGEntropySplitTests.whole(bytes, eighths: eighths, flags: TJFLAG_LIMITSCANS)
    }

    static func expectIdentical(_ bytes: [UInt8], eighths: Int, threads: Int, _ what: String) throws {
        let whole = whole(bytes, eighths: eighths)
        let warning = whole.warning
        #expect(warning == nil)
        let read = try Self.read(bytes, eighths: eighths, size: (whole.width, whole.height), threads: threads).get()
        #expect(JPEGEntropySplitTests.firstDifference(read, whole.pixels) == nil,
                "\(what) at \(eighths)/8 on \(threads) threads")
    }

    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_440, TJSAMP_444, TJSAMP_GRAY])
    func everyScaleOnOneAndOnTwoThreadsIsTjDecompress2s(subsampling: TJSAMP) throws {
        let bytes = Self.photo(subsampling: subsampling)
        for eighths in [1, 2, 3, 4, 5, 8] {
            for threads in [1, 2] {
                try Self.expectIdentical(bytes, eighths: eighths, threads: threads, "sampling \(subsampling.rawValue)")
            }
        }
    }

    /// At 3/8 libjpeg gives grey and 4:4:4 components a 3 x 3 IDCT and 4:2:0
    /// chroma a 6 x 6 one, so that none is upsampled after: the reading
    /// threads then make the pixels themselves, band by band, with its
    /// arithmetic. 4:2:2 and 4:4:0 chroma is upsampled at 3/8, and other
    /// scales use other IDCTs: libjpeg's output pass makes those. Either
    /// way the pixels are tjDecompress2's.
    @Test(arguments: zip([TJSAMP_420, TJSAMP_444, TJSAMP_GRAY, TJSAMP_422, TJSAMP_440], [true, true, true, false, false]))
    func atThreeEighthsTheReadingThreadsMakeThePixelsWhereNothingIsUpsampled(subsampling: TJSAMP,
                                                                           byReaders: Bool) throws {
        for (width, height) in [(601, 403), (64, 48), (17, 700)] {
            let bytes = Self.photo(width: width, height: height, subsampling: subsampling)
            for eighths in [3, 4, 2] {
                let whole = Self.whole(bytes, eighths: eighths)
                for threads in [1, 2] {
                    let read = try bytes.withUnsafeBufferPointer {
                        JPEGProgressiveSplit.decodeTelling($0, scale: JPEGScale(numerator: eighths, denominator: 8),
                                                           width: whole.width, height: whole.height, threads: threads)
                    }.get()
                    let what = "\(width)x\(height), sampling \(subsampling.rawValue), \(eighths)/8, \(threads) threads"
                    #expect(read.madeByReaders == (byReaders && eighths == 3), "\(what)")
                    #expect(JPEGEntropySplitTests.firstDifference(read.pixels, whole.pixels) == nil, "\(what)")
                }
            }
        }
    }

    /// A smooth picture: most blocks have no AC coefficients, so end-of-band
    /// runs span many blocks and cross the cut, which hands the run over.
    @Test(arguments: [TJSAMP_420, TJSAMP_444, TJSAMP_GRAY])
    func aSmoothPhotoWhoseEndOfBandRunsCrossTheCut(subsampling: TJSAMP) throws {
        let width = 640, height = 480
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, y in
            ImageFixtures.Color(r: UInt8(x * 255 / width), g: UInt8((x + y) * 255 / (width + height)),
                                b: UInt8(y * 255 / height))
        }
        let bytes = ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 75, progressive: true,
                                       subsampling: subsampling)
        for eighths in [1, 3, 8] {
            try Self.expectIdentical(bytes, eighths: eighths, threads: 2, "smooth, sampling \(subsampling.rawValue)")
        }
    }

    /// One MCU row (nothing to cut: one thread), one pixel high, and tall and narrow.
    @Test func smallThinAndTallPhotosToo() throws {
        for (width, height) in [(17, 9), (33, 1), (9, 700), (700, 17)] {
            let bytes = Self.photo(width: width, height: height, subsampling: TJSAMP_420)
            try Self.expectIdentical(bytes, eighths: 8, threads: 2, "\(width)x\(height)")
            try Self.expectIdentical(bytes, eighths: 1, threads: 2, "\(width)x\(height)")
        }
    }

    /// libjpeg-turbo's lossless transform to progressive (jpegtran
    /// -progressive): the same coefficients, Huffman tables optimised per scan.
    @Test func aFileMadeProgressiveWithOptimisedTablesToo() throws {
        let baseline = JPEGBaselineDCTests.photo(width: 801, height: 603, subsampling: TJSAMP_420)
        let handle = tjInitTransform()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var transform = tjtransform()
        transform.options = Int32(TJXOPT_PROGRESSIVE)
        #expect(tjTransform(handle, baseline, UInt(baseline.count), 1, &output, &size, &transform, 0) == 0)
        let bytes = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        tjFree(output)
        #expect(bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) }.isProgressive)
        for eighths in [1, 3, 8] {
            try Self.expectIdentical(bytes, eighths: eighths, threads: 2, "jpegtran -progressive")
        }
    }

    /// Scan scripts other than libjpeg's (jpegtran -scans): the chroma's
    /// scans first, DC refined one component at a time, and one script of
    /// 66 scans, one luma coefficient each. The two threads take the
    /// scans' bands in an order of their own; the pixels stay tjDecompress2's.
    @Test(arguments: [Self.unusualScans, Self.manyScans])
    func scansInAnyProgressionOrderGiveTheSamePixels(script: String) throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("baseline.jpg", JPEGBaselineDCTests.photo(width: 601, height: 403,
                                                                               subsampling: TJSAMP_420))
        let scans = try folder.write("scans.txt", Array(script.utf8))
        try CodecFixtures.run("/usr/bin/jpegtran", ["-scans", scans, "-outfile", folder.file("out.jpg"), source])
        let bytes = try CodecFixtures.read(folder.file("out.jpg"))
        let structure = bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        #expect(structure.isProgressive)
        for eighths in [1, 3, 8] {
            for threads in [1, 2] {
                try Self.expectIdentical(bytes, eighths: eighths, threads: threads, "scan script")
            }
        }
    }

    /// When a band of a scan may be read (`fw_jpeg_progressive_band_ready`):
    /// after its zeroing (the first scan), the same scan's band above, and the
    /// same band of the last earlier scan of each of its components; never
    /// waiting for a scan of other components. libjpeg's progression at 4:2:0:
    /// 0 DC of all, 1 Y 1–5, 2 Cr, 3 Cb, 4 Y 6–63, 5 Y refined, 6 DC refined,
    /// 7 Cr and 8 Cb refined, 9 Y refined to the last bit; cut in 4 bands.
    @Test func aBandWaitsForTheBandAboveAndTheEarlierScansOfItsComponents() throws {
        let bytes = Self.photo(subsampling: TJSAMP_420)
        let parts = 4, scans = 10
        func ready(_ scan: Int, _ band: Int, after done: [(scan: Int, band: Int)], zeroed: [Int] = [0, 1, 2, 3]) -> Int32 {
            var marks = [UInt8](repeating: 0, count: scans * parts + parts)
            for piece in done { marks[piece.scan * parts + piece.band] = 1 }
            for band in zeroed { marks[scans * parts + band] = 1 }
            return fw_jpeg_progressive_band_ready(bytes, bytes.count, Int32(parts), marks, Int32(marks.count),
                                                  Int32(scan), Int32(band))
        }
        #expect(ready(0, 0, after: [], zeroed: []) == 0, "the first scan's band waits for its zeroing")
        #expect(ready(0, 0, after: [], zeroed: [0]) == 1)
        #expect(ready(0, 1, after: [], zeroed: [0, 1]) == 0, "and for the band above")
        #expect(ready(0, 1, after: [(0, 0)]) == 1)
        #expect(ready(1, 0, after: [(0, 0)]) == 1, "the luma's first AC scan follows the DC")
        #expect(ready(1, 1, after: [(1, 0)]) == 0, "its second band waits for the DC's second band")
        #expect(ready(1, 1, after: [(0, 0), (0, 1), (1, 0)]) == 1)
        #expect(ready(2, 0, after: [(0, 0)]) == 1, "Cr waits for no luma scan")
        #expect(ready(5, 0, after: [(0, 0), (1, 0)]) == 0, "a refinement waits for the luma scan before it")
        #expect(ready(5, 0, after: [(0, 0), (1, 0), (4, 0)]) == 1)
        let allButCr = [(0, 0), (1, 0), (3, 0), (4, 0), (5, 0)]
        #expect(ready(6, 0, after: allButCr) == 0, "the DC refinement waits for every component's scans")
        #expect(ready(6, 0, after: allButCr + [(2, 0)]) == 1)
        #expect(fw_jpeg_progressive_band_ready(bytes, bytes.count, 9, [UInt8](repeating: 0, count: 99), 99, 0, 0) == -1,
                "more bands than it cuts")
    }

    /// The rows libjpeg's output pass may make while the threads still read
    /// (`fw_jpeg_progressive_rows_read`): the bands from the top that every
    /// scan has read, after their zeroing. The photo at 4:2:0 is 26 MCU rows
    /// of 16 px, cut in 4 bands at rows 6, 13 and 19; libjpeg's progression
    /// has 10 scans, the luma's last refinement the 10th.
    @Test func theOutputPassMakesOnlyRowsThatEveryScanHasRead() throws {
        let bytes = Self.photo(subsampling: TJSAMP_420)
        let parts = 4, scans = 10
        func rows(bands: [Int], but missing: (scan: Int, band: Int)? = nil, zeroed: [Int] = [0, 1, 2, 3]) -> Int32 {
            var marks = [UInt8](repeating: 0, count: scans * parts + parts)
            for band in bands { for scan in 0..<scans { marks[scan * parts + band] = 1 } }
            if let missing { marks[missing.scan * parts + missing.band] = 0 }
            for band in zeroed { marks[scans * parts + band] = 1 }
            return fw_jpeg_progressive_rows_read(bytes, bytes.count, Int32(parts), marks, Int32(marks.count))
        }
        #expect(rows(bands: []) == 0)
        #expect(rows(bands: [0]) == 6, "the top band, read by every scan")
        #expect(rows(bands: [0], but: (9, 0)) == 0, "the luma's last refinement of the top band is not read yet")
        #expect(rows(bands: [0], but: (2, 0)) == 0, "nor a chroma scan's")
        #expect(rows(bands: [0], zeroed: []) == 0, "a band not zeroed is not made")
        #expect(rows(bands: [0, 2, 3]) == 6, "a band read below one that is not releases nothing")
        #expect(rows(bands: [0, 1, 2]) == 19)
        #expect(rows(bands: [0, 1, 2, 3]) == 26, "every row once every piece is read")
        #expect(fw_jpeg_progressive_rows_read(bytes, bytes.count, 9, [UInt8](repeating: 0, count: 99), 99) == -1,
                "more bands than it cuts")
    }

    static let unusualScans = """
        0 1 2: 0-0, 0, 2;
        2: 1-63, 0, 1;
        0: 1-9, 0, 3;
        0: 0-0, 2, 1;
        0: 10-63, 0, 3;
        1: 0-0, 2, 1;
        1: 1-63, 0, 1;
        0: 1-63, 3, 2;
        2: 0-0, 2, 1;
        0 1 2: 0-0, 1, 0;
        2: 1-63, 1, 0;
        0: 1-63, 2, 1;
        1: 1-63, 1, 0;
        0: 1-63, 1, 0;
        """
    static let manyScans = (["0 1 2: 0-0, 0, 0;"] + (1...63).map { "0: \($0)-\($0), 0, 0;" }
        + ["1: 1-63, 0, 0;", "2: 1-63, 0, 0;"]).joined(separator: "\n")

    @Test func aBaselineOrCutShortFileIsNotOneItReads() {
        let baseline = JPEGBaselineDCTests.photo(width: 601, height: 403, subsampling: TJSAMP_420)
        let notProgressive = Self.read(baseline, eighths: 8, size: (601, 403), threads: 2)
        guard case .failure(.notApplicable) = notProgressive else {
            Issue.record("a baseline file: \(notProgressive)")
            return
        }
        let photo = Self.photo(subsampling: TJSAMP_420)
        let cut = Array(photo.prefix(photo.count * 7 / 10))
        let warning = Self.whole(cut, eighths: 8).warning
        #expect(warning.flatMap(JPEGDecoder.truncationMessage) != nil, "libjpeg says the file ends early")
        let cutShort = Self.read(cut, eighths: 8, size: (601, 403), threads: 2)
        guard case .failure(.notApplicable) = cutShort else {
            Issue.record("a file cut short: \(cutShort)")
            return
        }
    }

    /// A Huffman table whose codes fill their tree, so that the last one is
    /// all ones, is refused as libjpeg refuses it ("Bogus Huffman table"),
    /// before a code is read; so is one whose codes overflow their lengths.
    @Test(arguments: [false, true])
    func aHuffmanTableLibjpegRefusesIsRefusedBeforeAnythingIsRead(overflowing: Bool) throws {
        var bytes = Self.photo(subsampling: TJSAMP_420)
        let table = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 })
        let counts = table + 5   // FF C4, length, class and id, then 16 counts
        let symbols = (counts..<counts + 16).reduce(0) { $0 + Int(bytes[$1]) }
        try #require(symbols >= 3 && symbols <= 17)
        // The same symbols, one code of each length and two of the longest:
        // every code used, the last all ones. Or two of one bit, then the rest.
        for length in 0..<16 { bytes[counts + length] = 0 }
        if overflowing {
            bytes[counts] = 2
            bytes[counts + 1] = UInt8(symbols - 2)
        } else {
            for length in 0..<symbols - 2 { bytes[counts + length] = 1 }
            bytes[counts + symbols - 2] = 2
        }
        let whole = Self.whole(bytes, eighths: 8)
        #expect(whole.warning != nil, "libjpeg refuses the table")
        let read = Self.read(bytes, eighths: 8, size: (601, 403), threads: 2)
        guard case .failure(.notApplicable) = read else {
            Issue.record("the table libjpeg refuses: \(read)")
            return
        }
    }

    /// A byte changed anywhere in the scans, one at a time: the reader
    /// fails, or gives what tjDecompress2 gives. Never other pixels, and
    /// never a result where libjpeg says the data ran out (which the
    /// decoder reports as a truncated file); a byte left over after a scan
    /// ("extraneous bytes") is only a warning there too.
    @Test func aDamagedScanGivesTjDecompress2sPixelsOrNothing() throws {
        let photo = Self.photo(width: 301, height: 203, subsampling: TJSAMP_420)
        let first = try #require(photo.indices.dropLast().first { photo[$0] == 0xFF && photo[$0 + 1] == 0xDA })
        var read = 0, declined = 0
        for at in stride(from: first + 16, to: photo.count - 2, by: 23) {
            guard photo[at] != 0xFF, photo[at - 1] != 0xFF else { continue }
            var damaged = photo
            damaged[at] ^= 0x5A
            if damaged[at] == 0xFF { continue }   // a marker would end the scan: another test
            let whole = Self.whole(damaged, eighths: 3)
            switch Self.read(damaged, eighths: 3, size: (whole.width, whole.height), threads: 2) {
            case .success(let pixels):
                read += 1
                let truncation = whole.warning.flatMap(JPEGDecoder.truncationMessage)
                #expect(truncation == nil, "read where libjpeg's data ran out, byte \(at)")
                #expect(JPEGEntropySplitTests.firstDifference(pixels, whole.pixels) == nil, "byte \(at)")
            case .failure:
                declined += 1
            }
        }
        #expect(read > 30 && declined > 30, "\(read) read, \(declined) declined")
    }

    /// A refinement scan's ZRL where fewer than 16 zeros are left before the
    /// band's end, which only damaged data has: libjpeg reads on to the end,
    /// with a correction bit for every coefficient already nonzero (here 50
    /// and 60 of one block), and so must the reader. It once read none there
    /// (its mask of the coefficients before the target was a shift by 64).
    @Test(arguments: [0b11 as UInt32, 0b10, 0b00])
    func aRefinementZRLPastTheBandsEndReadsTheCorrectionsToTheEnd(corrections: UInt32) throws {
        func block(corrections: UInt32) -> [UInt8] {
            let zrl = HandCodedJPEG.Piece.code(0xF0)
            return HandCodedJPEG.greyBlock(quantiser: 40, scans: [
                .init(spectrum: 0...0, high: 0, low: 0, table: [0x00: 1], symbols: [.code(0x00)]),
                // 48 zeros, one at 49, +1 at 50; 9 zeros, +1 at 60; end of band. In halves (Al 1): 2 each.
                .init(spectrum: 1...63, high: 0, low: 1, table: [0xF0: 2, 0x11: 2, 0x91: 2, 0x00: 3],
                      symbols: [zrl, zrl, zrl, .code(0x11), .bits(1, count: 1), .code(0x91), .bits(1, count: 1),
                                .code(0x00)]),
                // Three ZRLs pass zeros 1-48; the fourth finds 14 zeros left and two corrections.
                .init(spectrum: 1...63, high: 1, low: 0, table: [0xF0: 1],
                      symbols: [zrl, zrl, zrl, zrl, .bits(corrections, count: 2)]),
            ])
        }
        let bytes = block(corrections: corrections)
        let whole = Self.whole(bytes, eighths: 8)
        #expect(whole.warning == nil)
        let unrefined = Self.whole(block(corrections: corrections ^ 0b11), eighths: 8)
        #expect(JPEGEntropySplitTests.firstDifference(whole.pixels, unrefined.pixels) != nil,
                "the corrections change libjpeg's pixels")
        let read = try Self.read(bytes, eighths: 8, size: (whole.width, whole.height), threads: 1).get()
        #expect(JPEGEntropySplitTests.firstDifference(read, whole.pixels) == nil)
    }

    /// The window of the whole decode's pixels, cut out of them: what a
    /// window must give.
    static func cut(_ whole: (pixels: [UInt8], width: Int, height: Int, warning: String?),
                    left: Int, top: Int, width: Int, height: Int) -> [UInt8] {
        var cut: [UInt8] = []
        for y in top..<(top + height) {
            let start: Int = (y * whole.width + left) * 4
            cut += whole.pixels[start..<(start + width * 4)]
        }
        return cut
    }

    /// Windows at the corners, in the middle, one pixel wide and one high,
    /// and the whole image, at several scales: always the whole decode's
    /// pixels there, on one thread and on two.
    @Test(arguments: [TJSAMP_420, TJSAMP_444, TJSAMP_GRAY])
    func aWindowIsTheWholeDecodesPixelsThere(subsampling: TJSAMP) throws {
        let bytes = Self.photo(subsampling: subsampling)
        for eighths in [1, 3, 4, 8] {
            let whole = Self.whole(bytes, eighths: eighths)
            let (w, h) = (whole.width, whole.height)
            let windows = [(0, 0, w / 3, h / 4), (w / 4, h / 3, w / 2, h / 3), (w - w / 5, h - h / 6, w / 5, h / 6),
                           (w / 2, 0, 1, h), (0, h / 2, w, 1), (0, 0, w, h)]
            for (left, top, width, height) in windows where width > 0 && height > 0 {
                for threads in [1, 2] {
                    let window = try bytes.withUnsafeBufferPointer {
                        JPEGProgressiveSplit.decodeWindow($0, scale: JPEGScale(numerator: eighths, denominator: 8),
                                                          left: left, top: top, width: width, height: height,
                                                          fullWidth: w, fullHeight: h, threads: threads)
                    }.get()
                    let expected = Self.cut(whole, left: left, top: top, width: width, height: height)
                    #expect(JPEGEntropySplitTests.firstDifference(window, expected) == nil,
                            "\(width)x\(height) at (\(left), \(top)) of \(w)x\(h), \(eighths)/8, \(threads) threads")
                }
            }
        }
    }

    @Test func aWindowOutsideTheImageIsNotDecoded() {
        let bytes = Self.photo(subsampling: TJSAMP_420)
        let whole = Self.whole(bytes, eighths: 8)
        for (left, top, width, height) in [(-1, 0, 10, 10), (0, 0, whole.width + 1, 10), (whole.width - 5, 0, 6, 1),
                                           (0, whole.height, 10, 1), (0, 0, 0, 10)] {
            let result = bytes.withUnsafeBufferPointer {
                JPEGProgressiveSplit.decodeWindow($0, scale: JPEGScale(numerator: 1, denominator: 1), left: left,
                                                  top: top, width: width, height: height, fullWidth: whole.width,
                                                  fullHeight: whole.height)
            }
            guard case .failure(.notApplicable) = result else {
                Issue.record("\(width)x\(height) at (\(left), \(top)) was decoded")
                continue
            }
            // The C function checks on its own too (its other callers: the benchmarks, the fuzzers).
            var message = [CChar](repeating: 0, count: 200)
            var out = [UInt8](repeating: 0, count: max(1, width) * max(1, height) * 4)
            let status = bytes.withUnsafeBufferPointer { input in
                fw_jpeg_progressive_decode_window(input.baseAddress, input.count, 8, 2, Int32(left), Int32(top),
                                                  Int32(whole.width), Int32(whole.height), &out, Int32(width),
                                                  Int32(height), &message, nil)
            }
            #expect(status == 1, "C: \(width)x\(height) at (\(left), \(top))")
        }
    }

    /// A zoomed region of a progressive photo has the whole decode's
    /// pixels, edges too. libjpeg-turbo's lossless crop, decoded alone,
    /// smooths and upsamples its edges without their neighbours: it gave
    /// other pixels there.
    @Test func aProgressiveRegionHasTheWholeDecodesPixelsToItsEdges() throws {
        let bytes = Self.photo(width: 640, height: 480, subsampling: TJSAMP_420)
        let folder = try TemporaryFolder("progressive-region")
        let path = try folder.write("photo.jpg", bytes)
        // On whole MCUs (16 × 16), at scale 1: nothing widened or averaged.
        let asked = PixelRect(x: 160, y: 96, width: 320, height: 240)
        let part = try RegionDecoder.decode(path: path, region: asked, scale: 1, maximumPixels: 4_000_000).get()
        #expect(part.region == asked && part.image.width == 320 && part.image.height == 240)
        let expected = Self.cut(Self.whole(bytes, eighths: 8), left: 160, top: 96, width: 320, height: 240)
        #expect(JPEGEntropySplitTests.firstDifference(part.image.pixels, expected) == nil)
        let crop = try #require(Self.losslessCropDecoded(bytes, left: 160, top: 96, width: 320, height: 240))
        #expect(JPEGEntropySplitTests.firstDifference(crop, expected) != nil,
                "the crop's own decode differs at its edges, so this checks which path ran")
    }

    /// libjpeg-turbo's lossless crop of the region, decoded alone at 8/8.
    static func losslessCropDecoded(_ bytes: [UInt8], left: Int, top: Int, width: Int, height: Int) -> [UInt8]? {
        guard let transformer = tjInitTransform(), let decoder = tjInitDecompress() else { return nil }
        defer { tjDestroy(transformer); tjDestroy(decoder) }
        var transform = tjtransform()
        transform.r = tjregion(x: Int32(left), y: Int32(top), w: Int32(width), h: Int32(height))
        transform.op = Int32(TJXOP_NONE.rawValue)
        transform.options = TJXOPT_CROP
        var cropped: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard bytes.withUnsafeBufferPointer({
            tjTransform(transformer, $0.baseAddress, UInt($0.count), 1, &cropped, &size, &transform, 0)
        }) == 0, let cropped else { return nil }
        defer { tjFree(cropped) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = tjDecompress2(decoder, cropped, size, &pixels, Int32(width), Int32(width * 4), Int32(height),
                                   Int32(TJPF_RGBA.rawValue), TJFLAG_LIMITSCANS)
        return status == 0 ? pixels : nil
    }

    /// A page of a large progressive photo is read this way on a machine
    /// of two cores; on one, libjpeg reads it whole as before.
    @Test func aLargeProgressivePhotosPageIsReadOnTwoCores() throws {
        let bytes = Self.photo(width: 1801, height: 1351, subsampling: TJSAMP_420)
        let route = try JPEGDecoder.route(of: bytes, maxWidth: 1280, maxHeight: 800)
        #expect(route == (JPEGDecoder.splitsAcrossCores ? .progressiveSplit : .whole))
        // Fitted at 3/8 (1801 × 3/8 = 676), the threads make the pixels too.
        let atThreeEighths = try JPEGDecoder.route(of: bytes, maxWidth: 676, maxHeight: 507)
        #expect(atThreeEighths == (JPEGDecoder.splitsAcrossCores ? .progressiveBands : .whole))
        let small = try JPEGDecoder.route(of: Self.photo(subsampling: TJSAMP_420), maxWidth: 1280, maxHeight: 800)
        #expect(small == .whole, "0.24 MP: a thread costs more than it saves")
    }
}
