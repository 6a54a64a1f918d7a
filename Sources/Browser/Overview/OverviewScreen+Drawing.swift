import CSDL2
import Gallery
import ImageDecoding
import Pager

/// Drawing the overview: the grid of thumbnails (placeholders and error
/// marks where they are not ready), album names, the highlight, the HUD
/// and the flight into the pager.
extension OverviewScreen {
    /// Draws the grid (placeholders where thumbnails are still coming), the
    /// highlight, the album names, the HUD, and the flight when one is on.
    /// `marks`: the marked images, whose thumbnails get the mark's badge.
    func draw(viewport: PixelRect, showHUD: Bool, time: Double, marks: Marks = Marks()) {
        guard let model else { return }
        let palette = pages.palette
        pages.fill(viewport, palette.outside)
        let size = model.thumbnailPixels
        let range = model.visibleRange
        if model.titles {
            let textSize = scale.scaled(Self.titleTextSize)
            for v in range.rows {
                guard let title = catalog.rowTitle(v) else { continue }
                let band = model.screenTitleFrame(ofRow: v)
                // The name stays on screen while scrolling sideways.
                let x = max(Int(band.x), viewport.x + scale.scaled(8))
                text.draw(title, size: textSize, colour: palette.overlayText,
                          x: x, y: Int(band.y) + max(0, (Int(band.height) - textSize) / 2 - scale.scaled(2)))
            }
        }
        range.forEachCell(in: model.shape) { page in
            let cell = PixelRect(snapping: model.screenFrame(of: page))
            guard cell.intersects(viewport) else { return }
            if let thumbnail = textures[page] {
                var box = Letterbox.fit(sourceWidth: thumbnail.width, sourceHeight: thumbnail.height, in: cell,
                                        upscale: thumbnail.size != size)
                if thumbnail.size == size {
                    box = Letterbox.fit(sourceWidth: thumbnail.width, sourceHeight: thumbnail.height, in: cell)
                }
                var rect = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.width), h: Int32(box.height))
                SDL_RenderCopy(renderer, thumbnail.texture, nil, &rect)
                if isMarked(page, marks) { pages.drawMarkBadge(on: box) }
                return
            } else if textures.failure(page) != nil {
                pages.fill(cell, palette.errorPage)
                text.draw("⚠", size: max(13, cell.height / 4), colour: palette.errorText, centredIn: cell)
            } else {
                pages.fill(cell, palette.placeholder)
            }
            if isMarked(page, marks) { pages.drawMarkBadge(on: cell) }
        }
        if flight == nil { drawHighlight(PixelRect(snapping: model.screenFrame(of: model.focus))) }
        if let flight {
            let frame = PixelRect(snapping: flight.transition.frame(at: time))
            if let thumbnail = textures[flight.page] {
                var rect = SDL_Rect(x: Int32(frame.x), y: Int32(frame.y), w: Int32(frame.width), h: Int32(frame.height))
                SDL_RenderCopy(renderer, thumbnail.texture, nil, &rect)
            } else {
                pages.fill(frame, palette.placeholder)
            }
        } else if showHUD {
            overlay.drawHUD(hudLines(model) + (marks.isEmpty ? [] : [marks.summary]),
                            viewport: viewport)
        }
    }

    private func isMarked(_ page: PageIndex, _ marks: Marks) -> Bool {
        guard !marks.isEmpty, case .file(let entry)? = catalog.source(at: page) else { return false }
        return marks.contains(entry.path)
    }

    func drawHighlight(_ cell: PixelRect) {
        let w = scale.scaled(Self.highlightWidth)
        let outer = PixelRect(x: cell.x - w, y: cell.y - w, width: cell.width + 2 * w, height: cell.height + 2 * w)
        pages.fill(PixelRect(x: outer.x, y: outer.y, width: outer.width, height: w), Self.highlightColour)
        pages.fill(PixelRect(x: outer.x, y: outer.maxY - w, width: outer.width, height: w), Self.highlightColour)
        pages.fill(PixelRect(x: outer.x, y: outer.y, width: w, height: outer.height), Self.highlightColour)
        pages.fill(PixelRect(x: outer.maxX - w, y: outer.y, width: w, height: outer.height), Self.highlightColour)
    }

    /// Title, "1,234 of 100,000", the file name, the thumbnail size.
    func hudLines(_ model: OverviewModel) -> [String] {
        let focus = model.focus
        let sizeLine = "thumbnails \(model.thumbnailSize) px   Enter opens, Esc returns"
        switch catalog {
        case .folder(let layout, let title):
            let position = layout.ordinal(of: focus).map {
                InfoFormatting.grouped($0 + 1) + " of " + InfoFormatting.grouped(layout.count)
            } ?? "– of " + InfoFormatting.grouped(layout.count)
            return [layout.rowTitle(focus.v) ?? title, position, layout.entry(at: focus)?.name ?? "", sizeLine]
        default:
            return ["demo gallery", focus.description, sizeLine]
        }
    }

}

extension PageCatalog {
    /// The album name of row `v` (albums layout only).
    func rowTitle(_ v: Int) -> String? {
        if case .folder(let layout, _) = self { return layout.rowTitle(v) }
        return nil
    }
}
