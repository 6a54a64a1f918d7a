import CJXL

/// JPEG XL through libjxl: the first frame decoded whole to 8-bit RGBA,
/// upright (libjxl applies the codestream's orientation unless asked to
/// keep it, which we never do), area-averaged down to fit, then in sRGB.
///
/// libjxl 0.7 has no scaled output (its progressive DC pass is 1:8 but only
/// for some files and not as an API for a final image), so the whole image
/// is decoded and ``DecodeLimits/maximumFullDecodePixels`` applies, checked
/// from the head (``JXLStructure``) and again from libjxl's basic info.
///
/// Colour: for a lossy (XYB) file libjxl can produce any encoding, so it is
/// asked for sRGB directly (then sRGB to the display's profile); a lossless or
/// recompressed-JPEG file comes out in its own space, and the data's ICC
/// profile goes to
/// ``ColorProfile/convertForDisplay(_:iccProfile:to:)`` after the downscale.
///
/// ```swift
/// let image = try JXLDecoder.decode(bytes, path: path, maxWidth: 1280, maxHeight: 800)
/// image.format   // "JPEG XL"
/// ```
public struct JXLDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "libjxl" }

    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .jxl }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        try Self.decode(bytes, path: probe.path, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
    }

    /// Threads of libjxl's own pool per decode (0: none, decode on the
    /// calling thread). Measured on the 2-core development machine, 12 MP
    /// lossy file while a second decode runs: see docs/benchmarks.md.
    static let runnerThreads = 2

    /// libjxl's failure lines kept off stderr, once per process before its
    /// first decode (Sources/CJXL/shim.h says why and how).
    private static let libjxlLinesFiltered: Bool = fw_filter_libjxl_lines_from_stderr() != 0

    static func decode(_ bytes: [UInt8], path: String, maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        _ = libjxlLinesFiltered
        let name = ImageFormat.jxl.name
        let result: Result<UprightPixels, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeFailure) in try decodeFirstFrame(buffer, path: path) }
        }
        return try result.get().fitted(maxWidth: maxWidth, maxHeight: maxHeight, format: name)
    }

    private static func decodeFirstFrame(_ buffer: UnsafeBufferPointer<UInt8>, path: String) throws(DecodeFailure) -> UprightPixels {
        guard let decoder = fw_JxlDecoderCreate(nil) else {
            // libjxl is loaded at the first JPEG XL (Sources/CJXL/shim.h).
            let reason = fw_jxl_is_available() != 0 ? "could not start" : "is not installed (libjxl0.7 is missing)"
            throw DecodeFailure(path: path, message: "JPEG XL decoder \(reason)")
        }
        defer { fw_JxlDecoderDestroy(decoder) }
        var runner: UnsafeMutableRawPointer?
        if runnerThreads > 0 {
            runner = fw_JxlThreadParallelRunnerCreate(nil, runnerThreads)
            if let runner { _ = fw_JxlDecoderSetThreadParallelRunner(decoder, runner) }
        }
        defer { if let runner { fw_JxlThreadParallelRunnerDestroy(runner) } }

        let events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue
        guard fw_JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
              fw_JxlDecoderSetInput(decoder, buffer.baseAddress, buffer.count) == JXL_DEC_SUCCESS else {
            throw DecodeFailure(path: path, message: "JPEG XL decoder could not start")
        }
        // The input is left open although all of the file is there: libjxl
        // 0.7 then says NEED_MORE_INPUT for a file cut short, where a closed
        // input gives the same JXL_DEC_ERROR as corrupt data.
        let header = try readHeader(decoder, path: path)
        let image = try readFirstFrame(decoder, info: header.info, path: path)
        return UprightPixels(image: image, hasAlpha: header.info.alpha_bits > 0, iccProfile: header.iccProfile)
    }

    /// libjxl's events up to its request for an output buffer: the size
    /// (checked against the limit) and the colour of the pixels it will give.
    private static func readHeader(_ decoder: OpaquePointer,
                                   path: String) throws(DecodeFailure) -> (info: JxlBasicInfo, iccProfile: [UInt8]?) {
        var info = JxlBasicInfo()
        var iccProfile: [UInt8]?
        while true {
            let status = fw_JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_BASIC_INFO:
                guard fw_JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
                    throw DecodeFailure(path: path, message: "corrupt JPEG XL header")
                }
                // xsize and ysize are already upright (orientation applied).
                let width = Int(info.xsize), height = Int(info.ysize)
                if DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels) {
                    throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                        width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels))
                }
            case JXL_DEC_COLOR_ENCODING:
                iccProfile = outputProfile(decoder, info: info)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                return (info, iccProfile)
            default:
                throw DecodeFailure(path: path, message: failureMessage(status))
            }
        }
    }

    /// The first frame as 8-bit RGBA, once libjxl asks for its buffer; an
    /// animation stops there.
    private static func readFirstFrame(_ decoder: OpaquePointer, info: JxlBasicInfo,
                                       path: String) throws(DecodeFailure) -> PixelBuffer {
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        let width = Int(info.xsize), height = Int(info.ysize)
        var size = 0
        guard width > 0, height > 0, fw_JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS,
              size == width * height * 4 else {
            throw DecodeFailure(path: path, message: "corrupt JPEG XL header (unexpected image size)")
        }
        var failure: DecodeFailure?
        let pixels = [UInt8](unsafeUninitializedCapacity: size) { out, initialized in
            initialized = 0
            guard fw_JxlDecoderSetImageOutBuffer(decoder, &format, out.baseAddress, size) == JXL_DEC_SUCCESS else {
                failure = DecodeFailure(path: path, message: "JPEG XL decoder refused the output buffer")
                return
            }
            let status = fw_JxlDecoderProcessInput(decoder)
            guard status == JXL_DEC_FULL_IMAGE else {
                failure = DecodeFailure(path: path, message: failureMessage(status))
                return
            }
            initialized = size
        }
        if let failure { throw failure }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// After `JXL_DEC_COLOR_ENCODING`: asks for sRGB output where libjxl
    /// may choose (XYB-coded colour images), then returns the ICC profile of
    /// the pixels it will produce, or nil when they are sRGB.
    private static func outputProfile(_ decoder: OpaquePointer, info: JxlBasicInfo) -> [UInt8]? {
        if info.uses_original_profile == 0 && info.num_color_channels == 3 {
            var sRGB = JxlColorEncoding()
            sRGB.color_space = JXL_COLOR_SPACE_RGB
            sRGB.white_point = JXL_WHITE_POINT_D65
            sRGB.primaries = JXL_PRIMARIES_SRGB
            sRGB.transfer_function = JXL_TRANSFER_FUNCTION_SRGB
            sRGB.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL
            _ = fw_JxlDecoderSetPreferredColorProfile(decoder, &sRGB)
        }
        var encoding = JxlColorEncoding()
        if fw_JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS,
           encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
           encoding.primaries == JXL_PRIMARIES_SRGB, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB {
            return nil
        }
        var size = 0
        guard fw_JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
              size > 0, size < 1 << 24 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard fw_JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &bytes, size) == JXL_DEC_SUCCESS else {
            return nil
        }
        return bytes
    }

    /// libjxl says only "error" (0.7 has no message API): the status decides.
    private static func failureMessage(_ status: JxlDecoderStatus) -> String {
        switch status {
        case JXL_DEC_NEED_MORE_INPUT: return "truncated JPEG XL data (the file ends early)"
        case JXL_DEC_SUCCESS: return "JPEG XL file has no image frame"
        default: return "corrupt JPEG XL data (libjxl could not decode it)"
        }
    }
}
