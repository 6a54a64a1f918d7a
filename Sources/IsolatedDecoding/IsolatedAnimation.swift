#if canImport(Glibc)
import Glibc
#endif
import CSandbox
import CStreamDecoders
import ImageDecoding

/// An animation decoded in a decoder process of its own, which keeps the
/// file's frame reader between frames: one request opens it, one per frame
/// follows. The process lives as long as this object; a process that ends
/// (a crash, its budget) ends the animation at the last good frame.
///
/// ```swift
/// if let frames = IsolatedAnimation.open("/p/cat.gif", executable: "/proc/self/exe", budget: .standard) {
///     frames.nextFrame(maxWidth: 1280, maxHeight: 800, turn: .normal)
/// }
/// ```
final class IsolatedAnimation: FrameSequence {
    /// The most frames an animation may say it has (5,000-frame GIFs exist).
    static let maximumFrames = 1 << 20

    let summary: AnimationSummary
    let format: String
    private let process: DecoderProcess
    private let budget: DecoderBudget

    private init(process: DecoderProcess, summary: AnimationSummary, format: String, budget: DecoderBudget) {
        self.process = process
        self.summary = summary
        self.format = format
        self.budget = budget
    }

    deinit { process.stop() }

    /// The animation in the file at `path`, opened in a new process; nil
    /// when it is not animated or cannot be opened.
    static func open(_ path: String, executable: String, budget: DecoderBudget) -> IsolatedAnimation? {
        let file = fw_open_image(path)
        guard file >= 0 else { return nil }
        defer { close(file) }
        // Niceness 0: it decodes what the page shows next (as the first image does).
        guard let process = try? DecoderProcess(executable: executable, niceness: 0,
                                                dataLimitBytes: budget.dataLimitBytes, libraries: .firstFile),
              case .reply(let message, let fds) = process.run(.openAnimation, file: file, name: DecoderPool.fileName(path),
                                                               memoryBytes: budget.memoryBytes(forPixels: 0),
                                                               seconds: budget.seconds, cancellation: nil)
        else { return nil }
        defer { for fd in fds { close(fd) } }
        guard message[0] == DecoderReplyKind.animation.rawValue, let delaysFD = fds.first,
              let summary = summary(message, delays: delaysFD) else { return nil }
        return IsolatedAnimation(process: process, summary: summary, format: String(message.text.prefix(40)),
                                 budget: budget)
    }

    /// The summary an answer gives, checked; nil when it does not hold together.
    private static func summary(_ message: DecoderMessage, delays fd: Int32) -> AnimationSummary? {
        func int(_ i: Int) -> Int { Int(clamping: message[i]) }
        let count = int(6)
        guard int(2) > 0, int(3) > 0, count > 0, count <= maximumFrames else { return nil }
        var bits = [UInt64](repeating: 0, count: count)
        guard bits.withUnsafeMutableBytes({ fw_sealed_memfd_read(fd, $0.baseAddress, $0.count) }) == 0 else { return nil }
        let delays = bits.map { Double(bitPattern: $0) }
        guard delays.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        return AnimationSummary(width: int(2), height: int(3), delays: delays, loopCount: int(4), isBroken: message[5] == 1)
    }

    func nextFrame(maxWidth: Int, maxHeight: Int, turn: ExifOrientation) -> AnimationFrame? {
        guard process.isAlive else { return nil }
        let outcome = process.run(.nextFrame(maxWidth: maxWidth, maxHeight: maxHeight, turn: turn.rawValue), file: -1,
                                  name: "", memoryBytes: budget.memoryBytes(forPixels: max(1, maxWidth) * max(1, maxHeight)),
                                  seconds: budget.seconds, cancellation: nil)
        guard case .success(let reply) = DecoderReply.make(from: outcome, path: ""), reply.kind == .image,
              let frame = try? reply.image(path: "", region: false) else { return nil }
        let index = Int(clamping: reply.message[14])
        guard index >= 0, index < summary.frameCount else { return nil }
        return AnimationFrame(index: index, image: frame.image)
    }
}
