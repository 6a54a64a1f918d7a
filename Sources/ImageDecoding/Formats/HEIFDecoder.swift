import CHeif

/// HEIC (HEVC through libde265) and AVIF (AV1 through dav1d or aom) through
/// libheif: the primary image decoded whole to 8-bit RGBA, area-averaged
/// down to fit, then converted to sRGB from its colour profile.
///
/// libheif 1.15 has no scaled decode (HEVC and AV1 have no cheap reduced
/// resolution the way JPEG's DCT does), so the whole image is decoded and
/// ``DecodeLimits/maximumFullDecodePixels`` applies, checked from the head
/// (``HEIFStructure``) before and from libheif's handle after parsing.
///
/// Orientation: libheif applies the `irot` and `imir` transforms (and `clap`)
/// by default, which is kept. A HEIC's EXIF orientation is ignored: the HEIF
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
    private static let initialized: Bool = {
        fw_heif_init(nil)
        return true
    }()

    /// Threads libheif may use for one image's tiles (a phone's HEIC is a
    /// grid of 512×512 HEVC tiles): the machine has few cores and several
    /// worker threads decode at once, so two are enough to keep one busy
    /// decode fast without oversubscribing.
    static let tileThreads: Int32 = 2

    static func decode(_ bytes: [UInt8], path: String, maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        _ = initialized
        let structure = bytes.withUnsafeBufferPointer { HEIFStructure.parse($0) }
        let name = structure.isAVIF ? ImageFormat.avif.name : ImageFormat.heic.name
        let result: Result<UprightPixels, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeFailure) in
                try decodePrimary(buffer, structure: structure, name: name, path: path)
            }
        }
        return try result.get().fitted(maxWidth: maxWidth, maxHeight: maxHeight, format: name)
    }

    private static func decodePrimary(_ buffer: UnsafeBufferPointer<UInt8>, structure: HEIFStructure, name: String,
                                      path: String) throws(DecodeFailure) -> UprightPixels {
        guard let context = fw_heif_context_alloc() else {
            // libheif is loaded at the first HEIC or AVIF (Sources/CHeif/shim.h).
            let reason = fw_heif_is_available() != 0 ? "could not start" : "is not installed (libheif1 is missing)"
            throw DecodeFailure(path: path, message: "\(name) decoder \(reason)")
        }
        defer { fw_heif_context_free(context) }
        fw_heif_context_set_max_decoding_threads(context, tileThreads)
        // Without copy: the context (freed by the defer above) never outlives `buffer`.
        let read = fw_heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
        if read.code != heif_error_Ok {
            throw DecodeFailure(path: path, message: codecProblem(structure, name: name)
                                ?? failureMessage(read, name: name, structure: structure))
        }
        var handle: OpaquePointer?
        let primary = fw_heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else {
            throw DecodeFailure(path: path, message: codecProblem(structure, name: name)
                                ?? failureMessage(primary, name: name, structure: structure))
        }
        defer { fw_heif_image_handle_release(handle) }

        // The handle's size is after irot/clap: the upright size.
        let width = Int(fw_heif_image_handle_get_width(handle)), height = Int(fw_heif_image_handle_get_height(handle))
        if DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels) {
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels))
        }
        let image = try decodeRGBA(handle, structure: structure, name: name, path: path)
        return UprightPixels(image: image, hasAlpha: fw_heif_image_handle_has_alpha_channel(handle) != 0,
                             iccProfile: colorProfile(handle))
    }

    /// The primary image's pixels as 8-bit RGBA, rows tight (libheif pads them).
    private static func decodeRGBA(_ handle: OpaquePointer, structure: HEIFStructure, name: String,
                                   path: String) throws(DecodeFailure) -> PixelBuffer {
        guard let options = fw_heif_decoding_options_alloc() else {
            throw DecodeFailure(path: path, message: "\(name) decoder could not start")
        }
        defer { fw_heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1   // 10- and 12-bit AVIFs to our 8 bits
        var decodedImage: OpaquePointer?
        let decode = fw_heif_decode_image(handle, &decodedImage, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
        guard decode.code == heif_error_Ok, let decodedImage else {
            throw DecodeFailure(path: path, message: codecProblem(structure, name: name)
                                ?? failureMessage(decode, name: name, structure: structure))
        }
        defer { fw_heif_image_release(decodedImage) }
        let outWidth = Int(fw_heif_image_get_width(decodedImage, heif_channel_interleaved))
        let outHeight = Int(fw_heif_image_get_height(decodedImage, heif_channel_interleaved))
        var stride: Int32 = 0
        guard outWidth > 0, outHeight > 0,
              let plane = fw_heif_image_get_plane_readonly(decodedImage, heif_channel_interleaved, &stride),
              Int(stride) >= outWidth * 4 else {
            throw DecodeFailure(path: path, message: "corrupt \(name) data (libheif gave no RGBA pixels)")
        }
        // libheif pads rows (stride ≥ width × 4); PixelBuffer rows are tight.
        let rowBytes = outWidth * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * outHeight) { out, initialized in
            for y in 0..<outHeight {
                (out.baseAddress! + y * rowBytes).update(from: plane + y * Int(stride), count: rowBytes)
            }
            initialized = rowBytes * outHeight
        }
        return PixelBuffer(width: outWidth, height: outHeight, pixels: pixels)
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
        guard fw_heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
        defer { fw_heif_nclx_color_profile_free(nclx) }
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
