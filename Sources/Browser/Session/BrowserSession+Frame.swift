import Gallery
import ImageDecoding
import Pager

/// The frame: what goes on screen, drawn by ``Screen`` from the engine's
/// state: the overview, or the pages, the first image while its page waits,
/// the HUD, the notice; and the panels over either.
extension BrowserSession {
    /// Draws the frame for `time` into the renderer, up to the last pixel,
    /// so that the present itself, on the pacer's beat, only copies it to
    /// the window. Returns whether it shows the pages (not the overview).
    func render(at time: Double) -> Bool {
        defer { screen.flush() }
        if compare.isShowing {
            compare.draw(viewport: screen.viewport, showHUD: screen.showsHUD, marks: marks)
            screen.drawNotice(&notices, at: time)
            screen.drawPanels(panels, keyMap: keyMap, mode: .compare)
            return false
        }
        if overview.isShowing {
            overview.draw(viewport: screen.viewport, showHUD: screen.showsHUD, time: time, marks: marks)
            screen.drawPanels(panels, keyMap: keyMap, mode: .overview)
            return false
        }
        screen.drawPages(model: model, catalog: gallery.catalog, marked: markedSlots, time: time)
        screen.drawFirstImage(model: model, catalog: gallery.catalog, firstImage: slotLoader.firstImage,
                              generations: slotLoader.generations)
        if case .scanning(let title) = gallery.catalog {
            screen.drawHUD(["Scanning \(title)…", "\(gallery.scan?.progress ?? 0) images found"])
        } else if screen.showsHUD {
            screen.drawHUD(hudLines)
        }
        screen.drawNotice(&notices, at: time)
        screen.drawPanels(panels, keyMap: keyMap, mode: .pager)
        return true
    }

    /// The HUD over the pages: where the current page is, its image's size,
    /// the zoom, the animation and the slideshow.
    private var hudLines: [String] {
        let image = screen.image(inSlot: model.slots.slot(column: 0, row: 0).id)
        let size = image.map { ($0.shownSize.width, $0.shownSize.height, $0.format) }
        return gallery.catalog.hudLines(at: model.currentPage, image: size, order: order)
            + (ZoomedPage.hudLine(model.zoom).map { [$0] } ?? [])
            + (animation.hudLine.map { [$0] } ?? [])
            + (slideshow.isRunning ? ["slideshow: every " + Self.seconds(slideshow.interval)] : [])
            + (marks.isEmpty ? [] : [marks.summary])
    }

    /// The slots showing a marked image.
    private var markedSlots: Set<Int> {
        guard !marks.isEmpty else { return [] }
        return Set(model.slots.compactMap { slot in
            slot.page.flatMap { gallery.entry(at: $0) }.flatMap { marks.contains($0.path) ? slot.id : nil }
        })
    }

    /// After a frame of pages is drawn, before it waits for its beat.
    func frameDrawn(at time: Double) {
        screen.frameDrawn(model: model, generations: slotLoader.generations, time: time, log: log)
    }

    /// After a frame was shown at `time`, its own work `work` s; `onBeat`:
    /// it came on the pacer's beat; `showsPages`: it showed the pages, not
    /// the overview.
    func framePresented(work: Double, onBeat: Bool, why: () -> String, showsPages: Bool, at time: Double) {
        screen.framePresented(work: work, onBeat: onBeat, why: why, showsPages: showsPages, at: time, log: log)
    }
}
