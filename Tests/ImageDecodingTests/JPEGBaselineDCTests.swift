import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// A baseline JPEG's DC coefficients read on two cores (JPEGBaselineDC,
/// jpeg_parallel_dc.c): whatever the threads, the split and the file, the
/// result is the one-thread decode's, bit for bit.
@Suite struct JPEGBaselineDCTests {
    /// Gradients and grain at an odd size: partial MCUs on both edges.
    static func photo(width: Int = 1001, height: Int = 777, subsampling: TJSAMP) -> [UInt8] {
        let grain = ImageFixtures.noise(count: width * height, seed: 11)
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, y in
            ImageFixtures.Color(r: UInt8(x * 255 / width), g: grain[y * width + x], b: UInt8(y * 255 / height))
        }
        return ImageFixtures.jpeg(width: width, height: height, pixels: pixels, quality: 90, subsampling: subsampling)
    }

    static func decode(_ bytes: [UInt8], threads: Int, split: Int? = nil) -> Result<JPEGBaselineDC.Decoded, JPEGBaselineDC.Failure> {
        bytes.withUnsafeBufferPointer { JPEGBaselineDC.decode($0, threads: threads, splitByte: split) }
    }

    /// Both modes' coefficients and pixels are equal; returns the two-thread outcome.
    @discardableResult
    static func expectIdentical(_ bytes: [UInt8], split: Int? = nil) throws -> JPEGBaselineDC.Outcome {
        let one = try decode(bytes, threads: 1).get(), two = try decode(bytes, threads: 2, split: split).get()
        #expect(one.outcome == .sequential)
        #expect(two.dcHash == one.dcHash)
        #expect(two.pixels == one.pixels)
        return two.outcome
    }

    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_444, TJSAMP_GRAY])
    func twoThreadsDecodeAnOddSizedPhotoExactlyAsOneDoes(subsampling: TJSAMP) throws {
        let outcome = try Self.expectIdentical(Self.photo(subsampling: subsampling))
        guard case .synced = outcome else { Issue.record("no sync: \(outcome)"); return }
    }

    @Test func everySplitPointGivesTheSequentialResult() throws {
        let bytes = Self.photo(width: 301, height: 203, subsampling: TJSAMP_420)
        let one = try Self.decode(bytes, threads: 1).get()
        var synced = 0
        for split in stride(from: 1, to: bytes.count - 700, by: 37) {
            let two = try Self.decode(bytes, threads: 2, split: split).get()
            #expect(two.dcHash == one.dcHash, "split at \(split)")
            if case .synced = two.outcome { synced += 1 }
        }
        #expect(synced > 0)
    }

    @Test func aFileWithRestartMarkersIsSplitAtAnIntervalWithTheSameCoefficients() throws {
        let folder = try TemporaryFolder()
        let plain = Self.photo(subsampling: TJSAMP_420)
        let source = try folder.write("plain.jpg", plain)
        try CodecFixtures.run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", folder.file("rst.jpg"), source])
        let restart = try CodecFixtures.read(folder.file("rst.jpg"))
        #expect(try Self.expectIdentical(restart) == .restartSplit)
        #expect(try Self.decode(restart, threads: 2).get().dcHash == Self.decode(plain, threads: 1).get().dcHash)
    }

    @Test(arguments: [0.2, 0.5, 0.9])
    func aCutShortFileFailsAlikeInBothModes(fraction: Double) throws {
        let bytes = Self.photo(subsampling: TJSAMP_444)
        let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
        let one = Self.decode(cut, threads: 1), two = Self.decode(cut, threads: 2)
        #expect(one == two)
        #expect(one == .failure(.failed("truncated JPEG data (the scan ends early)")))
    }

    @Test func aProgressiveFileIsLeftToLibjpeg() throws {
        let pixels = ImageFixtures.quadrants(width: 64, height: 64)
        let bytes = ImageFixtures.jpeg(width: 64, height: 64, pixels: pixels, progressive: true)
        guard case .failure(.notApplicable) = Self.decode(bytes, threads: 2) else {
            Issue.record("a progressive file was decoded"); return
        }
    }

    /// libjpeg-turbo's own decode at 1/8 and the DC image's per-channel differences.
    static func differencesFromLibjpeg(_ bytes: [UInt8]) throws -> [Int] {
        let dc = try decode(bytes, threads: 2).get()
        let (w, h) = ((1001 + 7) / 8, (777 + 7) / 8)
        let handle = tjInitDecompress()!
        defer { tjDestroy(handle) }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        #expect(tjDecompress2(handle, bytes, UInt(bytes.count), &out, Int32(w), Int32(w * 4), Int32(h),
                              Int32(TJPF_RGBA.rawValue), 0) == 0)
        return zip(out, dc.pixels).map { abs(Int($0) - Int($1)) }
    }

    /// Without subsampling libjpeg's 1/8 decode is the DC too: only rounding differs.
    @Test(arguments: [(TJSAMP_444, 3), (TJSAMP_GRAY, 1)])
    func withoutSubsamplingTheImageIsLibjpegsAtOneEighthUpToRounding(subsampling: TJSAMP, tolerance: Int) throws {
        let differences = try Self.differencesFromLibjpeg(Self.photo(subsampling: subsampling))
        #expect(differences.max() ?? 999 <= tolerance)
    }

    /// At 4:2:0 libjpeg decodes chroma with a 2 x 2 inverse DCT (some AC);
    /// the DC image interpolates between chroma blocks instead.
    @Test func atFourTwoZeroTheImageIsCloseToLibjpegsOnAverage() throws {
        let differences = try Self.differencesFromLibjpeg(Self.photo(subsampling: TJSAMP_420))
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 3)
    }

    /// The fuzzer's input (Fuzz/Seeds/fuzz-jpeg-dc): the speculative part
    /// stops at a corrupt MCU, and the first thread, resuming there after
    /// adopting its MCUs, must meet the same failure.
    @Test func aSpeculativePartThatStopsAtACorruptMCUFailsAsTheSequentialDecodeDoes() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/fuzz-jpeg-dc/resume-after-a-truncated-speculation")
        let bytes = try [UInt8](Data(contentsOf: seed))
        #expect(Self.decode(bytes, threads: 2) == Self.decode(bytes, threads: 1))
        #expect(Self.decode(bytes, threads: 1) == .failure(.failed("corrupt JPEG data")))
    }

    // MARK: - Files built to resynchronise late, or never

    /// A grey JPEG whose Huffman tables make every bit string a valid code:
    /// DC "0" = no change, "1x" = ±1; AC "00" = end of block. A flat block
    /// is 3 zero bits ("0" + "00"), a changing one 4 bits ("1x00"). A
    /// decoder started in a run of flat blocks at a bit that is not a block
    /// start stays out of step through the whole run: the zeros decode the
    /// same from any bit. `flat` is the range of blocks that are flat.
    static func builtJPEG(blocks: Int, flat: Range<Int>) -> (bytes: [UInt8], flatStartBit: Int) {
        var bits: [Bool] = []
        var flatStartBit = 0
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for block in 0..<blocks {
            if block == flat.lowerBound { flatStartBit = bits.count }
            if flat.contains(block) { bits += [false, false, false]; continue }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bits += [true, state >> 63 == 1, false, false]
        }
        let dcTable: [UInt8] = [0x00, 2] + [UInt8](repeating: 0, count: 15) + [0, 1]
        let acTable: [UInt8] = [0x10, 0, 4] + [UInt8](repeating: 0, count: 14) + [0x00, 0x01, 0xF0, 0x11]
        return (greyJPEG(bits: bits, blocksPerRow: 100, rows: blocks / 100, tables: [dcTable, acTable]), flatStartBit)
    }

    /// A grey JPEG of 8 × 8 blocks, `blocksPerRow` × `rows` of them, its
    /// quantisation 8, the Huffman `tables` (each a DHT's payload: class
    /// and id, 16 counts, the symbols; table 0 of each class), and `bits`
    /// as its scan (1-bits fill the last byte, 0xFF bytes stuffed).
    static func greyJPEG(bits: [Bool], blocksPerRow: Int, rows: Int, tables: [[UInt8]]) -> [UInt8] {
        let data = HandCodedJPEG.packed(bits)
        let width = 8 * blocksPerRow, height = 8 * rows
        var file: [UInt8] = [0xFF, 0xD8]
        file += [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 8, count: 64)
        file += [0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
                 UInt8(width & 0xFF), 1, 1, 0x11, 0]
        for table in tables { file += [0xFF, 0xC4, UInt8((table.count + 2) >> 8), UInt8((table.count + 2) & 0xFF)] + table }
        file += [0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0]
        return file + data + [0xFF, 0xD9]
    }

    /// A split byte inside the flat run whose bit is out of step with its blocks.
    static func outOfStepSplit(flatStartBit: Int, after bytes: Int) -> Int {
        var split = flatStartBit / 8 + bytes
        while (split * 8 - flatStartBit) % 3 == 0 { split += 1 }
        return split
    }

    @Test func aSplitInsideALongFlatRunSyncsOnlyPastTheRun() throws {
        // Blocks 0–1999 change, 2000–7999 are flat, 8000–9999 change again.
        let built = Self.builtJPEG(blocks: 10_000, flat: 2000..<8000)
        let split = Self.outOfStepSplit(flatStartBit: built.flatStartBit, after: 100)
        let outcome = try Self.expectIdentical(built.bytes, split: split)
        guard case .synced(let after) = outcome else { Issue.record("no sync: \(outcome)"); return }
        // The split lies about 267 blocks into the run: 5733 flat blocks follow it.
        #expect(after >= 5700)
    }

    @Test func aSplitThatNeverSyncsIsDecodedInSequence() throws {
        let built = Self.builtJPEG(blocks: 10_000, flat: 2000..<10_000)
        let split = Self.outOfStepSplit(flatStartBit: built.flatStartBit, after: 100)
        #expect(try Self.expectIdentical(built.bytes, split: split) == .neverSynced)
    }
}

extension JPEGBaselineDC.Decoded: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.dcHash == b.dcHash && a.pixels == b.pixels && a.width == b.width }
}
