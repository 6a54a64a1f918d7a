import Gallery
import ImageDecoding
import Pager

/// What the session draws around the pages: the albums layout's
/// sticky header bars and the parallax backdrop, with the backdrop's on/off
/// state (`b`, `--no-backdrop`) and fraction (`--parallax`).
///
/// ```swift
/// let scenery = Scenery(options: options, pixelsPerPoint: window.pixelsPerPoint)
/// pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport, backdrop: scenery.backdrop)
/// scenery.drawHeaders(model: model, catalog: catalog, pages: pages, text: text, viewport: viewport)
/// ```
final class Scenery {
    private(set) var headerBars: AlbumHeaderBars
    let parallax: ParallaxBackdrop
    private(set) var showsBackdrop: Bool

    init(options: BrowserOptions, pixelsPerPoint: Double) {
        headerBars = AlbumHeaderBars(pixelsPerPoint: pixelsPerPoint)
        parallax = ParallaxBackdrop(fraction: options.parallax)
        showsBackdrop = options.showBackdrop
    }

    /// Bars for a window whose scale became `ui` (moved to another output).
    func rescale(ui: Double) {
        headerBars = AlbumHeaderBars(pixelsPerPoint: ui)
    }

    /// The parallax to draw backdrops with, or nil when they are off.
    var backdrop: ParallaxBackdrop? { showsBackdrop ? parallax : nil }

    /// Turns the backdrop on or off; returns the notice to show.
    func toggleBackdrop() -> String {
        showsBackdrop.toggle()
        return showsBackdrop ? "Backdrop on" : "Backdrop off"
    }

    /// The header bars of an albums folder, for this frame's model state.
    func drawHeaders(model: PagerModel, catalog: PageCatalog, pages: PageRenderer, text: TextRenderer,
                     viewport: PixelRect) {
        guard case .folder(let gallery, _) = catalog else { return }
        headerBars.draw(model: model, gallery: gallery, pages: pages, text: text, viewport: viewport)
    }
}
