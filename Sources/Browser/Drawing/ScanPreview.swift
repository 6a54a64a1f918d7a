import CSDL2
import Gallery
import ImageDecoding

/// Shows the folder's first image while a big folder is still being scanned
/// and sorted: the image the scan found first (``FirstImageDecode``) fills
/// the window as its page will, so the first image does not wait for the
/// scan. When the pages are known, the pager's own slot takes over with the
/// same pixels and the preview's texture is released.
///
/// Before that, it shows the first image's embedded thumbnail
/// (``FirstImageDecode/sketch(slot:generation:)``), scaled up to the same
/// place, until the decoded image takes over.
///
/// ```swift
/// let preview = ScanPreview(renderer: renderer)
/// if let image = firstImage.preview { preview.draw(image, pages: pages, viewport: viewport) }
/// else { preview.release() }
/// ```
final class ScanPreview {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    /// The pixel size of the image in `texture`: the thumbnail and the
    /// decoded image differ, so a new size means a new image.
    private var textureSize: (width: Int, height: Int)?

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit { release() }

    /// Draws `image` fitted into `viewport` on the page colour: its source
    /// size decides the place, so a thumbnail fills the same place, scaled up.
    func draw(_ image: DecodedImage, pages: PageRenderer, viewport: PixelRect) {
        if let textureSize, textureSize != (image.width, image.height) { release() }
        if texture == nil {
            texture = SlotContents.makeTexture(renderer, image)
            textureSize = (image.width, image.height)
        }
        guard let texture else { return }
        pages.fill(viewport, pages.palette.page)
        let target = Letterbox.fit(sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, in: viewport)
        var rect = SDL_Rect(x: Int32(target.x), y: Int32(target.y), w: Int32(target.width), h: Int32(target.height))
        SDL_RenderCopy(renderer, texture, nil, &rect)
    }

    /// Destroys the texture; call before the renderer goes away.
    func release() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        textureSize = nil
    }
}
