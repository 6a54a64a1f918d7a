import Gallery
import Pager

/// Delete and undo: the only action that changes the user's files. The
/// move to the trash takes the current image to the FreeDesktop trash
/// (``Trash``: never an unlink, never a copy across devices), slides its
/// page away to the image that takes its place, then takes it out of the
/// gallery (``TrashHistory`` decides where the pager goes); undo puts it
/// back byte for byte and the gallery as it was. When the trash cannot take
/// the file, nothing is removed and the notice says why.
extension BrowserSession {
    func moveToTrash(at time: Double) {
        guard options.allowsDelete else { return showNotice("Delete is off (--no-delete)", at: time) }
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
        slotLoader.loadAll(keeping: centre)
    }

    func undoTrash(at time: Double) {
        guard !trashHistory.isRemoving else { return }
        guard let last = trashHistory.last, let trash = Trash.standard() else {
            return showNotice("Nothing to undo", at: time)
        }
        do {
            try trash.restore(last.file)
        } catch {
            StandardError.line(last.file.originalPath + ": not put back: " + error.description)
            return showNotice("Not put back: " + error.description, at: time)
        }
        trashHistory.restored()
        log?.write(.restored(file: last.file.originalPath), time: time)
        guard let title = gallery.folder?.title else { return }
        replaceGallery(with: last.layout, title: title, page: last.page, at: time)
        slotLoader.loadAll()
        showNotice("Put " + LexicalPath.lastComponent(last.file.originalPath) + " back", at: time)
    }

    /// The gallery becomes `layout` and the pager stands on `page` (the
    /// last image when the gallery got shorter than that) without moving.
    private func replaceGallery(with layout: GalleryLayout, title: String, page: PageIndex, at time: Double) {
        install(layout, title: title, at: time)
        if layout.count > 0, let clamped = layout.canonicalPage(page) ?? layout.page(ofOrdinal: layout.count - 1) {
            model.go(to: layout.wrap ? page : clamped, animated: false, time: time)
        }
    }
}
