import Gallery
import Synchronization

/// Hands decode results from the worker threads to the main thread, which
/// alone may touch SDL textures.
///
/// ```swift
/// let inbox = DecodeInbox()
/// let loader = ImageLoader { result in inbox.post(result); wake() }
/// for result in inbox.take() { upload(result) }
/// ```
final class DecodeInbox: Sendable {
    private let results = Mutex<[DecodeResult]>([])

    func post(_ result: DecodeResult) {
        results.withLock { $0.append(result) }
    }

    /// Everything posted so far, oldest first; empties the inbox.
    func take() -> [DecodeResult] {
        results.withLock { results in
            defer { results.removeAll(keepingCapacity: true) }
            return results
        }
    }
}
