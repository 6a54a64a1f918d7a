import Gallery
import ImageDecoding
import Pager

/// The pages and their size: the folder scan's result becomes the engine's
/// bounds, and a new window size resizes the engine, the input and the
/// slots' decodes.
extension BrowserSession {
    func checkScan(at time: Double) {
        guard catalog.isScanning, let scan, let result = scan.result else { return }
        switch result {
        case .failure(let error):
            StandardError.line(error.description)
            exitCode = BrowserExitCode.badPath
            running = false
        case .success(let folder):
            let layout = GalleryLayout(contents: folder, style: layoutOptions.style,
                                       columns: layoutOptions.columns, wrap: layoutOptions.wrap)
            catalog = .folder(layout, title: folder.title)
            applyGallery(at: time)
        }
    }

    /// How many paths were given (after a `-` list is read).
    var sources: Int { scan?.result.flatMap { try? $0.get().sources } ?? 1 }

    /// The pages are known: give the engine its bounds, go to the image the
    /// user named, and load every slot. An image named with `--start` that
    /// is not among them ends the session (exit 2), as any bad argument.
    func applyGallery(at time: Double) {
        guard case .folder(let layout, let title) = catalog else { return }
        window.setTitle("fourway — " + title)
        install(layout, title: title, at: time)
        if let start {
            guard let page = start.page(in: layout) else {
                // A bad argument, found only now that the images are known.
                StandardError.line(start.notFoundMessage(count: layout.count))
                exitCode = BrowserExitCode.usage
                running = false
                return
            }
            model.go(to: page, animated: false, time: time)
        }
        slotLoader.loadAll()
    }

    /// The gallery becomes `layout` (at the start, and after Delete or undo):
    /// the engine's bounds (albums: each row ends at its album's last image),
    /// Home and End's targets, and a `gallery` line saying what it is now.
    func install(_ layout: GalleryLayout, title: String, at time: Double) {
        catalog = .folder(layout, title: title)
        input.navigation = catalog.navigation
        if let rowLengths = layout.rowLengths {
            model.setRowLengths(rowLengths, time: time)
        } else {
            model.setBounds(horizontal: layout.horizontalPages, vertical: layout.verticalPages, time: time)
        }
        log?.write(.gallery(title: title, images: layout.count, layout: layout.style.rawValue,
                            horizontalPages: layout.horizontalPages, verticalPages: layout.verticalPages,
                            sources: sources, order: order), time: time)
    }

    func checkSize(at time: Double) {
        let size = window.pixelSize
        guard size != pageSize else { return }
        pageSize = size
        log?.write(.resize(width: size.width, height: size.height), time: time)
        model.resize(width: Double(size.width), height: Double(size.height), time: time)
        input.resize(width: Double(size.width), height: Double(size.height))
        overview.resize(width: size.width, height: size.height, time: time)
        sdlInput.pixelWidth = Double(size.width)
        sdlInput.pixelHeight = Double(size.height)
        slotLoader.refresh(contents: contents, page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
