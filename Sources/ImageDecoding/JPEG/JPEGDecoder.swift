#if canImport(Glibc)
import Glibc
#endif
import CTurboJPEG

/// JPEG through libturbojpeg: header first (size and memory limits), then a
/// DCT-scaled decode straight to RGBA at the smallest scale that still
/// covers the target (``JPEGScale/choose(width:height:targetWidth:targetHeight:maximumPixels:)``),
/// then an area-averaged downscale to the exact fit and the EXIF orientation.
///
/// ```swift
/// let image = try JPEGDecoder.decode(bytes, path: path, maxWidth: 1280, maxHeight: 800)
/// let registry = DecoderRegistry([JPEGDecoder()])   // as one decoder of a registry
/// ```
public struct JPEGDecoder: ImageFormatDecoder {
    /// Decode every pixel (no DCT scaling) before the downscale.
    let decodesFullSize: Bool

    /// The decoder the browser uses: DCT-scaled to the fitted size.
    public init() {
        decodesFullSize = false
    }

    /// With `decodingFullSize`, every pixel is decoded (no DCT scaling) and
    /// then scaled down: only the benchmarks ask for it, to show what scaled
    /// decoding saves (Benchmarks/Benchmarks/DecodeBenchmarks):
    /// `DecoderRegistry([JPEGDecoder(decodingFullSize: true)])`.
    @_spi(Benchmarks) public init(decodingFullSize: Bool) {
        decodesFullSize = decodingFullSize
    }

    public var name: String { decodesFullSize ? "libjpeg-turbo, full size" : "libjpeg-turbo" }

    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .jpeg }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        try Self.decode(releasing: &bytes, path: probe.path, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight,
                        fullSize: decodesFullSize)
    }

    /// The decode's flags. Progressive JPEGs may have any number of scans;
    /// libjpeg-turbo's limit (500) stops crafted files from spinning for
    /// minutes. The limit works through a progress monitor that costs about
    /// 10 % of a baseline decode (42 vs 38 ms for 12 MP at 3/8), so a frame
    /// the markers show to be sequential (its scans are bounded by its
    /// components) goes without; an unknown frame keeps the limit.
    static func decodeFlags(for structure: JPEGStructure) -> Int32 {
        structure.width != nil && !structure.isProgressive ? 0 : Int32(TJFLAG_LIMITSCANS)
    }

    /// A whole JPEG held in memory, fitted into `maxWidth` × `maxHeight`
    /// (0 leaves that axis free), upright and in sRGB; Gallery's cached
    /// thumbnails are read back this way.
    public static func decode(_ bytes: [UInt8], path: String, maxWidth: Int,
                              maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        var bytes = bytes
        return try decode(releasing: &bytes, path: path, maxWidth: maxWidth, maxHeight: maxHeight)
    }

    /// The same, but `bytes` is emptied as soon as libjpeg-turbo is done with
    /// it, before the downscale: the file's bytes (3 MB for a 12 MP photo) and
    /// both pixel buffers are never all held at once, which lowers the peak
    /// memory of every decoding thread.
    static func decode(releasing bytes: inout [UInt8], path: String, maxWidth: Int, maxHeight: Int,
                       fullSize: Bool = false) throws(DecodeFailure) -> DecodedImage {
        // libjpeg-turbo's part, the bytes emptied as soon as it is done.
        func decompressReleasing(_ bytes: inout [UInt8], mayCut: Bool) throws(DecodeFailure) -> Decompressed {
            let result: Result<Decompressed, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(DecodeFailure) in
                    try decompress(buffer, path: path, maxWidth: maxWidth, maxHeight: maxHeight,
                                        fullSize: fullSize, mayCut: mayCut)
                }
            }
            bytes = []
            return try result.get()
        }
        let decompressed = try decompressReleasing(&bytes, mayCut: !fullSize && splitsAcrossCores)
        // A decode libjpeg ran on two cores is worth finishing on two.
        var image = decompressed.image.downscaled(toWidth: decompressed.target.w, height: decompressed.target.h,
                                                  onTwoCores: decompressed.route != .whole)
            .oriented(decompressed.orientation)
        ColorProfile.convertForDisplay(&image, iccProfile: decompressed.iccProfile)
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                            sourceWidth: decompressed.upright.w, sourceHeight: decompressed.upright.h,
                            format: "JPEG", isOpaque: true)
    }

    /// libjpeg-turbo's output at the chosen scale, and what to make of it.
    private struct Decompressed {
        var image: PixelBuffer
        /// The fitted size, in stored orientation.
        var target: (w: Int, h: Int)
        var orientation: ExifOrientation
        /// The image's own size, upright.
        var upright: (w: Int, h: Int)
        /// The embedded ICC profile (APP2), empty without one.
        var iccProfile: [UInt8]
        var route: Route
    }

    /// How libjpeg's part of a decode ran.
    enum Route: Equatable {
        /// tjDecompress2 on one core.
        case whole
        /// A progressive file's scans read on two cores, libjpeg's output
        /// pass making the pixels (JPEGProgressiveSplit).
        case progressiveSplit
        /// A progressive file's scans read and its pixels made on two cores,
        /// a band at a time, without libjpeg's output pass (JPEGProgressiveSplit
        /// at 3/8: grey, 4:4:4, 4:2:0).
        case progressiveBands
        /// Cut where the first image's sketch recorded the rows (JPEGBaselineSketch).
        case keptScanSplit
        /// Made at 3/8 from each block's low-frequency coefficients alone,
        /// read on two cores from the rows the first image's sketch recorded,
        /// without libjpeg's decode (JPEGBaselineSketch, `jpeg_low_frequency.c`).
        case keptLowFrequency
        /// Cut at a restart interval (JPEGEntropySplit).
        case restartSplit
    }

    /// How a decode of `bytes` fitted into the box runs libjpeg's part, on
    /// this machine: what tests look at.
    static func route(of bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> Route {
        let result: Result<Decompressed, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeFailure) in
                try decompress(buffer, path: "route", maxWidth: maxWidth, maxHeight: maxHeight, fullSize: false,
                               mayCut: splitsAcrossCores)
            }
        }
        return try result.get().route
    }

    private static func decompress(_ buffer: UnsafeBufferPointer<UInt8>, path: String, maxWidth: Int, maxHeight: Int,
                                   fullSize: Bool, mayCut: Bool) throws(DecodeFailure) -> Decompressed {
        let structure = JPEGStructure.parse(buffer)
        guard let handle = tjInitDecompress() else {
            throw DecodeFailure(path: path, message: "JPEG decoder could not start")
        }
        defer { tjDestroy(handle) }
        let header = try readHeader(handle, buffer, structure: structure, path: path)
        let plan = ScalePlan(width: header.width, height: header.height, orientation: structure.orientation,
                             maxWidth: maxWidth, maxHeight: maxHeight, fullSize: fullSize)
        var image: PixelBuffer
        var route = Route.whole
        if let (split, how) = splitDecode(buffer, structure: structure, header: header, plan: plan, mayCut: mayCut) {
            image = split
            route = how
        } else {
            image = try decompressPixels(handle, buffer, isCMYK: header.isCMYK, plan: plan,
                                         flags: decodeFlags(for: structure), path: path)
        }
        if header.isCMYK { image = convertInvertedCMYK(image) }
        // A CMYK profile does not describe the RGB made above: ColorProfile ignores it.
        return Decompressed(image: image, target: plan.target, orientation: structure.orientation,
                            upright: plan.upright, iccProfile: structure.iccProfile(in: buffer), route: route)
    }

    /// libjpeg's part on two cores, when this file and machine allow it
    /// (nil: tjDecompress2 on one).
    ///
    /// Restart markers: JPEGEntropySplit, which reads nothing twice for
    /// them. Without them a baseline page (but the first image) is decoded on
    /// one core: the split's second thread first reads codes the first thread
    /// reads again, and in the browser the other core is rarely free when a
    /// page decodes (the neighbours' decodes, the window opening): the first
    /// image came 15–25 ms later with it (docs/benchmarks.md). Zoomed regions
    /// use it. A scan kept by the sketch just made of these bytes (the first
    /// image, JPEGBaselineSketch) knows where every MCU row starts: any file
    /// splits then, at its middle row. A progressive file's scans are read on
    /// two cores, each code once (JPEGProgressiveSplit).
    private static func splitDecode(_ buffer: UnsafeBufferPointer<UInt8>, structure: JPEGStructure, header: Header,
                                    plan: ScalePlan, mayCut: Bool) -> (PixelBuffer, Route)? {
        let kept = JPEGBaselineSketch.takeKeptScan(of: buffer)
        guard mayCut, !header.isCMYK, plan.upright.w * plan.upright.h >= JPEGEntropySplit.minimumPixels else {
            return nil
        }
        let size = (w: plan.scaledWidth, h: plan.scaledHeight)
        if structure.isProgressive {
            guard case .success(let read) = JPEGProgressiveSplit.decodeTelling(buffer, scale: plan.scale,
                                                                               width: size.w, height: size.h)
            else { return nil }
            return (PixelBuffer(width: size.w, height: size.h, pixels: read.pixels),
                    read.madeByReaders ? .progressiveBands : .progressiveSplit)
        }
        if let kept, case .success(let split) = kept.decode(buffer, scale: plan.scale, width: size.w, height: size.h) {
            return (PixelBuffer(width: size.w, height: size.h, pixels: split.pixels),
                    split.lowFrequency ? .keptLowFrequency : .keptScanSplit)
        }
        if case .success(let split) = JPEGEntropySplit.decode(buffer, scale: plan.scale, width: size.w, height: size.h,
                                                              topFraction: 0.5, restartMarkersOnly: true,
                                                              byWork: true) {
            return (PixelBuffer(width: size.w, height: size.h, pixels: split.pixels), .restartSplit)
        }
        return nil
    }

    /// What the frame header says, checked against the limits.
    private struct Header {
        var width: Int
        var height: Int
        /// CMYK or YCCK: decoded as CMYK, converted here.
        var isCMYK: Bool
    }

    private static func readHeader(_ handle: tjhandle, _ buffer: UnsafeBufferPointer<UInt8>, structure: JPEGStructure,
                                   path: String) throws(DecodeFailure) -> Header {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        if tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace) != 0 {
            throw DecodeFailure(path: path, message: headerFailureMessage(errorText(handle), structure: structure))
        }
        let w = Int(width), h = Int(height)
        if w <= 0 || h <= 0 {
            // libjpeg-turbo reports a file that ends before its frame header as
            // a success with a 0×0 size (and a "Premature end" warning).
            throw DecodeFailure(path: path, message: "corrupt or truncated JPEG (the file ends before the image header)")
        }
        // Large progressive JPEGs go to JPEGDCDecoder before this; what comes
        // here is decoded by libjpeg, with its memory limit.
        let limit = structure.isProgressive ? DecodeLimits.maximumProgressiveJPEGPixels : DecodeLimits.maximumJPEGPixels
        if DecodeLimits.exceeds(width: w, height: h, limit: limit) {
            let what = structure.isProgressive ? "progressive JPEG" : "image"
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(width: w, height: h, limit: limit, what: what))
        }
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return Header(width: w, height: h, isCMYK: isCMYK)
    }

    /// The sizes of one decode: the *upright* image fitted into the box, the
    /// target expressed in stored orientation for the decoder, and the DCT
    /// scale that still covers it.
    private struct ScalePlan {
        var upright: (w: Int, h: Int)
        var target: (w: Int, h: Int)
        var scale: JPEGScale
        var scaledWidth: Int
        var scaledHeight: Int

        init(width w: Int, height h: Int, orientation: ExifOrientation, maxWidth: Int, maxHeight: Int, fullSize: Bool) {
            upright = orientation.swapsAxes ? (w: h, h: w) : (w: w, h: h)
            let fit = FitSize.fit(width: upright.w, height: upright.h, maxWidth: maxWidth, maxHeight: maxHeight)
            target = orientation.swapsAxes ? (w: fit.height, h: fit.width) : (w: fit.width, h: fit.height)
            scale = fullSize
                ? JPEGScale.choose(width: w, height: h, targetWidth: w, targetHeight: h)
                : JPEGScale.choose(width: w, height: h, targetWidth: target.w, targetHeight: target.h)
            scaledWidth = scale.scaled(w)
            scaledHeight = scale.scaled(h)
        }
    }

    /// libjpeg-turbo's pixels at the plan's scale (CMYK still inverted, as
    /// Adobe writes it); its warnings that mean a cut-short file are failures.
    private static func decompressPixels(_ handle: tjhandle, _ buffer: UnsafeBufferPointer<UInt8>, isCMYK: Bool,
                                         plan: ScalePlan, flags: Int32, path: String) throws(DecodeFailure) -> PixelBuffer {
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_RGBA
        let width = plan.scaledWidth, height = plan.scaledHeight
        var warning: String?
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            let status = tjDecompress2(handle, buffer.baseAddress, UInt(buffer.count), out.baseAddress,
                                       Int32(width), Int32(width * 4), Int32(height), Int32(pixelFormat.rawValue), flags)
            initialized = out.count
            if status != 0 {
                warning = errorText(handle)
                if tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
                    initialized = 0
                }
            }
        }
        if pixels.isEmpty {
            throw DecodeFailure(path: path, message: dataFailureMessage(warning ?? "decoder error"))
        }
        if let warning, let message = truncationMessage(warning) {
            // libjpeg fills the missing part with grey and calls it a warning;
            // for a viewer the honest answer is that the file is cut short.
            throw DecodeFailure(path: path, message: message)
        }
        // Other warnings ("extraneous bytes before marker") are common in
        // real photos that look fine: show the picture.
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// Whether a decode may take a second core (JPEGEntropySplit): not on a
    /// one-core machine.
    static let splitsAcrossCores = sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2

    /// Adobe writes CMYK JPEGs inverted (0 = full ink), which is what nearly
    /// every CMYK JPEG in the wild is; libjpeg-turbo cannot convert CMYK to RGB.
    private static func convertInvertedCMYK(_ buffer: PixelBuffer) -> PixelBuffer {
        var pixels = buffer.pixels
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let k = UInt16(p[i + 3])
                p[i] = UInt8(UInt16(p[i]) * k / 255)
                p[i + 1] = UInt8(UInt16(p[i + 1]) * k / 255)
                p[i + 2] = UInt8(UInt16(p[i + 2]) * k / 255)
                p[i + 3] = 255
                i += 4
            }
        }
        return PixelBuffer(width: buffer.width, height: buffer.height, pixels: pixels)
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }

    private static func headerFailureMessage(_ text: String, structure: JPEGStructure) -> String {
        if text.contains("Unsupported") { return "unsupported kind of JPEG (\(text))" }
        if structure.width == nil { return "corrupt or truncated JPEG header (\(text))" }
        return "corrupt JPEG header (\(text))"
    }

    private static func dataFailureMessage(_ text: String) -> String {
        if text.contains("Unsupported") { return "unsupported kind of JPEG (\(text))" }
        if let truncated = truncationMessage(text) { return truncated }
        return "corrupt JPEG data (\(text))"
    }

    /// The message for libjpeg's two "the data ran out" warnings, or nil.
    /// "Premature end of JPEG file": the file stops. "Corrupt JPEG data:
    /// premature end of data segment": an end marker comes before the image
    /// is complete, as in a file whose header claims more rows than its data
    /// holds; either way most of the picture would be libjpeg's grey fill.
    static func truncationMessage(_ warning: String) -> String? {
        if warning.contains("Premature end of JPEG file") { return "truncated JPEG data (the file ends early)" }
        if warning.contains("premature end of data segment") {
            return "truncated JPEG data (the image data ends before the picture is complete)"
        }
        return nil
    }
}
