import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// Camera raw files through LibRaw (RawDecoder): DNGs written by the tests
/// themselves from a synthetic Bayer mosaic (Support/DNGFixtures.swift, no
/// tool or network needed, so these never skip) developed at half size and
/// fitted, turned by their orientation; broken ones are error pages;
/// TIFF-based raws are told from TIFFs by content.
@Suite struct RawDecoderTests {
    typealias Color = ImageFixtures.Color

    @Test func aDNGWhoseLeftHalfIsRedAndRightHalfBlueDecodesSo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("halves.dng")
        try DNGFixtures.make(path)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 64, maxHeight: 64)
        #expect(image.format == "DNG")
        #expect(image.sourceWidth == 256 && image.sourceHeight == 128)
        // Half size is 128 × 64, fitted into 64 × 64.
        #expect(image.width == 64 && image.height == 32)
        guard image.width == 64, image.height == 32 else { return }
        for (x, y) in [(8, 8), (24, 24), (16, 16)] {
            #expect(isClose(image.rgba(x: x, y: y), .red, tolerance: 60), "left (\(x), \(y)): \(image.rgba(x: x, y: y))")
            let right = image.rgba(x: 63 - x, y: y)
            #expect(isClose(right, .blue, tolerance: 60), "right (\(63 - x), \(y)): \(right)")
        }
    }

    @Test func aDNGTurnedAQuarterByItsOrientationComesOutUpright() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("turned.dng")
        // Orientation 6: shown turned 90° clockwise, so the stored left half (red) is at the top.
        try DNGFixtures.make(path, orientation: 6)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 64, maxHeight: 64)
        #expect(image.sourceWidth == 128 && image.sourceHeight == 256)
        #expect(image.width == 32 && image.height == 64)
        guard image.width == 32, image.height == 64 else { return }
        #expect(isClose(image.rgba(x: 16, y: 12), .red, tolerance: 60), "top: \(image.rgba(x: 16, y: 12))")
        #expect(isClose(image.rgba(x: 16, y: 52), .blue, tolerance: 60), "bottom: \(image.rgba(x: 16, y: 52))")
    }

    /// A JPEG of `width` × `height`, left half green and right half white, at `path`.
    static func writePreview(_ path: String, width: Int, height: Int) throws {
        let pixels = ImageFixtures.pixels(width: width, height: height) { x, _ in x < width / 2 ? .green : .white }
        try Data(ImageFixtures.jpeg(width: width, height: height, pixels: pixels)).write(to: URL(fileURLWithPath: path))
    }

    @Test func aFullSizePreviewIsShownInsteadOfTheSensorData() throws {
        let folder = try TemporaryFolder()
        try Self.writePreview(folder.file("preview.jpg"), width: 256, height: 128)
        let path = folder.file("previewed.dng")
        try DNGFixtures.make(path, preview: folder.file("preview.jpg"))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 64, maxHeight: 64)
        #expect(image.format == "DNG" && image.width == 64 && image.height == 32)
        guard image.width == 64, image.height == 32 else { return }
        #expect(isClose(image.rgba(x: 12, y: 16), .green), "left: \(image.rgba(x: 12, y: 16))")
        #expect(isClose(image.rgba(x: 52, y: 16), .white), "right: \(image.rgba(x: 52, y: 16))")
    }

    @Test func thePreviewIsTurnedByTheFilesOrientation() throws {
        let folder = try TemporaryFolder()
        try Self.writePreview(folder.file("preview.jpg"), width: 256, height: 128)
        let path = folder.file("turned.dng")
        try DNGFixtures.make(path, orientation: 6, preview: folder.file("preview.jpg"))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 64, maxHeight: 64)
        #expect(image.width == 32 && image.height == 64 && image.sourceWidth == 128 && image.sourceHeight == 256)
        guard image.width == 32, image.height == 64 else { return }
        #expect(isClose(image.rgba(x: 16, y: 12), .green), "top: \(image.rgba(x: 16, y: 12))")
        #expect(isClose(image.rgba(x: 16, y: 52), .white), "bottom: \(image.rgba(x: 16, y: 52))")
    }

    @Test func aPreviewSmallerThanThePageLeavesTheSensorDataToShow() throws {
        let folder = try TemporaryFolder()
        try Self.writePreview(folder.file("thumb.jpg"), width: 32, height: 16)
        let path = folder.file("thumbnailed.dng")
        try DNGFixtures.make(path, preview: folder.file("thumb.jpg"))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 64, maxHeight: 64)
        #expect(image.width == 64 && image.height == 32)
        guard image.width == 64 else { return }
        #expect(isClose(image.rgba(x: 12, y: 16), .red, tolerance: 60), "left: \(image.rgba(x: 12, y: 16))")
        #expect(isClose(image.rgba(x: 52, y: 16), .blue, tolerance: 60), "right: \(image.rgba(x: 52, y: 16))")
    }

    @Test func aZoomedRegionIsTheSensorsRegionThoughTheDevelopmentIsHalfSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("halves.dng")
        try DNGFixtures.make(path)
        // The sensor's right half (blue), in the image's own 256 × 128 pixels.
        let asked = PixelRect(x: 128, y: 0, width: 128, height: 128)
        let part = try RegionDecoder.decode(path: path, region: asked, scale: 0.5, maximumPixels: 1 << 20).get()
        #expect(part.region == asked)
        #expect(part.image.width == 64 && part.image.height == 64 && part.image.sourceWidth == 256)
        guard part.image.width == 64 else { return }
        #expect(isClose(part.image.rgba(x: 32, y: 32), .blue, tolerance: 60), "\(part.image.rgba(x: 32, y: 32))")
        #expect(isClose(part.image.rgba(x: 5, y: 32), .blue, tolerance: 60), "\(part.image.rgba(x: 5, y: 32))")
    }

    @Test func aTruncatedDNGIsAnErrorPageThatSaysSo() throws {
        let folder = try TemporaryFolder()
        let whole = folder.file("whole.dng")
        try DNGFixtures.make(whole)
        let bytes = Array(try #require(FileManager.default.contents(atPath: whole)))
        let cut = try folder.write("cut.dng", Array(bytes.prefix(bytes.count / 2)))
        let message = ImageDecoderTests.failure(cut)
        #expect(message?.hasPrefix("truncated") == true && message?.contains("DNG") == true, "\(message ?? "decoded")")
    }

    @Test func aRAFSignatureFollowedByGarbageIsAnErrorPage() throws {
        let folder = try TemporaryFolder()
        let bogus = try folder.write("bogus.raf", Array("FUJIFILMCCD-RAW 0201FF383501".utf8) + ImageFixtures.noise(count: 4000, seed: 9))
        let message = ImageDecoderTests.failure(bogus)
        #expect(message?.contains("RAF") == true, "\(message ?? "decoded")")
    }
}

/// Which files the sniffer calls camera raw (CameraRawSignature): its own
/// signatures, and TIFF-based raws by their first directory.
@Suite struct CameraRawSignatureTests {
    /// A little-endian TIFF header and IFD0 with `entries` (tag, type, count,
    /// value or offset), then `extra` bytes at offset 8 + the IFD's size.
    static func tiff(_ entries: [(Int, Int, Int, Int)], extra: [UInt8] = []) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + ImageFixtures.le32(8) + ImageFixtures.le16(entries.count)
        for (tag, type, count, value) in entries {
            out += ImageFixtures.le16(tag) + ImageFixtures.le16(type) + ImageFixtures.le32(count)
            out += type == 3 ? ImageFixtures.le16(value) + [0, 0] : ImageFixtures.le32(value)
        }
        return out + ImageFixtures.le32(0) + extra
    }

    static func format(_ bytes: [UInt8]) -> ContentSniffer.Identification { ContentSniffer.identify(bytes) }

    @Test func rawSignaturesOfTheirOwnAreCameraRaw() {
        let heads: [String: [UInt8]] = [
            "RAF": Array("FUJIFILMCCD-RAW 0201".utf8),
            "ORF": Array("IIRO".utf8) + [8, 0, 0, 0],
            "RW2": [0x49, 0x49, 0x55, 0x00, 0x18, 0, 0, 0],
            "CR3": [0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [0, 0, 0, 1],
        ]
        for (kind, head) in heads {
            #expect(Self.format(head) == .image(.cameraRaw), "\(kind)")
            #expect(head.withUnsafeBufferPointer { CameraRawSignature.kind(of: ByteView($0)) } == kind)
        }
    }

    @Test func aTIFFIsARawOnlyWithADNGTagACanonMarkOrAMakerAndRawData() {
        let makeOffset = 8 + 2 + 3 * 12 + 4
        let nikon = Array("NIKON CORPORATION\0".utf8)
        // A maker's TIFF with sub-directories (where NEF keeps its sensor data).
        let nef = Self.tiff([(0x010F, 2, nikon.count, makeOffset), (0x0103, 3, 1, 1), (0x014A, 4, 1, 200)], extra: nikon)
        #expect(Self.format(nef) == .image(.cameraRaw))
        // The same maker, a plain TIFF (a photo editor's export): libtiff's.
        let export = Self.tiff([(0x010F, 2, nikon.count, makeOffset), (0x0103, 3, 1, 5), (0x0106, 3, 1, 2)], extra: nikon)
        #expect(Self.format(export) == .image(.tiff))
        // PackBits is TIFF's own compression, not a vendor's.
        let packBits = Self.tiff([(0x010F, 2, nikon.count, makeOffset), (0x0103, 3, 1, 32773), (0x0106, 3, 1, 2)], extra: nikon)
        #expect(Self.format(packBits) == .image(.tiff))
        // DNGVersion makes a DNG whatever else IFD0 holds.
        #expect(Self.format(Self.tiff([(0x0100, 3, 1, 16), (0xC612, 1, 4, 0x0104)])) == .image(.cameraRaw))
        // Canon's CR2 mark after the header.
        var cr2 = Self.tiff([(0x0100, 3, 1, 16)])
        cr2.replaceSubrange(8..<8, with: Array("CR".utf8) + [2, 0])
        cr2.replaceSubrange(4..<8, with: ImageFixtures.le32(12))
        #expect(Self.format(cr2) == .image(.cameraRaw))
        #expect(Self.format(ImageFixtures.tiff(width: 4, height: 4, pixels: ImageFixtures.quadrants(width: 4, height: 4))) == .image(.tiff))
    }
}
