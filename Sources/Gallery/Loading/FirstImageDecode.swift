import ImageDecoding
import Synchronization

/// Decodes the image that is most likely the first page on its own thread
/// while the rest of the start-up runs (SDL, the window, the font, sorting a
/// big folder), so the first image is there as soon as the window can show it.
///
/// The browser starts it with the image the user named, or with the first
/// image the folder scan finds. When the pages are known, the request for the
/// page on screen is offered to ``claim(_:)``: if it asks for the same file in
/// the same box, the decode already running (or done) answers it and the
/// request does not go to the ``ImageLoader``. Otherwise the early decode was
/// a guess that did not pay, and is dropped.
///
/// Before the decode, the photo's embedded thumbnail is read
/// (``EmbeddedThumbnail``: a JPEG's EXIF thumbnail, a HEIC's thumbnail
/// item): a true picture of it, in a fraction of a millisecond (a few for
/// a HEIC), which the shell shows as the ``sketch(slot:generation:)`` until the decode is
/// done (a camera JPEG's first image then appears before its 30–60 ms
/// decode, a phone HEIC's before its half second). Once the decode is done,
/// the sketch is gone for good.
///
/// ```swift
/// let first = FirstImageDecode(maxWidth: 1280, maxHeight: 800) { wakeMainLoop() }
/// first.start(path: "/photos/img1.jpg")
/// // later, on the main thread:
/// if first.claim(request) { /* do not submit it to the loader */ }
/// if let result = first.take() { show(result) }
/// ```
public final class FirstImageDecode: Sendable {
    private struct State {
        var path: String?
        /// Whether `path` is known to be the first page (not a guess from
        /// ``FirstImageCache`` that the scan has yet to bear out).
        var certain = false
        var outcome: Result<DecodedImage, DecodeFailure>?
        /// The embedded thumbnail, until `outcome` is there.
        var sketch: DecodedImage?
        /// The decoded image's backdrop (``BlurredBackdrop``), made on this thread too.
        var backdrop: DecodedImage?
        var claimed: DecodeRequest?
        var delivered = false
        /// A request for another file or box came first: the guess is dropped.
        var abandoned = false
    }

    private let state = Mutex(State())
    /// Stops a streamed decode no page wants any more (``stop(slot:)``, a guess dropped).
    private let cancellation = DecodeCancellation()
    private let maxWidth: Int
    private let maxHeight: Int
    private let onFinish: @Sendable () -> Void
    private let decoding: any FileDecoding
    private let afterDecoding: @Sendable () -> Void

    /// `onFinish` runs on the decoding thread when the ``sketch(slot:generation:)`` or the
    /// result is ready and still wanted, claimed or as the scan's
    /// ``preview`` (to wake the main loop, which does not redraw at 60 fps
    /// while it only waits).
    ///
    /// `decoding` decodes (the browser gives it a decoder process of its own,
    /// at the start-up's priority); `afterDecoding` runs on the decoding
    /// thread once it is done with `decoding` (the browser stops that process).
    public init(maxWidth: Int, maxHeight: Int, decoding: any FileDecoding = FileDecoders.current,
                afterDecoding: @escaping @Sendable () -> Void = {}, onFinish: @escaping @Sendable () -> Void) {
        self.decoding = decoding
        self.afterDecoding = afterDecoding
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.onFinish = onFinish
    }

    /// Starts decoding `path` (only the first call does anything).
    /// `guess`: a first image remembered from an earlier visit, which
    /// ``confirm(path:)`` makes certain once the scan finds it first.
    public func start(path: String, guess: Bool = false) {
        let isFirst: Bool = state.withLock { state in
            guard state.path == nil else { return false }
            state.path = path
            state.certain = !guess
            return true
        }
        guard isFirst else { return }
        WorkerThread.start(name: "fourway-first-image") { [self] in
            if let sketch = decoding.embeddedThumbnail(path) {
                let wanted: Bool = state.withLock { state in
                    guard !state.abandoned, state.outcome == nil else { return false }
                    state.sketch = sketch
                    return true
                }
                if wanted { onFinish() }
            }
            let outcome = Result { () throws(DecodeFailure) in
                try decoding.decodeFile(path, maxWidth: maxWidth, maxHeight: maxHeight, cancellation: cancellation)
            }
            // Once the result is handed over, not before: it may start processes.
            defer { afterDecoding() }
            let backdrop = (try? outcome.get()).map(BlurredBackdrop.make(from:))
            let wanted: Bool = state.withLock { state in
                guard !state.abandoned else { return false }
                state.outcome = outcome
                state.backdrop = backdrop
                state.sketch = nil
                return true
            }
            if wanted { onFinish() }
        }
    }

    /// The scan found that `path` comes first: a decode of another image
    /// (a guess from ``FirstImageCache`` that the folder no longer bears out)
    /// is dropped, so its picture is never shown as the folder's first.
    public func confirm(path: String) {
        state.withLock { state in
            guard let started = state.path, started != path else {
                state.certain = true
                return
            }
            state.abandoned = true
            state.outcome = nil
            state.sketch = nil
        }
        if isAbandoned { cancellation.cancel() }
    }

    private var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// The page of `slot` was flipped away from: a claimed decode for it that
    /// still runs is stopped (a streamed one at its next row; ``take()`` then
    /// gives a ``DecodeFailure/cancelled(path:)``), so the pages held back
    /// while it runs (``isDecodingClaim``) go on.
    public func stop(slot: Int) {
        let running = state.withLock { $0.claimed?.slot == slot && $0.outcome == nil && !$0.delivered }
        if running { cancellation.cancel() }
    }

    /// Whether this decode answers `request` (same file, same box, nothing
    /// claimed yet). The first request offered decides: any other request
    /// drops the early decode for good.
    public func claim(_ request: DecodeRequest) -> Bool {
        let (answers, ready): (Bool, Bool) = state.withLock { state in
            guard !state.abandoned, state.claimed == nil, let path = state.path else { return (false, false) }
            // The early decode shows the file as it is: a page whose view the
            // user turned (`r`, remembered from an earlier run) decodes anew.
            guard case .file(let entry) = request.source, entry.path == path,
                  request.maxWidth == maxWidth, request.maxHeight == maxHeight, request.turn == .normal else {
                state.abandoned = true
                state.outcome = nil
                state.sketch = nil
                return (false, false)
            }
            state.claimed = request
            return (true, state.outcome != nil)
        }
        if ready { onFinish() }
        if !answers && isAbandoned { cancellation.cancel() }
        return answers
    }

    /// The decoded image while nothing claimed it yet (nil before it is done,
    /// after a failure, or once the guess was dropped): the shell shows it
    /// while the folder is still being scanned.
    public var preview: DecodedImage? {
        state.withLock { state in
            guard !state.abandoned, state.claimed == nil, case .success(let image)? = state.outcome else { return nil }
            return image
        }
    }

    /// The photo's embedded thumbnail while its decode runs: nil before it
    /// is read, for a file without one, once the decode is done (whether
    /// or not it succeeded) and once the guess was dropped. `slot`: the
    /// slot that would show it; once a request claimed the decode, only
    /// that request's slot and generation get it (a slot recycled for
    /// another page shows its own placeholder).
    ///
    /// ```swift
    /// if let sketch = first.sketch(slot: current.id, generation: generations[current.id]) { draw(sketch) }
    /// ```
    public func sketch(slot: Int, generation: Int) -> DecodedImage? {
        state.withLock { state in
            guard !state.abandoned, state.outcome == nil, let sketch = state.sketch else { return nil }
            if let claimed = state.claimed, claimed.slot != slot || claimed.generation != generation { return nil }
            return sketch
        }
    }

    /// Whether ``preview`` (or the ``sketch(slot:generation:)``) is the first page's image for sure: the image
    /// the user named or the scan found first, not a remembered guess the
    /// scan has not confirmed yet. The shell's `first-frame` log line is
    /// written for a frame that shows a certain preview.
    public var previewIsCertain: Bool {
        state.withLock { $0.certain && !$0.abandoned }
    }

    /// Whether a claimed decode is still running: the shell holds the other
    /// pages back meanwhile, so the first image gets a whole core (and the
    /// start-up's peak memory holds one decode, not three).
    public var isDecodingClaim: Bool {
        state.withLock { $0.claimed != nil && $0.outcome == nil && !$0.delivered }
    }

    /// The claimed request's result, once, when it is ready.
    public func take() -> DecodeResult? {
        state.withLock { state in
            guard !state.delivered, let request = state.claimed, let outcome = state.outcome else { return nil }
            state.delivered = true
            state.outcome = nil
            defer { state.backdrop = nil }
            var result = DecodeResult(request: request, outcome: outcome, backdrop: state.backdrop)
            result.rowsRead = cancellation.rowsRead
            return result
        }
    }
}
