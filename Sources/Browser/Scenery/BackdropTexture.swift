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
        guard backdrop.width > 0, backdrop.height > 0,
              backdrop.pixels.count >= backdrop.width * backdrop.height * 4 else { return nil }
        let format = nativeFormat(renderer)
        guard let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(backdrop.width), Int32(backdrop.height)) else { return nil }
        var converted = [UInt8](repeating: 0, count: backdrop.width * backdrop.height * 4)
        let status = backdrop.pixels.withUnsafeBytes { source in
            converted.withUnsafeMutableBytes { target in
                SDL_ConvertPixels(Int32(backdrop.width), Int32(backdrop.height),
                                  SDL_PIXELFORMAT_RGBA32.rawValue, source.baseAddress, Int32(backdrop.width * 4),
                                  format, target.baseAddress, Int32(backdrop.width * 4)) == 0
                    && SDL_UpdateTexture(texture, nil, target.baseAddress, Int32(backdrop.width * 4)) == 0
            }
        }
        guard status else {
            SDL_DestroyTexture(texture)
            return nil
        }
        // Opaque: copied, not blended; smooth when stretched.
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    /// The window's pixel format (what the software renderer draws into),
    /// else the renderer's preferred one, when it is a packed 32-bit RGB
    /// format; otherwise RGBA32.
    static func nativeFormat(_ renderer: OpaquePointer) -> UInt32 {
        let packed32 = [SDL_PIXELFORMAT_RGB888, SDL_PIXELFORMAT_BGR888, SDL_PIXELFORMAT_ARGB8888,
                        SDL_PIXELFORMAT_ABGR8888, SDL_PIXELFORMAT_RGBA8888, SDL_PIXELFORMAT_BGRA8888,
                        SDL_PIXELFORMAT_RGBX8888, SDL_PIXELFORMAT_BGRX8888].map(\.rawValue)
        if let window = SDL_RenderGetWindow(renderer) {
            let format = SDL_GetWindowPixelFormat(window)
            if packed32.contains(format) { return format }
        }
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.num_texture_formats > 0,
           packed32.contains(info.texture_formats.0) {
            return info.texture_formats.0
        }
        return SDL_PIXELFORMAT_RGBA32.rawValue
    }
}
