import CLCMS2
import Foundation

/// Files tagged with an ICC profile: a Display P3 profile built by lcms2 as a
/// camera or phone would embed it, attached by ImageMagick to an image of one
/// colour. The decoders' tests check the conversion to sRGB
/// (Tests/ImageDecodingTests/ColorProfileTests.swift); the information
/// panel's tests check that the profile is named.
package enum ProfileFixtures {
    /// The one colour of ``taggedFile(_:_:)``'s image, as Display P3 numbers.
    package static let colour = (r: 200, g: 120, b: 60)

    /// A Display P3 profile (P3 primaries, D65, the sRGB transfer curve).
    package static func displayP3() -> [UInt8] {
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)!
        defer { cmsFreeToneCurve(curve) }
        return rgbProfile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), curve: curve,
                          description: "Display P3 (test)")
    }

    /// An Adobe RGB (1998) profile as a calibrated wide-gamut display would
    /// publish it: Adobe's primaries, D65, gamma 2.2, named "Adobe RGB (1998)".
    package static func adobeRGB() -> [UInt8] {
        let curve = cmsBuildGamma(nil, 2.2)!
        defer { cmsFreeToneCurve(curve) }
        return rgbProfile(red: (0.64, 0.33), green: (0.21, 0.71), blue: (0.15, 0.06), curve: curve,
                          description: "Adobe RGB (1998)")
    }

    /// A matrix/TRC RGB profile with a D65 white, the primaries' xy, one
    /// curve for the three channels and an English description.
    private static func rgbProfile(red: (Double, Double), green: (Double, Double), blue: (Double, Double),
                                   curve: OpaquePointer, description text: String) -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.0, y: red.1, Y: 1),
                                        Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
                                        Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&white, &primaries, &curves)!
        defer { cmsCloseProfile(profile) }
        let description = cmsMLUalloc(nil, 1)!
        defer { cmsMLUfree(description) }
        cmsMLUsetASCII(description, "en", "US", text)
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(description))
        return bytes(of: profile)
    }

    /// A profile lcms2 holds, as the bytes a file would embed.
    package static func bytes(of profile: cmsHPROFILE) -> [UInt8] {
        var length: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &length)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        cmsSaveProfileToMem(profile, &bytes, &length)
        return bytes
    }

    /// A PNG, JPEG or TIFF of ``colour`` with the Display P3 profile attached
    /// (ImageMagick attaches a profile to an image that has none without
    /// changing its numbers).
    package static func taggedFile(_ folder: TemporaryFolder, _ name: String) throws -> String {
        let icc = try folder.write("p3.icc", displayP3())
        let plain = folder.file("plain.png")
        ImageFixtures.writePNG(plain, width: 32, height: 32, pixels: ImageFixtures.pixels(width: 32, height: 32) { _, _ in
            .init(r: UInt8(colour.r), g: UInt8(colour.g), b: UInt8(colour.b))
        })
        let out = folder.file(name)
        try ImageFixtures.convert([plain, "-profile", icc, "-quality", "98", out])
        return out
    }
}
