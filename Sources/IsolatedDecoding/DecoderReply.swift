#if canImport(Glibc)
import Glibc
#endif
import CSandbox
import ImageDecoding

/// A decoder process's answer, checked: its kind, its message and the
/// memfd holding its pixels. The process may have been taken over by the
/// file it decoded, so nothing it says is used unchecked.
struct DecoderReply {
    /// The most pixels an answer may hold, whatever was asked: 16384 × 16384.
    static let maximumPixels = 1 << 28
    /// The longest side an image's own size may have, px: past every decode
    /// limit (a streamed PNG is at most 300,000 px wide), far from overflowing
    /// what the browser computes from it (its megapixels, a zoom's scale).
    static let maximumSourceSide = 1 << 24

    let kind: DecoderReplyKind
    let message: DecoderMessage
    let pixelsFD: Int32?

    /// The reply a process's outcome makes for `path`, or the failure it is.
    static func make(from outcome: DecoderProcess.Outcome, path: String) -> Result<DecoderReply, DecodeFailure> {
        switch outcome {
        case .reply(let message, let fds):
            guard let kind = DecoderReplyKind(rawValue: message[0]), kind != .hello else {
                for fd in fds { close(fd) }
                return .failure(DecodeFailure(path: path, message: "the decoder answered nonsense"))
            }
            if kind == .failure {
                for fd in fds { close(fd) }
                return .failure(DecodeFailure(path: path, message: String(message.text.prefix(300)),
                                              isCancelled: message[1] == 1))
            }
            for fd in fds.dropFirst() { close(fd) }
            return .success(DecoderReply(kind: kind, message: message, pixelsFD: fds.first))
        case .ended(let signal, let status):
            let how = signal.map { "signal \(Self.signalName($0))" } ?? "exit \(status ?? -1)"
            return .failure(DecodeFailure(path: path, message: "the decoder crashed on this file (\(how))"))
        case .overMemory(let limit):
            return .failure(DecodeFailure(path: path, message: "this file needs more than \(limit >> 20) MB to decode"))
        case .overTime(let seconds):
            let shown = seconds >= 1 ? "\(Int(seconds.rounded()))" : "\((seconds * 10).rounded() / 10)"
            return .failure(DecodeFailure(path: path, message: "the decoder took longer than \(shown) s on this file"))
        case .endedBeforeRequest:
            return .failure(DecodeFailure(path: path, message: "the decoder had stopped before it was asked"))
        case .otherVersion:
            return .failure(DecodeFailure(path: path, message: "the decoder program is from another build of fourway"))
        case .unreachable(let code):
            return .failure(DecodeFailure(path: path, message: "the decoder could not be reached (\(SystemError.text(code)))"))
        }
    }

    /// The image the reply carries, checked against what was asked; its
    /// region when it is a region's.
    func image(path: String, region: Bool) throws(DecodeFailure) -> (image: DecodedImage, region: PixelRect?) {
        defer { if let pixelsFD { close(pixelsFD) } }
        func bad(_ why: String) -> DecodeFailure { DecodeFailure(path: path, message: "the decoder answered \(why)") }
        guard kind == .image, let pixelsFD else { throw bad("no pixels") }
        func int(_ i: Int) -> Int { Int(clamping: message[i]) }
        let (width, height) = (int(2), int(3))
        guard width > 0, height > 0, width <= Self.maximumPixels / height else { throw bad("a size out of range") }
        let count = width * height * 4
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized throws(DecodeFailure) in
            guard fw_sealed_memfd_read(pixelsFD, buffer.baseAddress, count) == 0 else { throw bad("pixels that do not fit") }
            initialized = count
        }
        let side = 1...Self.maximumSourceSide
        let (sourceWidth, sourceHeight) = (int(4), int(5))
        guard side.contains(sourceWidth), side.contains(sourceHeight) else { throw bad("a source size out of range") }
        let declared = message[7] == 1 ? (width: int(8), height: int(9)) : nil
        if let declared, !side.contains(declared.width) || !side.contains(declared.height) {
            throw bad("a declared size out of range")
        }
        let image = DecodedImage(width: width, height: height, pixels: pixels, sourceWidth: sourceWidth,
                                 sourceHeight: sourceHeight, format: String(message.text.prefix(40)),
                                 isOpaque: message[6] == 1, declaredSize: declared)
        guard region else { return (image, nil) }
        // A region lies inside the image it is a region of.
        let covered = PixelRect(x: int(10), y: int(11), width: int(12), height: int(13))
        guard covered.x >= 0, covered.y >= 0, covered.width > 0, covered.height > 0,
              covered.width <= sourceWidth - covered.x, covered.height <= sourceHeight - covered.y else {
            throw bad("a region outside its image")
        }
        return (image, covered)
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGKILL: "SIGKILL", SIGABRT: "SIGABRT", SIGILL: "SIGILL",
                                      SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS",
                                      SIGTERM: "SIGTERM"]
        return names[signal] ?? "\(signal)"
    }
}
