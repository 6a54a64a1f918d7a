#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// How the user turned each image's view (`r`, `R`, `|`, `_`): for the
/// session, and in `$XDG_CACHE_HOME/fourway/turns` across runs (not with
/// `--no-cache`). The file is never written to; only the view turns.
///
/// An entry is keyed like a thumbnail: the path with the file's size and
/// modification time, so a file changed since is shown as it is. The cache
/// file is a line an entry, `TURN<TAB>SIZE<TAB>MTIME_NS<TAB>PATH` (TURN is
/// the EXIF orientation number the turn equals), written whole and
/// atomically on each change; a line that does not parse is dropped.
///
/// ```swift
/// var turns = ViewTurns.standard()
/// turns.turn("/photos/a.jpg", by: .rotate90)   // a quarter turn clockwise
/// turns.turn(of: "/photos/a.jpg")              // .rotate90
/// ```
public struct ViewTurns: Sendable {
    /// The cache file; nil keeps the turns for the session only.
    public let file: String?
    private var entries: [String: Entry] = [:]

    private struct Entry: Sendable {
        var turn: ExifOrientation
        var size: Int64
        var modified: Int64
    }

    /// At most this many turns are kept (the oldest lines go first): each
    /// is a few dozen bytes, and nobody turns more photos than that by hand.
    public static let capacity = 10_000

    /// The turns remembered in `file` (none when it is nil or missing).
    public init(file: String?) {
        self.file = file
        guard let file, let text = Self.read(file) else { return }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let raw = Int(fields[0]), let turn = ExifOrientation(rawValue: raw),
                  let size = Int64(fields[1]), let modified = Int64(fields[2]) else { continue }
            entries[String(fields[3])] = Entry(turn: turn, size: size, modified: modified)
        }
    }

    /// The standard cache file, or the session only with `cache` false.
    public static func standard(cache: Bool = true) -> ViewTurns {
        let folder = cache ? ThumbnailCache.fourwayFolder(environment: ThumbnailCache.processEnvironment()) : nil
        return ViewTurns(file: folder.map { $0 + "/turns" })
    }

    /// How the view of `path` is turned (`.normal`: as the file is).
    public func turn(of path: String) -> ExifOrientation {
        guard let entry = entries[path] else { return .normal }
        guard let stamp = Self.stamp(path), stamp == (entry.size, entry.modified) else { return .normal }
        return entry.turn
    }

    /// Turns the view of `path` by `step` on top of how it is turned now;
    /// returns the new turn. Saves the cache file when there is one.
    @discardableResult
    public mutating func turn(_ path: String, by step: ExifOrientation) -> ExifOrientation {
        let turned = turn(of: path).followed(by: step)
        guard let stamp = Self.stamp(path) else { return turned }
        if turned == .normal {
            entries[path] = nil
        } else {
            entries[path] = Entry(turn: turned, size: stamp.size, modified: stamp.modified)
        }
        save()
        return turned
    }

    /// Forgets how `path` is turned (its turn was saved into the file).
    /// Saves the cache file when a turn was forgotten.
    public mutating func forget(_ path: String) {
        guard entries.removeValue(forKey: path) != nil else { return }
        save()
    }

    /// The file at `old` was renamed `new` (the folder watch saw it): its
    /// turn goes with it (a rename keeps size and modification time).
    /// Saves the cache file when a turn moved.
    public mutating func rename(_ old: String, to new: String) {
        guard let entry = entries.removeValue(forKey: old) else { return }
        entries[new] = entry
        save()
    }

    /// The file's size and modification time (ns), or nil when it is gone.
    private static func stamp(_ path: String) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    private func save() {
        guard let file else { return }
        var lines: [String] = []
        for (path, entry) in entries.prefix(Self.capacity) where !path.utf8.contains(0x0A) {
            lines.append("\(entry.turn.rawValue)\t\(entry.size)\t\(entry.modified)\t\(path)")
        }
        _ = ThumbnailCache.writeAtomically(Array((lines.joined(separator: "\n") + "\n").utf8), to: file)
    }

    private static func read(_ path: String) -> String? {
        guard let bytes = ThumbnailCache.readFile(path, limit: 4 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
