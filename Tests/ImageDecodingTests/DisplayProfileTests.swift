import CLCMS2
import TestFixtures
import Testing
@testable import ImageDecoding

/// The conversion target: pixels go from the image's profile (sRGB without
/// one) to the display's profile, sRGB when the display has none.
@Suite struct DisplayProfileTests {
    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> PixelBuffer {
        PixelBuffer(width: 1, height: 1, pixels: [r, g, b, 200])
    }

    static func adobe() throws -> DisplayProfile {
        try DisplayProfile.make(iccBytes: ProfileFixtures.adobeRGB()).get()
    }

    @Test func anAdobeRGBDisplayProfileIsNamedByItsDescription() throws {
        let profile = try Self.adobe()
        #expect(profile.description == "Adobe RGB (1998)")
        #expect(!profile.isSRGB)
        #expect(profile.identity != 0)
    }

    @Test func sRGBRedOnAnAdobeRGBDisplayIsAbout219() throws {
        var buffer = Self.pixel(255, 0, 0)
        let kind = ColorProfile.convertForDisplay(&buffer, iccProfile: [], to: try Self.adobe())
        #expect(kind == .sRGB)
        let (r, g, b, a) = (Int(buffer.pixels[0]), Int(buffer.pixels[1]), Int(buffer.pixels[2]), buffer.pixels[3])
        #expect(abs(r - 219) <= 2 && g <= 2 && b <= 2, "got (\(r), \(g), \(b))")
        #expect(a == 200)   // alpha kept
    }

    @Test func anUntaggedImageOnAnSRGBDisplayIsLeftAsItIs() {
        var buffer = Self.pixel(255, 0, 0)
        #expect(ColorProfile.convertForDisplay(&buffer, iccProfile: [], to: .sRGB) == .sRGB)
        #expect(buffer.pixels == [255, 0, 0, 200])
    }

    @Test func aTaggedImageGoesStraightToTheDisplaysProfile() throws {
        // Display P3 red is outside sRGB but inside Adobe RGB: converted
        // directly it is not clipped to sRGB's red first.
        var direct = Self.pixel(255, 0, 0)
        ColorProfile.convertForDisplay(&direct, iccProfile: ProfileFixtures.displayP3(), to: try Self.adobe())
        var viaSRGB = Self.pixel(255, 0, 0)
        ColorProfile.convertForDisplay(&viaSRGB, iccProfile: ProfileFixtures.displayP3(), to: .sRGB)
        ColorProfile.convertForDisplay(&viaSRGB, iccProfile: [], to: try Self.adobe())
        #expect(direct.pixels[0] > viaSRGB.pixels[0] || direct.pixels[1] < viaSRGB.pixels[1],
                "direct \(direct.pixels), via sRGB \(viaSRGB.pixels)")
    }

    @Test func noBytesOrAnSRGBProfileIsSRGB() throws {
        #expect(try DisplayProfile.make(iccBytes: []).get() == .sRGB)
        let srgb = cmsCreate_sRGBProfile()!
        defer { cmsCloseProfile(srgb) }
        #expect(try DisplayProfile.make(iccBytes: ProfileFixtures.bytes(of: srgb)).get() == .sRGB)
    }

    @Test func brokenOrGrayBytesAreAProblem() {
        guard case .failure(let garbage) = DisplayProfile.make(iccBytes: Array("not a profile".utf8)) else {
            Issue.record("garbage accepted")
            return
        }
        #expect(garbage.reason.contains("not an ICC profile"))
        let gray = cmsCreateGrayProfile(cmsD50_xyY(), cmsBuildGamma(nil, 2.2))!
        defer { cmsCloseProfile(gray) }
        guard case .failure(let problem) = DisplayProfile.make(iccBytes: ProfileFixtures.bytes(of: gray)) else {
            Issue.record("a gray profile accepted")
            return
        }
        #expect(problem.reason == "not an RGB profile")
    }
}
