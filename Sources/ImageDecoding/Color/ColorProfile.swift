import CLCMS2
import Synchronization

/// Converts pixels from the ICC profile a file embeds (sRGB without one) to
/// the display's profile, ``DisplayProfile/current`` (sRGB unless the display
/// publishes one), with lcms2.
///
/// A wide-gamut photo (Display P3, Adobe RGB) shown without this looks washed
/// out: its numbers mean more saturated colours than the same numbers in sRGB.
///
/// ```swift
/// var image = PixelBuffer(width: w, height: h, pixels: rgba)
/// ColorProfile.convertForDisplay(&image, iccProfile: profileBytes)
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
        convertForDisplay(&buffer, iccProfile: iccProfile, to: .sRGB)
    }

    /// Converts `buffer`'s RGBA pixels in place from `iccProfile` (empty, or
    /// one not usable on RGB pixels: sRGB) to `target`, the display's profile;
    /// alpha is kept. With an sRGB target and no profile nothing runs. Returns
    /// what the image's profile was.
    ///
    /// ```swift
    /// ColorProfile.convertForDisplay(&buffer, iccProfile: [])   // sRGB to the display's profile
    /// ```
    @discardableResult
    static func convertForDisplay(_ buffer: inout PixelBuffer, iccProfile: [UInt8],
                                  to target: DisplayProfile = .current) -> Kind {
        guard !iccProfile.isEmpty || !target.isSRGB else { return .sRGB }
        var (kind, transform) = transforms.transform(for: iccProfile, to: target)
        if transform == nil, case .ignored = kind, !target.isSRGB {
            // Pixels a profile does not describe are taken as sRGB, as without one.
            transform = transforms.transform(for: [], to: target).transform
        }
        guard let transform else { return kind }
        let pixelCount = buffer.width * buffer.height
        buffer.pixels.withUnsafeMutableBytes { raw in
            // Held until it is done: the cache may drop it meanwhile (TransformCache.Transform).
            withExtendedLifetime(transform) {
                cmsDoTransform(transform.handle, raw.baseAddress, raw.baseAddress, cmsUInt32Number(pixelCount))
            }
        }
        return kind
    }

    /// What `iccProfile` is, without converting anything (for the information panel and tests).
    public static func kind(of iccProfile: [UInt8]) -> Kind {
        guard !iccProfile.isEmpty else { return .sRGB }
        return transforms.transform(for: iccProfile, to: .sRGB).kind
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
        /// An lcms2 transform, deleted when the last holder lets it go: a
        /// decode thread still converting with one the cache dropped (to
        /// make room, or after the display's profile changed) keeps it alive.
        final class Transform: @unchecked Sendable {
            let handle: cmsHTRANSFORM
            init(_ handle: cmsHTRANSFORM) { self.handle = handle }
            deinit { cmsDeleteTransform(handle) }
        }

        private struct Entry: @unchecked Sendable {
            let profile: [UInt8]
            let target: UInt64
            let kind: Kind
            let transform: Transform?
            var lastUse: Int
        }
        private struct State: @unchecked Sendable {
            var entries: [Entry] = []
            var clock = 0
        }
        private let state = Mutex(State())

        /// The transform from `profile` (empty: sRGB) to `target`, made once.
        func transform(for profile: [UInt8], to target: DisplayProfile) -> (kind: Kind, transform: Transform?) {
            let id = target.identity
            if let hit = state.withLock({ state -> Entry? in
                state.clock += 1
                guard let index = state.entries.firstIndex(where: { $0.target == id && $0.profile == profile }) else { return nil }
                state.entries[index].lastUse = state.clock
                return state.entries[index]
            }) {
                return (hit.kind, hit.transform)
            }
            let made = make(profile, to: target)
            state.withLock { state in
                if state.entries.contains(where: { $0.target == id && $0.profile == profile }) { return }
                if state.entries.count >= ColorProfile.cachedTransforms,
                   let oldest = state.entries.indices.min(by: { state.entries[$0].lastUse < state.entries[$1].lastUse }) {
                    state.entries.remove(at: oldest)
                }
                state.entries.append(Entry(profile: profile, target: id, kind: made.kind, transform: made.transform, lastUse: state.clock))
            }
            return made
        }

        private func make(_ bytes: [UInt8], to target: DisplayProfile) -> (kind: Kind, transform: Transform?) {
            // lcms2's built-in sRGB; building it costs microseconds, the transform milliseconds.
            guard let input = bytes.isEmpty ? cmsCreate_sRGBProfile() : ColorProfile.open(bytes) else {
                return (.ignored("unreadable ICC profile"), nil)
            }
            defer { cmsCloseProfile(input) }
            let space = cmsGetColorSpace(input)
            guard space == cmsSigRgbData else {
                return (.ignored("\(ColorProfile.spaceName(space)) ICC profile on RGB pixels"), nil)
            }
            let isSRGB = bytes.isEmpty || ColorProfile.description(input).map { $0.lowercased().contains("srgb") } == true
            if isSRGB && target.isSRGB { return (.sRGB, nil) }
            guard let output = target.isSRGB ? cmsCreate_sRGBProfile() : ColorProfile.open(target.bytes) else {
                return (.ignored("lcms2 cannot open the display's profile"), nil)
            }
            defer { cmsCloseProfile(output) }
            let transform = cmsCreateTransform(input, fw_TYPE_RGBA_8, output, fw_TYPE_RGBA_8,
                                               cmsUInt32Number(INTENT_PERCEPTUAL), fw_transform_flags)
            guard let transform else { return (.ignored("lcms2 could not convert this profile to \(target.description)"), nil) }
            return (isSRGB ? .sRGB : .convertible, Transform(transform))
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
