import CSDL2
import Gallery
import ImageDecoding
import Pager

/// Drawing the compare view: each cell's image where the shared zoom puts
/// it, clipped to its picture area (a placeholder until it is decoded, a
/// warning when it cannot be), its number, name and size below, the mark's
/// badge on marked images and an outline round the one kept.
extension CompareScreen {
    func draw(viewport: PixelRect, showHUD: Bool, marks: Marks) {
        guard isShowing else { return }
        let palette = pages.palette
        pages.fill(viewport, palette.outside)
        let layout = self.layout
        let entries = self.entries
        for (index, cell) in layout.cells.enumerated() where index < pagesShown.count {
            pages.fill(cell.frame, palette.page)
            let page = pagesShown[index]
            if let texture = textures[page] {
                drawImage(texture.texture, in: zoom.shown(fitted: fittedRect(index, in: layout), in: cell.picture),
                          clip: cell.picture)
                let shown = PixelRect(snapping: zoom.shown(fitted: fittedRect(index, in: layout), in: cell.picture))
                if index < entries.count, marks.contains(entries[index].path), shown.intersects(cell.picture) {
                    pages.drawMarkBadge(on: clipped(shown, to: cell.picture))
                }
            } else if textures.failure(page) != nil {
                pages.fill(cell.picture, palette.errorPage)
                text.draw("⚠", size: max(13, cell.picture.height / 4), colour: palette.errorText, centredIn: cell.picture)
            } else {
                pages.fill(cell.picture, palette.placeholder)
            }
            drawLabel(index, cell: cell, entry: index < entries.count ? entries[index] : nil)
            if kept == index { drawOutline(cell.frame) }
        }
        if showHUD { overlay.drawHUD(hudLines, viewport: viewport) }
    }

    /// "1  a.jpg  4000 × 3000": the key that keeps it, the name, the size in pixels.
    private func drawLabel(_ index: Int, cell: CompareLayout.Cell, entry: ImageEntry?) {
        guard let entry else { return }
        var label = "\(index + 1)  " + entry.name
        if let texture = textures[pagesShown[index]] {
            label += "  \(texture.sourceWidth) × \(texture.sourceHeight)"
        }
        text.draw(label, size: scale(Self.labelTextSize), colour: pages.palette.overlayText, centredIn: cell.label,
                  wrapWidth: 0)
    }

    private func drawImage(_ texture: OpaquePointer, in rect: Rect, clip: PixelRect) {
        var clipRect = SDL_Rect(x: Int32(clip.x), y: Int32(clip.y), w: Int32(clip.width), h: Int32(clip.height))
        SDL_RenderSetClipRect(renderer, &clipRect)
        var target = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderCopyF(renderer, texture, nil, &target)
        SDL_RenderSetClipRect(renderer, nil)
    }

    private func drawOutline(_ frame: PixelRect) {
        let w = scale(Self.keptWidth)
        let colour = OverviewScreen.highlightColour
        pages.fill(PixelRect(x: frame.x, y: frame.y, width: frame.width, height: w), colour)
        pages.fill(PixelRect(x: frame.x, y: frame.maxY - w, width: frame.width, height: w), colour)
        pages.fill(PixelRect(x: frame.x, y: frame.y, width: w, height: frame.height), colour)
        pages.fill(PixelRect(x: frame.maxX - w, y: frame.y, width: w, height: frame.height), colour)
    }

    private func clipped(_ rect: PixelRect, to bounds: PixelRect) -> PixelRect {
        let x = max(rect.x, bounds.x), y = max(rect.y, bounds.y)
        return PixelRect(x: x, y: y, width: min(rect.maxX, bounds.maxX) - x, height: min(rect.maxY, bounds.maxY) - y)
    }

    private func scale(_ points: Int) -> Int { Int((Double(points) * scaleUI).rounded()) }

    /// The zoom and what the keys do.
    private var hudLines: [String] {
        let zoomLine = zoom.isFitted ? "fitted" : "zoom ×" + ReplayFormat.number(zoom.scale, decimals: 2)
        return ["compare \(ordinals.count) images", zoomLine, "1–4 or a click keeps one, Delete trashes the others, Esc returns"]
    }
}
