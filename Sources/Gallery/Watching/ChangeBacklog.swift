/// The changes the folder watch published that the loop has not taken
/// yet, bounded: the loop takes nothing while the overview shows, a page
/// is zoomed or the pages move, and another program may meanwhile change
/// the folder without end. Past ``limit`` changes the backlog collapses
/// into one ``Rescan``: what it held is dropped, and so is every change
/// until the rescan is taken, since listing the folder then finds it all.
/// So memory stays bounded by the limit whatever happens to the folder.
///
/// ```swift
/// var backlog = ChangeBacklog()
/// backlog.append([.written("/p/a.jpg")])
/// if let rescan = backlog.takeRescan() { /* list the folder again */ }
/// let changes = backlog.take(upTo: 1000)
/// ```
public struct ChangeBacklog: Sendable {
    /// Why the folder must be listed again.
    public enum Rescan: Sendable, Equatable {
        /// More changes waited than ``ChangeBacklog/limit``: a file the
        /// gallery has is kept as it is (as after inotify's own overflow).
        case backlogOverflowed
        /// The folder was moved away or deleted and a folder appeared at
        /// its path: every file is another one, decoded again.
        case folderReplaced
    }

    /// The changes kept before collapsing: 5,000, five frames of edits
    /// (the session applies 1,000 a frame), so an ordinary burst still
    /// arrives as changes, while 100,000 files created behind the overview
    /// cost one listing of the folder (which the gallery holds anyway)
    /// instead of a list of changes that grows with every file.
    public static let standardLimit = 5_000

    /// The most changes kept; one more collapses them into a rescan.
    public let limit: Int
    /// The changes waiting, in order (empty while a rescan waits).
    public private(set) var changes: [FolderChange] = []
    /// The rescan waiting, when the backlog collapsed or the folder was replaced.
    public private(set) var rescan: Rescan?

    /// `ChangeBacklog(limit: 10)`: tests collapse it with a few changes.
    public init(limit: Int = ChangeBacklog.standardLimit) {
        self.limit = max(1, limit)
    }

    /// Whether anything waits to be taken.
    public var isEmpty: Bool { changes.isEmpty && rescan == nil }

    /// Adds a batch; past ``limit`` everything collapses into a rescan.
    /// While a rescan waits the batch is dropped: the listing will see it.
    public mutating func append(_ batch: [FolderChange]) {
        guard rescan == nil else { return }
        guard changes.count + batch.count <= limit else { return requestRescan(.backlogOverflowed) }
        changes += batch
    }

    /// The folder must be listed again: the changes waiting are dropped.
    /// A replaced folder outranks an overflow (its files are decoded again).
    public mutating func requestRescan(_ reason: Rescan) {
        changes = []
        if rescan != .folderReplaced { rescan = reason }
    }

    /// The rescan waiting, once; changes are kept again from now on.
    public mutating func takeRescan() -> Rescan? {
        defer { rescan = nil }
        return rescan
    }

    /// The first `limit` changes waiting, in order (none while a rescan waits).
    public mutating func take(upTo limit: Int) -> [FolderChange] {
        let taken = Array(changes.prefix(limit))
        changes.removeFirst(taken.count)
        return taken
    }
}
