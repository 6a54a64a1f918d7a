import Dispatch
import Gallery
import Synchronization

/// Scans a folder on its own thread so the window can appear at once; the
/// main loop polls ``progress`` and ``result`` each frame.
///
/// ```swift
/// let scan = FolderScan(path: "/photos") { wakeMainLoop() }
/// if let result = scan.result { … }
/// ```
final class FolderScan: Sendable {
    private struct State {
        var progress = 0
        var result: Result<FolderContents, GalleryError>?
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// Starts scanning `path`; `onFinish` runs on the scanning thread when
    /// it is done (to wake the main loop). `onFirstImage` runs on it with the
    /// root's first image as soon as the root is listed (see
    /// ``FolderScanner/scan(_:progress:firstImage:)``).
    init(path: String, onFirstImage: (@Sendable (String) -> Void)? = nil, onFinish: @escaping @Sendable () -> Void) {
        WorkerThread.start(name: "fourway-scan") { [self] in
            let result: Result<FolderContents, GalleryError>
            do throws(GalleryError) {
                result = .success(try FolderScanner.scan(path, progress: { [self] count in
                    state.withLock { $0.progress = count }
                }, firstImage: onFirstImage))
            } catch {
                result = .failure(error)
            }
            if case .success(let contents) = result {
                // They cannot be pages (a `String` path cannot name them), but
                // the user should learn why they are missing.
                for path in contents.unnamableImages {
                    StandardError.line(path + ": skipped: its name is not valid UTF-8 (rename the file to open it)")
                }
            }
            state.withLock { $0.result = result }
            done.signal()
            onFinish()
        }
    }

    /// Images found so far.
    var progress: Int { state.withLock { $0.progress } }

    /// The outcome, once the scan is done.
    var result: Result<FolderContents, GalleryError>? { state.withLock { $0.result } }

    /// Waits up to `seconds` for the scan to finish; returns its result if it did.
    func wait(upTo seconds: Double) -> Result<FolderContents, GalleryError>? {
        if let result { return result }
        if done.wait(timeout: .now() + seconds) == .success { done.signal() }
        return result
    }
}
