import Gallery
import Synchronization

/// Finished thumbnails handed from the loader's workers to the main thread.
///
/// ```swift
/// let inbox = ThumbnailInbox()
/// inbox.post(result)              // on a worker
/// for result in inbox.take() {}   // on the main thread, once per frame
/// ```
final class ThumbnailInbox: Sendable {
    private let results = Mutex<[ThumbnailResult]>([])

    func post(_ result: ThumbnailResult) {
        results.withLock { $0.append(result) }
    }

    func take() -> [ThumbnailResult] {
        results.withLock { box in
            defer { box.removeAll(keepingCapacity: true) }
            return box
        }
    }
}
