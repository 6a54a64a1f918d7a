import CRaw

/// Camera raw files (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2, …) through
/// LibRaw 0.20, loaded on first use (`Sources/CRaw/shim.h`).
///
/// What is shown, fitted to the box:
/// - the **embedded JPEG preview**, when the file has one at least as large
///   as the page a half-size development would give: it is what the camera
///   showed, and decoding it (libjpeg-turbo, DCT-scaled: ``JPEGDecoder``)
///   takes milliseconds where developing the sensor data takes a second;
/// - otherwise the sensor data **developed at half size** (LibRaw's
///   `half_size`: each 2 × 2 Bayer block becomes one pixel, no
///   interpolation), with the camera's white balance, in sRGB.
///
/// Either way the picture is turned by the file's orientation (LibRaw's
/// `sizes.flip`; LibRaw turns its own development, the preview is turned
/// here unless its own EXIF says how). A file LibRaw cannot open, whose
/// data ends early or is damaged, or over ``DecodeLimits/maximumRawPixels``
/// is a ``DecodeFailure`` saying so; LibRaw's stderr lines are counted, not
/// printed.
///
/// ```swift
/// let image = try ImageDecoder.decodeFile("/photos/IMG_0001.CR2", maxWidth: 1280, maxHeight: 800)
/// image.format   // "CR2"
/// ```
public struct RawDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "LibRaw" }

    /// LibRaw opens the file itself (a raw file is 20–100 MB; only the parts it
    /// needs are read).
    public var readsFromPath: Bool { true }

    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .cameraRaw }

    public func decode(path probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        let kind = probe.head.withUnsafeBufferPointer { CameraRawSignature.kind(of: ByteView($0)) } ?? "camera raw"
        return try Self.decode(path: probe.path, kind: kind, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
    }

    /// The raw file at `path` fitted into `maxWidth` × `maxHeight`, upright;
    /// `kind` names it (`DecodedImage.format`, messages).
    static func decode(path: String, kind: String, maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        guard let raw = fw_libraw_init(0) else {
            let reason = fw_raw_is_available() != 0 ? "could not start" : "is not installed (libraw20 is missing)"
            throw DecodeFailure(path: path, message: "the camera raw decoder (LibRaw) \(reason)")
        }
        defer { fw_libraw_close(raw) }
        let dataErrors = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        dataErrors.initialize(to: 0)
        defer { dataErrors.deallocate() }
        fw_raw_count_data_errors(raw, dataErrors)
        // LibRaw opens a path itself; a descriptor handed over (a sandboxed
        // decoder opens nothing) is read whole and given as a buffer, which
        // must outlive `raw`.
        var held: UnsafeMutableRawBufferPointer?
        defer { held?.deallocate() }
        let opened: Int32
        if FileReader.isDescriptorPath(path) {
            let bytes = try FileReader.read(path)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            held = buffer
            opened = fw_libraw_open_buffer(raw, buffer.baseAddress, buffer.count)
        } else {
            opened = fw_libraw_open_file(raw, path)
        }
        guard opened == LIBRAW_SUCCESS.rawValue else {
            throw DecodeFailure(path: path, message: failureMessage(opened, kind: kind, dataErrors: dataErrors.pointee))
        }
        let sizes = raw.pointee.sizes
        let sensor = (w: Int(sizes.raw_width), h: Int(sizes.raw_height))
        guard sensor.w > 0, sensor.h > 0, sizes.width > 0, sizes.height > 0 else {
            throw DecodeFailure(path: path, message: "corrupt \(kind) data (no image size)")
        }
        if DecodeLimits.exceeds(width: sensor.w, height: sensor.h, limit: DecodeLimits.maximumRawPixels) {
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                width: sensor.w, height: sensor.h, limit: DecodeLimits.maximumRawPixels, what: "\(kind) sensor"))
        }
        let orientation = Self.orientation(flip: sizes.flip)
        let stored = (w: Int(sizes.width), h: Int(sizes.height))
        let upright = orientation.swapsAxes ? (w: stored.h, h: stored.w) : stored
        // What a half-size development would show: the preview must be no smaller.
        let developed = FitSize.fit(width: upright.w / 2, height: upright.h / 2, maxWidth: maxWidth, maxHeight: maxHeight)
        if let preview = try preview(raw, path: path, kind: kind, orientation: orientation, upright: upright,
                                     atLeast: developed.width, maxWidth: maxWidth, maxHeight: maxHeight) {
            return preview
        }
        return try develop(raw, path: path, kind: kind, upright: upright, dataErrors: dataErrors,
                           maxWidth: maxWidth, maxHeight: maxHeight)
    }

    /// The embedded JPEG preview, fitted and upright, when there is one whose
    /// fitted width reaches `atLeast` (the tiny 160 × 120 thumbnails do not)
    /// and it decodes; nil otherwise.
    private static func preview(_ raw: UnsafeMutablePointer<libraw_data_t>, path: String, kind: String,
                                orientation: ExifOrientation, upright: (w: Int, h: Int), atLeast width: Int,
                                maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage? {
        guard fw_libraw_unpack_thumb(raw) == LIBRAW_SUCCESS.rawValue,
              raw.pointee.thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG,
              let data = raw.pointee.thumbnail.thumb, raw.pointee.thumbnail.tlength > 0 else { return nil }
        let bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(raw.pointee.thumbnail.tlength)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(raw.pointee.thumbnail.tlength)))
        }
        let structure = bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let w = structure.width, let h = structure.height else { return nil }
        // A preview with its own EXIF orientation is turned by the JPEG decoder.
        let turn = structure.orientation == .normal ? orientation : .normal
        let shown = turn.swapsAxes != structure.orientation.swapsAxes ? (w: h, h: w) : (w: w, h: h)
        let fit = FitSize.fit(width: shown.w, height: shown.h, maxWidth: maxWidth, maxHeight: maxHeight)
        guard fit.width >= width else { return nil }
        let box = turn.swapsAxes ? (w: maxHeight, h: maxWidth) : (w: maxWidth, h: maxHeight)
        // A preview that does not decode leaves the sensor data to show.
        guard let decoded = try? JPEGDecoder.decode(bytes, path: path, maxWidth: box.w, maxHeight: box.h) else { return nil }
        let image = decoded.turned(turn)
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                            sourceWidth: upright.w, sourceHeight: upright.h, format: kind, isOpaque: true)
    }

    /// The sensor data developed at half size (LibRaw turns it upright), fitted.
    private static func develop(_ raw: UnsafeMutablePointer<libraw_data_t>, path: String, kind: String,
                                upright: (w: Int, h: Int), dataErrors: UnsafeMutablePointer<Int32>,
                                maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        raw.pointee.params.half_size = 1
        raw.pointee.params.use_camera_wb = 1   // the white balance the camera chose
        raw.pointee.params.output_bps = 8
        var status = fw_libraw_unpack(raw)
        if status == LIBRAW_SUCCESS.rawValue, dataErrors.pointee == 0 { status = fw_libraw_dcraw_process(raw) }
        guard status == LIBRAW_SUCCESS.rawValue, dataErrors.pointee == 0 else {
            throw DecodeFailure(path: path, message: failureMessage(status, kind: kind, dataErrors: dataErrors.pointee))
        }
        var error: Int32 = 0
        guard let developed = fw_libraw_dcraw_make_mem_image(raw, &error) else {
            throw DecodeFailure(path: path, message: failureMessage(error, kind: kind, dataErrors: 0))
        }
        defer { fw_libraw_dcraw_clear_mem(developed) }
        let image = developed.pointee
        let (width, height) = (Int(image.width), Int(image.height))
        guard image.type == LIBRAW_IMAGE_BITMAP, image.colors == 3, image.bits == 8, width > 0, height > 0 else {
            throw DecodeFailure(path: path, message: "corrupt \(kind) data (LibRaw gave no RGB pixels)")
        }
        // `data` is the struct's last member, declared with one element: the
        // rows follow it in the same allocation.
        let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \libraw_processed_image_t.data)!
        let rgb = (UnsafeRawPointer(developed) + offset).assumingMemoryBound(to: UInt8.self)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            for i in 0..<(width * height) {
                out[i * 4] = rgb[i * 3]
                out[i * 4 + 1] = rgb[i * 3 + 1]
                out[i * 4 + 2] = rgb[i * 3 + 2]
                out[i * 4 + 3] = 255
            }
            initialized = width * height * 4
        }
        let fitted = DecodedImage.fitting(PixelBuffer(width: width, height: height, pixels: pixels), mayHaveAlpha: false,
                                          iccProfile: nil, maxWidth: maxWidth, maxHeight: maxHeight, format: kind)
        return DecodedImage(width: fitted.width, height: fitted.height, pixels: fitted.pixels,
                            sourceWidth: upright.w, sourceHeight: upright.h, format: kind, isOpaque: true)
    }

    /// LibRaw's `flip` (dcraw's: bit 4 transposes, 2 flips rows, 1 flips
    /// columns; 3 = 180°, 5 = 90° counter-clockwise, 6 = 90° clockwise) as
    /// the EXIF orientation that shows the picture upright.
    static func orientation(flip: Int32) -> ExifOrientation {
        switch flip {
        case 1: .mirrorHorizontal
        case 2: .mirrorVertical
        case 3: .rotate180
        case 4: .transpose
        case 5: .rotate270
        case 6: .rotate90
        case 7: .transverse
        default: .normal
        }
    }

    /// LibRaw's error code (and any data errors it reported) as the messages
    /// the other decoders use.
    static func failureMessage(_ code: Int32, kind: String, dataErrors: Int32) -> String {
        switch code {
        case LIBRAW_FILE_UNSUPPORTED.rawValue:
            return "\(kind) file LibRaw cannot read (an unknown camera, or not a raw file)"
        case LIBRAW_IO_ERROR.rawValue:
            return "truncated \(kind) data (the file ends early)"
        case LIBRAW_UNSUFFICIENT_MEMORY.rawValue, LIBRAW_TOO_BIG.rawValue, LIBRAW_MEMPOOL_OVERFLOW.rawValue:
            return "\(kind) file too large to develop (LibRaw ran out of memory)"
        case LIBRAW_NOT_IMPLEMENTED.rawValue where fw_raw_is_available() == 0:
            return "the camera raw decoder (LibRaw) is not installed (libraw20 is missing)"
        case LIBRAW_SUCCESS.rawValue where dataErrors > 0:
            // LibRaw reads past the end as zeros, reporting each short read.
            return "truncated or corrupt \(kind) data (the sensor data could not all be read)"
        default:
            let words = fw_libraw_strerror(code).map { String(cString: $0) } ?? "decoder error"
            return "corrupt \(kind) data (\(words))"
        }
    }
}
