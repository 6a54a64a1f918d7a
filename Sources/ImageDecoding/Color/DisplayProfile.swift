import CLCMS2
import Synchronization

/// The colour space the screen shows: the ICC profile of the display (the X
/// server's `_ICC_PROFILE`, set by colord, xiccd or a desktop's colour
/// settings), or sRGB when the display has none. Every decoder converts its
/// pixels to ``current`` (``ColorProfile/convertForDisplay(_:iccProfile:to:)``):
/// an image's own profile, or sRGB for an image without one, to this.
///
/// Untagged images on an sRGB display cost nothing: with ``sRGB`` in force and
/// no profile in the file, no transform is made or run.
///
/// ```swift
/// switch DisplayProfile.make(iccBytes: bytes) {
/// case .success(let profile): DisplayProfile.use(profile)   // profile.description: "Adobe RGB (1998)"
/// case .failure(let problem): print(problem.reason)          // and sRGB stays in force
/// }
/// ```
public struct DisplayProfile: Sendable, Equatable {
    /// The profile's bytes; empty for sRGB.
    public let bytes: [UInt8]
    /// What the profile calls itself ("sRGB" for ``sRGB``).
    public let description: String
    /// A hash of ``bytes`` (FNV-1a, 64 bits), 0 for sRGB: what caches of
    /// converted pixels (the thumbnail cache) key on.
    public let identity: UInt64

    /// sRGB: the default, and what a display without a profile shows.
    public static let sRGB = DisplayProfile(bytes: [], description: "sRGB", identity: 0)

    /// True for ``sRGB`` (and a display profile that names itself sRGB).
    public var isSRGB: Bool { bytes.isEmpty }

    /// Why a display's profile cannot be used (it is then sRGB).
    public struct Problem: Error, Sendable, Equatable {
        /// One line, no newline.
        public let reason: String
    }

    /// A display profile from the ICC bytes the display publishes: ``sRGB``
    /// for an empty one or one that names itself sRGB; a ``Problem`` when
    /// lcms2 cannot read it, it is not RGB, or nothing converts to it.
    public static func make(iccBytes: [UInt8]) -> Result<DisplayProfile, Problem> {
        guard !iccBytes.isEmpty else { return .success(.sRGB) }
        guard let profile = iccBytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        else { return .failure(Problem(reason: "not an ICC profile lcms2 can read (\(iccBytes.count) bytes)")) }
        defer { cmsCloseProfile(profile) }
        guard cmsGetColorSpace(profile) == cmsSigRgbData else {
            return .failure(Problem(reason: "not an RGB profile"))
        }
        let name = ColorProfile.description(of: iccBytes) ?? "unnamed ICC profile"
        if name.lowercased().contains("srgb") { return .success(.sRGB) }
        // Something must convert to it: a profile that is input-only has no way back.
        guard let source = cmsCreate_sRGBProfile() else { return .failure(Problem(reason: "lcms2 has no sRGB profile")) }
        defer { cmsCloseProfile(source) }
        guard let transform = cmsCreateTransform(source, fw_TYPE_RGBA_8, profile, fw_TYPE_RGBA_8,
                                                 cmsUInt32Number(INTENT_PERCEPTUAL), fw_transform_flags)
        else { return .failure(Problem(reason: "lcms2 cannot convert to it (\(name))")) }
        cmsDeleteTransform(transform)
        return .success(DisplayProfile(bytes: iccBytes, description: name, identity: Self.hash(iccBytes)))
    }

    /// The profile every decode converts to now; ``sRGB`` until ``use(_:)``.
    public static var current: DisplayProfile { inForce.withLock { $0 } }

    /// Makes `profile` the one decodes convert to from now on; decodes
    /// already made keep the old one (the browser decodes them again).
    public static func use(_ profile: DisplayProfile) {
        inForce.withLock { $0 = profile }
    }

    private static let inForce = Mutex(DisplayProfile.sRGB)

    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash == 0 ? 1 : hash
    }
}
