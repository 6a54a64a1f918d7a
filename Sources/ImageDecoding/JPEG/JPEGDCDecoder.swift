/// Large progressive JPEGs from their DC coefficients alone: the image at 1/8
/// of its size, streamed from the file (``StreamedDecoder``, `jpeg_dc.c`).
///
/// libjpeg must hold every coefficient of a progressive image until its last
/// scan, about 3 bytes per pixel (1.2 GB for 20000 × 20000), whatever the
/// output scale. When 1/8 of the image still fills the requested size, the DC
/// coefficients are all a fitted view needs: 2 bytes per 8 × 8 block.
///
/// ```swift
/// let structure = head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
/// if JPEGDCDecoder.applies(to: structure, maxWidth: 1280, maxHeight: 800) {
///     let image = try JPEGDCDecoder.decode(path: path, head: head, maxWidth: 1280, maxHeight: 800)
/// }
/// ```
public struct JPEGDCDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "JPEG DC coefficients" }

    /// It streams the file (`jpeg_dc.c`): only the head is read for it.
    public var readsFromPath: Bool { true }

    public func accepts(_ probe: DecodeProbe) -> Bool {
        guard probe.format == .jpeg else { return false }
        let structure = probe.head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        return Self.applies(to: structure, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
    }

    public func decode(path probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        try Self.decode(path: probe.path, head: probe.head, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight,
                        cancellation: probe.cancellation)
    }

    /// True for a progressive JPEG too large for libjpeg
    /// (``DecodeLimits/maximumProgressiveJPEGPixels``), or of ``sketchPixels``
    /// or more whose 1/8 scale still covers the fitted size (a thumbnail, a
    /// preview, a small window): libjpeg reads and holds every coefficient of
    /// every scan for any scale, where the DC reader skips the AC scans. A
    /// 12 MP file at 1/8, in C: 213 ms by libjpeg-turbo, 24 ms by DC.
    static func applies(to structure: JPEGStructure, maxWidth: Int, maxHeight: Int) -> Bool {
        guard structure.isProgressive, let w = structure.width, let h = structure.height, w > 0, h > 0 else { return false }
        let pixels = w * h
        if pixels > DecodeLimits.maximumProgressiveJPEGPixels { return true }
        guard pixels >= sketchPixels else { return false }
        let target = storedTarget(structure, width: w, height: h, maxWidth: maxWidth, maxHeight: maxHeight)
        return (w + 7) / 8 >= target.w && (h + 7) / 8 >= target.h
    }

    /// The JPEG at `path` fitted into `maxWidth` × `maxHeight` (at most its 1/8
    /// size), upright and in the display's profile. `head` is the file's first
    /// bytes, holding its header segments (EXIF, ICC).
    static func decode(path: String, head: [UInt8], maxWidth: Int, maxHeight: Int,
                       cancellation: DecodeCancellation? = nil) throws(DecodeFailure) -> DecodedImage {
        let structure = head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let w = structure.width, let h = structure.height, w > 0, h > 0 else {
            throw DecodeFailure(path: path, message: "corrupt JPEG header")
        }
        let small = eighth(w, h)
        var target = storedTarget(structure, width: w, height: h, maxWidth: maxWidth, maxHeight: maxHeight)
        target = (min(target.w, small.w), min(target.h, small.h))
        let decoded = try StreamedDecoder.decode(.jpegDC, path: path,
                                                 region: PixelRect(x: 0, y: 0, width: small.w, height: small.h),
                                                 outWidth: target.w, outHeight: target.h, cancellation: cancellation)
        return finish(decoded.image, structure: structure, head: head, width: w, height: h)
    }

    /// Progressive JPEGs from this many pixels get a sketch, and are read from
    /// their DC when 1/8 of them covers the box: below, libjpeg decodes them
    /// in a few tens of milliseconds.
    static let sketchPixels = 2_000_000

    /// A progressive JPEG of ``sketchPixels`` or more at 1/8 scale from each
    /// component's first DC scan, upright and in the display's profile, with
    /// the photo's upright size as its source size: the first image's sketch
    /// while the photo decodes (``EmbeddedThumbnail``). Those scans are the
    /// file's first few percent; libjpeg reads every scan before it shows
    /// anything. nil for any other file, or one whose first scans fail.
    ///
    /// ```swift
    /// JPEGDCDecoder.sketch(path: "/photos/progressive-12mp.jpg")?.width   // 500
    /// ```
    static func sketch(path: String) -> DecodedImage? {
        guard let head = try? FileReader.read(path, limit: ImageDecoder.headLength) else { return nil }
        let structure = head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        // The header's size bounds what is allocated: at most 100 MP, 1/8 of it out.
        guard structure.isProgressive, let w = structure.width, let h = structure.height,
              w * h >= sketchPixels, w * h <= DecodeLimits.maximumProgressiveJPEGPixels else { return nil }
        let small = eighth(w, h)
        guard let decoded = try? StreamedDecoder.decode(.jpegFirstDCScans, path: path,
                                                        region: PixelRect(x: 0, y: 0, width: small.w, height: small.h),
                                                        outWidth: small.w, outHeight: small.h) else { return nil }
        return finish(decoded.image, structure: structure, head: head, width: w, height: h)
    }

    /// `region` of the stored (not yet upright) image, in full-size pixels,
    /// at `scale` (≤ 1/8 is what DC holds). Returns the pixels (upright, sRGB)
    /// and the stored region they cover, widened to whole 8 px blocks.
    static func decodeRegion(path: String, head: [UInt8], storedRegion: PixelRect, outputScale: Double)
        throws(DecodeFailure) -> (image: PixelBuffer, covered: PixelRect) {
        let structure = head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let w = structure.width, let h = structure.height, w > 0, h > 0 else {
            throw DecodeFailure(path: path, message: "corrupt JPEG header")
        }
        let small = eighth(w, h)
        let left = storedRegion.x / 8, top = storedRegion.y / 8
        let right = min(small.w, (storedRegion.x + storedRegion.width + 7) / 8)
        let bottom = min(small.h, (storedRegion.y + storedRegion.height + 7) / 8)
        guard right > left, bottom > top else { throw DecodeFailure(path: path, message: "the region lies outside the image") }
        let region = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        // Full-size pixels per output pixel is 1/outputScale; DC has 8 each.
        let factor = min(1, outputScale * 8)
        let out = (w: max(1, Int(Double(region.width) * factor)), h: max(1, Int(Double(region.height) * factor)))
        var decoded = try StreamedDecoder.decode(.jpegDC, path: path, region: region, outWidth: out.w, outHeight: out.h).image
        decoded = decoded.oriented(structure.orientation)
        let icc = head.withUnsafeBufferPointer { structure.iccProfile(in: $0) }
        ColorProfile.convertForDisplay(&decoded, iccProfile: icc)
        let covered = PixelRect(x: left * 8, y: top * 8, width: min(w, right * 8) - left * 8, height: min(h, bottom * 8) - top * 8)
        return (decoded, covered)
    }

    private static func eighth(_ w: Int, _ h: Int) -> (w: Int, h: Int) { ((w + 7) / 8, (h + 7) / 8) }

    /// The fitted size of the upright image, in stored orientation.
    private static func storedTarget(_ structure: JPEGStructure, width: Int, height: Int,
                                     maxWidth: Int, maxHeight: Int) -> (w: Int, h: Int) {
        let swaps = structure.orientation.swapsAxes
        let upright = swaps ? (w: height, h: width) : (w: width, h: height)
        let fit = FitSize.fit(width: upright.w, height: upright.h, maxWidth: maxWidth, maxHeight: maxHeight)
        return swaps ? (fit.height, fit.width) : (fit.width, fit.height)
    }

    /// A 1/8-scale image of the stored JPEG made upright and converted to the
    /// display's profile, with the photo's upright size as its source size
    /// (`head`: the file's first bytes at least, for its ICC profile).
    static func finish(_ image: PixelBuffer, structure: JPEGStructure, head: [UInt8],
                       width: Int, height: Int) -> DecodedImage {
        var upright = image.oriented(structure.orientation)
        let icc = head.withUnsafeBufferPointer { structure.iccProfile(in: $0) }
        ColorProfile.convertForDisplay(&upright, iccProfile: icc)
        let swaps = structure.orientation.swapsAxes
        return DecodedImage(width: upright.width, height: upright.height, pixels: upright.pixels,
                            sourceWidth: swaps ? height : width, sourceHeight: swaps ? width : height,
                            format: "JPEG", isOpaque: true)
    }
}
