import CSDL2
import Gallery
import ImageDecoding

/// Uploads a backdrop (``BlurredBackdrop``) as an opaque texture in the
/// renderer's own pixel format.
///
/// The backdrop is stretched every frame; SDL's software renderer stretches
/// straight into the window only when the texture has the window's format,
/// and otherwise goes through a temporary surface the size of the stretch.
/// Converting the 64 px image once here is free by comparison.
///
/// ```swift
/// let texture = BackdropTexture.make(renderer, BlurredBackdrop.make(from: image))
/// ```
enum BackdropTexture {
    /// The texture, or nil when SDL cannot make it (the page then has no backdrop).
    static func make(_ renderer: OpaquePointer, _ backdrop: DecodedImage) -> OpaquePointer? {
        guard let texture = TextureUpload.make(renderer, backdrop, format: TextureUpload.windowFormat(renderer))
        else { return nil }
        // Opaque: copied, not blended; smooth when stretched (TextureUpload sets linear).
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return texture
    }
}
