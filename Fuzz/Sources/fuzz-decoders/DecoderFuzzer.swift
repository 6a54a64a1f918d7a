import Glibc
import ImageDecoding

/// libFuzzer entry point: the bytes are a whole file, decoded as the browser
/// decodes one, by every decoder of the standard registry with the real
/// libraries behind them (libjpeg-turbo, libpng, libtiff, libheif, libjxl,
/// LibRaw, libwebp, librsvg, SDL_image). The decoders read from a path, so
/// the bytes go into one file on tmpfs (MemoryFile), the same path for every
/// input.
///
/// Each input gets the four calls a file meets in the browser: the fitted
/// decode into a small box, a region decode (what a zoomed view asks for),
/// the first image's thumbnail and, when it may be animated, its first frames. A refusal
/// (``DecodeFailure``) is a correct answer; a crash, an AddressSanitizer
/// report, a hang (-timeout) or memory beyond the limits scripts/fuzz gives
/// (-rss_limit_mb, -malloc_limit_mb) is a finding, and so is a result that
/// breaks what the callers rely on (checked below).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = MemoryFile.shared.replaceContents(with: UnsafeRawBufferPointer(start: data, count: size))
    let box = 256

    var source: (width: Int, height: Int)?
    do {
        let image = try ImageDecoder.decodeFile(path, maxWidth: box, maxHeight: box)
        DecodeChecks.fitted(image, box: box)
        source = (image.sourceWidth, image.sourceHeight)
        report("\(image.format) \(image.sourceWidth)×\(image.sourceHeight) -> \(image.width)×\(image.height)")
    } catch {
        DecodeChecks.refusal(error)
        report("refused: \(error.message)")
    }

    // The middle of the image at half scale (or a corner of an image the fitted decode refused).
    let region = source.map { PixelRect(x: $0.width / 4, y: $0.height / 4, width: max(1, $0.width / 2), height: max(1, $0.height / 2)) }
        ?? PixelRect(x: 0, y: 0, width: 64, height: 64)
    let maximumPixels = box * box
    switch RegionDecoder.decode(path: path, region: region, scale: 0.5, maximumPixels: maximumPixels) {
    case .success(let part):
        DecodeChecks.region(part, maximumPixels: maximumPixels)
        report("region \(part.region) -> \(part.image.width)×\(part.image.height)")
    case .failure(let error):
        DecodeChecks.refusal(error)
        report("region refused: \(error.message)")
    }

    // The first image's stand-in: an EXIF or HEIF thumbnail, or a progressive JPEG's first DC scans.
    if let sketch = EmbeddedThumbnail.decode(path: path) {
        DecodeChecks.thumbnail(sketch)
        report("thumbnail \(sketch.width)×\(sketch.height) of \(sketch.sourceWidth)×\(sketch.sourceHeight)")
    }

    let head = [UInt8](UnsafeBufferPointer(start: data, count: min(size, ImageDecoder.headLength)))
    if AnimatedImage.mayBeAnimated(head: head), let animation = AnimatedImage.open(path: path) {
        for _ in 0..<3 {
            guard let frame = animation.nextFrame(maxWidth: box, maxHeight: box) else { break }
            DecodeChecks.frame(frame, box: box)
            report("frame \(frame.index) \(frame.image.width)×\(frame.image.height)")
        }
    }
    return 0
}

/// FUZZ_DECODERS_TRACE=1 prints what each call gave (which decoder took a
/// seed, why a file was refused), to stderr.
let tracing = getenv("FUZZ_DECODERS_TRACE") != nil

func report(_ line: @autoclosure () -> String) {
    guard tracing else { return }
    let text = line() + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// One file in memory for the process, rewritten for each input: on tmpfs
/// (/dev/shm), so no disk. It is named .tga because TGA has no signature and
/// is decoded only by its name (ImageDecoder.probe): so data no sniffer knows
/// still reaches SDL_image's TGA reader, as it does for a user's .tga file.
/// The name changes nothing for the formats sniffed by content.
final class MemoryFile: @unchecked Sendable {
    static let shared = MemoryFile()

    let descriptor: Int32
    let directory: String
    let path: String

    private init() {
        var template = Array("/dev/shm/fuzz-decoders-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("mkdtemp in /dev/shm failed: errno \(errno)")
        }
        directory = String(cString: made)
        path = directory + "/input.tga"
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot create \(path): errno \(errno)") }
        // libFuzzer ends with exit(): the file and its folder go then (a crash leaves them, a few bytes).
        atexit {
            unlink(MemoryFile.shared.path)
            rmdir(MemoryFile.shared.directory)
        }
    }

    /// The file now holds exactly `bytes`; returns its path.
    func replaceContents(with bytes: UnsafeRawBufferPointer) -> String {
        guard ftruncate(descriptor, 0) == 0 else { fatalError("ftruncate failed: errno \(errno)") }
        var written = 0
        while written < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(written))
            guard n > 0 else { fatalError("pwrite failed: errno \(errno)") }
            written += n
        }
        return path
    }
}
