import CStreamDecoders
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// Streamed PNGs and TIFFs whose header claims a hostile width
/// (StreamedDecoder, Sources/CStreamDecoders): refused before a row of that
/// width is allocated, and the averager's memory follows the output.
@Suite struct StreamedWidthTests {
    /// 69 bytes: a grey PNG whose IHDR says 2147483647 × 1 (scripts/make-bad-corpus: png-2147483647-wide.png).
    static let widePNG = bytes("""
        89504e470d0a1a0a0000000d494844527fffffff000000010800000000855d6c010000000c4944415478da6360600000000300\
        010038fca1f90000000049454e44ae426082
        """)
    /// 138 bytes: an uncompressed grey TIFF of the same width (scripts/make-bad-corpus: tiff-2147483647-wide.tif).
    static let wideTIFF = bytes("""
        49492a00080000000a000001040001000000ffffff7f01010400010000000100000002010300010000000800000003010300\
        01000000010000000601030001000000010000001101040001000000860000001501030001000000010000001601040001000000\
        010000001701040001000000040000001c01030001000000010000000000000080808080
        """)

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8).filter { $0 != 0x0A }
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test func aPNG2147483647PixelsWideIsRefusedWithItsSize() throws {
        let folder = try TemporaryFolder()
        #expect(Self.widePNG.count == 69)
        let path = try folder.write("wide.png", Self.widePNG)
        #expect(ImageDecoderTests.failure(path) == "image is 2147483647×1, wider than the 300,000-pixel limit for PNG")
    }

    @Test func aTIFF2147483647PixelsWideIsRefusedWithItsSize() throws {
        let folder = try TemporaryFolder()
        #expect(Self.wideTIFF.count == 138)
        let path = try folder.write("wide.tif", Self.wideTIFF)
        #expect(ImageDecoderTests.failure(path) == "image is 2147483647×1, wider than the 300,000-pixel limit for TIFF")
    }

    /// The C readers check the width themselves (a region decode reaches them without the head's check).
    @Test(arguments: [StreamedDecoder.Reader.png, .tiff])
    func theReadersRefuseAnOverWideImageThemselves(_ reader: StreamedDecoder.Reader) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("wide", reader == .png ? Self.widePNG : Self.wideTIFF)
        let region = PixelRect(x: 0, y: 0, width: Int(Int32.max), height: 1)
        #expect(throws: DecodeFailure(path: path, message: "\(reader.formatName) wider than the 300,000-pixel limit")) {
            _ = try StreamedDecoder.decode(reader, path: path, region: region, outWidth: 4, outHeight: 1)
        }
    }

    @Test func aPNGAtTheWidthLimitStillDecodes() throws {
        let folder = try TemporaryFolder()
        let path = try BigImageFixtures.png(folder, "limit.png", width: DecodeLimits.maximumStreamedWidth, height: 2)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 1000, maxHeight: 1000)
        #expect(image.sourceWidth == 300_000 && image.width == 1000 && image.height == 1)
    }

    @Test func theAveragerHoldsMemoryForItsOutputNotItsSource() {
        let width: Int32 = 20_000_000
        var out = [UInt8](repeating: 0, count: 4 * 4)
        let averager = out.withUnsafeMutableBufferPointer {
            fw_averager_create(width, 1, fw_rect(x: 0, y: 0, width: width, height: 1), 4, 1, $0.baseAddress)
        }
        defer { fw_averager_destroy(averager) }
        #expect(averager != nil)
        #expect(fw_averager_bytes(averager) < 4096, "\(fw_averager_bytes(averager)) bytes for 4 output pixels")
    }
}
