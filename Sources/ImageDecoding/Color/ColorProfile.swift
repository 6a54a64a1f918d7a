import CLCMS2
import Synchronization

/// Converts pixels from the ICC profile a file embeds to sRGB, the space the
/// window shows (lcms2). Images without a profile are taken as sRGB already.
///
/// A wide-gamut photo (Display P3, Adobe RGB) shown without this looks washed
/// out: its numbers mean more saturated colours than the same numbers in sRGB.
///
/// ```swift
/// var image = PixelBuffer(width: w, height: h, pixels: rgba)
/// ColorProfile.convertToSRGB(&image, iccProfile: profileBytes)
/// ```
public enum ColorProfile {
    /// What a profile does to pixels here.
    public enum Kind: Equatable, Sendable {
        /// An RGB profile other than sRGB: its pixels are converted.
        case convertible
        /// sRGB (by description), so nothing to do.
        case sRGB
        /// Not usable for our RGBA pixels (gray, CMYK, Lab, or unreadable):
        /// left as they are, with the reason for the log and tests.
        case ignored(String)
    }

    /// How many profiles' transforms are kept: a folder's photos mostly share
    /// one or two profiles, and a transform takes a few milliseconds to build.
    static let cachedTransforms = 8

    /// Converts `buffer`'s RGBA pixels from `iccProfile` to sRGB in place; alpha
    /// is kept. Returns what the profile was; pixels change only for `.convertible`.
    @discardableResult
    static func convertToSRGB(_ buffer: inout PixelBuffer, iccProfile: [UInt8]) -> Kind {
        guard !iccProfile.isEmpty else { return .sRGB }
        let (kind, transform) = transforms.transform(for: iccProfile)
        guard let transform else { return kind }
        let pixelCount = buffer.width * buffer.height
        buffer.pixels.withUnsafeMutableBytes { raw in
            cmsDoTransform(transform, raw.baseAddress, raw.baseAddress, cmsUInt32Number(pixelCount))
        }
        return kind
    }

    /// What `iccProfile` is, without converting anything (for the information panel and tests).
    public static func kind(of iccProfile: [UInt8]) -> Kind {
        guard !iccProfile.isEmpty else { return .sRGB }
        return transforms.transform(for: iccProfile).kind
    }

    /// The profile's description ("Display P3", "Adobe RGB (1998)"), when it has one.
    public static func description(of iccProfile: [UInt8]) -> String? {
        guard let profile = open(iccProfile) else { return nil }
        defer { cmsCloseProfile(profile) }
        return Self.description(profile)
    }

    private static let transforms = TransformCache()

    /// Transforms by profile bytes, shared by every decode thread. lcms2
    /// transforms made with `cmsFLAGS_NOCACHE` may run on several threads at once.
    final class TransformCache: Sendable {
        private struct Entry: @unchecked Sendable {
            let profile: [UInt8]
            let kind: Kind
            let transform: cmsHTRANSFORM?
            var lastUse: Int
        }
        private struct State: @unchecked Sendable {
            var entries: [Entry] = []
            var clock = 0
        }
        private let state = Mutex(State())

        func transform(for profile: [UInt8]) -> (kind: Kind, transform: cmsHTRANSFORM?) {
            if let hit = state.withLock({ state -> Entry? in
                state.clock += 1
                guard let index = state.entries.firstIndex(where: { $0.profile == profile }) else { return nil }
                state.entries[index].lastUse = state.clock
                return state.entries[index]
            }) {
                return (hit.kind, hit.transform)
            }
            let made = make(profile)
            state.withLock { state in
                if state.entries.contains(where: { $0.profile == profile }) { return }
                if state.entries.count >= ColorProfile.cachedTransforms,
                   let oldest = state.entries.indices.min(by: { state.entries[$0].lastUse < state.entries[$1].lastUse }) {
                    if let old = state.entries[oldest].transform { cmsDeleteTransform(old) }
                    state.entries.remove(at: oldest)
                }
                state.entries.append(Entry(profile: profile, kind: made.kind, transform: made.transform, lastUse: state.clock))
            }
            return made
        }

        private func make(_ bytes: [UInt8]) -> (kind: Kind, transform: cmsHTRANSFORM?) {
            guard let input = ColorProfile.open(bytes) else { return (.ignored("unreadable ICC profile"), nil) }
            defer { cmsCloseProfile(input) }
            let space = cmsGetColorSpace(input)
            guard space == cmsSigRgbData else {
                return (.ignored("\(ColorProfile.spaceName(space)) ICC profile on RGB pixels"), nil)
            }
            if let name = ColorProfile.description(input), name.lowercased().contains("srgb") { return (.sRGB, nil) }
            // lcms2's built-in sRGB; building it costs microseconds, the transform milliseconds.
            guard let output = cmsCreate_sRGBProfile() else { return (.ignored("lcms2 has no sRGB profile"), nil) }
            defer { cmsCloseProfile(output) }
            let transform = cmsCreateTransform(input, fw_TYPE_RGBA_8, output, fw_TYPE_RGBA_8,
                                               cmsUInt32Number(INTENT_PERCEPTUAL), fw_transform_flags)
            guard let transform else { return (.ignored("lcms2 could not convert this profile to sRGB"), nil) }
            return (.convertible, transform)
        }
    }

    private static func open(_ bytes: [UInt8]) -> cmsHPROFILE? {
        bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }

    private static func description(_ profile: cmsHPROFILE) -> String? {
        var text = [wchar_t](repeating: 0, count: 256)
        let count = cmsGetProfileInfo(profile, cmsInfoDescription, "en", "US", &text, cmsUInt32Number(text.count * MemoryLayout<wchar_t>.stride))
        guard count > 0 else { return nil }
        let scalars = text.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        let name = String(String.UnicodeScalarView(scalars))
        return name.isEmpty ? nil : name
    }

    private static func spaceName(_ space: cmsColorSpaceSignature) -> String {
        switch space {
        case cmsSigGrayData: "gray"
        case cmsSigCmykData: "CMYK"
        case cmsSigLabData: "Lab"
        default: "non-RGB"
        }
    }
}
