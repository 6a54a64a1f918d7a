import CStreamDecoders

/// PNG, TIFF and large progressive JPEGs, read from the file row by row and
/// averaged down to the requested size as they stream (the C target
/// `CStreamDecoders`): the peak memory is a few source rows plus the result,
/// whatever the image's size. A 30000 × 30000 PNG is about 1 MB of rows.
///
/// ```swift
/// let image = try StreamedDecoder.decodeFitted(.png, path: "/scans/map.png", maxWidth: 1280, maxHeight: 800)
/// let registry = DecoderRegistry([StreamedDecoder.png, StreamedDecoder.tiff])
/// ```
public struct StreamedDecoder: ImageFormatDecoder {
    /// The reader this decoder streams with.
    let reader: Reader

    /// PNG through libpng, row by row.
    public static let png = StreamedDecoder(reader: .png)
    /// TIFF through libtiff, a band of strips or tiles at a time.
    public static let tiff = StreamedDecoder(reader: .tiff)

    public var name: String { reader == .tiff ? "libtiff, streamed" : "libpng, streamed" }

    /// It streams the file: only the head is read for it.
    public var readsFromPath: Bool { true }

    /// PNG or TIFF; a progressive JPEG's DC is ``JPEGDCDecoder``'s.
    public func accepts(_ probe: DecodeProbe) -> Bool {
        switch reader {
        case .png: probe.format == .png
        case .tiff: probe.format == .tiff
        case .jpegDC, .jpegFirstDCScans: false
        }
    }

    public func decode(path probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        // The width the head claims, before libpng or libtiff allocate a row of it.
        if let format = probe.format,
           let size = probe.head.withUnsafeBufferPointer({ ImageHeader.dimensions(of: format, in: $0) }),
           size.width > DecodeLimits.maximumStreamedWidth {
            throw DecodeFailure(path: probe.path, message: DecodeLimits.overWidthMessage(
                width: size.width, height: size.height, format: reader.formatName))
        }
        // A PNG that fits in the head is checked chunk by chunk first, for
        // precise messages; libpng's own words serve for the rest.
        if reader == .png, probe.headIsWholeFile,
           let problem = probe.head.withUnsafeBufferPointer({ PNGStructure.problem(in: $0) }) {
            throw DecodeFailure(path: probe.path, message: problem)
        }
        return try Self.decodeFitted(reader, path: probe.path, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight,
                                     cancellation: probe.cancellation)
    }

    /// Which reader.
    package enum Reader: Sendable {
        /// libpng; interlaced files are held whole up to ``DecodeLimits/maximumInterlacedPNGBytes``.
        case png
        /// libtiff's RGBA interface, a band of strips or tiles at a time.
        case tiff
        /// A progressive JPEG's DC coefficients: the image at 1/8 scale.
        case jpegDC
        /// The same from each component's first DC scan, the file's first
        /// few percent: the first image's sketch (``JPEGDCDecoder/sketch(path:)``).
        case jpegFirstDCScans

        var formatName: String {
            switch self {
            case .png: "PNG"
            case .tiff: "TIFF"
            case .jpegDC, .jpegFirstDCScans: "JPEG"
            }
        }
    }

    /// What a header read found.
    package struct Header {
        /// The size as stored, before `orientation`.
        package var width: Int
        package var height: Int
        package var interlaced: Bool
        package var iccProfile: [UInt8]
        /// A TIFF's Orientation tag; `.normal` for PNG.
        package var orientation: ExifOrientation = .normal

        /// The size shown, after `orientation`.
        package var upright: (width: Int, height: Int) {
            orientation.swapsAxes ? (height, width) : (width, height)
        }
    }

    /// The size (and profile) from the file's header (PNG, TIFF).
    package static func header(_ reader: Reader, path: String) throws(DecodeFailure) -> Header {
        var result = fw_stream_result()
        let status = reader == .tiff ? fw_tiff_header(path, &result) : fw_png_header(path, &result)
        defer { fw_stream_free(&result) }
        guard status == 0 else { throw failure(reader, path: path, result: &result) }
        return Header(width: Int(result.width), height: Int(result.height), interlaced: result.interlaced != 0,
                      iccProfile: profile(result),
                      orientation: ExifOrientation(rawValue: Int(result.orientation)) ?? .normal)
    }

    /// `region` (in the reader's stored pixels: 1/8-scale ones for `.jpegDC`)
    /// averaged into `outWidth` × `outHeight`, converted to the display's
    /// profile (PNG and TIFF; the `.jpegDC` caller converts). Also returns the file's full size. The pixels are in
    /// stored order: a TIFF's orientation is the caller's to apply.
    static func decode(_ reader: Reader, path: String, region: PixelRect, outWidth: Int, outHeight: Int,
                       cancellation: DecodeCancellation? = nil)
        throws(DecodeFailure) -> (image: PixelBuffer, hasAlpha: Bool, width: Int, height: Int) {
        var result = fw_stream_result()
        result.cancel = cancellation?.state
        defer { fw_stream_free(&result) }
        let rect = fw_rect(x: Int32(clamping: region.x), y: Int32(clamping: region.y),
                           width: Int32(clamping: region.width), height: Int32(clamping: region.height))
        var status: Int32 = -1
        var pixels = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { out, initialized in
            switch reader {
            case .png:
                status = fw_png_decode(path, rect, Int32(outWidth), Int32(outHeight), out.baseAddress,
                                       DecodeLimits.maximumInterlacedPNGBytes, &result)
            case .tiff:
                status = fw_tiff_decode(path, rect, Int32(outWidth), Int32(outHeight), out.baseAddress, &result)
            case .jpegDC:
                status = fw_jpeg_dc_decode(path, rect, Int32(outWidth), Int32(outHeight), out.baseAddress, &result)
            case .jpegFirstDCScans:
                status = fw_jpeg_dc_first_scans_decode(path, rect, Int32(outWidth), Int32(outHeight), out.baseAddress,
                                                       &result)
            }
            initialized = status == 0 ? out.count : 0
        }
        guard status == 0 else { throw failure(reader, path: path, result: &result) }
        var buffer = PixelBuffer(width: outWidth, height: outHeight, pixels: pixels)
        pixels = []
        // A progressive JPEG's profile is in its head: JPEGDCDecoder converts.
        if reader == .png || reader == .tiff { ColorProfile.convertForDisplay(&buffer, iccProfile: profile(result)) }
        return (buffer, result.has_alpha != 0, Int(result.width), Int(result.height))
    }

    /// A PNG or TIFF fitted into `maxWidth` × `maxHeight`, upright (a TIFF's
    /// Orientation tag applied, all eight values).
    static func decodeFitted(_ reader: Reader, path: String, maxWidth: Int, maxHeight: Int,
                             cancellation: DecodeCancellation? = nil) throws(DecodeFailure) -> DecodedImage {
        let size = try header(reader, path: path)
        guard size.width > 0, size.height > 0 else {
            throw DecodeFailure(path: path, message: "image has no pixels (\(size.width)×\(size.height))")
        }
        // The readers refuse it too; here the message names the size.
        if size.width > DecodeLimits.maximumStreamedWidth {
            throw DecodeFailure(path: path, message: DecodeLimits.overWidthMessage(
                width: size.width, height: size.height, format: reader.formatName))
        }
        let upright = size.upright
        let fit = FitSize.fit(width: upright.width, height: upright.height, maxWidth: maxWidth, maxHeight: maxHeight)
        // Averaged in stored order, then turned: the fit's sides trade places for 5–8.
        let stored = size.orientation.swapsAxes ? (w: fit.height, h: fit.width) : (w: fit.width, h: fit.height)
        let decoded = try decode(reader, path: path, region: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                                 outWidth: stored.w, outHeight: stored.h, cancellation: cancellation)
        let image = decoded.image.oriented(size.orientation)
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                            sourceWidth: upright.width, sourceHeight: upright.height,
                            format: reader.formatName, isOpaque: !decoded.hasAlpha)
    }

    /// A whole PNG held in memory (an APNG frame made into a PNG) at its own
    /// size, through the same libpng reader: its warnings dropped, its errors
    /// a ``DecodeFailure``. `width` × `height` is the size its IHDR gives.
    static func decodePNG(_ bytes: [UInt8], width: Int, height: Int, path: String) throws(DecodeFailure) -> PixelBuffer {
        guard width > 0, height > 0 else { throw DecodeFailure(path: path, message: "PNG frame has no pixels") }
        var result = fw_stream_result()
        defer { fw_stream_free(&result) }
        var status: Int32 = -1
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            status = bytes.withUnsafeBufferPointer { input in
                fw_png_decode_memory(input.baseAddress, input.count,
                                     fw_rect(x: 0, y: 0, width: Int32(width), height: Int32(height)),
                                     Int32(width), Int32(height), out.baseAddress,
                                     DecodeLimits.maximumInterlacedPNGBytes, &result)
            }
            initialized = status == 0 ? out.count : 0
        }
        guard status == 0 else { throw failure(.png, path: path, result: &result) }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    private static func profile(_ result: fw_stream_result) -> [UInt8] {
        guard let bytes = result.icc, result.icc_length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: result.icc_length))
    }

    /// The library's words made into the messages the other decoders use.
    private static func failure(_ reader: Reader, path: String, result: inout fw_stream_result) -> DecodeFailure {
        let text = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let name = reader.formatName
        let lower = text.lowercased()
        if text == "cancelled" && result.cancel != nil { return .cancelled(path: path) }
        if text == "cannot open the file" { return DecodeFailure(path: path, message: "file vanished or cannot be opened") }
        // libpng says "Read Error" when fread comes back short; libtiff names the strip or tile.
        if lower.contains("read error") || lower.contains("truncat") || lower.contains("not enough image data")
            || lower.contains("ends before") || lower.contains("premature") {
            return DecodeFailure(path: path, message: "truncated \(name) data (the file ends early)")
        }
        if lower.contains("crc error") {
            return DecodeFailure(path: path, message: "corrupt \(name) data (checksum error)")
        }
        if lower.contains("too wide to stream") || lower.contains("width exceeds user limit") {
            return DecodeFailure(path: path, message: "\(name) wider than the \(DigitGrouping.grouped(DecodeLimits.maximumStreamedWidth))-pixel limit")
        }
        if lower.contains("interlaced png too large") {
            return DecodeFailure(path: path, message: "interlaced PNG over \(DecodeLimits.maximumInterlacedPNGBytes >> 20) MB of pixels: its rows are complete only at the end, so it cannot be streamed")
        }
        return DecodeFailure(path: path, message: "corrupt \(name) data (\(text.isEmpty ? "decoder error" : text))")
    }
}
