#if canImport(Glibc)
import Glibc
#endif
import CTurboJPEG
import Synchronization

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
        var decompressed = try decompressReleasing(&bytes, mayCut: !fullSize && splitsAcrossCores)
        if let cut = decompressed.cut {
            // The file's bytes are gone: its halves hold the data now.
            if let pixels = decodeHalves(cut.split, width: decompressed.image.width,
                                         height: decompressed.image.height, scale: cut.scale) {
                decompressed.image.pixels = pixels
                decompressed.cut = nil
            } else {
                // A half reported something: the whole file, read again, says what.
                var again = try FileReader.read(path)
                decompressed = try decompressReleasing(&again, mayCut: false)
            }
        }
        var image = decompressed.image.downscaled(toWidth: decompressed.target.w, height: decompressed.target.h)
            .oriented(decompressed.orientation)
        ColorProfile.convertForDisplay(&image, iccProfile: decompressed.iccProfile)
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                            sourceWidth: decompressed.upright.w, sourceHeight: decompressed.upright.h,
                            format: "JPEG", isOpaque: true)
    }

    /// libjpeg-turbo's output at the chosen scale, and what to make of it.
    private struct Decompressed {
        /// Empty pixels while `cut` is still to be decoded.
        var image: PixelBuffer
        /// The file's halves, when it has restart markers (JPEGRestartSplit):
        /// decoded after the file's own bytes are let go.
        var cut: (split: JPEGRestartSplit, scale: JPEGScale)?
        /// The fitted size, in stored orientation.
        var target: (w: Int, h: Int)
        var orientation: ExifOrientation
        /// The image's own size, upright.
        var upright: (w: Int, h: Int)
        /// The embedded ICC profile (APP2), empty without one.
        var iccProfile: [UInt8]
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
        // Restart markers: the two halves on two cores (JPEGRestartSplit), once the caller let the bytes go.
        if mayCut, !header.isCMYK, let split = JPEGRestartSplit.plan(buffer) {
            return Decompressed(image: PixelBuffer(width: plan.scaledWidth, height: plan.scaledHeight, pixels: []),
                                cut: (split, plan.scale), target: plan.target, orientation: structure.orientation,
                                upright: plan.upright, iccProfile: structure.iccProfile(in: buffer))
        }
        // Without restart markers a page is decoded on one core: JPEGEntropySplit's
        // second thread first reads codes the first thread reads again, and
        // in the browser the other core is rarely free when a page decodes
        // (the neighbours' decodes, the window opening): the first image came
        // 10–30 ms later with it (docs/benchmarks.md). Zoomed regions use it.
        var image = try decompressPixels(handle, buffer, isCMYK: header.isCMYK, plan: plan,
                                         flags: decodeFlags(for: structure), path: path)
        if header.isCMYK { image = convertInvertedCMYK(image) }
        // A CMYK profile does not describe the RGB made above: ColorProfile ignores it.
        return Decompressed(image: image, cut: nil, target: plan.target, orientation: structure.orientation,
                            upright: plan.upright, iccProfile: structure.iccProfile(in: buffer))
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

    /// Whether a decode may take a second core (JPEGRestartSplit): not on a
    /// one-core machine. The halves are copies of the file's data, made
    /// while the file's own bytes are still held (a moment), then decoded
    /// once those are let go: the peak is what a whole decode's is.
    static let splitsAcrossCores = sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2

    /// `split`'s halves decoded at `scale`, the top on a new thread and the
    /// bottom on this one, each straight into its rows of one buffer
    /// (`width` × `height` RGBA, the whole image at that scale). Nil when
    /// either half reports anything, even a warning: the caller then
    /// decodes the whole file, whose messages are the ones to show.
    static func decodeHalves(_ split: JPEGRestartSplit, width: Int, height: Int, scale: JPEGScale) -> [UInt8]? {
        // A whole number of rows at any scale: the cut is on an MCU row (8 or 16 px).
        let topHeight = split.topRows * scale.numerator / scale.denominator
        guard topHeight > 0, topHeight < height else { return nil }
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            initialized = out.count
            guard let base = out.baseAddress else { return }
            let top = Half(bytes: split.top, out: base, width: Int32(width), height: Int32(topHeight))
            let bottom = Half(bytes: split.bottom, out: base + topHeight * width * 4, width: Int32(width),
                              height: Int32(height - topHeight))
            let topDone = Mutex(false)
            var bottomDone = false
            ok = WorkerThread.alongside({ let done = top.decode(); topDone.withLock { $0 = done } }) {
                bottomDone = bottom.decode()
            } && bottomDone && topDone.withLock { $0 }
        }
        return ok ? pixels : nil
    }

    /// One half of a cut JPEG and the rows of the output it fills; its own
    /// thread writes only there.
    private struct Half: @unchecked Sendable {
        let bytes: [UInt8]
        let out: UnsafeMutablePointer<UInt8>
        let width: Int32, height: Int32

        /// True when libjpeg-turbo decoded it without a word.
        func decode() -> Bool {
            guard let handle = tjInitDecompress() else { return false }
            defer { tjDestroy(handle) }
            return bytes.withUnsafeBufferPointer { data in
                tjDecompress2(handle, data.baseAddress, UInt(data.count), out, width, width * 4, height,
                              Int32(TJPF_RGBA.rawValue), 0) == 0
            }
        }
    }

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
