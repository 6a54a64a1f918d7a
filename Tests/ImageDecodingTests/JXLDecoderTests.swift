import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// JPEG XL through libjxl (JXLDecoder), with files from cjxl and byte-
/// and bit-level edits of them for the broken cases.
@Suite struct JXLDecoderTests {
    typealias Color = ImageFixtures.Color

    static func decode(_ path: String, _ maxWidth: Int = 4096, _ maxHeight: Int = 4096) -> Result<DecodedImage, DecodeFailure> {
        ImageDecoderTests.decode(path, maxWidth, maxHeight)
    }

    // MARK: - Pixels

    @Test(arguments: [["-d", "1"], ["-d", "0"]])
    func decodesToTheFittedSizeWithQuadrantColours(options: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try CodecFixtures.cjxl(folder, "q.jxl", width: 256, height: 192,
                                          pixels: ImageFixtures.quadrants(width: 256, height: 192), options: options)
        let image = try Self.decode(path, 128, 128).get()
        #expect(image.format == "JPEG XL")
        #expect(image.width == 128 && image.height == 96)
        #expect(image.sourceWidth == 256 && image.sourceHeight == 192)
        #expect(image.isOpaque)
        ImageDecoderTests.expectQuadrants(image, [.red, .green, .blue, .white], "cjxl \(options)")
    }

    @Test func alphaIsKept() throws {
        let folder = try TemporaryFolder()
        let pixels = ImageFixtures.pixels(width: 64, height: 48) { x, _ in x < 32 ? .clear : .blue }
        let image = try Self.decode(try CodecFixtures.cjxl(folder, "alpha.jxl", width: 64, height: 48, pixels: pixels)).get()
        #expect(!image.isOpaque)
        #expect(image.rgba(x: 8, y: 24).a == 0)
        let right = image.rgba(x: 56, y: 24)
        #expect(isClose(right, .blue), "right half is \(right)")
    }

    // MARK: - Orientation

    @Test func exifOrientation6OfTheSourceJPEGIsApplied() throws {
        let folder = try TemporaryFolder()
        let jpeg = try folder.write("plain.jpg", ImageFixtures.jpeg(width: 64, height: 32, pixels: ImageFixtures.quadrants(width: 64, height: 32)))
        let rotated = folder.file("rotated.jpg")
        try CodecFixtures.run("/usr/bin/exif", ["--create-exif", "--ifd=0", "--tag=Orientation", "--set-value=6", "-o", rotated, jpeg])
        // cjxl recompresses the JPEG losslessly and carries its orientation into the codestream.
        try CodecFixtures.run("/usr/bin/cjxl", [rotated, folder.file("rotated.jxl"), "--quiet"])
        let image = try Self.decode(folder.file("rotated.jxl")).get()
        #expect(image.width == 32 && image.height == 64)
        #expect(image.sourceWidth == 32 && image.sourceHeight == 64)
        ImageDecoderTests.expectQuadrants(image, ImageDecoderTests.orientationExpectations[6]!, "orientation 6")
    }

    // MARK: - Header

    @Test func headerSizeIsReadFromABareCodestream() throws {
        let folder = try TemporaryFolder()
        let bytes = try CodecFixtures.read(try CodecFixtures.cjxl(folder, "q.jxl", width: 300, height: 200,
                                                                   pixels: ImageFixtures.quadrants(width: 300, height: 200)))
        #expect(bytes.starts(with: [0xFF, 0x0A]))
        let size = bytes.withUnsafeBufferPointer { ImageHeader.dimensions(of: .jxl, in: $0) }
        #expect(size?.width == 300 && size?.height == 200)
    }

    @Test func headerSizeIsReadFromTheContainerAndTurnedUpright() throws {
        let folder = try TemporaryFolder()
        let jpeg = try folder.write("plain.jpg", ImageFixtures.jpeg(width: 80, height: 48, pixels: ImageFixtures.quadrants(width: 80, height: 48)))
        let rotated = folder.file("rotated.jpg")
        try CodecFixtures.run("/usr/bin/exif", ["--create-exif", "--ifd=0", "--tag=Orientation", "--set-value=6", "-o", rotated, jpeg])
        try CodecFixtures.run("/usr/bin/cjxl", [rotated, folder.file("rotated.jxl"), "--quiet"])
        let bytes = try CodecFixtures.read(folder.file("rotated.jxl"))
        #expect(bytes.starts(with: [0, 0, 0, 0x0C] + Array("JXL ".utf8)))
        let size = bytes.withUnsafeBufferPointer { ImageHeader.dimensions(of: .jxl, in: $0) }
        #expect(size?.width == 48 && size?.height == 80)
    }

    @Test func headerBombIsRefusedWithItsSize() throws {
        let folder = try TemporaryFolder()
        let small = try CodecFixtures.read(try CodecFixtures.cjxl(folder, "q.jxl", width: 64, height: 48,
                                                                   pixels: ImageFixtures.quadrants(width: 64, height: 48)))
        let bomb = try #require(CodecFixtures.jxlClaimingSize(small, width: 1_000_000, height: 1_000_000))
        let size = bomb.withUnsafeBufferPointer { ImageHeader.dimensions(of: .jxl, in: $0) }
        #expect(size?.width == 1_000_000 && size?.height == 1_000_000)
        let path = try folder.write("bomb.jxl", bomb)
        #expect(ImageDecoderTests.failure(path) == "image is 1000000×1000000, over the 100-megapixel limit")
    }

    // MARK: - Failures

    @Test func truncatedJXLFails() throws {
        let folder = try TemporaryFolder()
        let whole = try CodecFixtures.read(try CodecFixtures.cjxl(folder, "noise.jxl", width: 256, height: 192,
                                                                   pixels: ImageFixtures.noise(count: 256 * 192 * 4, seed: 9)))
        let path = try folder.write("half.jxl", Array(whole.prefix(whole.count / 2)))
        #expect(ImageDecoderTests.failure(path) == "truncated JPEG XL data (the file ends early)")
    }

    @Test func garbageAfterTheSignatureFails() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("garbage.jxl", [0xFF, 0x0A] + ImageFixtures.noise(count: 4000, seed: 11))
        let message = try #require(ImageDecoderTests.failure(path))
        #expect(message.contains("JPEG XL"), "\(message)")
    }

    // MARK: - Colour

    @Test(arguments: [["-d", "1"], ["-d", "0"]])
    func displayP3IsConvertedToSRGB(options: [String]) throws {
        let folder = try TemporaryFolder()
        let (r, g, b) = HEIFDecoderTests.p3Orange
        let p3 = try #require(ColorProfile.profile(primaries: .displayP3))
        let png = try CodecFixtures.pngWithProfile(folder, "p3.png", width: 64, height: 64,
                                                   color: Color(r: UInt8(r), g: UInt8(g), b: UInt8(b)), icc: p3)
        // Lossy (-d 1): XYB, libjxl renders to the sRGB we ask for. Lossless
        // (-d 0): the original profile, converted by lcms2.
        try CodecFixtures.run("/usr/bin/cjxl", [png, folder.file("p3.jxl"), "--quiet"] + options)
        let pixel = try Self.decode(folder.file("p3.jxl")).get().rgba(x: 32, y: 32)
        let expected = CodecFixtures.sRGBFromDisplayP3(HEIFDecoderTests.p3Orange)
        #expect(CodecFixtures.isNear(pixel, expected, tolerance: 4),
                "P3 \(HEIFDecoderTests.p3Orange) with \(options) decoded as \(pixel), expected \(expected)")
    }
}
