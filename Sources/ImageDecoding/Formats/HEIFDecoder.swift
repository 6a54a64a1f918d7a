import CHeif

/// HEIC (HEVC through libde265) and AVIF (AV1 through dav1d or aom) through
/// libheif: the primary image decoded whole into libheif's R, G and B
/// planes, area-averaged from them straight to the window's size
/// (``PlanarRGB``), then converted from its colour profile (sRGB without
/// one) to the display's (``DisplayProfile``).
///
/// libheif 1.15 has no scaled decode (HEVC and AV1 have no cheap reduced
/// resolution the way JPEG's DCT does), so the whole image is decoded and
/// ``DecodeLimits/maximumFullDecodePixels`` applies, checked from the head
/// (``HEIFStructure``) before and from libheif's handle after parsing. One
/// such decode runs at a time in the process (``HEIFDecodeGate``); a grid's
/// tiles are decoded on ``tileThreads`` threads. The file's thumbnail item
/// is ``HEIFThumbnail``'s.
///
/// Orientation: the primary's `irot` and `imir` are applied to the
/// window-sized result, as libheif 1.15 would apply them to the whole image
/// (which costs it a second full-size image); libheif applies them itself,
/// with the crop, when there is a `clap`. A HEIC's EXIF orientation is ignored: the HEIF
/// specification makes it informative only, the transforms are what counts
/// (writers that set both set them to agree).
///
/// ```swift
/// let image = try HEIFDecoder.decode(bytes, path: path, maxWidth: 1280, maxHeight: 800)
/// image.format   // "HEIC" or "AVIF", by the primary item's codec
/// ```
public struct HEIFDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "libheif" }

    /// One decoder for both: a `mif1` file is sniffed as HEIC whatever its
    /// codec, and the decoder names it by its primary item (HEIFStructure).
    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .heic || probe.format == .avif }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        try Self.decode(bytes, path: probe.path, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
    }

    /// libheif's plugins are loaded once per process; `heif_init` is
    /// reference counted and never undone here.
    static let initialized: Bool = {
        fw_heif_init(nil)
        return true
    }()

    /// Threads libheif may use for one image's tiles (a phone's HEIC is a
    /// grid of 512×512 HEVC tiles, each decoded by libde265 on one thread).
    /// One full-size decode runs at a time (``HEIFDecodeGate``), so these are
    /// all the HEIF threads there are: 4, libheif's own default (feh's too),
    /// costs nothing against 2 on an idle 2-core machine and gets the decode
    /// more of the cores on a busy one (a 12 MP grid, libheif alone, median
    /// of 8 under a load of 5: 0.68 s with 4, 0.81 s with 2; docs/benchmarks.md).
    static let tileThreads: Int32 = 4

    static func decode(_ bytes: [UInt8], path: String, maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        let structure = bytes.withUnsafeBufferPointer { HEIFStructure.parse($0) }
        let name = structure.isAVIF ? ImageFormat.avif.name : ImageFormat.heic.name
        let result: Result<DecodedImage, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeFailure) in
                let file = try HEIFFile(buffer, structure: structure, name: name, path: path)
                // The handles are the file's: it must not go before they are done with.
                return try withExtendedLifetime(file) { () throws(DecodeFailure) in
                    try decodePrimary(file, structure: structure, name: name, path: path,
                                      maxWidth: maxWidth, maxHeight: maxHeight)
                }
            }
        }
        return try result.get()
    }

    private static func decodePrimary(_ file: HEIFFile, structure: HEIFStructure, name: String, path: String,
                                      maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        // The handle's size is after irot/clap: the upright size.
        let handle = file.primary
        let width = Int(fw_heif_image_handle_get_width(handle)), height = Int(fw_heif_image_handle_get_height(handle))
        if DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels) {
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels))
        }
        // irot and imir are applied to the window-sized result, not by
        // libheif to the whole image (a second full-size image for a phone's
        // portrait photo); a clap crop is left to libheif with them.
        let transform = structure.primaryHasCleanAperture ? nil
            : structure.primaryID.flatMap { structure.transforms[$0] }
        let fitted = try HEIFDecodeGate.shared.pass { () throws(DecodeFailure) in
            try decodeFitted(handle, maxWidth: maxWidth, maxHeight: maxHeight, turnedBy: transform,
                             structure: structure, name: name, path: path)
        }
        var image = fitted.image
        ColorProfile.convertForDisplay(&image, iccProfile: colorProfile(handle) ?? [])
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                            sourceWidth: fitted.sourceWidth, sourceHeight: fitted.sourceHeight,
                            format: name, isOpaque: !fitted.hasAlpha)
    }

    /// An image `handle` names decoded and area-averaged into `maxWidth` ×
    /// `maxHeight` (never enlarged), in the numbers of its own colour
    /// profile: libheif's R, G, B (and alpha) planes are averaged in place
    /// (``PlanarRGB``), freed before this returns. libheif 1.15 turns every
    /// decode into those planes first (heif_chroma_444), so asking for them
    /// saves its conversion to interleaved RGBA and our copy of that.
    ///
    /// `transform`: the item's `irot` and `imir`, which libheif is then told
    /// to leave alone and which are applied here, after the average
    /// (``HEIFThumbnail/turned(_:by:)``); nil lets libheif apply them.
    static func decodeFitted(_ handle: OpaquePointer, maxWidth: Int, maxHeight: Int,
                             turnedBy transform: HEIFStructure.Transform? = nil, structure: HEIFStructure,
                             name: String, path: String) throws(DecodeFailure)
        -> (image: PixelBuffer, hasAlpha: Bool, sourceWidth: Int, sourceHeight: Int) {
        guard let options = fw_heif_decoding_options_alloc() else {
            throw DecodeFailure(path: path, message: "\(name) decoder could not start")
        }
        defer { fw_heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = transform == nil ? 0 : 1
        var decoded: OpaquePointer?
        let decode = fw_heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_444, options)
        guard decode.code == heif_error_Ok, let decoded else {
            throw DecodeFailure(path: path, message: codecProblem(structure, name: name)
                                ?? failureMessage(decode, name: name, structure: structure))
        }
        defer { fw_heif_image_release(decoded) }
        guard let planes = planarRGB(decoded) else {
            throw DecodeFailure(path: path, message: "corrupt \(name) data (libheif gave no RGB planes)")
        }
        // The box in the planes' own (stored) orientation.
        let swaps = (transform?.quarterTurns ?? 0) % 2 == 1
        let fit = FitSize.fit(width: planes.width, height: planes.height, maxWidth: swaps ? maxHeight : maxWidth,
                              maxHeight: swaps ? maxWidth : maxHeight)
        guard let averaged = planes.averaged(toWidth: fit.width, height: fit.height) else {
            throw DecodeFailure(path: path, message: "not enough memory to decode this \(name)")
        }
        let image = transform.map { HEIFThumbnail.turned(averaged.image, by: $0) } ?? averaged.image
        return (image, averaged.hasAlpha, swaps ? planes.height : planes.width, swaps ? planes.width : planes.height)
    }

    /// The planes of a decoded heif_chroma_444 RGB image, nil when any is
    /// missing, of another size, or of a depth we do not read.
    private static func planarRGB(_ image: OpaquePointer) -> PlanarRGB? {
        let width = Int(fw_heif_image_get_width(image, heif_channel_R))
        let height = Int(fw_heif_image_get_height(image, heif_channel_R))
        let bits = Int(fw_heif_image_get_bits_per_pixel_range(image, heif_channel_R))
        guard width > 0, height > 0, (8...16).contains(bits) else { return nil }
        let sampleBytes = bits > 8 ? 2 : 1
        func plane(_ channel: heif_channel) -> (UnsafePointer<UInt8>, Int)? {
            guard fw_heif_image_has_channel(image, channel) != 0,
                  Int(fw_heif_image_get_width(image, channel)) == width,
                  Int(fw_heif_image_get_height(image, channel)) == height,
                  Int(fw_heif_image_get_bits_per_pixel_range(image, channel)) == bits else { return nil }
            var stride: Int32 = 0
            guard let data = fw_heif_image_get_plane_readonly(image, channel, &stride),
                  Int(stride) >= width * sampleBytes else { return nil }
            return (data, Int(stride))
        }
        guard let red = plane(heif_channel_R), let green = plane(heif_channel_G), let blue = plane(heif_channel_B) else {
            return nil
        }
        let alpha = plane(heif_channel_Alpha)
        return PlanarRGB(width: width, height: height, red: red.0, green: green.0, blue: blue.0, alpha: alpha?.0,
                         strides: (red.1, green.1, blue.1, alpha?.1 ?? 0), bits: bits)
    }

    /// The profile to convert from: an embedded ICC (`prof`, `rICC`) as it
    /// is; an `nclx` naming Display P3 or BT.2020 primaries as a profile
    /// lcms2 builds (``ColorProfile/profile(primaries:)``); nil for BT.709,
    /// unspecified primaries and anything else.
    ///
    /// PQ and HLG transfers (HDR) are not tone-mapped: their pixels are shown
    /// as libheif gives them, without a gamut conversion either, since mapping
    /// the primaries of un-tone-mapped HDR numbers would not make them right.
    static func colorProfile(_ handle: OpaquePointer) -> [UInt8]? {
        let type = fw_heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            let size = fw_heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size < 1 << 24 else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            let got = fw_heif_image_handle_get_raw_color_profile(handle, &bytes)
            return got.code == heif_error_Ok ? bytes : nil
        }
        guard type == heif_color_profile_type_nclx else { return nil }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        // libheif 1.15 allocates the profile before it checks its values, and
        // returns it with the error for unknown ones: it is freed either way.
        let read = fw_heif_image_handle_get_nclx_color_profile(handle, &nclx)
        guard let nclx else { return nil }
        defer { fw_heif_nclx_color_profile_free(nclx) }
        guard read.code == heif_error_Ok else { return nil }
        let transfer = Int(nclx.pointee.transfer_characteristics.rawValue)
        let isHDR = transfer == 16 || transfer == 18   // H.273: 16 PQ (SMPTE ST 2084), 18 HLG
        guard !isHDR, let primaries = ColorProfile.Primaries(rawValue: Int(nclx.pointee.color_primaries.rawValue)),
              primaries != .bt709 else { return nil }
        return ColorProfile.profile(primaries: primaries)
    }

    /// Why libheif failed when the reason is the codec: the primary image
    /// (or its tiles) is coded with something no installed plugin decodes
    /// (JPEG 2000, VVC, or HEVC/AV1 when libde265 or dav1d/aom is missing).
    /// libheif 1.15 does not say so itself: it drops items of a type it does
    /// not know and then reports the primary item as missing. nil otherwise.
    static func codecProblem(_ structure: HEIFStructure, name: String) -> String? {
        guard let codec = structure.codecItemType else { return nil }
        let format: heif_compression_format
        switch codec {
        case "hvc1", "hev1": format = heif_compression_HEVC
        case "av01": format = heif_compression_AV1
        case "avc1": format = heif_compression_AVC
        case "jpeg": format = heif_compression_JPEG
        case "j2k1": format = heif_compression_JPEG2000
        case "vvc1", "vvi1": format = heif_compression_VVC
        case "evc1": format = heif_compression_EVC
        default: format = heif_compression_undefined
        }
        if format != heif_compression_undefined && fw_heif_have_decoder_for_format(format) != 0 { return nil }
        return "\(name) image uses a codec '\(codec)' libheif cannot decode here"
    }

    /// A one-line message for a libheif error.
    static func failureMessage(_ error: heif_error, name: String, structure: HEIFStructure) -> String {
        // libheif ends some messages with a newline; a failure is one line.
        let detail = (error.message.map { String(cString: $0) } ?? "unknown error")
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        if error.subcode == heif_suberror_End_of_data {
            return "truncated \(name) data (the file ends early)"
        }
        if error.code == heif_error_Unsupported_feature && error.subcode == heif_suberror_Unsupported_codec {
            return codecProblem(structure, name: name) ?? "\(name) image uses a codec libheif cannot decode here (\(detail))"
        }
        if error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype {
            return "unsupported kind of \(name) (\(detail))"
        }
        if error.code == heif_error_Memory_allocation_error {
            return "not enough memory to decode this \(name) (\(detail))"
        }
        return "corrupt \(name) data (\(detail))"
    }
}
