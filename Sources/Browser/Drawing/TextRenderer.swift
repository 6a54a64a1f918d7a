import CSDL2
import Gallery
import Glibc
import ImageDecoding

/// Draws text with SDL2_ttf and DejaVu Sans, caching one texture per
/// distinct (text, size, colour, wrap width) so a steady HUD costs a
/// texture copy per frame, not a rasterisation.
///
/// Main thread only (it owns SDL textures).
///
/// ```swift
/// let text = try TextRenderer(renderer: renderer)
/// text.draw("(3, -2)", size: 96, colour: Colour(255, 255, 255), centredIn: pageRect)
/// ```
public final class TextRenderer {
    /// Where fonts-dejavu-core puts the font.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Cached text textures kept at most; the least recently drawn go first.
    static let cacheCapacity = 96

    /// A rendered piece of text.
    public struct Block {
        public let texture: OpaquePointer
        public let width: Int
        public let height: Int
    }

    private struct Key: Hashable {
        var text: String
        var size: Int
        var colour: Colour
        var wrapWidth: Int
    }

    private let renderer: OpaquePointer
    private let fontPath: String
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [Key: (block: Block, lastUse: Int)] = [:]
    /// Widths measured by ``width(_:size:)``, which keeps no texture: laying
    /// out the help measures many words and lines never drawn.
    private var widths: [Key: Int] = [:]
    /// Widths kept at most; all go when it is reached (they are cheap to measure again).
    static let widthCapacity = 4096
    private var useCounter = 0
    private var isClosed = false

    /// Fails with a one-line reason when the font is missing or SDL2_ttf
    /// cannot start.
    public init(renderer: OpaquePointer, fontPath: String = TextRenderer.defaultFontPath) throws(BrowserFailure) {
        guard access(fontPath, R_OK) == 0 else {
            throw BrowserFailure.fontMissing(path: fontPath)
        }
        if fw_TTF_WasInit() == 0 && fw_TTF_Init() != 0 {
            throw BrowserFailure.sdl("SDL2_ttf", SDLError.last)
        }
        self.renderer = renderer
        self.fontPath = fontPath
        // Open one size now so a broken font file fails here, not mid-frame.
        guard font(size: 16) != nil else {
            throw BrowserFailure.sdl("opening font \(fontPath)", SDLError.last)
        }
    }

    deinit { close() }

    /// Destroys the textures and closes the fonts; call before the renderer
    /// goes away and before `TTF_Quit`. Drawing afterwards draws nothing.
    public func close() {
        purge()
        for font in fonts.values { fw_TTF_CloseFont(font) }
        fonts.removeAll()
        isClosed = true
    }

    /// Destroys every cached texture; call before the renderer goes away.
    public func purge() {
        for entry in cache.values { SDL_DestroyTexture(entry.block.texture) }
        cache.removeAll()
        widths.removeAll()
    }

    /// The text as a texture (cached), or `nil` for empty text or when
    /// SDL2_ttf fails. With `wrapWidth` > 0 lines wrap at that many pixels.
    public func block(_ text: String, size: Int, colour: Colour, wrapWidth: Int = 0) -> Block? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, size: size, colour: colour, wrapWidth: max(0, wrapWidth))
        useCounter += 1
        if let hit = cache[key] {
            cache[key] = (hit.block, useCounter)
            return hit.block
        }
        guard let font = font(size: size) else { return nil }
        let sdlColour = SDL_Color(r: colour.r, g: colour.g, b: colour.b, a: colour.a)
        let surface: UnsafeMutablePointer<SDL_Surface>? = key.wrapWidth > 0
            ? fw_TTF_RenderUTF8_Blended_Wrapped(font, text, sdlColour, UInt32(key.wrapWidth))
            : fw_TTF_RenderUTF8_Blended(font, text, sdlColour)
        guard let surface else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let block = Block(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        evictIfFull()
        cache[key] = (block, useCounter)
        return block
    }

    /// Draws `text` with its top-left corner at (`x`, `y`); returns its size.
    @discardableResult
    public func draw(_ text: String, size: Int, colour: Colour, x: Int, y: Int,
                     wrapWidth: Int = 0) -> (width: Int, height: Int) {
        guard let block = block(text, size: size, colour: colour, wrapWidth: wrapWidth) else { return (0, 0) }
        var target = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(block.width), h: Int32(block.height))
        SDL_RenderCopy(renderer, block.texture, nil, &target)
        return (block.width, block.height)
    }

    /// Draws `text` centred in `rect` (and clipped to it).
    public func draw(_ text: String, size: Int, colour: Colour, centredIn rect: PixelRect, wrapWidth: Int = 0) {
        guard let block = block(text, size: size, colour: colour, wrapWidth: wrapWidth) else { return }
        var target = SDL_Rect(x: Int32(rect.x + (rect.width - block.width) / 2),
                              y: Int32(rect.y + (rect.height - block.height) / 2),
                              w: Int32(block.width), h: Int32(block.height))
        SDL_RenderCopy(renderer, block.texture, nil, &target)
    }

    /// The size `text` would take.
    public func measure(_ text: String, size: Int, wrapWidth: Int = 0) -> (width: Int, height: Int) {
        guard let block = block(text, size: size, colour: Colour(255, 255, 255), wrapWidth: wrapWidth) else {
            return (0, 0)
        }
        return (block.width, block.height)
    }

    /// The width `text` would take on one line, px, without a texture.
    public func width(_ text: String, size: Int) -> Int {
        guard !text.isEmpty else { return 0 }
        let key = Key(text: text, size: size, colour: Colour(255, 255, 255), wrapWidth: 0)
        if let width = widths[key] { return width }
        guard let font = font(size: size),
              let surface = fw_TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            return 0
        }
        let width = Int(surface.pointee.w)
        SDL_FreeSurface(surface)
        if widths.count >= Self.widthCapacity { widths.removeAll() }
        widths[key] = width
        return width
    }

    private func font(size: Int) -> OpaquePointer? {
        guard !isClosed else { return nil }
        let size = min(max(size, 6), 512)
        if let font = fonts[size] { return font }
        guard let font = fw_TTF_OpenFont(fontPath, Int32(size)) else { return nil }
        fonts[size] = font
        return font
    }

    private func evictIfFull() {
        guard cache.count >= Self.cacheCapacity else { return }
        // Drop the older half at once so eviction stays rare.
        let byAge = cache.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge.prefix(cache.count / 2) {
            SDL_DestroyTexture(entry.block.texture)
            cache.removeValue(forKey: key)
        }
    }
}
