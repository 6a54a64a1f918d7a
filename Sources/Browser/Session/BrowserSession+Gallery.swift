import Gallery
import ImageDecoding
import Pager

/// The pages and their size: the folder scan's result becomes the engine's
/// bounds, and a new window size resizes the engine, the input and the
/// slots' decodes.
extension BrowserSession {
    func checkScan(at time: Double) {
        switch gallery.takeScanResult() {
        case nil:
            break
        case .failure(let error):
            if dropScanFailed(error, at: time) { return }
            StandardError.line(error.description)
            end(BrowserExitCode.badPath)
        case .success:
            drops.replaced = nil
            applyGallery(at: time)
            if slideshow.isAwaitingGallery { startSlideshow(at: time) }
        }
    }

    /// The pages are known: give the engine its bounds, go to the image the
    /// user named, and load every slot. An image named with `--start` that
    /// is not among them ends the session (exit 2), as any bad argument.
    func applyGallery(at time: Double) {
        guard case .folder(let layout, let title) = gallery.catalog else { return }
        screen.window.setTitle("fourway — " + title)
        install(layout, title: title, at: time)
        if let start = gallery.start {
            guard let page = start.page(in: layout) else {
                // A bad argument, found only now that the images are known.
                StandardError.line(start.notFoundMessage(count: layout.count))
                end(BrowserExitCode.usage)
                return
            }
            model.go(to: page, animated: false, time: time)
        }
        slotLoader.loadAll()
        startWatching()
    }

    /// The gallery becomes `layout` (at the start, and after a move to the
    /// trash or its undo): the engine's bounds (albums: each row ends at its
    /// album's last image), where rows and the gallery start and end, and a
    /// `gallery` line saying what it is now.
    func install(_ layout: GalleryLayout, title: String, at time: Double) {
        gallery.install(layout, title: title)
        input.translator.navigation = gallery.catalog.navigation
        if let rowLengths = layout.rowLengths {
            model.setRowLengths(rowLengths, time: time)
        } else {
            model.setBounds(horizontal: layout.horizontalPages, vertical: layout.verticalPages, time: time)
        }
        log?.write(.gallery(title: title, images: layout.count, layout: layout.style.rawValue,
                            horizontalPages: layout.horizontalPages, verticalPages: layout.verticalPages,
                            sources: gallery.sources, order: order), time: time)
    }

    func checkSize(at time: Double) {
        guard let size = screen.takeNewSize() else { return }
        log?.write(.resize(width: size.width, height: size.height), time: time)
        model.resize(width: Double(size.width), height: Double(size.height), time: time)
        input.resize(width: size.width, height: size.height)
        // Pointer positions are points: converted at the window's new scale.
        input.events.pixelsPerPoint = screen.window.scale.pixelsPerPoint
        // At the window's scale, which may be new: the grid is laid out again.
        overview.resize(width: size.width, height: size.height, time: time, scale: screen.window.scale)
        compare.resize(width: size.width, height: size.height, scale: screen.window.scale)
        slotLoader.refresh(contents: screen.contents,
                           page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
