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
/// the watched folders is one ``FolderChange/renamed(from:to:)``. A folder
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

/// The watching thread's side: the watches and the folders they are on,
/// and turning inotify's events into ``FolderChange``s.
private struct InotifyReader {
    let fd: Int32
    /// The watched folder's path, which the watch follows.
    let root: String
    let maximumDepth: Int
    let watchLimit: Int
    /// Each watch's folder and its depth below the root.
    private var folders: [Int32: (path: String, depth: Int)] = [:]
    /// The watch on the root's parent while the root is gone (waiting
    /// for a folder of its name).
    private var parentWatch: Int32?
    private(set) var limitReached = false

    /// A folder moved away or deleted says so itself too (`IN_MOVE_SELF`,
    /// `IN_DELETE_SELF`; `IN_IGNORED` comes unasked): for the root, the
    /// only word of it.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ONLYDIR
                             | IN_MOVE_SELF | IN_DELETE_SELF)

    init(fd: Int32, root: String, maximumDepth: Int, watchLimit: Int) {
        self.fd = fd
        self.root = root
        self.maximumDepth = maximumDepth
        self.watchLimit = watchLimit
    }

    /// Watches `folder` and its subfolders (not hidden ones) down to the
    /// maximum depth; `found` gets every file in them (a folder that just
    /// appeared may hold files already).
    mutating func watchTree(_ folder: String, depth: Int, found: (String) -> Void = { _ in }) {
        var pending = [(folder, depth)]
        while let (path, level) = pending.popLast() {
            guard folders.count < watchLimit else { limitReached = true; continue }
            let wd = inotify_add_watch(fd, path, Self.mask)
            if wd < 0 {
                if errno == ENOSPC { limitReached = true }
                continue
            }
            // The same folder reached again (a link loop) has the same watch.
            guard folders[wd] == nil else { continue }
            folders[wd] = (path, level)
            for (name, isFolder) in Self.list(path) {
                let child = path == "/" ? "/" + name : path + "/" + name
                if isFolder {
                    if level < maximumDepth { pending.append((child, level + 1)) }
                } else {
                    found(child)
                }
            }
        }
    }

    /// The next batch: waits for an event (or the stop pipe: nil), then
    /// collects for `settle` seconds.
    mutating func nextBatch(stop: Int32, settle: Double) -> Batch? {
        var batch = Batch()
        var deadline: Double? = nil
        while true {
            let timeout: Int32 = deadline.map { Int32(max(0, ($0 - Self.now()) * 1000).rounded(.up)) } ?? -1
            if deadline != nil && timeout == 0 { break }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return nil }
            if ready == 0 { break }
            readEvents(into: &batch)
            if deadline == nil { deadline = Self.now() + settle }
        }
        return batch
    }

    /// A batch being collected: the changes, and where each move out waits
    /// for its move in (by cookie) to become a rename.
    struct Batch {
        var changes: [FolderChange] = []
        var movedOut: [UInt32: Int] = [:]
        /// Moves out of files that are not images, by cookie.
        var movedOutOther: Set<UInt32> = []
        /// What happened to the root itself, last.
        var folderEvent: FolderWatcher.FolderEvent?
    }

    /// Reads what inotify has queued.
    private mutating func readEvents(into batch: inout Batch) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            while offset + 16 <= count {
                let (wd, mask, cookie, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                let name = String(validating: nameBytes, as: UTF8.self)
                handle(wd: wd, mask: mask, cookie: cookie, name: nameBytes.isEmpty ? "" : name, into: &batch)
            }
        }
    }

    /// One event: what it means for the gallery.
    private mutating func handle(wd: Int32, mask: UInt32, cookie: UInt32, name: String?, into batch: inout Batch) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every file is looked at again (those the
            // gallery has are decoded again; removals in the gap are missed).
            for (_, folder) in folders { for (name, isFolder) in Self.list(folder.path) where !isFolder && ImageExtensions.matches(name) {
                batch.changes.append(.listed(folder.path + "/" + name))
            } }
            return
        }
        if wd == parentWatch {
            if mask & UInt32(IN_IGNORED) != 0 { parentWatch = nil }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
               name == LexicalPath.lastComponent(root) {
                reattach(into: &batch)
            }
            return
        }
        if mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF | IN_IGNORED) != 0 {
            folderLeft(wd, into: &batch)
            return
        }
        guard let folder = folders[wd], let name, !name.isEmpty, !name.hasPrefix(".") else { return }
        let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, folder.depth < maximumDepth {
                watchTree(path, depth: folder.depth + 1) { found in
                    if ImageExtensions.matches(LexicalPath.lastComponent(found)) { batch.changes.append(.listed(found)) }
                }
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                forget(under: path)
                batch.changes.append(.folderRemoved(path))
            }
            return
        }
        // Only image names matter (as to the scanner), so a text editor's
        // saves or a download's partial file wake no one; but a partial
        // file renamed to an image's name is that image arriving.
        let isImage = ImageExtensions.matches(name)
        if mask & UInt32(IN_MOVED_FROM) != 0 {
            if isImage {
                batch.movedOut[cookie] = batch.changes.count
                batch.changes.append(.removed(path))
            } else {
                batch.movedOutOther.insert(cookie)
            }
        } else if mask & UInt32(IN_MOVED_TO) != 0 {
            if let index = batch.movedOut.removeValue(forKey: cookie), case .removed(let from) = batch.changes[index] {
                batch.changes[index] = .renamed(from: from, to: path)
            } else if isImage {
                batch.movedOutOther.remove(cookie)
                batch.changes.append(.written(path))
            }
        } else if isImage && mask & UInt32(IN_CLOSE_WRITE) != 0 {
            batch.changes.append(.written(path))
        } else if isImage && mask & UInt32(IN_DELETE) != 0 {
            batch.changes.append(.removed(path))
        }
    }

    /// A watched folder was moved away or deleted (or its watch ended):
    /// the root's watches all go and its parent is watched for its return;
    /// a subfolder's images leave (usually already said by its parent's
    /// event, and then it is no longer watched here).
    private mutating func folderLeft(_ wd: Int32, into batch: inout Batch) {
        guard let folder = folders[wd] else { return }
        guard folder.depth == 0 else {
            forget(under: folder.path)
            batch.changes.append(.folderRemoved(folder.path))
            return
        }
        for (watch, _) in folders { inotify_rm_watch(fd, watch) }
        folders = [:]
        batch.folderEvent = .gone
        guard root != "/" else { return }
        let parent = inotify_add_watch(fd, LexicalPath.parent(root), UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
        if parent >= 0 { parentWatch = parent }
        // A folder made at the path before the parent was watched is seen now.
        if Self.isFolder(root) { reattach(into: &batch) }
    }

    /// A folder is at the root's path again: it is watched, and listed whole.
    private mutating func reattach(into batch: inout Batch) {
        if let parentWatch { inotify_rm_watch(fd, parentWatch) }
        parentWatch = nil
        watchTree(root, depth: 0)
        if !folders.isEmpty { batch.folderEvent = .back }
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Drops the watches on `folder` and below (it was moved away: its
    /// watches would report under its old path).
    private mutating func forget(under folder: String) {
        for (wd, watched) in folders where watched.path == folder || watched.path.hasPrefix(folder + "/") {
            inotify_rm_watch(fd, wd)
            folders[wd] = nil
        }
    }

    /// The entries of `folder` but hidden ones, each with whether it is a
    /// folder (links followed).
    static func list(_ folder: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [(String, Bool)] = []
        while let entry = readdir(directory) {
            guard let name = FolderScanner.entryName(entry), !name.hasPrefix(".") else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            entries.append((name, type == UInt8(DT_DIR)))
        }
        return entries
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
