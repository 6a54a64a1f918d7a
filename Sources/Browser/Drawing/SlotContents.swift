import CSDL2
import Gallery
import ImageDecoding
import Pager

/// A decoded image uploaded to the GPU (or the software renderer).
///
/// ```swift
/// if case .image(let image) = contents[slot.id] { print(image.sourceWidth, image.format) }
/// ```
public struct ImageTexture {
    public let texture: OpaquePointer
    /// Size of the decoded pixels.
    public let width: Int
    public let height: Int
    /// Size of the file's image (before decode-time downscaling).
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// The size the HUD names (``DecodedImage/shownSize``: a vector's own size).
    public let shownSize: (width: Int, height: Int)
    /// "JPEG", "PNG", …
    public let format: String
    /// Drawn to fill the page (demo pages), rather than never past its source size.
    public let scalable: Bool
    /// The image's small blurred backdrop (``BlurredBackdrop``), or nil.
    public let backdrop: OpaquePointer?
}

/// What one slot shows.
///
/// ```swift
/// contents.set(4, to: .failed(title: "bad.jpg", message: "truncated JPEG data"))
/// ```
public enum SlotContent {
    /// The slot has no page (outside the bounds): nothing is drawn.
    case nothing
    /// A page with no image (a hole in a ragged last row, a short album),
    /// with a quiet caption ("end of album").
    case hole(caption: String?)
    /// Decoding: a placeholder with the file name.
    case loading(title: String)
    case image(ImageTexture)
    /// The file could not be decoded: an error page with the file name and why.
    case failed(title: String, message: String)

    /// Whether the slot shows what it will finally show (not a placeholder).
    public var isFinal: Bool {
        switch self {
        case .loading: false
        default: true
        }
    }
}

/// The content of the nine slots, by slot id, and the SDL textures behind
/// them. Owns the textures: replacing a slot's content destroys its old
/// texture. Main thread only.
///
/// ```swift
/// let contents = SlotContents(renderer: renderer)
/// contents.set(4, to: .loading(title: "img2.jpg"))
/// contents.setImage(4, decoded, label: nil)
/// ```
public final class SlotContents {
    private let renderer: OpaquePointer
    private var contents: [SlotContent] = Array(repeating: .nothing, count: SlotPool.capacity)
    /// A big caption drawn over the page: "(h, v)" on demo pages.
    private var labels: [String?] = Array(repeating: nil, count: SlotPool.capacity)

    public init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        for content in contents { Self.release(content) }
    }

    public subscript(slot: Int) -> SlotContent { contents[slot] }

    /// Destroys every texture; call before the renderer goes away.
    public func removeAll() {
        for slot in 0..<SlotPool.capacity { set(slot, to: .nothing) }
    }

    public func label(_ slot: Int) -> String? { labels[slot] }

    /// Replaces slot `slot`'s content (destroying its texture, if any).
    public func set(_ slot: Int, to content: SlotContent, label: String? = nil) {
        Self.release(contents[slot])
        contents[slot] = content
        labels[slot] = label
    }

    /// Exchanges what two slots show, textures and all: after the gallery
    /// loses an image, the page on screen keeps its picture though the
    /// engine now shows it in another slot.
    public func swapAt(_ a: Int, _ b: Int) {
        contents.swapAt(a, b)
        labels.swapAt(a, b)
    }

    /// Uploads `image` and shows it in slot `slot`. Returns `false` (and
    /// leaves the slot as it was) when the texture cannot be made.
    @discardableResult
    public func setImage(_ slot: Int, _ image: DecodedImage, label: String? = nil, scalable: Bool = false,
                         backdrop: DecodedImage? = nil) -> Bool {
        guard let texture = Self.makeTexture(renderer, image) else { return false }
        // A backdrop that cannot be uploaded is only a missing decoration.
        let backdropTexture = backdrop.flatMap { BackdropTexture.make(renderer, $0) }
        set(slot, to: .image(ImageTexture(
            texture: texture, width: image.width, height: image.height,
            sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, shownSize: image.shownSize,
            format: image.format, scalable: scalable, backdrop: backdropTexture)), label: label)
        return true
    }

    /// Shows `image` in slot `slot`, which shows an image (an animation's
    /// next frame over its still): the texture is updated in place when the
    /// sizes match, else replaced, keeping the slot's sizes, label and
    /// backdrop. Returns `false` when the slot shows no image or the texture
    /// cannot be made.
    ///
    /// ```swift
    /// contents.updateImage(4, frame.image)   // the animation's next frame, same size: no new texture
    /// ```
    @discardableResult
    public func updateImage(_ slot: Int, _ image: DecodedImage) -> Bool {
        guard case .image(let shown) = contents[slot] else { return false }
        if shown.width == image.width && shown.height == image.height {
            return TextureUpload.fill(shown.texture, image)
        }
        guard let texture = Self.makeTexture(renderer, image) else { return false }
        SDL_DestroyTexture(shown.texture)
        contents[slot] = .image(ImageTexture(
            texture: texture, width: image.width, height: image.height, sourceWidth: shown.sourceWidth,
            sourceHeight: shown.sourceHeight, shownSize: shown.shownSize, format: shown.format,
            scalable: shown.scalable, backdrop: shown.backdrop))
        return true
    }

    /// A texture holding `image`'s pixels (``TextureUpload``).
    static func makeTexture(_ renderer: OpaquePointer, _ image: DecodedImage) -> OpaquePointer? {
        TextureUpload.make(renderer, image)
    }

    private static func release(_ content: SlotContent) {
        if case .image(let image) = content {
            SDL_DestroyTexture(image.texture)
            if let backdrop = image.backdrop { SDL_DestroyTexture(backdrop) }
        }
    }
}
