/// What a worker produced: RGBA pixels, 4 bytes per pixel in memory order
/// R,G,B,A (`SDL_PIXELFORMAT_RGBA32`), pitch = width × 4, already turned
/// upright (EXIF) and scaled to fit the request.
///
/// ```swift
/// let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
///                                 Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
///                                 Int32(image.width), Int32(image.height))
/// image.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.pitch)) }
/// ```
public struct DecodedImage: Sendable {
    /// Width of `pixels`.
    public let width: Int
    /// Height of `pixels`.
    public let height: Int
    /// `width × height × 4` bytes, R,G,B,A.
    public let pixels: [UInt8]
    /// The image's own width, upright (after EXIF orientation), for the HUD.
    public let sourceWidth: Int
    /// The image's own height, upright.
    public let sourceHeight: Int
    /// "JPEG", "PNG", "WebP", "GIF", … or "demo".
    public let format: String
    /// Every pixel's alpha is 255 (a JPEG): the shell draws it without
    /// blending, which the software renderer does several times faster.
    public let isOpaque: Bool
    /// A vector image's size as its file declares it, upright, for the HUD;
    /// nil for a raster image. A vector's source size is a large canvas of
    /// its shape (the zoom draws it sharp up to that), not its own size.
    public let declaredSize: (width: Int, height: Int)?

    /// `pixels.count` must be `width × height × 4`:
    /// `DecodedImage(width: 1, height: 1, pixels: [255, 0, 0, 255], sourceWidth: 1, sourceHeight: 1, format: "PNG")`.
    public init(width: Int, height: Int, pixels: [UInt8], sourceWidth: Int, sourceHeight: Int, format: String,
                isOpaque: Bool = false, declaredSize: (width: Int, height: Int)? = nil) {
        precondition(pixels.count == width * height * 4, "pixels must hold width × height RGBA pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.format = format
        self.isOpaque = isOpaque
        self.declaredSize = declaredSize
    }

    /// The size the HUD names: the declared size of a vector image, else
    /// the source size.
    ///
    /// ```swift
    /// image.shownSize   // (width: 120, height: 60) for a 120×60 SVG drawn from an 8192×4096 canvas
    /// ```
    public var shownSize: (width: Int, height: Int) { declaredSize ?? (sourceWidth, sourceHeight) }

    /// Bytes per row.
    public var pitch: Int { width * 4 }

    /// The image turned by `orientation` (the view's turn, `r` and `|`):
    /// pixels and both sizes.
    public func turned(_ orientation: ExifOrientation) -> DecodedImage {
        guard orientation != .normal else { return self }
        let buffer = PixelBuffer(width: width, height: height, pixels: pixels).oriented(orientation)
        return DecodedImage(width: buffer.width, height: buffer.height, pixels: buffer.pixels,
                            sourceWidth: orientation.swapsAxes ? sourceHeight : sourceWidth,
                            sourceHeight: orientation.swapsAxes ? sourceWidth : sourceHeight,
                            format: format, isOpaque: isOpaque,
                            declaredSize: declaredSize.map { orientation.swapsAxes ? ($0.height, $0.width) : $0 })
    }

    /// The pixel at (`x`, `y`) as (r, g, b, a); for tests and probes.
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = (y * width + x) * 4
        return (pixels[p], pixels[p + 1], pixels[p + 2], pixels[p + 3])
    }
}
