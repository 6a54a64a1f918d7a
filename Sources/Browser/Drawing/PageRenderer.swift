import CSDL2
import Gallery
import ImageDecoding
import Pager

/// Draws the pages: every slot at the frame the engine gives it, all from
/// one shared offset, so pages never drift apart. The same code draws into
/// the window and into the tests' offscreen surface.
///
/// ```swift
/// let pages = PageRenderer(renderer: renderer)
/// pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport)
/// SDL_RenderPresent(renderer)
/// ```
public struct PageRenderer {
    /// Placeholder and error text size relative to the page height.
    static let captionScale = 0.028
    /// Demo label size relative to the page height.
    static let demoLabelScale = 0.16
    /// Smallest text ever drawn, px.
    static let minimumTextSize = 13

    public let renderer: OpaquePointer
    public var palette: Palette

    public init(renderer: OpaquePointer, palette: Palette = Palette()) {
        self.renderer = renderer
        self.palette = palette
    }

    /// Clears to the "outside" colour and draws every slot that has a page
    /// and touches the viewport; with `backdrop`, image pages get their
    /// blurred backdrop in the letterbox, moving at its parallax fraction.
    /// `turning`: one slot's image drawn turned by `degrees` clockwise about
    /// its centre (the animation of `r`).
    /// `marked`: the slots whose images are marked, which get the mark's badge.
    public func draw(slots: SlotPool, contents: SlotContents, text: TextRenderer?, viewport: PixelRect,
                     backdrop: ParallaxBackdrop? = nil, turning: (slot: Int, degrees: Double)? = nil,
                     marked: Set<Int> = []) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        fill(viewport, palette.outside)
        for slot in slots where slot.page != nil {
            let frame = PixelRect(snapping: slot.frame)
            guard frame.intersects(viewport) else { continue }
            let picture = drawPage(contents[slot.id], label: contents.label(slot.id), in: frame, text: text,
                                   backdrop: backdrop.map { ($0, slot.frame, viewport) },
                                   degrees: turning?.slot == slot.id ? turning?.degrees ?? 0 : 0)
            if marked.contains(slot.id) { drawMarkBadge(on: picture) }
        }
    }

    /// Returns where the picture went: the image's letterboxed rectangle, else the page.
    @discardableResult
    private func drawPage(_ content: SlotContent, label: String?, in frame: PixelRect, text: TextRenderer?,
                          backdrop: (parallax: ParallaxBackdrop, slotFrame: Rect, viewport: PixelRect)? = nil,
                          degrees: Double = 0) -> PixelRect {
        var picture = frame
        let caption = max(Self.minimumTextSize, Int(Double(frame.height) * Self.captionScale))
        let wrap = max(64, frame.width * 3 / 4)
        switch content {
        case .nothing:
            return frame
        case .hole(let holeCaption):
            fill(frame, palette.page)
            if let holeCaption {
                text?.draw(holeCaption, size: caption, colour: palette.placeholderText, centredIn: frame)
            }
        case .loading(let title):
            fill(frame, palette.placeholder)
            if label == nil {
                text?.draw(title, size: caption, colour: palette.placeholderText, centredIn: frame, wrapWidth: wrap)
            }
        case .image(let image):
            fill(frame, palette.page)
            let target = image.scalable
                ? Letterbox.fit(sourceWidth: image.width, sourceHeight: image.height, in: frame, upscale: true)
                : Letterbox.fit(sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, in: frame)
            picture = target
            if let backdrop, let texture = image.backdrop {
                drawBackdrop(texture, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight,
                             parallax: backdrop.parallax, slotFrame: backdrop.slotFrame, page: frame, image: target,
                             viewport: backdrop.viewport)
            }
            var rect = SDL_Rect(x: Int32(target.x), y: Int32(target.y), w: Int32(target.width), h: Int32(target.height))
            if degrees == 0 {
                SDL_RenderCopy(renderer, image.texture, nil, &rect)
            } else {
                SDL_RenderCopyEx(renderer, image.texture, nil, &rect, degrees, nil, SDL_FLIP_NONE)
            }
        case .failed(let title, let message):
            fill(frame, palette.errorPage)
            text?.draw("⚠  " + title + "\n\n" + message, size: caption, colour: palette.errorText,
                       centredIn: frame, wrapWidth: wrap)
        }
        if let label, let text {
            let size = max(Self.minimumTextSize, Int(Double(frame.height) * Self.demoLabelScale))
            var shadow = frame
            shadow.x += max(2, size / 24)
            shadow.y += max(2, size / 24)
            text.draw(label, size: size, colour: Colour(0, 0, 0, 140), centredIn: shadow)
            text.draw(label, size: size, colour: palette.demoLabel, centredIn: frame)
        }
        return picture
    }

    /// The mark's badge on the picture `rect` of a marked image: a filled
    /// right triangle in its top right corner, edged in ``Palette/markEdge``,
    /// its legs a sixteenth of the picture's shorter side (12 to 36 px).
    public func drawMarkBadge(on rect: PixelRect) {
        let legs = min(max(min(rect.width, rect.height) / 16, 12), 36)
        let edge = max(2, legs / 10)
        triangle(corner: (rect.maxX, rect.y), legs: legs + edge, colour: palette.markEdge)
        triangle(corner: (rect.maxX, rect.y), legs: legs, colour: palette.mark)
    }

    /// A right triangle whose right angle is at the top right `corner`, one row of pixels at a time.
    private func triangle(corner: (x: Int, y: Int), legs: Int, colour: Colour) {
        for row in 0..<legs {
            let width = legs - row
            fill(PixelRect(x: corner.x - width, y: corner.y + row, width: width, height: 1), colour)
        }
    }

    /// Fills `rect` with `colour` (blending when it is translucent).
    public func fill(_ rect: PixelRect, _ colour: Colour) {
        SDL_SetRenderDrawBlendMode(renderer, colour.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, colour.a)
        var sdlRect = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderFillRect(renderer, &sdlRect)
    }
}
