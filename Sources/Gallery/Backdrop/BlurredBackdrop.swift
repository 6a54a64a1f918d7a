import ImageDecoding

/// The small, blurred, dimmed copy of an image that the browser draws
/// behind its letterbox (the parallax backdrop).
///
/// Made once per decoded image, on the decode worker right after the image:
/// an area-average downscale to fit `maximumSide` px (composited over black,
/// so transparent images get a dark backdrop), a few box-blur passes, then
/// dimmed. A 1280×800 image becomes 64×40 px (10 KB); the browser uploads it
/// as a tiny texture and only moves and stretches it per frame.
///
/// ```swift
/// let image = try ImageDecoder.decode(source, maxWidth: 1280, maxHeight: 800).get()
/// let backdrop = BlurredBackdrop.make(from: image)   // 64 × 40, format "backdrop"
/// ```
public enum BlurredBackdrop {
    /// Longest side of a backdrop, px: stretched 20× it shows no detail
    /// anyway, and blurring it costs microseconds.
    public static let maximumSide = 64
    /// Box-blur radius at backdrop size, px.
    static let blurRadius = 2
    /// Box-blur passes: three approximate a Gaussian.
    static let blurPasses = 3
    /// Share of the brightness kept, 0…1: dim enough that the real image
    /// stands out, bright enough to show its colours.
    public static let brightness = 0.45
    /// Source rows summed in 16 bits before they move to 32: 257 × 255 is
    /// the most a `UInt16` holds.
    static let opaqueRowsPerFlush = 257
    /// `format` of every backdrop.
    public static let format = "backdrop"

    /// The backdrop of `image`: at most `maximumSide` px on its long side,
    /// opaque, blurred and dimmed; `sourceWidth`/`sourceHeight` are `image`'s.
    public static func make(from image: DecodedImage) -> DecodedImage {
        let scale = min(1, Double(maximumSide) / Double(max(image.width, image.height, 1)))
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        var pixels = downscaled(image, toWidth: width, height: height)
        for _ in 0..<blurPasses {
            blur(&pixels, width: width, height: height, horizontally: true)
            blur(&pixels, width: width, height: height, horizontally: false)
        }
        let keep = Int(brightness * 256)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = UInt8((Int(pixels[index]) * keep) >> 8)
            pixels[index + 1] = UInt8((Int(pixels[index + 1]) * keep) >> 8)
            pixels[index + 2] = UInt8((Int(pixels[index + 2]) * keep) >> 8)
            pixels[index + 3] = 255
        }
        return DecodedImage(width: width, height: height, pixels: pixels,
                            sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, format: format)
    }

    /// Each output pixel is the mean of the whole source block it covers
    /// (integer block edges: exact enough for something about to be blurred),
    /// colours weighted by alpha, i.e. composited over black.
    ///
    /// Band by band: the source rows of one output row are first summed
    /// into a single row (`addBand`), then each block of that row is added
    /// up. 0.45 ms for 1067×800 instead of 1 ms pixel by pixel.
    private static func downscaled(_ image: DecodedImage, toWidth width: Int, height: Int) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            return [UInt8](repeating: 0, count: width * height * 4)
        }
        let sourceWidth = image.width, sourceHeight = image.height
        // Opaque colours are plain sums; otherwise colour × alpha.
        let alphaScale = image.isOpaque ? 1 : 255
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var band = [UInt32](repeating: 0, count: sourceWidth * 4)
        var narrowBand = [UInt16](repeating: 0, count: sourceWidth * 4)
        for oy in 0..<height {
            let y0 = oy * sourceHeight / height
            let y1 = max(y0 + 1, (oy + 1) * sourceHeight / height)
            addBand(image, rows: y0..<y1, into: &band, narrow: &narrowBand)
            for ox in 0..<width {
                let x0 = ox * sourceWidth / width
                let x1 = max(x0 + 1, (ox + 1) * sourceWidth / width)
                var r = 0, g = 0, b = 0
                for x in x0..<x1 {
                    r += Int(band[x * 4])
                    g += Int(band[x * 4 + 1])
                    b += Int(band[x * 4 + 2])
                }
                let count = (y1 - y0) * (x1 - x0) * alphaScale
                let o = (oy * width + ox) * 4
                output[o] = UInt8(r / count)
                output[o + 1] = UInt8(g / count)
                output[o + 2] = UInt8(b / count)
                output[o + 3] = 255
            }
        }
        return output
    }

    /// `band` = the sum of source `rows`, channel by channel; colours times
    /// alpha unless the image `isOpaque` (every JPEG). Opaque rows are summed
    /// in 16 bits first (`narrow`: 8 lanes per SSE2 add), moved to `band`
    /// before `opaqueRowsPerFlush` rows could overflow it.
    private static func addBand(_ image: DecodedImage, rows: Range<Int>, into band: inout [UInt32], narrow: inout [UInt16]) {
        let rowLength = image.width * 4
        image.pixels.withUnsafeBufferPointer { source in
            band.withUnsafeMutableBufferPointer { band in
                narrow.withUnsafeMutableBufferPointer { narrow in
                    band.update(repeating: 0)
                    if image.isOpaque {
                        for start in stride(from: rows.lowerBound, to: rows.upperBound, by: opaqueRowsPerFlush) {
                            narrow.update(repeating: 0)
                            for y in start..<min(rows.upperBound, start + opaqueRowsPerFlush) {
                                let row = source.baseAddress! + y * rowLength
                                for i in 0..<rowLength { narrow[i] &+= UInt16(row[i]) }
                            }
                            for i in 0..<rowLength { band[i] &+= UInt32(narrow[i]) }
                        }
                    } else {
                        for y in rows {
                            let row = source.baseAddress! + y * rowLength
                            for i in stride(from: 0, to: rowLength, by: 4) {
                                let a = UInt32(row[i + 3])   // colour × alpha ≤ 65025
                                band[i] &+= UInt32(row[i]) &* a
                                band[i + 1] &+= UInt32(row[i + 1]) &* a
                                band[i + 2] &+= UInt32(row[i + 2]) &* a
                            }
                        }
                    }
                }
            }
        }
    }

    /// One box-blur pass of radius `blurRadius` along rows or columns, edges
    /// clamped (the border colour extends outwards).
    private static func blur(_ pixels: inout [UInt8], width: Int, height: Int, horizontally: Bool) {
        let length = horizontally ? width : height
        let lines = horizontally ? height : width
        let step = horizontally ? 4 : width * 4
        let radius = blurRadius, span = 2 * blurRadius + 1
        var line = [Int](repeating: 0, count: length * 3)
        for lineIndex in 0..<lines {
            let start = horizontally ? lineIndex * width * 4 : lineIndex * 4
            for i in 0..<length {
                for c in 0..<3 { line[i * 3 + c] = Int(pixels[start + i * step + c]) }
            }
            for c in 0..<3 {
                var sum = 0
                for k in -radius...radius { sum += line[min(max(k, 0), length - 1) * 3 + c] }
                for i in 0..<length {
                    pixels[start + i * step + c] = UInt8(sum / span)
                    sum += line[min(i + radius + 1, length - 1) * 3 + c] - line[max(i - radius, 0) * 3 + c]
                }
            }
        }
    }
}
