import Gallery
import Pager

/// Delete and undo: the only action that changes the user's files. The
/// move to the trash takes the current image to the FreeDesktop trash
/// (``Trash``: never an unlink, never a copy across devices), slides its
/// page away to the image that takes its place, then takes it out of the
/// gallery (``TrashHistory`` decides where the pager goes); undo puts it
/// back byte for byte and the gallery as it was. When the trash cannot take
/// the file, nothing is removed and the notice says why. With marks
/// (``Marks``), Delete takes every marked image at once instead, all or
/// nothing, and undo brings them all back, marked. Every comparison with
/// the gallery, the marks and the watch uses ``TrashedFile/path`` (the
/// path as the gallery spells it), never the trash's resolved one.
extension BrowserSession {
    func moveToTrash(at time: Double) {
        guard options.allowsDelete else { return showNotice("Delete is off (--no-delete)", at: time) }
        if !marks.isEmpty, !trashHistory.isRemoving, let folder = gallery.folder {
            return moveMarkedToTrash(layout: folder.layout, title: folder.title, at: time)
        }
        let page = model.currentPage
        guard case .folder(let layout, let title) = gallery.catalog, !trashHistory.isRemoving, let entry = layout.entry(at: page),
              let removal = TrashHistory.removal(of: page, in: layout, title: title) else {
            return showNotice("No image here to move to the trash", at: time)
        }
        guard let trash = Trash.standard() else {
            return showNotice("No trash: neither XDG_DATA_HOME nor HOME is set", at: time)
        }
        let file: TrashedFile
        do {
            file = try trash.moveToTrash(entry.path)
        } catch {
            StandardError.line(entry.path + ": not moved to the trash: " + error.description)
            return showNotice("Not moved to the trash: " + error.description, at: time)
        }
        log?.write(.trashed(file: entry.path, trashedAs: file.trashedPath), time: time)
        gallery.watch?.expectOwn([file])
        trashHistory.record(file, removal: removal, from: layout, at: page)
        showNotice("Moved " + entry.name + " to the trash" + (keyMap.keyLabel(of: .undo).map { " — \($0) to undo" } ?? ""),
                   at: time)
        if let flip = removal.flip {
            model.apply(.flip(flip), time: time)
        } else {
            finishRemoval(at: time)
        }
    }

    /// The slide has settled (or there was none): the gallery without the
    /// image, the pager on the same picture at its new page, that picture
    /// kept (not decoded again).
    func finishRemoval(at time: Double) {
        guard let removal = trashHistory.takeRemoval() else { return }
        let shown = model.slots.slot(column: 0, row: 0).id
        replaceGallery(with: removal.layout, title: removal.title, page: removal.landing, at: time)
        let centre = model.slots.slot(column: 0, row: 0).id
        if centre != shown { screen.contents.swapAt(shown, centre) }
        slotLoader.loadAll(keeping: centre, showing: screen.contents[centre])
        // A slide the folder watch started may land on an image its batch
        // changed (a folder replaced): the old picture that slid in is
        // decoded again, shown until the new one comes.
        if let path = gallery.watch?.landingToDecodeAgain {
            gallery.watch?.landingToDecodeAgain = nil
            if gallery.entry(at: model.currentPage)?.path == path { slotLoader.reload(slot: centre) }
        }
    }

    func undoTrash(at time: Double) {
        guard !trashHistory.isRemoving else { return }
        guard let last = trashHistory.last, let trash = Trash.standard() else {
            return showNotice("Nothing to undo", at: time)
        }
        if let turned = last.turned { return undoSavedTurn(last, turned: turned, at: time) }
        var failed: [String] = []   // "name: why", for the notice
        var missing: Set<String> = []
        for file in last.files.reversed() {
            do {
                try trash.restore(file)
                log?.write(.restored(file: file.path), time: time)
            } catch {
                StandardError.line(file.path + ": not put back: " + error.description)
                failed.append(LexicalPath.lastComponent(file.path) + ": " + error.description)
                missing.insert(file.path)
            }
        }
        if missing.count == last.files.count { return showNotice("Not put back: " + failed.joined(separator: "; "), at: time) }
        trashHistory.restored()
        let back = last.files.filter { !missing.contains($0.path) }
        gallery.watch?.expectOwn(back)
        let layout = missing.isEmpty ? last.layout
            : TrashHistory.remaining(removing: Set(Marks(missing).ordinals(in: last.layout)), from: last.layout, current: 0).layout
        if !last.marked.isEmpty {
            marks.mark(last.marked.filter { !missing.contains($0) })
            logMarks("restored", at: time)
        }
        guard let title = gallery.folder?.title else { return }
        replaceGallery(with: layout, title: title, page: last.page, at: time)
        slotLoader.loadAll()
        let names = back.count == 1 ? LexicalPath.lastComponent(back[0].path) : "\(back.count) images"
        showNotice("Put " + names + " back" + (failed.isEmpty ? "" : "; not put back: " + failed.joined(separator: "; ")),
                   at: time)
    }

    /// Delete with marks: every marked image goes to the trash in one step,
    /// all or nothing: when one cannot go, those already moved come back
    /// and the notice names the one that could not.
    private func moveMarkedToTrash(layout: GalleryLayout, title: String, at time: Double) {
        guard let trash = Trash.standard() else {
            return showNotice("No trash: neither XDG_DATA_HOME nor HOME is set", at: time)
        }
        let ordinals = marks.ordinals(in: layout)
        let paths = marks.paths(in: layout)
        guard let moved = moveAllToTrash(paths, trash: trash, at: time) else { return }
        let page = model.currentPage
        let (remaining, landing) = TrashHistory.remaining(removing: Set(ordinals), from: layout,
                                                          current: layout.ordinal(of: page) ?? 0)
        trashHistory.record(marked: moved, from: layout, at: page)
        marks.unmark(paths)
        logMarks("trashed", at: time)
        replaceGallery(with: remaining, title: title, page: landing ?? PageIndex(h: 0, v: 0), at: time)
        slotLoader.loadAll()
        showNotice("Moved \(moved.count) marked image" + (moved.count == 1 ? "" : "s") + " to the trash"
                   + (keyMap.keyLabel(of: .undo).map { " — \($0) to undo" } ?? ""), at: time)
    }

    /// Moves every one of `paths` to the trash, all or nothing, logs each
    /// and tells the folder watch they were ours. When one cannot go, those
    /// already moved come back, the notice names the one that could not,
    /// and the result is nil.
    func moveAllToTrash(_ paths: [String], trash: Trash, at time: Double) -> [TrashedFile]? {
        var moved: [TrashedFile] = []
        for path in paths {
            do {
                moved.append(try trash.moveToTrash(path))
            } catch {
                StandardError.line(path + ": not moved to the trash: " + error.description)
                let stuck = putBack(moved, trash: trash)
                showNotice("Nothing moved to the trash: " + LexicalPath.lastComponent(path) + " cannot go ("
                           + error.description + ")" + (stuck.isEmpty ? "" : "; still in the trash: "
                           + stuck.joined(separator: ", ")), at: time)
                return nil
            }
        }
        for file in moved { log?.write(.trashed(file: file.path, trashedAs: file.trashedPath), time: time) }
        gallery.watch?.expectOwn(moved)
        return moved
    }

    /// Takes `files` back out of the trash (a step that could not finish);
    /// returns the names of those that stay there.
    func putBack(_ files: [TrashedFile], trash: Trash) -> [String] {
        var stuck: [String] = []
        for file in files.reversed() {
            do {
                try trash.restore(file)
            } catch {
                StandardError.line(file.path + ": left in the trash: " + error.description)
                stuck.append(LexicalPath.lastComponent(file.path))
            }
        }
        return stuck
    }

    /// The gallery becomes `layout` and the pager stands on `page` (the
    /// last image when the gallery got shorter than that) without moving.
    func replaceGallery(with layout: GalleryLayout, title: String, page: PageIndex, at time: Double) {
        install(layout, title: title, at: time)
        if layout.count > 0, let clamped = layout.canonicalPage(page) ?? layout.page(ofOrdinal: layout.count - 1) {
            model.go(to: layout.wrap ? page : clamped, animated: false, time: time)
        }
    }
}
