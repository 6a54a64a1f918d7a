import CTurboJPEG

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

/// Decodes a region of an image file at a scale, keeping memory bounded.
///
/// - JPEG: libturbojpeg crops the compressed data losslessly to the region
///   (widened to whole MCU blocks), then decodes only that at the smallest DCT
///   scale that is still sharp enough, then averages down to the exact scale.
///   The full image is never decoded.
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
                              turn: ExifOrientation, turnedWidth: Int,
                              turnedHeight: Int) -> Result<DecodedRegion, DecodeFailure> {
        guard turn != .normal else { return decode(path: path, region: region, scale: scale, maximumPixels: maximumPixels) }
        let upright = turn.swapsAxes ? (w: turnedHeight, h: turnedWidth) : (w: turnedWidth, h: turnedHeight)
        // The turned region's corners in the upright image.
        let a = turn.source(x: region.x, y: region.y, width: upright.w, height: upright.h)
        let b = turn.source(x: region.x + region.width - 1, y: region.y + region.height - 1,
                            width: upright.w, height: upright.h)
        let wanted = PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x) + 1, height: abs(b.y - a.y) + 1)
        return decode(path: path, region: wanted, scale: scale, maximumPixels: maximumPixels).map { part in
            let p = turn.displayed(x: part.region.x, y: part.region.y, width: upright.w, height: upright.h)
            let q = turn.displayed(x: part.region.x + part.region.width - 1, y: part.region.y + part.region.height - 1,
                                   width: upright.w, height: upright.h)
            return DecodedRegion(image: part.image.turned(turn),
                                 region: PixelRect(x: min(p.x, q.x), y: min(p.y, q.y),
                                                   width: abs(q.x - p.x) + 1, height: abs(q.y - p.y) + 1))
        }
    }

    public static func decode(path: String, region: PixelRect, scale: Double,
                              maximumPixels: Int) -> Result<DecodedRegion, DecodeFailure> {
        Result { () throws(DecodeFailure) in
            let head = try FileReader.read(path, limit: ImageDecoder.headLength)
            if case .image(let format) = ContentSniffer.identify(head) {
                // The same limits as the page's decode, before anything is read.
                try ImageDecoder.checkHeader(head, format: format, path: path)
                if format == .svg, let part = try SVGDecoder.decodeRegion(path: path, region: region, scale: scale,
                                                                          maximumPixels: maximumPixels) {
                    return part
                }
                if format == .png || format == .tiff {
                    return try decodeStreamed(format == .png ? .png : .tiff, path: path, region: region, scale: scale,
                                              maximumPixels: maximumPixels)
                }
                if format == .jpeg {
                    let structure = head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
                    if structure.isProgressive, let w = structure.width, let h = structure.height,
                       w * h > DecodeLimits.progressiveDCPixels {
                        return try decodeProgressiveJPEG(path: path, head: head, structure: structure, region: region,
                                                         scale: scale, maximumPixels: maximumPixels)
                    }
                }
            }
            let bytes = try FileReader.read(path)
            let isJPEG = bytes.count > 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
            if isJPEG, let part = try decodeJPEG(bytes, path: path, region: region, scale: scale, maximumPixels: maximumPixels) {
                return part
            }
            return try decodeWhole(path: path, region: region, scale: scale, maximumPixels: maximumPixels)
        }
    }

    /// The MCU (block) size of each libjpeg-turbo subsampling, px: a lossless
    /// crop starts on a block boundary.
    static func blockSize(subsampling: Int32) -> (width: Int, height: Int) {
        switch subsampling {
        case Int32(TJSAMP_422.rawValue): (16, 8)
        case Int32(TJSAMP_420.rawValue): (16, 16)
        case Int32(TJSAMP_440.rawValue): (8, 16)
        case Int32(TJSAMP_411.rawValue): (32, 8)
        case 6: (8, 32)   // TJSAMP_441 (libjpeg-turbo 2.1.3 and later)
        default: (8, 8)
        }
    }

    /// `nil` when this JPEG is not one the crop path handles (CMYK): the caller decodes it whole.
    private static func decodeJPEG(_ bytes: [UInt8], path: String, region: PixelRect, scale: Double,
                                   maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion? {
        let outcome: Result<DecodedRegion?, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeFailure) in
                try decodeJPEG(buffer, path: path, region: region, scale: scale, maximumPixels: maximumPixels)
            }
        }
        return try outcome.get()
    }

    private static func decodeJPEG(_ buffer: UnsafeBufferPointer<UInt8>, path: String, region: PixelRect, scale: Double,
                                   maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion? {
        let structure = JPEGStructure.parse(buffer)
        guard let transformer = tjInitTransform() else { throw DecodeFailure(path: path, message: "JPEG decoder could not start") }
        defer { tjDestroy(transformer) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(transformer, buffer.baseAddress, UInt(buffer.count), &width, &height,
                                  &subsampling, &colorspace) == 0, width > 0, height > 0 else {
            throw DecodeFailure(path: path, message: "corrupt JPEG header")
        }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) { return nil }
        // libjpeg-turbo's lossless crop reads the whole image's coefficients
        // (2–3 bytes a pixel): a 400-byte file claiming 20000 × 20000 made it
        // read 1.2 GB for 10 s and more (Fuzz/Findings/decoders-region-jpeg-20000).
        if DecodeLimits.exceeds(width: Int(width), height: Int(height), limit: DecodeLimits.maximumFullDecodePixels) {
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(
                width: Int(width), height: Int(height), limit: DecodeLimits.maximumFullDecodePixels,
                what: "JPEG"))
        }
        let stored = (w: Int(width), h: Int(height))
        let orientation = structure.orientation
        let upright = orientation.swapsAxes ? (w: stored.h, h: stored.w) : (w: stored.w, h: stored.h)
        guard let wanted = clamp(region, width: upright.w, height: upright.h) else {
            throw DecodeFailure(path: path, message: "the region lies outside the image")
        }
        // The region in stored pixels, widened to whole blocks.
        let a = orientation.source(x: wanted.x, y: wanted.y, width: stored.w, height: stored.h)
        let b = orientation.source(x: wanted.x + wanted.width - 1, y: wanted.y + wanted.height - 1,
                                   width: stored.w, height: stored.h)
        let block = blockSize(subsampling: subsampling)
        let left = min(a.x, b.x) / block.width * block.width
        let top = min(a.y, b.y) / block.height * block.height
        let right = max(a.x, b.x) + 1, bottom = max(a.y, b.y) + 1
        var transform = tjtransform()
        transform.r = tjregion(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top))
        transform.op = Int32(TJXOP_NONE.rawValue)
        transform.options = TJXOPT_CROP
        var cropped: UnsafeMutablePointer<UInt8>?
        var croppedSize: UInt = 0
        guard tjTransform(transformer, buffer.baseAddress, UInt(buffer.count), 1, &cropped, &croppedSize,
                          &transform, 0) == 0, let cropped else {
            if let cropped { tjFree(cropped) }
            throw DecodeFailure(path: path, message: "corrupt JPEG data (the region could not be cut out)")
        }
        defer { tjFree(cropped) }
        let crop = (w: right - left, h: bottom - top)
        let outputScale = fittedScale(scale, width: crop.w, height: crop.h, maximumPixels: maximumPixels)
        let target = (w: max(1, Int(Double(crop.w) * outputScale + 1e-9)),
                      h: max(1, Int(Double(crop.h) * outputScale + 1e-9)))
        let factor = JPEGScale.choose(width: crop.w, height: crop.h, targetWidth: target.w, targetHeight: target.h)
        let scaled = (w: factor.scaled(crop.w), h: factor.scaled(crop.h))
        guard let decoder = tjInitDecompress() else { throw DecodeFailure(path: path, message: "JPEG decoder could not start") }
        defer { tjDestroy(decoder) }
        var failed = false
        let pixels = [UInt8](unsafeUninitializedCapacity: scaled.w * scaled.h * 4) { out, initialized in
            let status = tjDecompress2(decoder, cropped, croppedSize, out.baseAddress, Int32(scaled.w), Int32(scaled.w * 4),
                                       Int32(scaled.h), Int32(TJPF_RGBA.rawValue), TJFLAG_LIMITSCANS)
            failed = status != 0 && tjGetErrorCode(decoder) == Int32(TJERR_FATAL.rawValue)
            initialized = failed ? 0 : out.count
        }
        if failed { throw DecodeFailure(path: path, message: "corrupt JPEG data") }
        var image = PixelBuffer(width: scaled.w, height: scaled.h, pixels: pixels)
            .downscaled(toWidth: target.w, height: target.h)
            .oriented(orientation)
        ColorProfile.convertForDisplay(&image, iccProfile: structure.iccProfile(in: buffer))
        // Where the stored crop lies in the upright image.
        let p = orientation.displayed(x: left, y: top, width: stored.w, height: stored.h)
        let q = orientation.displayed(x: right - 1, y: bottom - 1, width: stored.w, height: stored.h)
        let covered = PixelRect(x: min(p.x, q.x), y: min(p.y, q.y),
                                  width: abs(q.x - p.x) + 1, height: abs(q.y - p.y) + 1)
        return DecodedRegion(
            image: DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                                sourceWidth: upright.w, sourceHeight: upright.h, format: "JPEG"),
            region: covered)
    }

    /// PNG and TIFF: only the rows down to the region's bottom are read, each
    /// averaged into the output as it streams (the columns outside are skipped).
    /// `region` is in upright pixels; a TIFF's orientation maps it to the
    /// stored rows and turns the result.
    private static func decodeStreamed(_ reader: StreamedDecoder.Reader, path: String, region: PixelRect, scale: Double,
                                       maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion {
        let header = try StreamedDecoder.header(reader, path: path)
        let upright = header.upright
        guard let wanted = clamp(region, width: upright.width, height: upright.height) else {
            throw DecodeFailure(path: path, message: "the region lies outside the image")
        }
        let orientation = header.orientation
        let a = orientation.source(x: wanted.x, y: wanted.y, width: header.width, height: header.height)
        let b = orientation.source(x: wanted.x + wanted.width - 1, y: wanted.y + wanted.height - 1,
                                   width: header.width, height: header.height)
        let stored = PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x) + 1, height: abs(b.y - a.y) + 1)
        if reader == .png, header.interlaced,
           header.width * header.height * 4 > DecodeLimits.maximumInterlacedPNGBytes {
            throw DecodeFailure(path: path, message: "an interlaced PNG this large has no sharper region (it cannot be streamed)")
        }
        let outputScale = fittedScale(scale, width: stored.width, height: stored.height, maximumPixels: maximumPixels)
        let target = (w: max(1, Int(Double(stored.width) * outputScale + 1e-9)),
                      h: max(1, Int(Double(stored.height) * outputScale + 1e-9)))
        let decoded = try StreamedDecoder.decode(reader, path: path, region: stored, outWidth: target.w, outHeight: target.h)
        let image = decoded.image.oriented(orientation)
        return DecodedRegion(
            image: DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                                sourceWidth: upright.width, sourceHeight: upright.height, format: reader.formatName,
                                isOpaque: !decoded.hasAlpha),
            region: wanted)
    }

    /// A large progressive JPEG: its DC coefficients (1/8 scale) are all that
    /// can be read without holding every coefficient of the image, so the
    /// region is no sharper than 1/8 of the image's own pixels.
    private static func decodeProgressiveJPEG(path: String, head: [UInt8], structure: JPEGStructure, region: PixelRect,
                                              scale: Double, maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion {
        guard let w = structure.width, let h = structure.height else { throw DecodeFailure(path: path, message: "corrupt JPEG header") }
        let orientation = structure.orientation
        let upright = orientation.swapsAxes ? (w: h, h: w) : (w: w, h: h)
        guard let wanted = clamp(region, width: upright.w, height: upright.h) else {
            throw DecodeFailure(path: path, message: "the region lies outside the image")
        }
        let a = orientation.source(x: wanted.x, y: wanted.y, width: w, height: h)
        let b = orientation.source(x: wanted.x + wanted.width - 1, y: wanted.y + wanted.height - 1, width: w, height: h)
        let stored = PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x) + 1, height: abs(b.y - a.y) + 1)
        let outputScale = fittedScale(scale, width: stored.width, height: stored.height, maximumPixels: maximumPixels)
        let part = try JPEGDCDecoder.decodeRegion(path: path, head: head, storedRegion: stored, outputScale: outputScale)
        let p = orientation.displayed(x: part.covered.x, y: part.covered.y, width: w, height: h)
        let q = orientation.displayed(x: part.covered.x + part.covered.width - 1, y: part.covered.y + part.covered.height - 1,
                                      width: w, height: h)
        return DecodedRegion(
            image: DecodedImage(width: part.image.width, height: part.image.height, pixels: part.image.pixels,
                                sourceWidth: upright.w, sourceHeight: upright.h, format: "JPEG", isOpaque: true),
            region: PixelRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x) + 1, height: abs(q.y - p.y) + 1))
    }

    /// Any other format: decoded whole at its own size, then cropped and scaled.
    /// A camera raw file's whole decode (its preview, or its half-size
    /// development) is smaller than its sensor, the image's own size: the
    /// region is mapped into the decoded pixels and back.
    private static func decodeWhole(path: String, region: PixelRect, scale: Double,
                                    maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion {
        let whole = try ImageDecoder.decodeFile(path, maxWidth: Int(Int32.max), maxHeight: Int(Int32.max))
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
