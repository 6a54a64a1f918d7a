/// A PNG's or a TIFF's region for ``RegionDecoder``: streamed down to the
/// region's last row, only its columns averaged, so memory stays flat for
/// any size.
extension StreamedDecoder {
    /// nil for a file this reader does not take.
    public func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion? {
        guard accepts(probe) else { return nil }
        return try Self.decodeRegion(reader, path: probe.path, region: request.region, scale: request.scale,
                                     maximumPixels: request.maximumPixels)
    }

    /// PNG and TIFF: only the rows down to the region's bottom are read, each
    /// averaged into the output as it streams (the columns outside are skipped).
    /// `region` is in upright pixels; a TIFF's orientation maps it to the
    /// stored rows and turns the result.
    private static func decodeRegion(_ reader: StreamedDecoder.Reader, path: String, region: PixelRect, scale: Double,
                                     maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion {
        let header = try StreamedDecoder.header(reader, path: path)
        let upright = header.upright
        guard let wanted = RegionDecoder.clamp(region, width: upright.width, height: upright.height) else {
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
        let outputScale = RegionDecoder.fittedScale(scale, width: stored.width, height: stored.height, maximumPixels: maximumPixels)
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
}
