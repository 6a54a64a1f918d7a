/// SVG through librsvg 2.54, loaded on first use: drawn at the page's size
/// (its shape fitted to the box, enlarged when the box is larger than the
/// document), not rasterised at its intrinsic size and scaled, so edges stay
/// one pixel wide. A zoomed page's sharp region is drawn again at the zoom's
/// scale (``decodeRegion(path:region:scale:maximumPixels:)``, through
/// ``RegionDecoder``). The image's own size is its ``SVGDocument/canvas``.
///
/// Without librsvg the file is passed on (nil) to SDL_image's nanosvg.
/// A hostile document is refused by librsvg's limits or draws into a surface
/// no larger than the box (``SVGDocument``).
///
/// ```swift
/// let image = try ImageDecoder.decodeFile("/art/logo.svg", maxWidth: 1280, maxHeight: 800)
/// (image.width, image.height)   // (1280, 640) for a 2:1 logo, whatever its width attribute
/// ```
public struct SVGDecoder: ImageFormatDecoder {
    public init() {}

    public var name: String { "librsvg" }

    public func accepts(_ probe: DecodeProbe) -> Bool { probe.format == .svg }

    public func decode(_ bytes: inout [UInt8], probe: DecodeProbe) throws(DecodeFailure) -> DecodedImage? {
        guard let document = try SVGDocument(bytes, path: probe.path) else { return nil }
        bytes = []
        let canvas = document.canvas
        let fit = FitSize.fit(width: canvas.width, height: canvas.height, maxWidth: probe.maxWidth, maxHeight: probe.maxHeight)
        var picture = try document.render(width: fit.width, height: fit.height,
                                          viewport: (0, 0, Double(fit.width), Double(fit.height)))
        ColorProfile.convertForDisplay(&picture, iccProfile: [])
        return DecodedImage(width: fit.width, height: fit.height, pixels: picture.pixels,
                            sourceWidth: canvas.width, sourceHeight: canvas.height, format: "SVG",
                            isOpaque: !picture.hasTransparency(), declaredSize: document.declaredSize)
    }

    /// Drawn again at the region's scale (``RegionDecoder``), so sharp at any
    /// zoom; nil for a file that is not SVG, or without librsvg.
    public func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion? {
        guard accepts(probe) else { return nil }
        return try Self.decodeRegion(path: probe.path, region: request.region, scale: request.scale,
                                     maximumPixels: request.maximumPixels)
    }

    /// `region` of the SVG's canvas drawn at `scale` output pixels per canvas
    /// pixel (lowered to stay within `maximumPixels`); nil when librsvg is
    /// not installed.
    static func decodeRegion(path: String, region: PixelRect, scale: Double,
                             maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion? {
        let bytes = try FileReader.read(path)
        guard let document = try SVGDocument(bytes, path: path) else { return nil }
        let canvas = document.canvas
        guard let wanted = RegionDecoder.clamp(region, width: canvas.width, height: canvas.height) else {
            throw DecodeFailure(path: path, message: "the region lies outside the image")
        }
        let outputScale = RegionDecoder.fittedScale(scale, width: wanted.width, height: wanted.height,
                                                    maximumPixels: maximumPixels)
        let size = (w: max(1, Int(Double(wanted.width) * outputScale + 1e-9)),
                    h: max(1, Int(Double(wanted.height) * outputScale + 1e-9)))
        // The whole canvas at the output's scale, shifted so the region's corner is at (0, 0).
        let sx = Double(size.w) / Double(wanted.width), sy = Double(size.h) / Double(wanted.height)
        var picture = try document.render(width: size.w, height: size.h,
                                          viewport: (-Double(wanted.x) * sx, -Double(wanted.y) * sy,
                                                     Double(canvas.width) * sx, Double(canvas.height) * sy))
        ColorProfile.convertForDisplay(&picture, iccProfile: [])
        return DecodedRegion(
            image: DecodedImage(width: size.w, height: size.h, pixels: picture.pixels, sourceWidth: canvas.width,
                                sourceHeight: canvas.height, format: "SVG", isOpaque: !picture.hasTransparency()),
            region: wanted)
    }
}
