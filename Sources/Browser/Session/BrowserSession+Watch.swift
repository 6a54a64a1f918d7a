import Gallery
import Pager

/// A folder that changes while it is open: the folder watch's batches
/// (``FolderWatch``, started with the gallery) applied to the gallery. New
/// images join in their places with the image on screen staying where it
/// is seen; a removed image leaves, and when it was on screen its page
/// slides away as after Delete; a rewritten one is decoded again (its
/// thumbnail too); an error page whose file's permissions changed reads it
/// again (a file made readable shows); marks and turns follow renames. A
/// batch waits while a page slides away, the overview shows, the page is
/// zoomed or the pages move, so it never pulls a page from under the
/// user's hand; while it waits the watcher's backlog stays bounded
/// (``ChangeBacklog``: past its limit, one rescan of the folder, after which
/// every page decodes again, since which files were rewritten or made
/// readable meanwhile is not known). When the
/// open folder itself is moved away or deleted its images stay shown with
/// a notice; a folder appearing at its path is listed and becomes the
/// gallery.
extension BrowserSession {
    /// Starts the watch once the gallery is known (``applyGallery(at:)``).
    func startWatching() {
        let type = wakeEventType
        gallery.startWatching(options: options) { BrowserSession.wake(type) }
    }

    /// Applies what the watch saw since the last frame, when nothing moves.
    func checkFolderChanges(at time: Double) {
        guard let watch = gallery.watch else { return }
        if watch.watcher?.takeLimitReached() == true {
            StandardError.line("the folder watch limit is reached (fs.inotify.max_user_watches): some folders are not watched")
            showNotice("Some folders are not watched: the system's watch limit is reached", at: time)
        }
        if let event = watch.watcher?.takeFolderEvent() { tell(event, root: watch.edit.root, at: time) }
        guard !trashHistory.isRemoving, !overview.isShowing, model.isSettled, !model.zoom.isZoomed, screen.turn == nil,
              case .folder(let layout, let title) = gallery.catalog,
              let changes = gallery.watch?.take(current: layout.images) else { return }
        // After the batch (the gallery as the rescan found it), whatever returns.
        let rescanned = gallery.watch?.takeFinishedRescan() == true
        defer { if rescanned { decodeAllAgainAfterRescan() } }
        guard !changes.isEmpty else { return }
        // A change of permissions alone changes no image: the gallery is not
        // edited for it (a `chmod -R` would cost an edit per thousand images).
        let attributes = changes.compactMap(Self.attributesChangedPath)
        let edits = attributes.isEmpty ? changes : changes.filter { Self.attributesChangedPath($0) == nil }
        guard !edits.isEmpty else {
            let retried = retryFailed(attributes)
            if !retried.isEmpty { logFolderChange(nil, retried: retried, images: layout.count, at: time) }
            return
        }
        let plan = watch.plan(edits, layout: layout, title: title, page: model.currentPage,
                              style: gallery.style, columns: gallery.columns, wrap: gallery.wrap)
        let result = plan.result
        if !result.isEmpty {
            follow(result)
            if result.changesImages { show(plan, replacing: layout, title: title, at: time) }
            reload(result.rewritten)
        }
        let retried = retryFailed(attributes)
        guard !result.isEmpty || !retried.isEmpty else { return }
        logFolderChange(result, retried: retried, images: plan.layout.count - (plan.removal == nil ? 0 : 1), at: time)
        if let removal = plan.removal {
            gallery.watch?.landingToDecodeAgain = removal.layout.entry(at: removal.landing)?.path
            trashHistory.slideAway(removal)
            if let flip = removal.flip { model.apply(.flip(flip), time: time) } else { finishRemoval(at: time) }
        }
        refreshInfo(at: time)
    }

    /// The path of a change of attributes alone, nil for any other change.
    private static func attributesChangedPath(_ change: FolderChange) -> String? {
        if case .attributesChanged(let path) = change { path } else { nil }
    }

    /// The `folder-changed` line of an edit (nil: none) and of the error
    /// pages read again, with the gallery's count after them.
    private func logFolderChange(_ result: GalleryEdit.Result?, retried: [String], images: Int, at time: Double) {
        let added = result?.added ?? [], removed = result?.removed ?? [], renamed = result?.renamed.map(\.to) ?? []
        let changed = (result?.rewritten ?? []) + retried
        let files = added + changed + renamed + removed
        log?.write(.folderChanged(added: added.count, removed: removed.count, changed: changed.count,
                                  renamed: renamed.count, images: images,
                                  files: Array(files.prefix(BrowserLogEvent.folderChangedFiles))), time: time)
    }

    /// The open folder itself went (its images stay shown) or a folder is
    /// at its path again (listed, it becomes the gallery).
    private func tell(_ event: FolderWatcher.FolderEvent, root: String, at time: Double) {
        switch event {
        case .gone:
            StandardError.line(root + ": the folder was moved away or deleted: showing what it held")
            showNotice("The folder was moved away or deleted: showing what it held", at: time)
        case .back:
            showNotice("A folder is at " + LexicalPath.lastComponent(root) + " again: showing its images", at: time)
        }
    }

    /// Marks and turns go with renamed images; removed images are unmarked.
    private func follow(_ result: GalleryEdit.Result) {
        marks.follow(renamed: result.renamed, removed: result.removed)
        for (from, to) in result.renamed { viewTurns.rename(from, to: to) }
    }

    /// The gallery becomes the plan's, the pager on the image it showed:
    /// the slot showing it keeps its picture; the others load what their
    /// pages show now.
    private func show(_ plan: FolderWatch.Plan, replacing old: GalleryLayout, title: String, at time: Double) {
        let shown = model.slots.slot(column: 0, row: 0).id
        let before = (0..<SlotPool.capacity).map { id in model.slots[id].page.flatMap { old.entry(at: $0)?.path } }
        install(plan.layout, title: title, at: time)
        if plan.layout.count > 0 { model.go(to: plan.page, animated: false, time: time) }
        let centre = model.slots.slot(column: 0, row: 0).id
        if centre != shown {
            screen.contents.swapAt(shown, centre)
            slotLoader.loadAll(keeping: centre, showing: screen.contents[centre])
        } else {
            for id in 0..<SlotPool.capacity where id != centre {
                let now = model.slots[id].page.flatMap { plan.layout.entry(at: $0)?.path }
                if now != before[id] { slotLoader.reload(slot: id) }
            }
        }
        overview.forgetThumbnails()
    }

    /// The slots showing an error page for one of `paths` (whose
    /// permissions, owner or times changed) decode it again, and the
    /// overview asks again for their thumbnails that failed: a file that
    /// could not be read may be readable now. The paths whose pages
    /// were retried.
    private func retryFailed(_ paths: [String]) -> [String] {
        guard !paths.isEmpty else { return [] }
        let changed = Set(paths)
        overview.forgetFailures { page in gallery.entry(at: page).map { changed.contains($0.path) } ?? false }
        var retried: [String] = []
        for id in 0..<SlotPool.capacity {
            guard case .failed = screen.contents[id], let page = model.slots[id].page,
                  let path = gallery.entry(at: page)?.path, changed.contains(path) else { continue }
            slotLoader.reload(slot: id)
            retried.append(path)
        }
        return retried
    }

    /// After a rescan: every page decodes again (showing its picture until
    /// then; an error page reads its file again; the prefetched are
    /// dropped) and the overview asks again for its thumbnails (from the
    /// cache for files as they were). The rescan's listing says which files
    /// are there, not which were rewritten or had their permissions changed
    /// while the backlog was collapsed.
    private func decodeAllAgainAfterRescan() {
        slotLoader.decodeAllAgain()
        overview.forgetThumbnails()
    }

    /// The slots showing a rewritten file decode it again (showing the old
    /// picture until then); the overview makes its thumbnail again.
    private func reload(_ rewritten: [String]) {
        guard !rewritten.isEmpty else { return }
        let paths = Set(rewritten)
        for id in 0..<SlotPool.capacity {
            if let page = model.slots[id].page, let path = gallery.entry(at: page)?.path, paths.contains(path) {
                slotLoader.reload(slot: id)
            }
        }
        overview.forgetThumbnails()
    }
}
