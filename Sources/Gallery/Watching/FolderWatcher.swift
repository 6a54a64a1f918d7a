#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import ImageDecoding
import Synchronization

/// Watches a gallery's folder and its subfolders (down to `maximumDepth`,
/// new ones too) with inotify on a thread of its own, and hands the
/// changes over in batches as ``FolderChange``s (``GalleryEdit`` applies
/// them). At rest the thread sleeps in `poll` and costs nothing; the first
/// event of a burst starts a batch that collects for ``settleSeconds``, then
/// the batch is published and `wake` runs once, so a burst of thousands of
/// files costs the loop a few edits, not thousands.
///
/// A file counts once it is complete: closed after writing (`IN_CLOSE_WRITE`)
/// or moved in (`IN_MOVED_TO`); creating and writing it are not changes, so
/// a file written in pieces is never shown half-written. A rename inside
/// the watched folders is one ``FolderChange/renamed(from:to:)``; a change
/// of an image's permissions, owner or times (`IN_ATTRIB`) is
/// ``FolderChange/attributesChanged(_:)``. A folder
/// that appears is watched and listed (its images are ``FolderChange/listed(_:)``); one
/// that goes removes its images. When the system's watch limit
/// (`fs.inotify.max_user_watches`) is reached, ``limitReached`` says so once
/// and the folders already watched go on.
///
/// The changes wait in a ``ChangeBacklog`` until taken: past its limit they
/// collapse into one rescan (``takeRescan()``), so memory stays bounded
/// while the loop cannot apply them. The watch follows the folder's path,
/// not the folder: when the folder itself is moved away or deleted its
/// watches go (``FolderEvent/gone``), its parent is watched for a folder
/// of the same name, and once one is there it is watched and listed whole
/// (``FolderEvent/back``, and a ``ChangeBacklog/Rescan/folderReplaced``).
///
/// ```swift
/// let watcher = FolderWatcher(root: "/photos", maximumDepth: 4) { wakeMainLoop() }
/// let changes = watcher.take()          // on the main loop, after a wake-up
/// if watcher.takeLimitReached() { print("some folders are not watched") }
/// watcher.stop()
/// ```
public final class FolderWatcher: Sendable {
    /// How long a batch collects after its first event, s: a burst becomes
    /// a few batches, and a change still shows within a fifth of a second.
    public static let settleSeconds = 0.15

    /// What happened to the watched folder itself.
    public enum FolderEvent: Sendable, Equatable {
        /// Moved away or deleted: nothing is watched until a folder is at its path again.
        case gone
        /// A folder is at its path again, watched (a rescan lists it).
        case back
    }

    private struct Shared {
        var backlog: ChangeBacklog
        var folderEvent: FolderEvent?
        var limitReached = false
        var limitTaken = false
        var watching = false
        var stopped = false
    }

    private let shared: Mutex<Shared>
    /// Written to by ``stop()``: the thread's poll returns and it ends.
    private let stopPipe: (read: Int32, write: Int32)
    private let ready = DispatchSemaphore(value: 0)
    private let wake: @Sendable () -> Void

    /// Starts watching `root` (absolute, normalised) and its subfolders down
    /// to `maximumDepth` levels; `wake` runs on the watching thread after
    /// each batch. `watchLimit` caps the watches below the system's limit
    /// (tests reach "the limit" with it); `backlogLimit` is the
    /// ``ChangeBacklog``'s. Nil when inotify cannot start (no file
    /// descriptors left).
    public init?(root: String, maximumDepth: Int, settle: Double = FolderWatcher.settleSeconds,
                 watchLimit: Int = .max, backlogLimit: Int = ChangeBacklog.standardLimit,
                 wake: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { close(fd); return nil }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopPipe = (pipeEnds[0], pipeEnds[1])
        shared = Mutex(Shared(backlog: ChangeBacklog(limit: backlogLimit)))
        self.wake = wake
        let stop = pipeEnds[0]
        WorkerThread.start(name: "fourway-watch", niceness: WorkerThread.backgroundNiceness) { [self] in
            var reader = InotifyReader(fd: fd, root: root, maximumDepth: maximumDepth, watchLimit: watchLimit)
            reader.watchTree(root, depth: 0)
            shared.withLock {
                $0.watching = true
                $0.limitReached = $0.limitReached || reader.limitReached
            }
            ready.signal()
            while let batch = reader.nextBatch(stop: stop, settle: settle) {
                guard !batch.changes.isEmpty || batch.folderEvent != nil || reader.limitReached else { continue }
                shared.withLock {
                    $0.backlog.append(batch.changes)
                    if batch.folderEvent == .back { $0.backlog.requestRescan(.folderReplaced) }
                    $0.folderEvent = batch.folderEvent ?? $0.folderEvent
                    $0.limitReached = $0.limitReached || reader.limitReached
                }
                wake()
            }
            close(fd)
            close(stop)
        }
    }

    /// Waits up to `seconds` until the folders are watched (the first walk
    /// is done); true when they are. Tests wait for it before changing files.
    public func waitUntilWatching(upTo seconds: Double) -> Bool {
        if shared.withLock({ $0.watching }) { return true }
        guard ready.wait(timeout: .now() + seconds) == .success else { return false }
        ready.signal()
        return true
    }

    /// The changes published since the last call, in order, at most
    /// `limit` of them: the rest wait for the next call, and the loop is
    /// woken again for them (one frame's edit stays small in a burst).
    public func take(upTo limit: Int = .max) -> [FolderChange] {
        let (taken, more) = shared.withLock { state in
            let taken = state.backlog.take(upTo: limit)
            return (taken, !state.backlog.isEmpty)
        }
        if more { wake() }
        return taken
    }

    /// The rescan waiting (the backlog collapsed, or the folder was
    /// replaced), once: the folder is to be listed whole, and no change
    /// comes until this is taken.
    public func takeRescan() -> ChangeBacklog.Rescan? {
        shared.withLock { $0.backlog.takeRescan() }
    }

    /// Whether changes (or a rescan) wait to be taken.
    public var hasChanges: Bool { shared.withLock { !$0.backlog.isEmpty } }

    /// What last happened to the folder itself since the last call, once.
    public func takeFolderEvent() -> FolderEvent? {
        shared.withLock { state in
            defer { state.folderEvent = nil }
            return state.folderEvent
        }
    }

    /// True once, the first time it is asked after the watch limit was reached.
    public func takeLimitReached() -> Bool {
        shared.withLock { state in
            guard state.limitReached, !state.limitTaken else { return false }
            state.limitTaken = true
            return true
        }
    }

    /// Ends the watching thread (it closes its descriptors); once.
    public func stop() {
        guard shared.withLock({ state in
            defer { state.stopped = true }
            return !state.stopped
        }) else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
    }
}
