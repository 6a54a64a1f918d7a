extension DecodedImage {
    /// A whole image a decoder produced at its own size, as every page shows
    /// it: area-averaged into `maxWidth` × `maxHeight` (alpha-weighted when a
    /// pixel is not opaque), then converted to sRGB from `iccProfile` — after
    /// the downscale, so a window's worth of pixels, not the whole image.
    ///
    /// ```swift
    /// let image = DecodedImage.fitting(buffer, mayHaveAlpha: true, iccProfile: nil,
    ///                                  maxWidth: 1280, maxHeight: 800, format: "HEIC")
    /// ```
    static func fitting(_ buffer: PixelBuffer, mayHaveAlpha: Bool, iccProfile: [UInt8]?, maxWidth: Int, maxHeight: Int,
                        format: String) -> DecodedImage {
        let hasAlpha = mayHaveAlpha && buffer.hasTransparency()
        let fit = FitSize.fit(width: buffer.width, height: buffer.height, maxWidth: maxWidth, maxHeight: maxHeight)
        var scaled = buffer.downscaled(toWidth: fit.width, height: fit.height, hasAlpha: hasAlpha)
        ColorProfile.convertForDisplay(&scaled, iccProfile: iccProfile ?? [])
        return DecodedImage(width: scaled.width, height: scaled.height, pixels: scaled.pixels,
                            sourceWidth: buffer.width, sourceHeight: buffer.height, format: format, isOpaque: !hasAlpha)
    }
}
