import CSDL2
import Pager

extension PageRenderer {
    /// Draws an image page's backdrop in its letterbox: the small blurred
    /// texture stretched over the rectangle ``ParallaxBackdrop`` gives for the
    /// slot's frame, clipped to the bars the image leaves uncovered (so the
    /// stretch only touches pixels that show) and to the viewport.
    ///
    /// ```swift
    /// pages.drawBackdrop(texture, sourceWidth: 3000, sourceHeight: 4000, parallax: ParallaxBackdrop(),
    ///                    slotFrame: slot.frame, page: frame, image: target, viewport: viewport)
    /// ```
    func drawBackdrop(_ texture: OpaquePointer, sourceWidth: Int, sourceHeight: Int, parallax: ParallaxBackdrop,
                      slotFrame: Rect, page: PixelRect, image: PixelRect, viewport: PixelRect) {
        let area = parallax.rect(slotFrame: slotFrame, imageWidth: Double(sourceWidth), imageHeight: Double(sourceHeight))
        var target = SDL_FRect(x: Float(area.x), y: Float(area.y), w: Float(area.width), h: Float(area.height))
        func copy(clippedTo bar: PixelRect) {
            let left = max(bar.x, viewport.x), right = min(bar.maxX, viewport.maxX)
            let top = max(bar.y, viewport.y), bottom = min(bar.maxY, viewport.maxY)
            guard right > left, bottom > top else { return }
            var clip = SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top))
            SDL_RenderSetClipRect(renderer, &clip)
            SDL_RenderCopyF(renderer, texture, nil, &target)
        }
        // Above and below the image across the page, left and right of it beside it.
        copy(clippedTo: PixelRect(x: page.x, y: page.y, width: page.width, height: image.y - page.y))
        copy(clippedTo: PixelRect(x: page.x, y: image.maxY, width: page.width, height: page.maxY - image.maxY))
        copy(clippedTo: PixelRect(x: page.x, y: image.y, width: image.x - page.x, height: image.height))
        copy(clippedTo: PixelRect(x: image.maxX, y: image.y, width: page.maxX - image.maxX, height: image.height))
        SDL_RenderSetClipRect(renderer, nil)
    }
}
