import CLCMS2
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// Embedded ICC profiles are converted to sRGB (lcms2): a Display P3 photo's
/// numbers mean more saturated colours than the same numbers in sRGB.
@Suite struct ColorProfileTests {
    /// The sRGB numbers of a Display P3 colour, computed here without lcms2:
    /// decode the transfer curve, the P3 → sRGB matrix (both D65), encode.
    static func expectedSRGB(_ r: Int, _ g: Int, _ b: Int) -> (Int, Int, Int) {
        func linear(_ v: Int) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func encoded(_ v: Double) -> Int {
            let c = min(1, max(0, v))
            let e = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
            return Int((e * 255).rounded())
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        return (encoded(1.2249 * lr - 0.2247 * lg),
                encoded(-0.0420 * lr + 1.0419 * lg),
                encoded(-0.0197 * lr - 0.0786 * lg + 1.0979 * lb))
    }

    static func expectConverted(_ image: DecodedImage, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = expectedSRGB(ProfileFixtures.colour.r, ProfileFixtures.colour.g, ProfileFixtures.colour.b)
        let got = image.rgba(x: 16, y: 16)
        let tolerance = 3
        #expect(abs(Int(got.r) - expected.0) <= tolerance && abs(Int(got.g) - expected.1) <= tolerance
                && abs(Int(got.b) - expected.2) <= tolerance,
                "got \(got), expected \(expected)", sourceLocation: sourceLocation)
        // The numbers did change: P3 red 200 is more than sRGB red 200.
        #expect(Int(got.r) > ProfileFixtures.colour.r + 10, sourceLocation: sourceLocation)
    }

    @Test func aDisplayP3PNGIsConvertedToSRGB() throws {
        let folder = try TemporaryFolder()
        Self.expectConverted(try ImageDecoder.decodeFile(try ProfileFixtures.taggedFile(folder, "p3.png"), maxWidth: 64, maxHeight: 64))
    }

    @Test func aDisplayP3JPEGIsConvertedToSRGB() throws {
        let folder = try TemporaryFolder()
        Self.expectConverted(try ImageDecoder.decodeFile(try ProfileFixtures.taggedFile(folder, "p3.jpg"), maxWidth: 64, maxHeight: 64))
    }

    @Test func aDisplayP3TIFFIsConvertedToSRGB() throws {
        let folder = try TemporaryFolder()
        Self.expectConverted(try ImageDecoder.decodeFile(try ProfileFixtures.taggedFile(folder, "p3.tif"), maxWidth: 64, maxHeight: 64))
    }

    @Test func aDisplayP3WebPIsConvertedToSRGB() throws {
        let folder = try TemporaryFolder()
        let path = try ProfileFixtures.taggedFile(folder, "p3.webp")
        let bytes = Array(FileManager.default.contents(atPath: path)!)
        #expect(!bytes.withUnsafeBufferPointer { WebPProfile.iccProfile(in: $0) }.isEmpty)
        // Lossy WebP moves colours a little more than the others.
        let image = try ImageDecoder.decodeFile(path, maxWidth: 64, maxHeight: 64)
        let expected = Self.expectedSRGB(ProfileFixtures.colour.r, ProfileFixtures.colour.g, ProfileFixtures.colour.b)
        let got = image.rgba(x: 16, y: 16)
        #expect(abs(Int(got.r) - expected.0) <= 6 && abs(Int(got.g) - expected.1) <= 6 && abs(Int(got.b) - expected.2) <= 6,
                "got \(got), expected \(expected)")
    }

    @Test func profilesAreTold() {
        #expect(ColorProfile.kind(of: ProfileFixtures.displayP3()) == .convertible)
        #expect(ColorProfile.description(of: ProfileFixtures.displayP3()) == "Display P3 (test)")
        #expect(ColorProfile.kind(of: []) == .sRGB)
        #expect(ColorProfile.kind(of: [1, 2, 3, 4]) == .ignored("unreadable ICC profile"))
    }

    @Test func anSRGBProfileLeavesThePixelsAlone() {
        let srgb = cmsCreate_sRGBProfile()!
        defer { cmsCloseProfile(srgb) }
        let bytes = ProfileFixtures.bytes(of: srgb)
        var buffer = PixelBuffer(width: 1, height: 1, pixels: [200, 120, 60, 255])
        #expect(ColorProfile.convertToSRGB(&buffer, iccProfile: bytes) == .sRGB)
        #expect(buffer.pixels == [200, 120, 60, 255])
    }

    @Test func aGreyProfileOnRGBPixelsIsIgnored() {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        let curve = cmsBuildGamma(nil, 2.2)!
        defer { cmsFreeToneCurve(curve) }
        let grey = cmsCreateGrayProfile(&white, curve)!
        defer { cmsCloseProfile(grey) }
        let bytes = ProfileFixtures.bytes(of: grey)
        var buffer = PixelBuffer(width: 1, height: 1, pixels: [10, 20, 30, 255])
        #expect(ColorProfile.convertToSRGB(&buffer, iccProfile: bytes) == .ignored("gray ICC profile on RGB pixels"))
        #expect(buffer.pixels == [10, 20, 30, 255])
    }

    @Test func alphaIsKeptThroughTheConversion() {
        var buffer = PixelBuffer(width: 2, height: 1, pixels: [200, 120, 60, 77, 0, 0, 0, 0])
        #expect(ColorProfile.convertToSRGB(&buffer, iccProfile: ProfileFixtures.displayP3()) == .convertible)
        #expect(buffer.pixels[3] == 77 && buffer.pixels[7] == 0)
    }

    /// A PNG whose iCCP chunk holds no valid zlib data (as damaged files and
    /// some old tools write): libpng warns and drops it; the image shows as sRGB.
    @Test func aPNGWithABrokenICCPChunkShowsUnconverted() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain.png")
        ImageFixtures.writePNG(plain, width: 8, height: 8, pixels: ImageFixtures.pixels(width: 8, height: 8) { _, _ in
            .init(r: 200, g: 120, b: 60)
        })
        let png = Array(FileManager.default.contents(atPath: plain)!)
        let iccp = ImageFixtures.chunk("iCCP", Array("broken\0".utf8) + [0] + [0x78, 0x9C, 1, 2, 3, 4, 5, 6])
        let ihdrEnd = 8 + 8 + 13 + 4
        let path = try folder.write("bad-iccp.png", Array(png[..<ihdrEnd]) + iccp + Array(png[ihdrEnd...]))
        let image = try ImageDecoder.decodeFile(path, maxWidth: 8, maxHeight: 8)
        let pixel = image.rgba(x: 4, y: 4)
        #expect(pixel.r == 200 && pixel.g == 120 && pixel.b == 60)
    }
}
