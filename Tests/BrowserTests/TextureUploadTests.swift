import CSDL2
import ImageDecoding
import Testing
@testable import Browser

/// Textures on the software renderer: an opaque image is uploaded in the
/// renderer's own format (a copy is then a plain copy, a stretch goes
/// straight into the target), and draws the same pixels as it came with.
@Suite("Texture upload", .serialized)
struct TextureUploadTests {
    static let width = 8
    static let height = 5

    /// Every pixel a different mix of red, green and blue, so a channel
    /// taken for another or a row misplaced shows.
    static func gradient(opaque: Bool, shift: Int = 0) -> DecodedImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                pixels[index] = UInt8((x * 30 + shift) & 255)
                pixels[index + 1] = UInt8((y * 60 + shift) & 255)
                pixels[index + 2] = UInt8((255 - x * 20 - y * 7 + shift) & 255)
                pixels[index + 3] = opaque ? 255 : 128
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels, sourceWidth: width,
                            sourceHeight: height, format: "JPEG", isOpaque: opaque)
    }

    static func format(of texture: OpaquePointer) -> UInt32 {
        var format: UInt32 = 0
        SDL_QueryTexture(texture, &format, nil, nil, nil)
        return format
    }

    /// The canvas's top-left `width` × `height` after `texture` is copied there 1:1.
    static func drawn(_ texture: OpaquePointer, on canvas: OffscreenCanvas) -> [UInt32] {
        SDL_SetRenderDrawColor(canvas.renderer, 0, 0, 0, 255)
        SDL_RenderClear(canvas.renderer)
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        SDL_RenderCopy(canvas.renderer, texture, nil, &rect)
        let pixels = canvas.readPixels()
        return (0..<height).flatMap { y in pixels[(y * canvas.width)..<(y * canvas.width + width)] }
    }

    /// `image`'s pixels as ARGB8888 (opaque).
    static func expected(_ image: DecodedImage) -> [UInt32] {
        (0..<(width * height)).map { index in
            let p = index * 4
            return 0xFF00_0000 | UInt32(image.pixels[p]) << 16 | UInt32(image.pixels[p + 1]) << 8
                | UInt32(image.pixels[p + 2])
        }
    }

    @Test func anOpaqueImageIsUploadedInTheSoftwareRenderersOwnFormat() throws {
        let canvas = try OffscreenCanvas(width: 32, height: 16)
        let texture = try #require(TextureUpload.make(canvas.renderer, Self.gradient(opaque: true)))
        defer { SDL_DestroyTexture(texture) }
        #expect(Self.format(of: texture) == TextureUpload.windowFormat(canvas.renderer))
        #expect(Self.format(of: texture) != SDL_PIXELFORMAT_RGBA32.rawValue)
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetTextureBlendMode(texture, &mode)
        #expect(mode == SDL_BLENDMODE_NONE)
    }

    @Test func anImageWithAlphaKeepsRGBA32AndIsBlended() throws {
        let canvas = try OffscreenCanvas(width: 32, height: 16)
        let texture = try #require(TextureUpload.make(canvas.renderer, Self.gradient(opaque: false)))
        defer { SDL_DestroyTexture(texture) }
        #expect(Self.format(of: texture) == SDL_PIXELFORMAT_RGBA32.rawValue)
        var mode = SDL_BLENDMODE_NONE
        SDL_GetTextureBlendMode(texture, &mode)
        #expect(mode == SDL_BLENDMODE_BLEND)
    }

    @Test func theConvertedTextureDrawsTheImagesOwnPixels() throws {
        let canvas = try OffscreenCanvas(width: 32, height: 16)
        let image = Self.gradient(opaque: true)
        let texture = try #require(TextureUpload.make(canvas.renderer, image))
        defer { SDL_DestroyTexture(texture) }
        #expect(Self.drawn(texture, on: canvas) == Self.expected(image))
    }

    @Test func aSameSizeFrameIsWrittenIntoTheConvertedTextureInPlace() throws {
        let canvas = try OffscreenCanvas(width: 32, height: 16)
        let first = Self.gradient(opaque: true)
        let next = Self.gradient(opaque: true, shift: 77)
        #expect(canvas.contents.setImage(4, first))
        guard case .image(let before) = canvas.contents[4] else { Issue.record("no image in the slot"); return }
        #expect(canvas.contents.updateImage(4, next))
        guard case .image(let after) = canvas.contents[4] else { Issue.record("no image in the slot"); return }
        #expect(after.texture == before.texture)
        #expect(Self.drawn(after.texture, on: canvas) == Self.expected(next))
    }

    @Test func aBackdropIsUploadedInTheWindowsFormatWithItsOwnPixels() throws {
        let canvas = try OffscreenCanvas(width: 32, height: 16)
        // A backdrop whose image is not marked opaque still gets the window's format.
        let image = Self.gradient(opaque: false)
        let backdrop = DecodedImage(width: image.width, height: image.height,
                                    pixels: image.pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element },
                                    sourceWidth: image.width, sourceHeight: image.height, format: "backdrop")
        let texture = try #require(BackdropTexture.make(canvas.renderer, backdrop))
        defer { SDL_DestroyTexture(texture) }
        #expect(Self.format(of: texture) == TextureUpload.windowFormat(canvas.renderer))
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetTextureBlendMode(texture, &mode)
        #expect(mode == SDL_BLENDMODE_NONE)
        #expect(Self.drawn(texture, on: canvas) == Self.expected(backdrop))
    }
}
