import Gallery
import ImageDecoding
import Pager

/// The folder watch of a session's gallery (``SessionGallery`` owns it):
/// the inotify reader (``FolderWatcher``), the edit that applies its
/// changes (``GalleryEdit``), and the paths fourway moved itself (Delete and
/// undo), whose changes are already in the gallery and are not applied
/// twice. ``plan(_:layout:title:page:style:columns:wrap:)`` decides, without
/// a window, what a batch does to the gallery and to the page on screen.
/// When the watcher asks for a rescan (its backlog collapsed, or the folder
/// was replaced) the folder is scanned again on a thread of its own
/// (``FolderScan``) and the difference with the gallery comes as changes,
/// ``changesPerFrame`` at a time; the watcher's later changes wait for it.
///
/// ```swift
/// var watch = FolderWatch(watcher: watcher, edit: GalleryEdit(root: "/p", title: "p"))
/// let plan = watch.plan(watch.take(current: layout.images), layout: layout, title: "p", page: model.currentPage,
///                       style: .auto, columns: nil, wrap: false)
/// plan.page     // where the image on screen is now
/// ```
struct FolderWatch {
    let watcher: FolderWatcher?
    let edit: GalleryEdit
    /// Paths fourway itself moved out or back, each with how many of its
    /// next changes are its own, already applied (Delete then undo: two).
    private var own: [String: Int] = [:]
    /// Runs after a rescan's scan ends, and while its changes remain.
    private let wake: @Sendable () -> Void
    /// The rescan under way, and whether the folder was replaced (every
    /// file decoded again).
    private var rescan: (scan: FolderScan, replaced: Bool)?
    /// A finished rescan's changes not applied yet.
    private var rescanned: ArraySlice<FolderChange> = []
    /// A rescan's listing was taken since ``takeFinishedRescan()`` last said so.
    private var finishedRescan = false
    /// The image a slide away (the image on screen left) lands on, decoded
    /// again once it settles: the batch may have changed the neighbour that
    /// slid in, and the slide's end keeps the picture on screen as it is.
    var landingToDecodeAgain: String?

    /// What one batch does.
    struct Plan {
        let result: GalleryEdit.Result
        /// The gallery to install now (with the image on screen, even when
        /// it left: its page slides away first, through `removal`).
        let layout: GalleryLayout
        /// Where the pager stands in `layout`: on the image it showed (by
        /// its new name after a rename), else the page it was on.
        let page: PageIndex
        /// The image on screen left: its page slides away as after Delete.
        let removal: TrashHistory.Removal?
    }

    init(watcher: FolderWatcher?, edit: GalleryEdit, wake: @escaping @Sendable () -> Void = {}) {
        self.watcher = watcher
        self.edit = edit
        self.wake = wake
    }

    /// `paths` are moving out of the folder or back by fourway's own hand.
    mutating func expectOwn(_ paths: some Sequence<String>) {
        for path in paths { own[path, default: 0] += 1 }
    }

    /// `files` are moving to the trash or back by fourway's own hand: by
    /// the path the gallery and the watch spell (``TrashedFile/path``), not
    /// the trash's resolved one, which differs in a folder opened through a
    /// link and would leave the watch applying the move again.
    mutating func expectOwn(_ files: [TrashedFile]) {
        expectOwn(files.map(\.path))
    }

    /// At most this many changes are applied in one frame: in a burst the
    /// rest come in the next frames, so no frame waits long for an edit.
    static let changesPerFrame = 1000

    /// The changes to apply now to the gallery's `images` (up to
    /// ``changesPerFrame``): a finished rescan's first, else the watcher's
    /// since the last call without fourway's own. A rescan the watcher asks
    /// for starts here, when the loop can apply its result.
    mutating func take(current images: ImageList) -> [FolderChange] {
        if rescanned.isEmpty, let running = rescan {
            guard let result = running.scan.result else { return [] }
            rescan = nil
            if case .success(let found) = result {
                finishedRescan = true
                rescanned = ArraySlice(GalleryEdit.rescanChanges(from: images, to: found.images,
                                                                 rewritingKept: running.replaced))
            }
        }
        if !rescanned.isEmpty {
            let part = Array(rescanned.prefix(Self.changesPerFrame))
            rescanned = rescanned.dropFirst(part.count)
            if !rescanned.isEmpty || watcher?.hasChanges == true { wake() }
            return part
        }
        guard let watcher, watcher.hasChanges else { return [] }
        if let reason = watcher.takeRescan() {
            startRescan(replaced: reason == .folderReplaced)
            return []
        }
        return withoutOwn(watcher.take(upTo: Self.changesPerFrame))
    }

    /// Scans the folder again, as it was opened (depth, order). The moves
    /// fourway expected are forgotten: the listing sees them, and a change
    /// they were waiting for may have been dropped with the backlog.
    private mutating func startRescan(replaced: Bool) {
        own = [:]
        let request = OpenRequest(paths: [edit.root], recursive: edit.maximumDepth == .max, order: edit.order)
        rescan = (FolderScan(request: request, niceness: WorkerThread.backgroundNiceness, onFinish: wake), replaced)
    }

    /// Whether a rescan is under way or its changes wait.
    var isRescanning: Bool { rescan != nil || !rescanned.isEmpty }

    /// Whether a rescan's listing was taken (by ``take(current:)``) since the
    /// last call: a rescan tells which files are there, not which of those
    /// were rewritten or made readable meanwhile, so the session decodes
    /// its pages again. Once per rescan.
    mutating func takeFinishedRescan() -> Bool {
        defer { finishedRescan = false }
        return finishedRescan
    }

    /// `changes` without the first change of each path fourway moved itself.
    mutating func withoutOwn(_ changes: [FolderChange]) -> [FolderChange] {
        guard !own.isEmpty else { return changes }
        return changes.filter { change in
            switch change {
            case .written(let path), .removed(let path): !takeOwn(path)
            case .renamed, .folderRemoved, .listed, .attributesChanged: true
            }
        }
    }

    /// Whether the change of `path` is fourway's own (counted off).
    private mutating func takeOwn(_ path: String) -> Bool {
        guard let count = own[path] else { return false }
        own[path] = count > 1 ? count - 1 : nil
        return true
    }

    /// What `changes` do to `layout` with the pager on `page`: the gallery
    /// rebuilt with the same style, columns and wrap as at the start (a
    /// grid's columns follow the count unless `--columns` fixed them), the
    /// image on screen kept where it is seen.
    func plan(_ changes: [FolderChange], layout: GalleryLayout, title: String, page: PageIndex,
              style: LayoutStyle, columns: Int?, wrap: Bool) -> Plan {
        let shown = layout.entry(at: page)?.path
        let result = edit.apply(changes, to: layout.images, keeping: shown)
        let rebuilt = GalleryLayout(contents: result.contents, style: style, columns: columns, wrap: wrap)
        guard let shown else {
            return Plan(result: result, layout: rebuilt, page: page, removal: nil)
        }
        if result.removed.contains(shown), let here = rebuilt.page(of: shown) {
            return Plan(result: result, layout: rebuilt, page: here,
                        removal: TrashHistory.removal(of: here, in: rebuilt, title: title))
        }
        var now = shown
        for (from, to) in result.renamed where from == now { now = to }
        return Plan(result: result, layout: rebuilt, page: rebuilt.page(of: now) ?? page, removal: nil)
    }
}
