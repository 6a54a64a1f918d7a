import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// A JPEG with restart markers decoded on two cores (JPEGEntropySplit), cut
/// where an interval starts on the row above the cut: the pixels are the
/// whole decode's, byte for byte, and anything unusual falls back to the
/// whole decode. The files get their restart markers from `jpegtran`
/// (libjpeg-turbo-progs), losslessly, as a camera's encoder writes them.
@Suite struct JPEGRestartMarkerSplitTests {
    static let width = 2000, height = 1504

    /// Gradients and grain: the DCT has real work, every row differs.
    static let pixels: [UInt8] = {
        let grain = ImageFixtures.noise(count: width * height, seed: 7)
        return ImageFixtures.pixels(width: width, height: height) { x, y in
            ImageFixtures.Color(r: UInt8(x * 255 / width), g: UInt8(y * 255 / height), b: grain[y * width + x])
        }
    }()

    /// The test photo encoded with `subsampling`, then given restart markers by `jpegtran -restart restart`.
    static func photo(_ folder: TemporaryFolder, subsampling: TJSAMP = TJSAMP_444, restart: String? = "1",
                      progressive: Bool = false) throws -> [UInt8] {
        let plain = ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 90,
                                       progressive: progressive, subsampling: subsampling)
        guard let restart else { return plain }
        let source = try folder.write("plain.jpg", plain)
        try CodecFixtures.run("/usr/bin/jpegtran", (progressive ? ["-progressive"] : [])
                              + ["-restart", restart, "-outfile", folder.file("restart.jpg"), source])
        return try CodecFixtures.read(folder.file("restart.jpg"))
    }

    /// libjpeg-turbo's whole decode at `scale`, RGBA.
    static func wholeDecode(_ bytes: [UInt8], scale: JPEGScale) -> [UInt8] {
        let handle = tjInitDecompress()!
        defer { tjDestroy(handle) }
        let w = scale.scaled(width), h = scale.scaled(height)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let status = tjDecompress2(handle, bytes, UInt(bytes.count), &out, Int32(w), Int32(w * 4), Int32(h),
                                   Int32(TJPF_RGBA.rawValue), 0)
        precondition(status == 0)
        return out
    }

    static func split(_ bytes: [UInt8], scale: JPEGScale) -> Result<JPEGEntropySplit.Decoded, JPEGEntropySplit.Failure> {
        bytes.withUnsafeBufferPointer {
            JPEGEntropySplit.decode($0, scale: scale, width: scale.scaled(width), height: scale.scaled(height),
                                    topFraction: 0.5, restartMarkersOnly: true)
        }
    }

    @Test(arguments: [JPEGScale(numerator: 1, denominator: 1), JPEGScale(numerator: 3, denominator: 8),
                      JPEGScale(numerator: 1, denominator: 2), JPEGScale(numerator: 1, denominator: 8)])
    func aMarkerEveryRowIsCutAtTheMiddleAndDecodesAsTheWholeFile(scale: JPEGScale) throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder)
        let split = try Self.split(bytes, scale: scale).get()
        // 4:4:4: 8-pixel MCU rows; 188 rows, every row starts an interval: the cut is at 94.
        #expect(split.topRows == scale.scaled(94 * 8))
        #expect(split.bitsRead == 0, "no codes read: the interval's marker says where the row starts")
        let same = split.pixels == Self.wholeDecode(bytes, scale: scale)   // not in #expect: it would print megabytes
        #expect(same)
    }

    /// The seam's chroma upsampling too: the row above the cut is decoded by both parts.
    @Test func withSubsampledColourTheSeamIsTheWholeDecodes() throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder, subsampling: TJSAMP_420)
        let scale = JPEGScale(numerator: 1, denominator: 2)
        let same = try Self.split(bytes, scale: scale).get().pixels == Self.wholeDecode(bytes, scale: scale)
        #expect(same)
    }

    @Test func anIntervalOfSomeMCUsCutsWhereAnIntervalStartsOnTheRowAbove() throws {
        let folder = try TemporaryFolder()
        // 250 MCUs a row, an interval of 100 MCUs: the row above the cut starts
        // an interval when its number is even: cuts at 93 and 95 are as near
        // the middle (94), and the first is taken.
        let bytes = try Self.photo(folder, restart: "100B")
        let scale = JPEGScale(numerator: 1, denominator: 2)
        let split = try Self.split(bytes, scale: scale).get()
        #expect(split.topRows == scale.scaled(93 * 8))
        let same = split.pixels == Self.wholeDecode(bytes, scale: scale)   // not in #expect: it would print megabytes
        #expect(same)
    }

    /// A region starts at the nearest row above it that starts an interval
    /// (every other row here): its pixels are the whole decode's there.
    @Test(arguments: [(992, 752, 1000, 600), (0, 8, 2000, 100), (1504, 1200, 496, 304)])
    func aRegionStartsAtAnIntervalAboveIt(left: Int, top: Int, width: Int, height: Int) throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder, restart: "100B")
        let region = try bytes.withUnsafeBufferPointer {
            JPEGEntropySplit.decodeRegion($0, scale: JPEGScale(numerator: 1, denominator: 1), left: left, top: top,
                                          width: width, height: height, outputWidth: width, outputHeight: height)
        }.get()
        #expect(region.bitsRead == 0)
        let whole = Self.wholeDecode(bytes, scale: JPEGScale(numerator: 1, denominator: 1))
        var expected: [UInt8] = []
        for y in top..<(top + height) {
            let start: Int = (y * Self.width + left) * 4   // typed: the one-line form took 3 s to type-check
            expected += whole[start..<(start + width * 4)]
        }
        let same = region.pixels == expected
        #expect(same)
    }

    @Test func aJPEGWithoutRestartMarkersIsLeftToTheOtherSplit() throws {
        let folder = try TemporaryFolder()
        let result = Self.split(try Self.photo(folder, restart: nil), scale: JPEGScale(numerator: 1, denominator: 2))
        #expect(result.failureMessage == "no restart markers")
    }

    @Test func aProgressiveJPEGIsNotCut() throws {
        let folder = try TemporaryFolder()
        guard case .failure(.notApplicable) = Self.split(try Self.photo(folder, progressive: true),
                                                         scale: JPEGScale(numerator: 1, denominator: 2)) else {
            Issue.record("a progressive file was cut"); return
        }
    }

    /// `bytes` with its `number`th restart marker made RST0 (a damaged file).
    static func renumbering(_ bytes: [UInt8], marker number: Int) -> [UInt8] {
        var bytes = bytes
        var seen = 0
        for index in 2..<(bytes.count - 1) where bytes[index] == 0xFF && (0xD0...0xD7).contains(bytes[index + 1]) {
            seen += 1
            if seen == number {
                bytes[index + 1] = 0xD0
                return bytes
            }
        }
        preconditionFailure("no marker \(number)")
    }

    /// libjpeg warns and resynchronises: the whole decode's words, not a part's, are to be shown.
    @Test(arguments: [40, 93, 94, 120])
    func aRestartMarkerOutOfSequenceFailsTheSplit(marker: Int) throws {
        let folder = try TemporaryFolder()
        let damaged = Self.renumbering(try Self.photo(folder), marker: marker)
        guard case .failure(.failed) = Self.split(damaged, scale: JPEGScale(numerator: 1, denominator: 2)) else {
            Issue.record("marker \(marker) out of sequence was decoded"); return
        }
    }

    @Test func theDecoderGivesTheSameImageWithAndWithoutRestartMarkers() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write("a.jpg", try Self.photo(folder, restart: nil))
        let restart = try folder.write("b.jpg", try Self.photo(folder))
        let a = try ImageDecoder.decodeFile(plain, maxWidth: 1280, maxHeight: 800)
        let b = try ImageDecoder.decodeFile(restart, maxWidth: 1280, maxHeight: 800)
        #expect((b.width, b.height, b.sourceWidth, b.sourceHeight) == (a.width, a.height, a.sourceWidth, a.sourceHeight))
        let same = b.pixels == a.pixels
        #expect(same)
    }

    @Test func aCutShortJPEGWithRestartMarkersIsStillCalledTruncated() throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder)
        let path = try folder.write("cut.jpg", Array(bytes.prefix(bytes.count * 3 / 4)))
        #expect(throws: DecodeFailure.self) { try ImageDecoder.decodeFile(path, maxWidth: 1280, maxHeight: 800) }
        do {
            _ = try ImageDecoder.decodeFile(path, maxWidth: 1280, maxHeight: 800)
        } catch {
            #expect(error.message.contains("truncated"))
        }
    }

    /// The browser cuts a camera's photo where half the work is (`byWork`):
    /// the intervals' starts tell where the codes lie. A photo whose grain
    /// is in its bottom quarter, a marker every row, is cut in that quarter.
    @Test func aPhotoWhoseDetailLiesBelowIsCutWhereHalfItsWorkIs() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("plain.jpg", JPEGKeptScanSplitTests.photoDetailedBelow())
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", folder.file("restart.jpg"), source])
        let bytes = try CodecFixtures.read(folder.file("restart.jpg"))
        let whole = JPEGEntropySplitTests.whole(bytes, eighths: 3)
        let scale = JPEGScale(numerator: 3, denominator: 8)
        func split(byWork: Bool) throws -> JPEGEntropySplit.Decoded {
            try bytes.withUnsafeBufferPointer {
                JPEGEntropySplit.decode($0, scale: scale, width: whole.width, height: whole.height, topFraction: 0.5,
                                        restartMarkersOnly: true, byWork: byWork)
            }.get()
        }
        let byWork = try split(byWork: true), byRows = try split(byWork: false)
        #expect(byWork.topRows * 4 > whole.height * 3, "cut at \(byWork.topRows) of \(whole.height) rows")
        #expect(abs(byRows.topRows * 2 - whole.height) * 10 < whole.height, "by rows: at \(byRows.topRows)")
        #expect(JPEGEntropySplitTests.firstDifference(byWork.pixels, whole.pixels) == nil)
    }

}
