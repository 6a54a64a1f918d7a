import Dispatch
import Gallery
import ImageDecoding
import Synchronization

/// Scans a folder on its own thread so the window can appear at once; the
/// main loop polls ``progress`` and ``result`` each frame.
///
/// ```swift
/// let scan = FolderScan(request: OpenRequest(paths: ["/photos"])) { wakeMainLoop() }
/// if let result = scan.result { … }
/// ```
final class FolderScan: Sendable {
    private struct State {
        var progress = 0
        var result: Result<FolderContents, GalleryError>?
    }

    private let state = Mutex(State())
    /// Signalled when the root's first image is found or the scan ends.
    private let firstImageOrDone = DispatchSemaphore(value: 0)
    /// Signalled when the scan ends.
    private let done = DispatchSemaphore(value: 0)

    /// Starts scanning what `request` names; `onFinish` runs on the scanning
    /// thread when it is done (to wake the main loop). `onFirstImage` runs on
    /// it with the first image as soon as it is known (see
    /// ``SourceScanner/scan(_:progress:firstImage:)``).
    ///
    /// `niceness` is the thread's until the first image is found, after which
    /// it is ``WorkerThread/backgroundNiceness``.
    init(request: OpenRequest, niceness: Int32 = 0, onFirstImage: (@Sendable (String) -> Void)? = nil,
         onFinish: @escaping @Sendable () -> Void) {
        WorkerThread.start(name: "fourway-scan", niceness: niceness) { [self] in
            let result: Result<FolderContents, GalleryError>
            do throws(GalleryError) {
                result = .success(try SourceScanner.scan(request, progress: { [self] count in
                    state.withLock { $0.progress = count }
                }, firstImage: { [self] image in
                    onFirstImage?(image)
                    firstImageOrDone.signal()
                    // Until now the scan was what the first image waited for;
                    // from now on (sorting a big folder) it yields the CPU to
                    // that image's decode and to the window. Not for many
                    // paths: there the first image is told before the rest is
                    // even looked at, and the pages wait for that (measured:
                    // a glob of 20,000 files' pages 10 ms later niced).
                    if request.isOneFolder {
                        WorkerThread.setCurrentThreadNiceness(WorkerThread.backgroundNiceness)
                    }
                }))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let contents):
                // Paths given that cannot be shown, one line each; the
                // other paths open.
                for problem in contents.problems { StandardError.line(problem.description) }
                // They cannot be pages (a `String` path cannot name them), but
                // the user should learn why they are missing.
                for path in contents.unnamableImages {
                    StandardError.line(path + ": skipped: its name is not valid UTF-8 (rename the file to open it)")
                }
            case .failure(.nothingToOpen(_, let problems)):
                // Why each path failed, then the error itself (the caller's line).
                for problem in problems { StandardError.line(problem.description) }
            case .failure:
                break
            }
            state.withLock { $0.result = result }
            firstImageOrDone.signal()
            done.signal()
            onFinish()
        }
    }

    /// Images found so far.
    var progress: Int { state.withLock { $0.progress } }

    /// The outcome, once the scan is done.
    var result: Result<FolderContents, GalleryError>? { state.withLock { $0.result } }

    /// Waits up to `seconds` for the scan to finish or to find an image
    /// directly in the root, whichever comes first; returns the result if
    /// the scan finished. Once an image is found the folder cannot turn out
    /// empty, so there is no error to print before the window opens.
    func waitForFirstImage(upTo seconds: Double) -> Result<FolderContents, GalleryError>? {
        if let result { return result }
        if firstImageOrDone.wait(timeout: .now() + seconds) == .success { firstImageOrDone.signal() }
        return result
    }

    /// Waits up to `seconds` for the scan to finish; returns the result if
    /// it did.
    func waitForResult(upTo seconds: Double) -> Result<FolderContents, GalleryError>? {
        if let result { return result }
        if seconds > 0, done.wait(timeout: .now() + seconds) == .success { done.signal() }
        return result
    }
}
