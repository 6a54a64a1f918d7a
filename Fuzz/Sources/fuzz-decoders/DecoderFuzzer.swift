import Glibc
import ImageDecoding

/// libFuzzer entry point: the bytes are a whole file, decoded as the browser
/// decodes one, by every decoder of the standard registry with the real
/// libraries behind them (libjpeg-turbo, libpng, libtiff, libheif, libjxl,
/// LibRaw, libwebp, librsvg, SDL_image). The decoders read from a path, so
/// the bytes go into a file in memory (tmpfs, unlinked at once) read back
/// as /proc/self/fd/N: no disk, and the path is the same for every input.
///
/// Each input gets the three calls a file meets in the browser: the fitted
/// decode into a small box, a region decode (what a zoomed view asks for)
/// and, when it may be animated, its first frames. A refusal
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
    } catch {
        DecodeChecks.refusal(error)
    }

    // The middle of the image at half scale (or a corner of an image the fitted decode refused).
    let region = source.map { PixelRect(x: $0.width / 4, y: $0.height / 4, width: max(1, $0.width / 2), height: max(1, $0.height / 2)) }
        ?? PixelRect(x: 0, y: 0, width: 64, height: 64)
    let maximumPixels = box * box
    switch RegionDecoder.decode(path: path, region: region, scale: 0.5, maximumPixels: maximumPixels) {
    case .success(let part): DecodeChecks.region(part, maximumPixels: maximumPixels)
    case .failure(let error): DecodeChecks.refusal(error)
    }

    let head = [UInt8](UnsafeBufferPointer(start: data, count: min(size, ImageDecoder.headLength)))
    if AnimatedImage.mayBeAnimated(head: head), let animation = AnimatedImage.open(path: path) {
        for _ in 0..<3 {
            guard let frame = animation.nextFrame(maxWidth: box, maxHeight: box) else { break }
            DecodeChecks.frame(frame, box: box)
        }
    }
    return 0
}

/// One file in memory for the process, rewritten for each input. Swift's
/// Glibc module has no memfd_create; an unlinked file on tmpfs (/dev/shm) is
/// the same thing, and /proc/self/fd/N opens it even unlinked.
final class MemoryFile: @unchecked Sendable {
    static let shared = MemoryFile()

    let descriptor: Int32
    let path: String

    private init() {
        var template = Array("/dev/shm/fuzz-decoders-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { fatalError("mkstemp in /dev/shm failed: errno \(errno)") }
        unlink(String(cString: template))
        path = "/proc/self/fd/\(descriptor)"
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
