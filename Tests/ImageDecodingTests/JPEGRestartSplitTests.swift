import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// A JPEG with restart markers, cut in two and decoded on two cores: the
/// halves stacked are the whole image, and anything unusual falls back to
/// the whole decode. The files get their restart markers from `jpegtran`
/// (libjpeg-turbo-progs), losslessly, as a camera's encoder writes them.
@Suite struct JPEGRestartSplitTests {
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

    static func plan(_ bytes: [UInt8]) -> JPEGRestartSplit? {
        bytes.withUnsafeBufferPointer { JPEGRestartSplit.plan($0) }
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

    static func splitDecode(_ split: JPEGRestartSplit, scale: JPEGScale) -> [UInt8]? {
        JPEGDecoder.decodeHalves(split, width: scale.scaled(width), height: scale.scaled(height), scale: scale)
    }

    @Test func aJPEGWithARestartMarkerEveryRowIsCutNearTheMiddleOnAnMCURow() throws {
        let folder = try TemporaryFolder()
        let split = try #require(Self.plan(try Self.photo(folder)))
        // 4:4:4: 8-pixel MCU rows; 188 rows, the cut on a multiple of 8 intervals nearest 94.
        #expect(split.topRows == 96 * 8)
        #expect((split.width, split.height) == (Self.width, Self.height))
        let top = try #require(split.top.withUnsafeBufferPointer { JPEGStructure.parse($0).height })
        let bottom = try #require(split.bottom.withUnsafeBufferPointer { JPEGStructure.parse($0).height })
        #expect((top, bottom) == (768, Self.height - 768))
    }

    @Test(arguments: [JPEGScale(numerator: 1, denominator: 1), JPEGScale(numerator: 3, denominator: 8),
                      JPEGScale(numerator: 1, denominator: 8)])
    func theHalvesStackedAreTheWholeImage(scale: JPEGScale) throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder)
        let split = try #require(Self.plan(bytes))
        let halves = try #require(Self.splitDecode(split, scale: scale))
        #expect(halves == Self.wholeDecode(bytes, scale: scale))
    }

    @Test func withSubsampledColourOnlyTheRowsAtTheCutDifferAndOnlySlightly() throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.photo(folder, subsampling: TJSAMP_420)
        let split = try #require(Self.plan(bytes))
        #expect(split.topRows % 16 == 0)
        let scale = JPEGScale(numerator: 3, denominator: 8)
        let halves = try #require(Self.splitDecode(split, scale: scale))
        let whole = Self.wholeDecode(bytes, scale: scale)
        let w = scale.scaled(Self.width), seam = split.topRows * 3 / 8
        var farthest = 0, rowsThatDiffer = Set<Int>()
        for index in 0..<whole.count where whole[index] != halves[index] {
            rowsThatDiffer.insert(index / (w * 4))
            farthest = max(farthest, abs(Int(whole[index]) - Int(halves[index])))
        }
        #expect(rowsThatDiffer.allSatisfy { abs($0 - seam) <= 2 }, "rows \(rowsThatDiffer.sorted()) vs seam \(seam)")
        #expect(farthest <= 24)
    }

    @Test func aRestartIntervalOfSomeMCUsCutsWhereAnIntervalStarts() throws {
        let folder = try TemporaryFolder()
        // 250 MCUs per row, an interval of 100 MCUs: a cut row's MCUs must be a multiple of 800.
        let split = try #require(Self.plan(try Self.photo(folder, restart: "100B")))
        #expect((split.topRows / 8 * 250) % 800 == 0)
        let halves = try #require(Self.splitDecode(split, scale: JPEGScale(numerator: 1, denominator: 2)))
        #expect(halves == Self.wholeDecode(try Self.photo(folder, restart: "100B"), scale: JPEGScale(numerator: 1, denominator: 2)))
    }

    @Test func aJPEGWithoutRestartMarkersIsNotCut() throws {
        let folder = try TemporaryFolder()
        #expect(Self.plan(try Self.photo(folder, restart: nil))?.topRows == nil)
    }

    @Test func aProgressiveJPEGIsNotCut() throws {
        let folder = try TemporaryFolder()
        #expect(Self.plan(try Self.photo(folder, progressive: true))?.topRows == nil)
    }

    @Test func aSmallJPEGIsNotCut() throws {
        let folder = try TemporaryFolder()
        let small = ImageFixtures.jpeg(width: 640, height: 480, pixels: ImageFixtures.quadrants(width: 640, height: 480))
        let source = try folder.write("small.jpg", small)
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", folder.file("r.jpg"), source])
        #expect(Self.plan(try CodecFixtures.read(folder.file("r.jpg")))?.topRows == nil)
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

    @Test func aRestartMarkerOutOfSequenceAtTheCutStopsIt() throws {
        let folder = try TemporaryFolder()
        // The cut's marker, the 96th (RST7), made RST0.
        #expect(Self.plan(Self.renumbering(try Self.photo(folder), marker: 96))?.topRows == nil)
    }

    @Test func aRestartMarkerOutOfSequenceInAHalfFailsTheSplitDecode() throws {
        let folder = try TemporaryFolder()
        // libjpeg warns and resynchronises: the whole decode's words, not a half's, are to be shown.
        let split = try #require(Self.plan(Self.renumbering(try Self.photo(folder), marker: 40)))
        #expect(Self.splitDecode(split, scale: JPEGScale(numerator: 1, denominator: 2)) == nil)
    }

    @Test func aCutRowMustStartAnIntervalNumberedAMultipleOfEight() {
        // One interval per row: rows 8, 16, …; the nearest to 50 of 100 is 48.
        #expect(JPEGRestartSplit.cutRow(mcuRows: 100, mcusPerRow: 10, interval: 10) == 48)
        // An interval of 3 rows: multiples of 24; within 25…75, 48 is nearest 50.
        #expect(JPEGRestartSplit.cutRow(mcuRows: 100, mcusPerRow: 10, interval: 30) == 48)
        // An interval of 7 rows in 20 rows: a multiple of 56 rows never fits.
        #expect(JPEGRestartSplit.cutRow(mcuRows: 20, mcusPerRow: 10, interval: 70) == nil)
    }

    @Test func theDecoderGivesTheSameImageWithAndWithoutRestartMarkers() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write("a.jpg", try Self.photo(folder, restart: nil))
        let restart = try folder.write("b.jpg", try Self.photo(folder))
        let a = try ImageDecoder.decodeFile(plain, maxWidth: 1280, maxHeight: 800)
        let b = try ImageDecoder.decodeFile(restart, maxWidth: 1280, maxHeight: 800)
        #expect((b.width, b.height, b.sourceWidth, b.sourceHeight) == (a.width, a.height, a.sourceWidth, a.sourceHeight))
        #expect(b.pixels == a.pixels)
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
}
