import CSDL2
import ImageDecoding

/// Uploads a decoded image (RGBA32 bytes) into a texture that the renderer
/// copies cheaply.
///
/// On the software renderer (Xvfb, no GPU) every copy of a texture whose
/// format is not the window's is converted as it is drawn: a converting blit
/// at 1:1, and for a stretch two temporary surfaces, one the size of the
/// stretch, allocated and filled on every frame. The first image's sketch
/// (500 × 375, stretched over a 1067 × 800 page) cost its frame several
/// milliseconds that way, while the page's decode needed the other core
/// (docs/benchmarks.md, "Textures in the window's own format"). So there an
/// opaque image's texture has the window's own format, converted once as
/// it is uploaded: a copy is then a plain copy and a stretch goes straight
/// into the window. Other renderers (OpenGL samples any format) and images
/// with alpha (blended, so the alpha is kept) get RGBA32 as they come.
///
/// ```swift
/// guard let texture = TextureUpload.make(renderer, decoded) else { return }
/// TextureUpload.fill(texture, nextFrame)   // an animation's next frame, same size
/// ```
enum TextureUpload {
    /// The format `image`'s texture gets on `renderer`.
    static func format(for image: DecodedImage, on renderer: OpaquePointer) -> UInt32 {
        let rgba = SDL_PIXELFORMAT_RGBA32.rawValue
        guard image.isOpaque else { return rgba }
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0,
              info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 else { return rgba }
        return windowFormat(renderer)
    }

    /// The window's pixel format (what the software renderer draws into),
    /// else the renderer's preferred one, when it is a packed 32-bit RGB
    /// format; otherwise RGBA32.
    static func windowFormat(_ renderer: OpaquePointer) -> UInt32 {
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

    /// A texture holding `image`'s pixels, in ``format(for:on:)``; nil when
    /// SDL cannot make it. Opaque images are copied, not blended: on the
    /// software renderer a blended 1280×800 copy costs several times a plain
    /// one, every frame.
    static func make(_ renderer: OpaquePointer, _ image: DecodedImage) -> OpaquePointer? {
        make(renderer, image, format: format(for: image, on: renderer))
    }

    /// A texture holding `image`'s pixels in `format` (a packed 32-bit
    /// format; the backdrop asks for ``windowFormat(_:)`` on every renderer).
    static func make(_ renderer: OpaquePointer, _ image: DecodedImage, format: UInt32) -> OpaquePointer? {
        guard image.width > 0, image.height > 0, image.pixels.count >= image.height * image.pitch else { return nil }
        // A texture in another format is written through a lock (no copy of
        // the converted pixels), which only a streaming texture allows.
        let access = format == SDL_PIXELFORMAT_RGBA32.rawValue ? SDL_TEXTUREACCESS_STATIC : SDL_TEXTUREACCESS_STREAMING
        guard let texture = SDL_CreateTexture(renderer, format, Int32(access.rawValue),
                                              Int32(image.width), Int32(image.height)) else { return nil }
        guard fill(texture, image) else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureBlendMode(texture, image.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        // Downscaled at decode time to the window size, the texture is drawn
        // close to 1:1; linear filtering smooths the rest.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    /// Writes `image`'s pixels into `texture`, which has its size; false when
    /// SDL refuses.
    @discardableResult
    static func fill(_ texture: OpaquePointer, _ image: DecodedImage) -> Bool {
        var format: UInt32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_QueryTexture(texture, &format, nil, &width, &height) == 0,
              Int(width) == image.width, Int(height) == image.height,
              image.pixels.count >= image.height * image.pitch else { return false }
        return image.pixels.withUnsafeBytes { bytes in
            if format == SDL_PIXELFORMAT_RGBA32.rawValue {
                return SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(image.pitch)) == 0
            }
            var target: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(texture, nil, &target, &pitch) == 0, let target else { return false }
            defer { SDL_UnlockTexture(texture) }
            return SDL_ConvertPixels(width, height, SDL_PIXELFORMAT_RGBA32.rawValue, bytes.baseAddress,
                                     Int32(image.pitch), format, target, pitch) == 0
        }
    }
}
