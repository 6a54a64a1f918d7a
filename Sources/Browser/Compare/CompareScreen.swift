import CSDL2
import Gallery
import Glibc
import ImageDecoding
import Pager

/// The compare view in the window: 2–4 images in cells (``CompareLayout``),
/// zoomed and panned together (``CompareZoom``), each with its name and size
/// below. A mode like the overview: while it shows it takes the input, the
/// pager stays where it was underneath, and Escape goes back to it. Its
/// images are decoded through the thumbnail loader (the decoder processes) at
/// the window's size, so a cell has room to zoom before it blurs. The
/// arithmetic is in the pure types; this class routes input to them, loads
/// and draws. Main thread only.
///
/// ```swift
/// let compare = CompareScreen(renderer: renderer, text: text, log: log) { wake() }
/// compare.open(layout: layout, ordinals: [3, 4], width: 1280, height: 800, scale: scale, time: now)
/// compare.handle(.key(.digit(0), ctrl: false, shift: false), time: now)   // every cell fitted
/// ```
final class CompareScreen {
    /// The gap between cells and the label band's height, points.
    static let gap = 6
    static let labelHeight = 30
    static let labelTextSize = 15
    /// How far, points, the pointer goes with the button down before a
    /// click becomes a drag that pans.
    static let dragSlop = 8.0
    /// The kept image's outline, points.
    static let keptWidth = 3

    let renderer: OpaquePointer
    let text: TextRenderer
    let pages: PageRenderer
    var overlay: Overlay
    let log: EventLog?
    private let wake: @Sendable () -> Void
    private var loader: ThumbnailLoader?
    let textures: ThumbnailTextures
    /// The key bindings in force (the session's).
    var keyMap = KeyMap.standard

    private(set) var galleryLayout: GalleryLayout?
    /// The images compared, by reading-order position, one per cell.
    private(set) var ordinals: [Int] = []
    var zoom = CompareZoom()
    /// The cell whose image was kept (1–4 or a click), outlined.
    var kept: Int?
    /// The cell the last click (not a drag) was in, for ``Action/keepClicked``.
    var clickedCell: Int?
    private var size = (width: 1280, height: 800)
    private var scale = DisplayScale()
    private var turns = ViewTurns(file: nil)
    /// Where the pointer was last, device pixels: wheel notches zoom around it.
    private(set) var pointerPoint: (x: Double, y: Double)?
    /// The left button's press: where, in which cell, and whether it became a drag.
    var press: (x: Double, y: Double, cell: Int?, dragging: Bool)?
    private var wantedSize = 0

    init(renderer: OpaquePointer, text: TextRenderer, log: EventLog?, wake: @escaping @Sendable () -> Void) {
        self.renderer = renderer
        self.text = text
        pages = PageRenderer(renderer: renderer)
        overlay = Overlay(pages: pages, text: text)
        self.log = log
        self.wake = wake
        textures = ThumbnailTextures(renderer: renderer)
    }

    var isShowing: Bool { galleryLayout != nil }

    /// The compared images, one per cell.
    var entries: [ImageEntry] {
        guard let galleryLayout else { return [] }
        return ordinals.compactMap { galleryLayout.page(ofOrdinal: $0).flatMap(galleryLayout.entry(at:)) }
    }

    /// The cells for the window as it is and the images' sizes so far.
    var layout: CompareLayout {
        let sizes = pagesShown.map { page in textures[page].map { ($0.width, $0.height) } ?? (0, 0) }
        return CompareLayout(viewport: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                             imageSizes: sizes, labelHeight: scale.scaled(Self.labelHeight), gap: scale.scaled(Self.gap))
    }

    var scaleUI: Double { scale.ui }

    func setPointer(_ x: Double, _ y: Double) { pointerPoint = (x, y) }

    /// Where cell `cell`'s image sits unzoomed (its picture area until it is decoded).
    func fittedRect(_ cell: Int, in layout: CompareLayout) -> PixelRect {
        guard cell < pagesShown.count, let texture = textures[pagesShown[cell]] else { return layout.cells[cell].picture }
        return layout.fitted(cell, width: texture.width, height: texture.height)
    }

    /// Every cell moves on to the image at `ordinals`: the zoom stays.
    func moveOn(_ ordinals: [Int], time: Double) {
        show(ordinals, time: time)
    }

    var pagesShown: [PageIndex] {
        guard let galleryLayout else { return [] }
        return ordinals.compactMap { galleryLayout.page(ofOrdinal: $0) }
    }

    // MARK: - Opening and closing

    /// Shows the images at `ordinals` of `layout` in a window of `width` ×
    /// `height` device pixels at `scale`; `turns`: how the user turned each view.
    func open(layout: GalleryLayout, ordinals: [Int], width: Int, height: Int, scale: DisplayScale,
              turns: ViewTurns = ViewTurns(file: nil), time: Double) {
        galleryLayout = layout
        self.turns = turns
        (size, self.scale) = ((width, height), scale)
        overlay.scale = scale
        zoom = CompareZoom()
        (kept, clickedCell, press) = (nil, nil, nil)
        if loader == nil { loader = ThumbnailLoader(workerCount: 2, cache: nil, onReady: wake) }
        show(ordinals, time: time)
    }

    /// The cells show the images at `ordinals` now (opened, or moved on).
    private func show(_ ordinals: [Int], time: Double) {
        self.ordinals = ordinals
        kept = nil
        _ = loader?.take()
        textures.removeAll()
        wantedSize = 0
        requestImages()
        log?.write(.compareOpened(files: entries.map(\.path), arrangement: Self.name(layout.arrangement)), time: time)
    }

    /// Closes; `how` goes to the `compare-closed` line.
    func close(how: String, time: Double) {
        guard isShowing else { return }
        loader?.want([])
        _ = loader?.take()
        textures.removeAll()
        galleryLayout = nil
        ordinals = []
        log?.write(.compareClosed(how: how), time: time)
    }

    func shutdown() {
        loader?.shutdown()
        loader = nil
        textures.removeAll()
        galleryLayout = nil
    }

    /// The window is `width` × `height` device pixels now, at `scale`.
    func resize(width: Int, height: Int, scale: DisplayScale) {
        (size, self.scale) = ((width, height), scale)
        overlay.scale = scale
        if isShowing { requestImages() }
    }

    static func name(_ arrangement: CompareLayout.Arrangement) -> String {
        switch arrangement {
        case .sideBySide: "side-by-side"
        case .stacked: "stacked"
        case .grid: "grid"
        }
    }

    // MARK: - Each frame

    /// Takes the decoded images and asks for those still missing.
    func update() {
        guard isShowing, let results = loader?.take(), !results.isEmpty else { return }
        let shown = Set(pagesShown)
        for result in results where shown.contains(result.request.page) {
            var turn = ExifOrientation.normal
            if case .file(let entry) = result.request.source { turn = turns.turn(of: entry.path) }
            textures.store(result, turn: turn)
        }
    }

    /// Each image at the window's longest side (more than a cell's): room
    /// to zoom in before it blurs, bounded for memory.
    private func requestImages() {
        guard let galleryLayout else { return }
        let wanted = min(4096, max(size.width, size.height))
        guard wanted != wantedSize else { return }
        wantedSize = wanted
        var requests: [ThumbnailRequest] = []
        for (index, page) in pagesShown.enumerated() {
            guard let entry = galleryLayout.entry(at: page) else { continue }
            requests.append(ThumbnailRequest(page: page, source: .file(entry), size: wanted, priority: 10 - index))
        }
        loader?.want(requests)
    }
}
