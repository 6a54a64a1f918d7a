#if canImport(Glibc)
import Glibc
#endif

/// Remembers, per folder, which image comes first in natural order, so that
/// opening the folder again starts decoding that image at once instead of
/// after the listing: a 100,000-file folder takes 30–50 ms to list.
///
/// An entry is trusted only while the folder's listing cannot have changed:
/// it stores the folder's device, inode, and modification and change times
/// (nanoseconds), which every create, delete or rename inside the folder
/// updates, and they are compared with a fresh `stat` on every lookup. The
/// identity is taken *before* the listing that found the name, so a change
/// during the listing makes the entry stale. A stale or damaged entry is
/// never trusted; the scan's own answer always wins (the shell drops a guess
/// the scan contradicts).
///
/// Entries live in `$XDG_CACHE_HOME/fourway/first-images` (or
/// `~/.cache/fourway/first-images`), one small file per folder, written
/// atomically. Thread-safe: every call works on its own files.
///
/// ```swift
/// let cache = FirstImageCache.standard()
/// let identity = FolderIdentity(of: "/photos")
/// if let identity, let path = cache?.lookup(folder: "/photos", identity: identity) { startDecoding(path) }
/// // once the scan has listed the folder:
/// if let identity { cache?.remember(folder: "/photos", identity: identity, firstImage: "img1.jpg") }
/// ```
public struct FirstImageCache: Sendable {
    /// First line of every entry: the format and its version.
    static let magic = "fourway-first-image 1"
    /// Entries longer than this are not entries, bytes.
    static let maximumLength = 16 << 10

    /// The folder holding the entries.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The standard location: `first-images` in fourway's cache folder
    /// (see ``ThumbnailCache/init(environment:)``); nil when it is unknown.
    public init?(environment: [String: String]) {
        guard let base = ThumbnailCache.fourwayFolder(environment: environment) else { return nil }
        folder = base + "/first-images"
    }

    /// The standard location for this process's environment.
    public static func standard() -> FirstImageCache? {
        FirstImageCache(environment: ThumbnailCache.processEnvironment())
    }

    /// The remembered first image of `folder` (an absolute path) as a whole
    /// path, when the entry exists, is sound and `identity` still matches.
    public func lookup(folder path: String, identity: FolderIdentity) -> String? {
        guard let bytes = ThumbnailCache.readFile(entryPath(for: path), limit: Self.maximumLength) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 5, lines[0] == Self.magic, lines[1] == path, lines[2] == identity.text,
              lines[4].isEmpty, Self.isPlainName(lines[3]) else { return nil }
        return LexicalPath.joined(path, String(lines[3]))
    }

    /// Stores `name` as the first image of `folder`, as listed while the
    /// folder was `identity`. Returns whether it was written: a full disk or
    /// a read-only home only costs the cache. Names a line cannot hold are
    /// not stored.
    @discardableResult
    public func remember(folder path: String, identity: FolderIdentity, firstImage name: String) -> Bool {
        guard Self.isPlainName(Substring(name)), !path.contains("\n") else { return false }
        if lookup(folder: path, identity: identity) == LexicalPath.joined(path, name) { return true }
        let text = [Self.magic, path, identity.text, name, ""].joined(separator: "\n")
        return ThumbnailCache.writeAtomically(Array(text.utf8), to: entryPath(for: path))
    }

    /// Where `folder`'s entry lives: named by a hash of its path (the path
    /// itself is in the entry and compared on reading).
    func entryPath(for path: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325   // FNV-1a, 64 bits
        for byte in path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return folder + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".first"
    }

    private static func isPlainName(_ name: Substring) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\n")
    }
}

/// What changes when a folder's listing changes: its device and inode, and
/// its modification and change times to the nanosecond.
///
/// ```swift
/// let before = FolderIdentity(of: "/photos")
/// // … a file is added to /photos …
/// FolderIdentity(of: "/photos") == before   // false
/// ```
public struct FolderIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
    public let modifiedSeconds: Int
    public let modifiedNanoseconds: Int
    public let changedSeconds: Int
    public let changedNanoseconds: Int

    /// The identity of the folder at `path` (links followed), nil when it
    /// cannot be read or is not a folder.
    public init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        changedSeconds = Int(info.st_ctim.tv_sec)
        changedNanoseconds = Int(info.st_ctim.tv_nsec)
    }

    /// The identity as one line of an entry.
    var text: String {
        "\(device) \(inode) \(modifiedSeconds) \(modifiedNanoseconds) \(changedSeconds) \(changedNanoseconds)"
    }
}
