import Gallery
import Pager

/// The pages the session browses: the ``PageCatalog`` (the demo, a folder
/// still being scanned, or a folder's images in a layout), the scan that
/// completes it, how to lay its images out, the image to open first, and
/// the watch on the folder once it is open (``FolderWatch``).
///
/// ```swift
/// var gallery = SessionGallery(catalog: .scanning(title: "p"), scan: scan, start: nil, options: options)
/// if case .success? = gallery.takeScanResult() { … }   // gallery.catalog is .folder now
/// gallery.startWatching(options: options) { wakeMainLoop() }
/// gallery.entry(at: model.currentPage)                 // the image on the current page
/// ```
struct SessionGallery {
    private(set) var catalog: PageCatalog
    /// The folder scan, while the catalog waits for it (nil: none was needed).
    let scan: FolderScan?
    /// The image to open once the pages are known (`--start`, or the image given alone).
    let start: StartImage?
    /// What was asked to open: the command line's, or a drop's
    /// (`BrowserSession+Drop.swift`).
    var request: OpenRequest?
    /// How a scanned folder is laid out.
    let style: LayoutStyle
    let columns: Int?
    let wrap: Bool
    /// The watch on the gallery's folders (nil: none, `--no-watch`, or not
    /// one folder).
    var watch: FolderWatch?

    init(catalog: PageCatalog, scan: FolderScan?, start: StartImage?, options: BrowserOptions) {
        self.catalog = catalog
        self.scan = scan
        self.start = start
        request = options.request
        style = options.layout
        columns = options.columns
        wrap = options.wrap
    }

    /// The folder's images and the title, when the catalog has them.
    var folder: (layout: GalleryLayout, title: String)? {
        guard case .folder(let layout, let title) = catalog else { return nil }
        return (layout, title)
    }

    /// The image on `page`, when there is one.
    func entry(at page: PageIndex) -> ImageEntry? {
        folder?.layout.entry(at: page)
    }

    /// How many paths were given (after a `-` list is read).
    var sources: Int { scan?.result.flatMap { try? $0.get().sources } ?? 1 }

    /// Takes the scan's result once it has come while the catalog waits
    /// for it: a folder becomes the catalog, laid out. Nil while it runs
    /// (or when nothing waits for it).
    mutating func takeScanResult() -> Result<Void, GalleryError>? {
        guard catalog.isScanning, let scan, let result = scan.result else { return nil }
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(let folder):
            catalog = .folder(GalleryLayout(contents: folder, style: style, columns: columns, wrap: wrap),
                              title: folder.title)
            return .success(())
        }
    }

    /// Starts watching the scanned folder (and its subfolders as deep as
    /// the scan went) when `options` ask for it and one folder was opened
    /// (or one image in its folder); `wake` wakes the loop after a batch.
    mutating func startWatching(options: BrowserOptions, wake: @escaping @Sendable () -> Void) {
        guard watch == nil, options.watchesFolders, let request, request.isOneFolder,
              case .success(let contents)? = scan?.result else { return }
        let edit = GalleryEdit(root: contents.root, title: contents.title, maximumDepth: request.maximumDepth,
                               order: request.order)
        watch = FolderWatch(watcher: FolderWatcher(root: contents.root, maximumDepth: request.maximumDepth, wake: wake),
                            edit: edit, wake: wake)
    }

    /// The gallery becomes `layout` (after a move to the trash or its undo).
    mutating func install(_ layout: GalleryLayout, title: String) {
        catalog = .folder(layout, title: title)
    }
}
