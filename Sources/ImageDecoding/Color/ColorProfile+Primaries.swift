import CLCMS2

extension ColorProfile {
    /// Colour primaries a file may name by number instead of embedding an
    /// ICC profile (a HEIF `nclx` box: ITU-T H.273's ColourPrimaries).
    ///
    /// ```swift
    /// ColorProfile.Primaries(rawValue: 12)   // .displayP3
    /// ```
    public enum Primaries: Int, Sendable, CaseIterable {
        /// H.273 code 1: BT.709, the primaries of sRGB.
        case bt709 = 1
        /// H.273 code 9: BT.2020 / BT.2100, wide gamut (HDR video and some AVIFs).
        case bt2020 = 9
        /// H.273 code 12: Display P3 (SMPTE EG 432-1), iPhone photos.
        case displayP3 = 12

        /// The red, green and blue chromaticities (CIE x, y).
        var chromaticities: [(x: Double, y: Double)] {
            switch self {
            case .bt709: [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]
            case .bt2020: [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]
            case .displayP3: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
            }
        }
    }

    /// An ICC profile (bytes, from lcms2) for RGB with `primaries`, the D65
    /// white and the sRGB transfer curve, to hand to ``convertToSRGB(_:iccProfile:)``
    /// like an embedded one; nil when lcms2 fails. Made once per primaries.
    ///
    /// The transfer is always sRGB's: BT.709-primaries files are shown as they
    /// are (taken as sRGB), so a wide-gamut file with an SDR transfer must get
    /// only its gamut mapped the same way, not a different tone curve.
    ///
    /// ```swift
    /// let p3 = ColorProfile.profile(primaries: .displayP3)!
    /// ColorProfile.kind(of: p3)   // .convertible
    /// ```
    public static func profile(primaries: Primaries) -> [UInt8]? {
        switch primaries {
        case .bt709: builtBT709
        case .bt2020: builtBT2020
        case .displayP3: builtDisplayP3
        }
    }

    private static let builtBT709 = build(.bt709)
    private static let builtBT2020 = build(.bt2020)
    private static let builtDisplayP3 = build(.displayP3)

    private static func build(_ primaries: Primaries) -> [UInt8]? {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)   // D65
        let xy = primaries.chromaticities
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: xy[0].x, y: xy[0].y, Y: 1),
                                     Green: cmsCIExyY(x: xy[1].x, y: xy[1].y, Y: 1),
                                     Blue: cmsCIExyY(x: xy[2].x, y: xy[2].y, Y: 1))
        // IEC 61966-2-1's curve as lcms2's parametric type 4: Y = (aX + b)^g above d, else cX.
        let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = parameters.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }) else {
            return nil
        }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &triple, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }
}
