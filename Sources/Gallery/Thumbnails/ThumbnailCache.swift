#if canImport(Glibc)
import Glibc
#endif

/// Thumbnails on disk, under `$XDG_CACHE_HOME/fourway/thumbnails` (or
/// `~/.cache/fourway/thumbnails`), one file per ``ThumbnailKey``.
///
/// - Written atomically: a temporary file in the same folder, then `rename`,
///   so a reader sees a whole entry or none, even with two browsers at once.
/// - Read defensively: an entry that is truncated, corrupt or for another key
///   is ignored (and replaced when the thumbnail is made again).
/// - Bounded: ``prune(maximumBytes:)`` deletes the oldest entries once the
///   folder grows past the cap (the browser runs it in the background).
///
/// Thread-safe: every call works on its own files.
///
/// ```swift
/// let cache = ThumbnailCache(environment: ProcessInfo.processInfo.environment)
/// if let key = ThumbnailKey(path: path, thumbnailSize: 160), let hit = cache?.read(key) { show(hit) }
/// ```
public struct ThumbnailCache: Sendable {
    /// Default cap on the cache folder, bytes (about 40,000 thumbnails of 160 px).
    public static let defaultMaximumBytes = 512 << 20
    /// After pruning, the folder holds at most this fraction of the cap, so
    /// pruning does not run again after every few new entries.
    static let pruneTarget = 0.75

    /// The folder holding the entries.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The standard location: `$XDG_CACHE_HOME/fourway/thumbnails` when that
    /// is an absolute path, else `$HOME/.cache/fourway/thumbnails`; nil when
    /// neither is known.
    public init?(environment: [String: String]) {
        guard let base = Self.fourwayFolder(environment: environment) else { return nil }
        folder = base + "/thumbnails"
    }

    /// The standard location for this process's environment (see ``init(environment:)``).
    public static func standard() -> ThumbnailCache? {
        ThumbnailCache(environment: processEnvironment())
    }

    /// fourway's cache folder: `$XDG_CACHE_HOME/fourway` when that is an
    /// absolute path, else `$HOME/.cache/fourway`; nil when neither is known.
    static func fourwayFolder(environment: [String: String]) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/fourway" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/fourway" }
        return nil
    }

    /// The two variables ``fourwayFolder(environment:)`` reads, from this process.
    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The whole path of `key`'s entry.
    public func path(of key: ThumbnailKey) -> String { folder + "/" + key.fileName }

    /// The entry for `key`, or nil when there is none or it is not sound.
    public func read(_ key: ThumbnailKey) -> ThumbnailEntry? {
        guard let bytes = Self.readFile(path(of: key), limit: ThumbnailEntry.maximumLength) else { return nil }
        return ThumbnailEntry.decode(bytes, expectedKey: key.text)
    }

    /// Stores `entry` for `key`; returns whether it was written (a full disk
    /// or a read-only home only costs the cache, never the browsing).
    @discardableResult
    public func write(_ entry: ThumbnailEntry, for key: ThumbnailKey) -> Bool {
        Self.writeAtomically(entry.encoded(), to: path(of: key))
    }

    /// Writes `bytes` to a temporary file beside `target` (its folders made
    /// owner-only), then renames it over `target`: a reader sees all or none.
    static func writeAtomically(_ bytes: [UInt8], to target: String) -> Bool {
        let subfolder = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
        guard makeFolders(subfolder) else { return false }
        let temporary = subfolder + "/.tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                written += n
            }
            return true
        }
        close(descriptor)
        guard ok, rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Deletes the oldest entries (by modification time) until the folder
    /// holds at most 3/4 of `maximumBytes`, when it holds more than that cap.
    /// Returns the number of entries deleted.
    @discardableResult
    public func prune(maximumBytes: Int = ThumbnailCache.defaultMaximumBytes) -> Int {
        var entries: [(path: String, bytes: Int, modified: Int)] = []
        var total = 0
        guard let top = opendir(folder) else { return 0 }
        defer { closedir(top) }
        while let item = readdir(top) {
            let name = Self.name(of: item)
            guard name.count == 2 else { continue }
            let subfolder = folder + "/" + name
            guard let sub = opendir(subfolder) else { continue }
            while let file = readdir(sub) {
                let fileName = Self.name(of: file)
                guard fileName.hasSuffix(".thumb") || fileName.hasPrefix(".tmp-") else { continue }
                let path = subfolder + "/" + fileName
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                entries.append((path, Int(info.st_size), Int(info.st_mtim.tv_sec)))
                total += Int(info.st_size)
            }
            closedir(sub)
        }
        guard total > maximumBytes else { return 0 }
        entries.sort { $0.modified < $1.modified }
        let target = Int(Double(maximumBytes) * Self.pruneTarget)
        var deleted = 0
        for entry in entries where total > target {
            if unlink(entry.path) == 0 {
                total -= entry.bytes
                deleted += 1
            }
        }
        return deleted
    }

    private static func name(of item: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: item.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// `mkdir -p` with owner-only permissions (thumbnails show private pictures).
    static func makeFolders(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            guard makeFolders(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    /// At most `limit` bytes of a regular file, nil otherwise or when larger.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0, size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        let ok: Bool = bytes.withUnsafeMutableBytes { raw in
            while done < size {
                let n = Glibc.read(descriptor, raw.baseAddress! + done, size - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        return ok ? bytes : nil
    }
}
