import Gallery
import Pager

/// An image moved to the trash, on its way out of the gallery.
struct PendingRemoval {
    /// The gallery without it.
    let layout: GalleryLayout
    let title: String
    /// Where the pager lands in that gallery: on the image that took its
    /// place, which is what the slide shows.
    let landing: PageIndex
}

/// Delete and undo: the only action that changes the user's files. Delete
/// moves the current image to the FreeDesktop trash (``Trash``: never an
/// unlink, never a copy across devices), slides its page away to the image
/// that takes its place, then takes it out of the gallery; `u` (Ctrl+Z)
/// puts it back byte for byte and the gallery as it was. When the trash
/// cannot take the file, nothing is removed and the notice says why.
extension BrowserSession {
    func moveToTrash(at time: Double) {
        guard options.allowsDelete else { return showNotice("Delete is off (--no-delete)", at: time) }
        guard case .folder(let layout, let title) = catalog, pendingRemoval == nil,
              let entry = layout.entry(at: model.currentPage), let ordinal = layout.ordinal(of: model.currentPage),
              let here = layout.canonicalPage(model.currentPage) else {
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
        trashed.append((file, layout, model.currentPage))
        showNotice("Moved " + entry.name + " to the trash — u to undo", at: time)
        let remaining = layout.removing(ordinal: ordinal)
        // Slide to the image that takes its place: the next in the row, else
        // the one before. The pager's page index stays where the image it
        // shows will be once the gallery has lost the trashed one.
        let rowLength = layout.rowLength(here.v)
        if !layout.wrap, here.h + 1 < rowLength, layout.horizontalPages != 0 {
            pendingRemoval = PendingRemoval(layout: remaining, title: title, landing: model.currentPage)
            model.apply(.flip(.right), time: time)
        } else if !layout.wrap, here.h > 0 {
            pendingRemoval = PendingRemoval(layout: remaining, title: title,
                                            landing: PageIndex(h: model.currentPage.h - 1, v: model.currentPage.v))
            model.apply(.flip(.left), time: time)
        } else {
            // Alone in its row, or a wrapping gallery: it goes at once.
            finishRemoval(PendingRemoval(layout: remaining, title: title, landing: model.currentPage), at: time)
        }
    }

    /// The slide has settled: the gallery without the image, the pager on
    /// the same picture at its new page, that picture kept (not decoded again).
    func finishRemoval(_ removal: PendingRemoval, at time: Double) {
        pendingRemoval = nil
        let shown = model.slots.slot(column: 0, row: 0).id
        replaceGallery(with: removal.layout, title: removal.title, page: removal.landing, at: time)
        let centre = model.slots.slot(column: 0, row: 0).id
        if centre != shown { contents.swapAt(shown, centre) }
        slotLoader.loadAll(keeping: centre)
    }

    func undoTrash(at time: Double) {
        guard pendingRemoval == nil else { return }
        guard let last = trashed.last, let trash = Trash.standard() else {
            return showNotice("Nothing to undo", at: time)
        }
        do {
            try trash.restore(last.file)
        } catch {
            StandardError.line(last.file.originalPath + ": not put back: " + error.description)
            return showNotice("Not put back: " + error.description, at: time)
        }
        trashed.removeLast()
        log?.write(.restored(file: last.file.originalPath), time: time)
        guard case .folder(_, let title) = catalog else { return }
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
