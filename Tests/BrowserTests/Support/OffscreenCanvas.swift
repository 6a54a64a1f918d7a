import CSDL2
import Foundation
import Gallery
import ImageDecoding
import Pager
@testable import Browser

/// SDL is started once per test process, with the `dummy` video driver so
/// no display is needed. (A hint, not `setenv`: other suites run on other
/// threads at the same time, and `setenv` races with their `getenv`.)
let sdlStarted: Bool = {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
    return SDL_Init(SDL_INIT_VIDEO) == 0
}()

/// A software renderer drawing into an in-memory surface: the browser's own
/// drawing code renders here exactly as into the window, and the test reads
/// the pixels back with `SDL_RenderReadPixels` as ARGB8888.
final class OffscreenCanvas {
    let width: Int
    let height: Int
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let text: TextRenderer
    let contents: SlotContents
    var pages: PageRenderer

    init(width: Int, height: Int, palette: Palette = Palette()) throws {
        precondition(sdlStarted, "SDL did not start: \(SDLError.last)")
        self.width = width
        self.height = height
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw CanvasError(SDLError.last)
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw CanvasError(SDLError.last)
        }
        self.surface = surface
        self.renderer = renderer
        text = try TextRenderer(renderer: renderer)
        contents = SlotContents(renderer: renderer)
        pages = PageRenderer(renderer: renderer, palette: palette)
    }

    deinit {
        // Textures before the renderer, the renderer before its surface.
        contents.removeAll()
        text.purge()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    var viewport: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Draws the model's slots as the browser does.
    func draw(_ model: PagerModel) {
        pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport)
        SDL_RenderPresent(renderer)
    }

    /// The rendered pixels, ARGB8888, row by row.
    func readPixels() -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        precondition(status == 0, "SDL_RenderReadPixels failed: \(SDLError.last)")
        return pixels
    }

    /// A solid image of `colour`, as a worker would deliver it.
    static func solidImage(_ colour: Colour, width: Int, height: Int) -> DecodedImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) {
            pixels[index * 4] = colour.r
            pixels[index * 4 + 1] = colour.g
            pixels[index * 4 + 2] = colour.b
            pixels[index * 4 + 3] = colour.a
        }
        return DecodedImage(width: width, height: height, pixels: pixels,
                            sourceWidth: width, sourceHeight: height, format: "test")
    }

    private var solidImages: [Colour: DecodedImage] = [:]

    /// Fills every slot that has a page with a solid image from `colourOf(page)`.
    func fillSlots(of model: PagerModel, colourOf: (PageIndex) -> Colour) {
        for slot in model.slots {
            guard let page = slot.page else {
                contents.set(slot.id, to: .nothing)
                continue
            }
            let colour = colourOf(page)
            let image = solidImages[colour] ?? Self.solidImage(colour, width: width, height: height)
            solidImages[colour] = image
            contents.setImage(slot.id, image)
        }
    }
}

extension Colour {
    /// As an ARGB8888 pixel.
    var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
}

struct CanvasError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
