#if canImport(Glibc)
import Glibc
#endif

/// The watching thread's side: the watches and the folders they are on,
/// and turning inotify's events into ``FolderChange``s.
struct InotifyReader {
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
    /// only word of it. `IN_ATTRIB`: a file's permissions (or owner, or
    /// times) changed, which can make a file the browser could not read
    /// readable.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ONLYDIR
                             | IN_MOVE_SELF | IN_DELETE_SELF | IN_ATTRIB)

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
            // Entry by entry: a folder of a million images is never held as a list here.
            Self.forEachEntry(path) { name, isFolder in
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
            for (_, folder) in folders {
                Self.forEachEntry(folder.path) { name, isFolder in
                    if !isFolder && ImageExtensions.matches(name) { batch.changes.append(.listed(folder.path + "/" + name)) }
                }
            }
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
        } else if isImage && mask & UInt32(IN_ATTRIB) != 0 {
            batch.changes.append(.attributesChanged(path))
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

    /// Calls `body` with each entry of `folder` but hidden ones and whether it
    /// is a folder (links followed), as `readdir` gives them: nothing is kept.
    static func forEachEntry(_ folder: String, _ body: (_ name: String, _ isFolder: Bool) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            guard let name = FolderScanner.entryName(entry), !name.hasPrefix(".") else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            body(name, type == UInt8(DT_DIR))
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
