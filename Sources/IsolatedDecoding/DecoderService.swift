#if canImport(Glibc)
import Glibc
#endif
import CSandbox
import CStreamDecoders
import Gallery
import ImageDecoding

/// The decoder process itself: `fourway-decoder --decoder-process NICENESS
/// DATA_LIMIT LIBRARIES WIRE_VERSION` (or `fourway` with the same arguments) runs
/// ``main(arguments:)``. It closes every descriptor it
/// did not mean to get, unshares its namespaces, loads every decoding
/// library, locks itself in (``SandboxLayers``), says hello with the layers
/// in force, then answers requests one at a time until its socket closes:
/// each file arrives as a descriptor and is decoded as "/dev/fd/N" (it opens
/// no path), each image goes back in a sealed memfd.
///
/// ```swift
/// if CommandLine.arguments.dropFirst().first == DecoderService.argument {
///     DecoderService.main(arguments: Array(CommandLine.arguments.dropFirst(2)))
/// }
/// ```
public enum DecoderService {
    /// The first argument that makes `fourway` a decoder process.
    public static let argument = "--decoder-process"
    /// The socket to the browser.
    static let socket: Int32 = 3
    /// The shared page holding the decode's cancellation word and progress.
    static let sharedPage: Int32 = 4
    /// The largest display profile accepted, bytes (real ones are a few KB).
    static let maximumProfileBytes = 4 << 20

    /// What a process loads before it locks itself in.
    public enum Libraries: String, Sendable {
        /// Every decoding library: a process that serves every format.
        case all
        /// Every decoding library but librsvg: a process that serves every
        /// format but SVG, which a ``DecoderPool`` of these hands to a
        /// process of its own. librsvg's GLib, Pango, cairo and fontconfig
        /// with the font they open were 14 MB of every process's resident
        /// pages (the peak of a 12 MP HEIC's decode: 99 → 83 MB) and most of
        /// its start's CPU (a median of 30 → 10 ms, in 10 ms ticks).
        case raster
        /// Only what its first file's format needs (``ImageDecoding/DecoderLibraries/load(for:)``):
        /// the first image's process, which decodes one file and ends, so
        /// the first image does not wait for libheif, libjxl and librsvg to
        /// load when it is a JPEG. The format comes from the file's first
        /// bytes compared with the signatures, which the browser's folder
        /// scan does as well; no decoding runs before the lock.
        case firstFile = "first-file"
    }

    /// Serves requests until the browser closes the socket, then exits.
    /// `arguments`: niceness, data limit in bytes, ``Libraries``, ``DecoderWire/version``.
    public static func main(arguments: [String]) -> Never {
        // A browser of another build: its messages may mean other things.
        guard arguments.dropFirst(3).first == String(DecoderWire.version) else { exit(DecoderWire.otherVersionStatus) }
        fw_close_from(sharedPage + 1)
        fw_name_thread("fourway-decoder")
        let niceness = arguments.first.flatMap { Int32($0) } ?? 0
        let dataLimit = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 0
        let libraries = arguments.dropFirst(2).first.flatMap(Libraries.init(rawValue:)) ?? .all
        if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
        // Unsharing needs a process of one thread: before any library starts one.
        let namespaces = fw_sandbox_unshare()
        let page = mmap(nil, Int(getpagesize()), PROT_READ | PROT_WRITE, MAP_SHARED, sharedPage, 0)
        guard let page, page != MAP_FAILED else { exit(3) }
        let cancellation = DecodeCancellation(sharing: page.assumingMemoryBound(to: fw_cancel.self))
        var first: Received?
        let loaded: [String]
        switch libraries {
        case .all:
            loaded = DecoderLibraries.loadAll()
        case .raster:
            loaded = DecoderLibraries.loadAll(but: DecoderPool.formatsOfTheirOwn)
        case .firstFile:
            guard let received = receive() else { exit(0) }
            first = received
            let format = received.files.first.flatMap { ContentSniffer.format(ofFile: "/dev/fd/\($0)") }
            loaded = DecoderLibraries.load(for: format)
        }
        let locked = fw_sandbox_lock(dataLimit, socket)
        send(DecoderMessage(numbers: [DecoderReplyKind.hello.rawValue, Int64(namespaces | locked), Int64(fw_landlock_abi())],
                            text: loaded.joined(separator: ",")), fds: [])
        // An animation opened by a request, for the frame requests after it.
        var animation: AnimatedImage?
        if let first { handle(first, cancellation: cancellation, animation: &animation) }
        while let next = receive() { handle(next, cancellation: cancellation, animation: &animation) }
        exit(0)
    }

    /// A request as it arrived: its message and descriptors (the file first).
    struct Received {
        let message: DecoderMessage?
        let files: [Int32]
    }

    /// The next request; nil once the browser closed the socket.
    private static func receive() -> Received? {
        var buffer = [UInt8](repeating: 0, count: DecoderMessage.maximumBytes)
        var fds = [Int32](repeating: -1, count: 2)
        var count: Int32 = 0
        let got = buffer.withUnsafeMutableBytes { bytes in
            fw_message_receive(socket, bytes.baseAddress, bytes.count, &fds, 2, &count)
        }
        if got <= 0 { return nil }
        return Received(message: DecoderMessage(decoding: buffer.prefix(got)), files: Array(fds.prefix(Int(count))))
    }

    private static func handle(_ received: Received, cancellation: DecodeCancellation, animation: inout AnimatedImage?) {
        defer { for fd in received.files { close(fd) } }
        guard let message = received.message, let request = DecoderRequest(message),
              !request.takesFile || !received.files.isEmpty else {
            send(DecoderMessage(numbers: [DecoderReplyKind.failure.rawValue, 0], text: "bad request"), fds: [])
            return
        }
        let attached = request.takesFile ? 1 : 0
        if message[DecoderRequest.profileAttachedIndex] == 1, received.files.count > attached {
            useProfile(from: received.files[attached])
        }
        let path = received.files.first.map { "/dev/fd/\($0)" } ?? ""
        switch request {
        case .openAnimation:
            animation = AnimatedImage.open(path: path)
            sendAnimation(animation)
        case .nextFrame(let maxWidth, let maxHeight, let turn):
            if let frame = animation?.nextFrame(maxWidth: maxWidth, maxHeight: maxHeight,
                                               turn: ExifOrientation(rawValue: turn) ?? .normal) {
                sendImage(frame.image, region: nil, frameIndex: frame.index)
            } else {
                send(DecoderMessage(numbers: [DecoderReplyKind.nothing.rawValue]), fds: [])
            }
        case .imageInfo:
            // The name: a TGA, which has no signature, is known by it.
            send(ImageInfoWire.message(ImageInfo.Content.read(file: path, name: message.text)), fds: [])
        default:
            answer(request, path: path, name: message.text, cancellation: cancellation)
        }
    }

    private static func sendAnimation(_ animation: AnimatedImage?) {
        guard let animation else {
            send(DecoderMessage(numbers: [DecoderReplyKind.nothing.rawValue]), fds: [])
            return
        }
        let summary = animation.summary
        let delays = summary.delays.map { $0.bitPattern }
        let memfd = delays.withUnsafeBytes { fw_sealed_memfd($0.baseAddress, $0.count) }
        guard memfd >= 0 else {
            send(DecoderMessage(numbers: [DecoderReplyKind.nothing.rawValue]), fds: [])
            return
        }
        defer { close(memfd) }
        send(DecoderMessage(numbers: [DecoderReplyKind.animation.rawValue, 0, Int64(summary.width), Int64(summary.height),
                                      Int64(summary.loopCount), summary.isBroken ? 1 : 0, Int64(summary.frameCount)],
                            text: animation.format), fds: [memfd])
    }

    private static func useProfile(from fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size <= maximumProfileBytes else { return }
        // No bytes: the display went back to sRGB.
        guard info.st_size > 0 else { return DisplayProfile.use(.sRGB) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        guard bytes.withUnsafeMutableBytes({ fw_sealed_memfd_read(fd, $0.baseAddress, $0.count) }) == 0,
              case .success(let profile) = DisplayProfile.make(iccBytes: bytes) else { return }
        DisplayProfile.use(profile)
    }

    private static func answer(_ request: DecoderRequest, path: String, name: String, cancellation: DecodeCancellation) {
        let decoding = InProcessDecoding()
        switch request {
        case .image(let maxWidth, let maxHeight):
            do throws(DecodeFailure) {
                let image = try ImageDecoder.decodeFile(path, maxWidth: maxWidth, maxHeight: maxHeight,
                                                        name: name, cancellation: cancellation)
                sendImage(image, region: nil)
            } catch {
                sendFailure(error)
            }
        case .embeddedThumbnail:
            if let image = decoding.embeddedThumbnail(path) {
                sendImage(image, region: nil)
            } else {
                send(DecoderMessage(numbers: [DecoderReplyKind.nothing.rawValue]), fds: [])
            }
        case .region(let x, let y, let w, let h, let scale, let maximum, let turn, let tw, let th):
            let orientation = ExifOrientation(rawValue: turn) ?? .normal
            switch decoding.decodeRegion(path, region: PixelRect(x: x, y: y, width: w, height: h), scale: scale,
                                         maximumPixels: maximum, turn: orientation, turnedWidth: tw, turnedHeight: th) {
            case .success(let part): sendImage(part.image, region: part.region)
            case .failure(let failure): sendFailure(failure)
            }
        case .openAnimation, .nextFrame, .imageInfo:
            break   // handled by handle(_:cancellation:animation:)
        }
    }

    private static func sendFailure(_ failure: DecodeFailure) {
        send(DecoderMessage(numbers: [DecoderReplyKind.failure.rawValue, failure.isCancelled ? 1 : 0],
                            text: failure.message), fds: [])
    }

    private static func sendImage(_ image: DecodedImage, region: PixelRect?, frameIndex: Int = 0) {
        let memfd = image.pixels.withUnsafeBytes { fw_sealed_memfd($0.baseAddress, $0.count) }
        guard memfd >= 0 else {
            sendFailure(DecodeFailure(path: "", message: "the decoder could not hand the pixels over (\(errno))"))
            return
        }
        defer { close(memfd) }
        let declared = image.declaredSize
        let numbers: [Int64] = [DecoderReplyKind.image.rawValue, 0, Int64(image.width), Int64(image.height),
                                Int64(image.sourceWidth), Int64(image.sourceHeight), image.isOpaque ? 1 : 0,
                                declared == nil ? 0 : 1, Int64(declared?.width ?? 0), Int64(declared?.height ?? 0),
                                Int64(region?.x ?? 0), Int64(region?.y ?? 0), Int64(region?.width ?? 0),
                                Int64(region?.height ?? 0), Int64(frameIndex)]
        send(DecoderMessage(numbers: numbers, text: image.format), fds: [memfd])
    }

    private static func send(_ message: DecoderMessage, fds: [Int32]) {
        let bytes = message.encoded()
        if bytes.withUnsafeBytes({ fw_message_send(socket, $0.baseAddress, $0.count, fds, Int32(fds.count)) }) != 0 {
            exit(0)   // the browser is gone
        }
    }
}
