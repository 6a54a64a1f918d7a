import CTurboJPEG

/// A JPEG's region for ``RegionDecoder``, widened to whole MCU blocks and
/// decoded at the smallest DCT scale that is still sharp enough, then
/// averaged down to the exact scale. A baseline file is decoded from its own
/// rows (``JPEGEntropySplit/decodeRegion(_:scale:left:top:width:height:outputWidth:outputHeight:)``:
/// the codes above read, not decoded; the MCU rows above and below it that
/// its upsampling reads, and no other); a progressive file's scans are read
/// on two cores and only the rows down to the region's last made
/// (``JPEGProgressiveSplit/decodeWindow(_:scale:left:top:width:height:fullWidth:fullHeight:threads:)``);
/// a file neither of them reads (a progressive one with restart markers,
/// say) is cropped losslessly by libturbojpeg and the crop decoded, and a
/// CMYK one decoded whole and cropped. The first two give the whole
/// decode's pixels (the crop's own decode smooths and upsamples its edges
/// without their neighbours); only the last holds the full image as pixels.
extension JPEGDecoder {
    /// nil for a file that is not a JPEG, or a JPEG the crop does not handle
    /// (CMYK): it is then decoded whole and cropped.
    public func decodeRegion(_ request: RegionRequest, probe: DecodeProbe) throws(DecodeFailure) -> DecodedRegion? {
        guard accepts(probe) else { return nil }
        let bytes = try FileReader.read(probe.path)
        // Too short for a header: the whole decode says what is wrong with it.
        guard bytes.count > 3 else { return nil }
        return try Self.decodeRegion(bytes, path: probe.path, region: request.region, scale: request.scale,
                                     maximumPixels: request.maximumPixels)
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

    /// `nil` when this JPEG is not one the crop path handles (CMYK): it is decoded whole.
    private static func decodeRegion(_ bytes: [UInt8], path: String, region: PixelRect, scale: Double,
                                     maximumPixels: Int) throws(DecodeFailure) -> DecodedRegion? {
        let outcome: Result<DecodedRegion?, DecodeFailure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeFailure) in
                try decodeRegion(buffer, path: path, region: region, scale: scale, maximumPixels: maximumPixels)
            }
        }
        return try outcome.get()
    }

    private static func decodeRegion(_ buffer: UnsafeBufferPointer<UInt8>, path: String, region: PixelRect, scale: Double,
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
        guard let wanted = RegionDecoder.clamp(region, width: upright.w, height: upright.h) else {
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
        let crop = (w: right - left, h: bottom - top)
        let outputScale = RegionDecoder.fittedScale(scale, width: crop.w, height: crop.h, maximumPixels: maximumPixels)
        let target = (w: max(1, Int(Double(crop.w) * outputScale + 1e-9)),
                      h: max(1, Int(Double(crop.h) * outputScale + 1e-9)))
        let factor = JPEGScale.choose(width: crop.w, height: crop.h, targetWidth: target.w, targetHeight: target.h)
        let scaled = (w: factor.scaled(crop.w), h: factor.scaled(crop.h))
        let pixels: [UInt8]
        // A baseline file: its rows from the region's down, the codes above
        // only read, or none with restart markers (JPEGEntropySplit).
        // Otherwise libjpeg-turbo's lossless crop, which reads the whole
        // image's coefficients, and a decode of the crop.
        if case .success(let region) = JPEGEntropySplit.decodeRegion(
            buffer, scale: factor, left: left, top: top, width: crop.w, height: crop.h,
            outputWidth: scaled.w, outputHeight: scaled.h) {
            pixels = region.pixels
        } else if structure.isProgressive, case .success(let window) = JPEGProgressiveSplit.decodeWindow(
            buffer, scale: factor, left: left * factor.numerator / factor.denominator,
            top: top * factor.numerator / factor.denominator, width: scaled.w, height: scaled.h,
            fullWidth: factor.scaled(stored.w), fullHeight: factor.scaled(stored.h),
            threads: splitsAcrossCores ? 2 : 1) {
            pixels = window
        } else {
            pixels = try decodeLosslessCrop(buffer, left: left, top: top, crop: crop, scaled: scaled, path: path)
        }
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

    /// libjpeg-turbo's lossless crop of the region (widened to whole blocks)
    /// decoded at its DCT scale, `scaled` in size.
    private static func decodeLosslessCrop(_ buffer: UnsafeBufferPointer<UInt8>, left: Int, top: Int,
                                           crop: (w: Int, h: Int), scaled: (w: Int, h: Int),
                                           path: String) throws(DecodeFailure) -> [UInt8] {
        guard let transformer = tjInitTransform() else { throw DecodeFailure(path: path, message: "JPEG decoder could not start") }
        defer { tjDestroy(transformer) }
        var transform = tjtransform()
        transform.r = tjregion(x: Int32(left), y: Int32(top), w: Int32(crop.w), h: Int32(crop.h))
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
        guard let decoder = tjInitDecompress() else { throw DecodeFailure(path: path, message: "JPEG decoder could not start") }
        defer { tjDestroy(decoder) }
        var failed = false
        let pixels = [UInt8](unsafeUninitializedCapacity: scaled.w * scaled.h * 4) { out, initialized in
            let status = tjDecompress2(decoder, cropped, croppedSize, out.baseAddress, Int32(scaled.w),
                                       Int32(scaled.w * 4), Int32(scaled.h), Int32(TJPF_RGBA.rawValue), TJFLAG_LIMITSCANS)
            failed = status != 0 && tjGetErrorCode(decoder) == Int32(TJERR_FATAL.rawValue)
            initialized = failed ? 0 : out.count
        }
        if failed { throw DecodeFailure(path: path, message: "corrupt JPEG data") }
        return pixels
    }
}
