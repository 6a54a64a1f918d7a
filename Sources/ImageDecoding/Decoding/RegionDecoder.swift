/// Part of an image decoded at a chosen scale: what a zoomed view needs when
/// the window-sized decode has too few pixels.
///
/// ```swift
/// let part = try RegionDecoder.decode(path: "/photos/big.jpg", region: PixelRect(x: 1000, y: 800, width: 1200, height: 800),
///                                     scale: 1, maximumPixels: 2 * 1280 * 800).get()
/// // part.region: what the pixels cover (a JPEG crop is widened to whole 8/16 px blocks)
/// ```
public struct DecodedRegion: Sendable {
    /// The pixels, `image.width` × `image.height`, upright.
    public let image: DecodedImage
    /// The part of the image they cover, in the image's own upright pixels.
    public let region: PixelRect

    /// `DecodedRegion(image: image, region: PixelRect(x: 0, y: 0, width: 100, height: 50))`.
    public init(image: DecodedImage, region: PixelRect) {
        self.image = image
        self.region = region
    }
}

/// What a zoomed page asks ``RegionDecoder`` for: a region of the image, in
/// its upright pixels, at `scale` output pixels per image pixel (at most 1),
/// in at most `maximumPixels` output pixels.
public struct RegionRequest: Sendable {
    public let region: PixelRect
    public let scale: Double
    public let maximumPixels: Int

    /// `RegionRequest(region: PixelRect(x: 0, y: 0, width: 640, height: 400), scale: 1, maximumPixels: 1 << 20)`.
    public init(region: PixelRect, scale: Double, maximumPixels: Int) {
        self.region = region
        self.scale = scale
        self.maximumPixels = maximumPixels
    }
}

/// Decodes a region of an image file at a scale, keeping memory bounded,
/// through the decoders of a ``DecoderRegistry`` (a new format's region path
/// is its decoder's ``ImageFormatDecoder/decodeRegion(_:probe:)``):
///
/// - JPEG: the region (widened to whole MCU blocks) decoded from its own
///   rows (a baseline file: ``JPEGEntropySplit``) or from libturbojpeg's
///   lossless crop (progressive, CMYK), at the smallest DCT scale that is
///   still sharp enough, then averaged down to the exact scale
///   (``JPEGDecoder``). The full image is never decoded to pixels.
/// - PNG and TIFF: streamed down to the region's last row, only its columns
///   averaged (``StreamedDecoder``): memory stays flat for any size.
/// - Large progressive JPEGs: their DC coefficients, so no sharper than 1/8
///   (``JPEGDCDecoder``).
/// - SVG: drawn again by librsvg at the scale, only the region
///   (``SVGDecoder``): sharp at any zoom.
/// - Other formats: a full decode at the image's own size, cropped and scaled
///   (the full buffer lives only for the duration of the call).
///
/// The output never exceeds `maximumPixels`: the scale is lowered to fit.
public enum RegionDecoder {
    /// Decodes `region` (clamped to the image) of the file at `path`, at
    /// `scale` output pixels per image pixel (at most 1).
    /// A region of the image as the user turned its view (`turn`, see
    /// Gallery's `ViewTurns`): `region` is in the turned image's pixels, a
    /// `turnedWidth` × `turnedHeight` image. The region of the upright image
    /// it covers is decoded, then turned; the result is in turned pixels.
    public static func decode(path: String, region: PixelRect, scale: Double, maximumPixels: Int,
                              turn: ExifOrientation, turnedWidth: Int, turnedHeight: Int,
                              registry: DecoderRegistry = .standard) -> Result<DecodedRegion, DecodeFailure> {
        guard turn != .normal else {
            return decode(path: path, region: region, scale: scale, maximumPixels: maximumPixels, registry: registry)
        }
        let upright = turn.swapsAxes ? (w: turnedHeight, h: turnedWidth) : (w: turnedWidth, h: turnedHeight)
        // The turned region's corners in the upright image.
        let a = turn.source(x: region.x, y: region.y, width: upright.w, height: upright.h)
        let b = turn.source(x: region.x + region.width - 1, y: region.y + region.height - 1,
                            width: upright.w, height: upright.h)
        let wanted = PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x) + 1, height: abs(b.y - a.y) + 1)
        return decode(path: path, region: wanted, scale: scale, maximumPixels: maximumPixels,
                      registry: registry).map { part in
            let p = turn.displayed(x: part.region.x, y: part.region.y, width: upright.w, height: upright.h)
            let q = turn.displayed(x: part.region.x + part.region.width - 1, y: part.region.y + part.region.height - 1,
                                   width: upright.w, height: upright.h)
            return DecodedRegion(image: part.image.turned(turn),
                                 region: PixelRect(x: min(p.x, q.x), y: min(p.y, q.y),
                                                   width: abs(q.x - p.x) + 1, height: abs(q.y - p.y) + 1))
        }
    }

    /// Decodes `region` (clamped to the image) of the file at `path`, at
    /// `scale` output pixels per image pixel (at most 1). The file's head is
    /// checked against the same limits as the page's decode
    /// (``ImageDecoder``'s header check), then each decoder of `registry` is
    /// asked in order (``ImageFormatDecoder/decodeRegion(_:probe:)``); when
    /// none has a region path for the file it is decoded whole and cropped.
    public static func decode(path: String, region: PixelRect, scale: Double, maximumPixels: Int,
                              registry: DecoderRegistry = .standard) -> Result<DecodedRegion, DecodeFailure> {
        Result { () throws(DecodeFailure) in
            let head = try FileReader.read(path, limit: ImageDecoder.headLength)
            // The same limits as the page's decode, before anything more is read; no box: a region has none.
            let probe = try ImageDecoder.probe(head, path: path, maxWidth: 0, maxHeight: 0)
            let request = RegionRequest(region: region, scale: scale, maximumPixels: maximumPixels)
            for decoder in registry.decoders {
                if let part = try decoder.decodeRegion(request, probe: probe) { return part }
            }
            return try decodeWhole(path: path, region: region, scale: scale, maximumPixels: maximumPixels,
                                   registry: registry)
        }
    }

    /// Any other format: decoded whole at its own size, then cropped and scaled.
    /// A camera raw file's whole decode (its preview, or its half-size
    /// development) is smaller than its sensor, the image's own size: the
    /// region is mapped into the decoded pixels and back.
    private static func decodeWhole(path: String, region: PixelRect, scale: Double, maximumPixels: Int,
                                    registry: DecoderRegistry) throws(DecodeFailure) -> DecodedRegion {
        let whole = try ImageDecoder.decodeFile(path, maxWidth: Int(Int32.max), maxHeight: Int(Int32.max),
                                                registry: registry)
        let fx = Double(whole.width) / Double(max(1, whole.sourceWidth))
        let fy = Double(whole.height) / Double(max(1, whole.sourceHeight))
        let left = Int((Double(region.x) * fx).rounded(.down)), top = Int((Double(region.y) * fy).rounded(.down))
        let decodedRegion = PixelRect(x: left, y: top,
                                      width: Int((Double(region.x + region.width) * fx).rounded(.up)) - left,
                                      height: Int((Double(region.y + region.height) * fy).rounded(.up)) - top)
        guard let wanted = clamp(decodedRegion, width: whole.width, height: whole.height) else {
            throw DecodeFailure(path: path, message: "the region lies outside the image")
        }
        let rowBytes = wanted.width * 4
        let cropped = [UInt8](unsafeUninitializedCapacity: rowBytes * wanted.height) { out, initialized in
            whole.pixels.withUnsafeBufferPointer { source in
                for row in 0..<wanted.height {
                    let from = ((wanted.y + row) * whole.width + wanted.x) * 4
                    for i in 0..<rowBytes { out[row * rowBytes + i] = source[from + i] }
                }
            }
            initialized = rowBytes * wanted.height
        }
        // `scale` is per image pixel; per decoded pixel it is larger by 1 / fx (and at most 1).
        let outputScale = fittedScale(scale / fx, width: wanted.width, height: wanted.height, maximumPixels: maximumPixels)
        let target = (w: max(1, Int(Double(wanted.width) * outputScale + 1e-9)),
                      h: max(1, Int(Double(wanted.height) * outputScale + 1e-9)))
        let image = PixelBuffer(width: wanted.width, height: wanted.height, pixels: cropped)
            .downscaled(toWidth: target.w, height: target.h, hasAlpha: true)
        // What the decoded part covers, in the image's own pixels.
        let coveredLeft = Int((Double(wanted.x) / fx).rounded()), coveredTop = Int((Double(wanted.y) / fy).rounded())
        let covered = PixelRect(x: coveredLeft, y: coveredTop,
                                width: min(whole.sourceWidth, Int((Double(wanted.x + wanted.width) / fx).rounded())) - coveredLeft,
                                height: min(whole.sourceHeight, Int((Double(wanted.y + wanted.height) / fy).rounded())) - coveredTop)
        return DecodedRegion(
            image: DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                                sourceWidth: whole.sourceWidth, sourceHeight: whole.sourceHeight,
                                format: whole.format),
            region: covered)
    }

    /// `scale` (at most 1) lowered so that the output holds at most `maximumPixels`.
    static func fittedScale(_ scale: Double, width: Int, height: Int, maximumPixels: Int) -> Double {
        var result = min(1, max(0.001, scale.isFinite ? scale : 1))
        let pixels = Double(width) * Double(height) * result * result
        if pixels > Double(max(1, maximumPixels)) {
            result *= (Double(max(1, maximumPixels)) / pixels).squareRoot()
        }
        return result
    }

    /// `region` cut to the image, or `nil` when nothing of it is inside.
    static func clamp(_ region: PixelRect, width: Int, height: Int) -> PixelRect? {
        let left = max(0, region.x), top = max(0, region.y)
        let right = min(width, region.x + region.width), bottom = min(height, region.y + region.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension ExifOrientation {
    /// Where the stored pixel (`x`, `y`) shows in the upright image (the
    /// inverse of `source`), for a stored image of `width` × `height`.
    func displayed(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .normal: (x, y)
        case .mirrorHorizontal: (width - 1 - x, y)
        case .rotate180: (width - 1 - x, height - 1 - y)
        case .mirrorVertical: (x, height - 1 - y)
        case .transpose: (y, x)
        case .rotate90: (height - 1 - y, x)
        case .transverse: (height - 1 - y, width - 1 - x)
        case .rotate270: (y, width - 1 - x)
        }
    }
}
