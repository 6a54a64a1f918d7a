import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// Files that change or lie while they stream: a TIFF truncated by another
/// program during its decode, and a progressive JPEG with two frame headers
/// (Sources/CStreamDecoders/tiff_rows.c, jpeg_dc.c).
@Suite struct HostileStreamTests {
    /// An uncompressed 8-bit RGB TIFF of `width` × `height`, 16 rows a strip, grey 0x80.
    static func uncompressedTIFF(width: Int, height: Int) -> [UInt8] {
        let rowsPerStrip = 16, strips = (height + rowsPerStrip - 1) / rowsPerStrip
        let entries = 10, ifdSize = 2 + entries * 12 + 4
        let bitsAt = 8 + ifdSize, offsetsAt = bitsAt + 6, countsAt = offsetsAt + 4 * strips
        let dataAt = countsAt + 4 * strips
        var out: [UInt8] = Array("II".utf8) + [42, 0]
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { u16(v & 0xFFFF); u16(v >> 16) }
        u32(8)
        u16(entries)
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) {
            u16(tag); u16(type); u32(count)
            if type == 3 && count == 1 { u16(value); u16(0) } else { u32(value) }
        }
        entry(256, 4, 1, width); entry(257, 4, 1, height); entry(258, 3, 3, bitsAt); entry(259, 3, 1, 1)
        entry(262, 3, 1, 2); entry(273, 4, strips, offsetsAt); entry(277, 3, 1, 3); entry(278, 4, 1, rowsPerStrip)
        entry(279, 4, strips, countsAt); entry(284, 3, 1, 1)
        u32(0)
        u16(8); u16(8); u16(8)
        let rowBytes = width * 3
        for strip in 0..<strips { u32(dataAt + strip * rowsPerStrip * rowBytes) }
        for strip in 0..<strips { u32(min(rowsPerStrip, height - strip * rowsPerStrip) * rowBytes) }
        out += [UInt8](repeating: 0x80, count: rowBytes * height)
        return out
    }

    /// A 4000 × 3000 TIFF (36 MB) cut to 64 KB by another thread once its
    /// decode has read its first band, five times: each decode ends in a
    /// failure (or, if it won the race, an image), never a signal. With
    /// libtiff mapping the file ("r" in tiff_rows.c) this process died of SIGBUS.
    @Test func aTIFFTruncatedWhileItDecodesFailsWithoutASignal() throws {
        let folder = try TemporaryFolder()
        let tiff = Self.uncompressedTIFF(width: 4000, height: 3000)
        var failures = 0
        for round in 1...5 {
            let path = try folder.write("cut\(round).tif", tiff)
            let cancellation = DecodeCancellation()
            let cutter = Thread {
                // The first band is 1048 rows (16 MB of RGBA): past it, libtiff is reading the file.
                while cancellation.rowsRead == 0 { usleep(200) }
                truncate(path, 65536)
            }
            cutter.start()
            let result = Result { () throws(DecodeFailure) in
                try ImageDecoder.decodeFile(path, maxWidth: 400, maxHeight: 300, cancellation: cancellation)
            }
            while !cutter.isFinished { usleep(1000) }
            if case .failure(let failure) = result {
                failures += 1
                #expect(failure.message.hasPrefix("truncated TIFF data") || failure.message.hasPrefix("corrupt TIFF data"),
                        "round \(round): \(failure.message)")
            }
        }
        #expect(failures > 0, "the file was never cut while it decoded: the test tested nothing")
    }

    /// `jpeg` with its progressive frame header (SOF2) written twice.
    static func withSecondFrameHeader(_ jpeg: [UInt8]) -> [UInt8] {
        var i = 2
        while i + 4 < jpeg.count {
            let marker = jpeg[i + 1], length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xC2 {
                let segment = Array(jpeg[i..<(i + 2 + length)])
                return Array(jpeg[..<(i + 2 + length)]) + segment + Array(jpeg[(i + 2 + length)...])
            }
            i += 2 + length
        }
        return jpeg
    }

    @Test func theDCReaderRefusesASecondFrameHeader() throws {
        let folder = try TemporaryFolder()
        let jpeg = ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.quadrants(width: 64, height: 48),
                                      quality: 90, progressive: true)
        let twice = Self.withSecondFrameHeader(jpeg)
        #expect(twice.count > jpeg.count)
        let path = try folder.write("twice.jpg", twice)
        #expect(throws: DecodeFailure(path: path, message: "corrupt JPEG data (two frame headers)")) {
            _ = try StreamedDecoder.decode(.jpegDC, path: path, region: PixelRect(x: 0, y: 0, width: 8, height: 6),
                                           outWidth: 8, outHeight: 6)
        }
    }

    @Test func libjpegRefusesASecondFrameHeaderToo() throws {
        let folder = try TemporaryFolder()
        let jpeg = ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.quadrants(width: 64, height: 48),
                                      quality: 90, progressive: true)
        let path = try folder.write("twice.jpg", Self.withSecondFrameHeader(jpeg))
        let message = ImageDecoderTests.failure(path)
        #expect(message?.contains("JPEG") == true, "\(message ?? "decoded")")
    }
}
