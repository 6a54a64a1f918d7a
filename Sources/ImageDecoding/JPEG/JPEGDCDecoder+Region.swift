/// A large progressive JPEG's region for ``RegionDecoder``: from its DC
/// coefficients, so no sharper than 1/8 of the image's own pixels.
extension JPEGDCDecoder {
    /// nil unless the file is a progressive JPEG over
    /// ``DecodeLimits/progressiveDCPixels``: a smaller one (or a baseline
    /// one) is cropped by ``JPEGDecoder`` instead. Unlike ``accepts(_:)``,
    /// the box the page is fitted to plays no part: a region has none.
    public func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion? {
        guard probe.format == .jpeg else { return nil }
        let structure = probe.head.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard structure.isProgressive, let w = structure.width, let h = structure.height,
              w * h > DecodeLimits.progressiveDCPixels else { return nil }
        return try Self.decodeUprightRegion(path: probe.path, head: probe.head, structure: structure,
                                            region: request.region, scale: request.scale,
                                            maximumPixels: request.maximumPixels)
    }

    /// A large progressive JPEG: its DC coefficients (1/8 scale) are all that
    /// can be read without holding every coefficient of the image, so the
    /// region is no sharper than 1/8 of the image's own pixels.
    private static func decodeUprightRegion(path: String, head: [UInt8], structure: JPEGStructure, region: PixelRect,
                                            scale: Double, maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion {
        guard let w = structure.width, let h = structure.height else { throw DecodeFailure(path: path, message: "corrupt JPEG header") }
        let orientation = structure.orientation
        let upright = orientation.swapsAxes ? (w: h, h: w) : (w: w, h: h)
        guard let wanted = RegionDecoder.clamp(region, width: upright.w, height: upright.h) else {
            throw DecodeFailure(path: path, message: "the region lies outside the image")
        }
        let a = orientation.source(x: wanted.x, y: wanted.y, width: w, height: h)
        let b = orientation.source(x: wanted.x + wanted.width - 1, y: wanted.y + wanted.height - 1, width: w, height: h)
        let stored = PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x) + 1, height: abs(b.y - a.y) + 1)
        let outputScale = RegionDecoder.fittedScale(scale, width: stored.width, height: stored.height, maximumPixels: maximumPixels)
        let part = try JPEGDCDecoder.decodeRegion(path: path, head: head, storedRegion: stored, outputScale: outputScale)
        let p = orientation.displayed(x: part.covered.x, y: part.covered.y, width: w, height: h)
        let q = orientation.displayed(x: part.covered.x + part.covered.width - 1, y: part.covered.y + part.covered.height - 1,
                                      width: w, height: h)
        return DecodedRegion(
            image: DecodedImage(width: part.image.width, height: part.image.height, pixels: part.image.pixels,
                                sourceWidth: upright.w, sourceHeight: upright.h, format: "JPEG", isOpaque: true),
            region: PixelRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x) + 1, height: abs(q.y - p.y) + 1))
    }
}
