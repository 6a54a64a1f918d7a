import CSDL2

/// Every format the decoders before it in ``DecoderRegistry/standard`` leave
/// (GIF, BMP, still WebP, QOI, PNM, SVG, TGA…), through SDL_image from memory,
/// converted to RGBA32, then area-averaged down to fit. GIF gives its first
/// frame. Last in the registry, it also guesses at data with no signature we
/// know.
///
/// ```swift
/// let image = try SDLImageDecoder.decode(bytes, format: .png, path: path, maxWidth: 1280, maxHeight: 800)
/// SDLImageDecoder.initializedFormats   // ["JPEG", "PNG", "TIFF", "WebP"] on Debian 12
/// let registry = DecoderRegistry([SDLImageDecoder()])   // a naive viewer's path, for the benchmarks
/// ```
public struct SDLImageDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "SDL_image" }

    /// Every format, and data with no signature we know (its own detection).
    public func accepts(_ probe: DecodeProbe) -> Bool { true }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        guard let format = probe.format else { return try Self.guess(bytes, probe: probe) }
        return try Self.decode(bytes, format: format, path: probe.path, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
    }

    /// Data with no signature we know: SDL_image gets one try with its own
    /// detection, and its failure is that the file is not an image.
    private static func guess(_ bytes: [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage {
        // A PNG signature damaged after its first four bytes (a transfer in
        // text mode): SDL_image would hand it to libpng, which prints its
        // complaint on stderr.
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw DecodeFailure(path: probe.path, message: "corrupt PNG data (damaged signature)")
        }
        do {
            return try decode(bytes, format: nil, path: probe.path, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
        } catch {
            throw DecodeFailure(path: probe.path, message: "not an image (\(probe.unrecognised ?? "unrecognised data"))")
        }
    }

    /// `IMG_Init` once per process (it is not thread-safe and does not stack);
    /// the result is the set of optional codecs that loaded.
    static let initFlags: Int32 = {
        let wanted = IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_TIF.rawValue
            | IMG_INIT_WEBP.rawValue | IMG_INIT_JXL.rawValue | IMG_INIT_AVIF.rawValue
        return fw_IMG_Init(Int32(wanted))
    }()

    /// Names of the optional SDL_image codecs that initialised here
    /// (built-in formats such as BMP, GIF, TGA, QOI and SVG need no init).
    static var initializedFormats: [String] {
        let flags = UInt32(bitPattern: initFlags)
        let names: [(IMG_InitFlags, String)] = [
            (IMG_INIT_JPG, "JPEG"), (IMG_INIT_PNG, "PNG"), (IMG_INIT_TIF, "TIFF"),
            (IMG_INIT_WEBP, "WebP"), (IMG_INIT_JXL, "JPEG XL"), (IMG_INIT_AVIF, "AVIF"),
        ]
        return names.filter { flags & $0.0.rawValue != 0 }.map(\.1)
    }

    static func decode(_ bytes: [UInt8], format: ImageFormat?, path: String,
                       maxWidth: Int, maxHeight: Int) throws(DecodeFailure) -> DecodedImage {
        _ = initFlags
        if format == .png, let problem = bytes.withUnsafeBufferPointer({ PNGStructure.problem(in: $0) }) {
            throw DecodeFailure(path: path, message: problem)
        }
        if format == .tga, let problem = tgaProblem(bytes) { throw DecodeFailure(path: path, message: problem) }
        let buffer = try load(bytes, format: format, path: path)
        let profile = format == .webp ? bytes.withUnsafeBufferPointer { WebPProfile.iccProfile(in: $0) } : nil
        return DecodedImage.fitting(buffer, mayHaveAlpha: true, iccProfile: profile, maxWidth: maxWidth,
                                    maxHeight: maxHeight, format: format?.name ?? "image")
    }

    /// Pixels a TGA's data can hold per byte at most: a run-length packet of
    /// 128 one-byte pixels takes two.
    static let tgaPixelsPerByte = 64

    /// Why the TGA's header cannot be believed, or nil. SDL_image allocates
    /// the size the 18-byte header declares before it reads a pixel: a
    /// 162-byte file claiming 20000 × 19500 asked for 1.5 GB (the fuzzer); one
    /// of 90 MP, within the size limit, 360 MB.
    static func tgaProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 18 else { return nil }   // SDL_image refuses it itself
        let width = Int(bytes[12]) | Int(bytes[13]) << 8, height = Int(bytes[14]) | Int(bytes[15]) << 8
        if DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels) {
            return DecodeLimits.overLimitMessage(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels)
        }
        guard width * height <= tgaPixelsPerByte * (bytes.count - 18) else {
            return "truncated TGA data (the header claims \(width)×\(height), more than its \(bytes.count) bytes hold)"
        }
        return nil
    }

    /// The full-size RGBA pixels.
    private static func load(_ bytes: [UInt8], format: ImageFormat?, path: String) throws(DecodeFailure) -> PixelBuffer {
        let loaded: Result<PixelBuffer, DecodeFailure> = bytes.withUnsafeBytes { raw in
            guard raw.count <= Int(Int32.max), let rw = fw_SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else {
                return .failure(DecodeFailure(path: path, message: "file too large for SDL_image"))
            }
            // Only magic-less TGA needs the hint; the rest SDL_image detects itself.
            let surface: UnsafeMutablePointer<SDL_Surface>? =
                format == .tga ? fw_IMG_LoadTyped_RW(rw, 1, "TGA") : fw_IMG_Load_RW(rw, 1)
            guard let surface else {
                return .failure(DecodeFailure(path: path, message: loadFailureMessage(format: format)))
            }
            defer { fw_SDL_FreeSurface(surface) }
            let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
            if DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels) {
                return .failure(DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                    width: width, height: height, limit: DecodeLimits.maximumFullDecodePixels)))
            }
            guard width > 0, height > 0 else {
                return .failure(DecodeFailure(path: path, message: "image has no pixels (\(width)×\(height))"))
            }
            guard let rgba = fw_SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
                return .failure(DecodeFailure(path: path, message: "could not convert pixels (\(sdlError()))"))
            }
            defer { fw_SDL_FreeSurface(rgba) }
            return .success(copyPixels(rgba, width: width, height: height))
        }
        return try loaded.get()
    }

    private static func copyPixels(_ surface: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) -> PixelBuffer {
        let mustLock = fw_must_lock(surface) != 0
        if mustLock { fw_SDL_LockSurface(surface) }
        defer { if mustLock { fw_SDL_UnlockSurface(surface) } }
        let pitch = Int(surface.pointee.pitch)
        let rowBytes = width * 4
        let source = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, initialized in
            for y in 0..<height {
                (out.baseAddress! + y * rowBytes).update(from: source + y * pitch, count: rowBytes)
            }
            initialized = rowBytes * height
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    private static func loadFailureMessage(format: ImageFormat?) -> String {
        let reason = sdlError()
        guard let format else { return "not an image SDL_image can read (\(reason))" }
        let lower = reason.lowercased()
        if lower.contains("premature") || lower.contains("truncat") || lower.contains("end of") || lower.contains("eof")
            || lower.contains("short") {
            return "truncated \(format.name) data (\(reason))"
        }
        return "corrupt \(format.name) data (\(reason))"
    }

    private static func sdlError() -> String {
        guard let text = fw_SDL_GetError() else { return "unknown error" }
        let message = String(cString: text)
        return message.isEmpty ? "unknown error" : message
    }
}
