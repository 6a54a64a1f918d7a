import CSDL2
import Gallery
import ImageDecoding
import Pager

extension PageRenderer {
    /// Draws an image page's backdrop in its letterbox: the small blurred
    /// texture stretched over the rectangle ``ParallaxBackdrop`` gives for the
    /// slot's frame, but only where the image leaves the page uncovered.
    ///
    /// Each letterbox bar gets just the texels that cover it, placed where
    /// they sit in the whole stretch, in copies that stay inside the bar
    /// (``TexelSpans``). Asking SDL for the whole stretch under a clip
    /// rectangle would be simpler, but its software renderer then scales the
    /// whole rectangle (larger than the window) through a temporary surface
    /// every frame: ~20 ms a frame here, against ~2 ms this way.
    ///
    /// ```swift
    /// pages.drawBackdrop(texture, sourceWidth: 3000, sourceHeight: 4000, parallax: ParallaxBackdrop(),
    ///                    slotFrame: slot.frame, page: frame, image: target, viewport: viewport)
    /// ```
    func drawBackdrop(_ texture: OpaquePointer, sourceWidth: Int, sourceHeight: Int, parallax: ParallaxBackdrop,
                      slotFrame: Rect, page: PixelRect, image: PixelRect, viewport: PixelRect) {
        var textureWidth: Int32 = 0, textureHeight: Int32 = 0
        guard SDL_QueryTexture(texture, nil, nil, &textureWidth, &textureHeight) == 0,
              textureWidth > 0, textureHeight > 0 else { return }
        let area = parallax.rect(slotFrame: slotFrame, imageWidth: Double(sourceWidth), imageHeight: Double(sourceHeight))
        let texelWidth = area.width / Double(textureWidth), texelHeight = area.height / Double(textureHeight)
        func copy(into bar: PixelRect) {
            let left = max(bar.x, viewport.x), right = min(bar.maxX, viewport.maxX)
            let top = max(bar.y, viewport.y), bottom = min(bar.maxY, viewport.maxY)
            guard right > left, bottom > top else { return }
            TexelSpans.forEach(from: top, to: bottom, origin: area.y, texelSize: texelHeight,
                               texels: Int(textureHeight)) { row in
                TexelSpans.forEach(from: left, to: right, origin: area.x, texelSize: texelWidth,
                                   texels: Int(textureWidth)) { column in
                    var source = SDL_Rect(x: Int32(column.texel), y: Int32(row.texel),
                                          w: Int32(column.count), h: Int32(row.count))
                    var target = SDL_Rect(x: Int32(column.start), y: Int32(row.start),
                                          w: Int32(column.end - column.start), h: Int32(row.end - row.start))
                    SDL_RenderCopy(renderer, texture, &source, &target)
                }
            }
        }
        // Above and below the image across the page, left and right of it beside it.
        copy(into: PixelRect(x: page.x, y: page.y, width: page.width, height: image.y - page.y))
        copy(into: PixelRect(x: page.x, y: image.maxY, width: page.width, height: page.maxY - image.maxY))
        copy(into: PixelRect(x: page.x, y: image.y, width: image.x - page.x, height: image.height))
        copy(into: PixelRect(x: image.maxX, y: image.y, width: page.maxX - image.maxX, height: image.height))
    }
}
