/// The full-size RGBA picture an animation's frames are composited onto,
/// with the few operations GIF and APNG disposal and blending need. It
/// starts fully transparent, as browsers start a GIF or an APNG.
///
/// ```swift
/// var canvas = AnimationCanvas(width: 4, height: 4)
/// canvas.clear(PixelRect(x: 0, y: 0, width: 2, height: 2))
/// let saved = canvas.pixels          // for a "restore to previous" disposal
/// ```
struct AnimationCanvas: Sendable {
    let width: Int
    let height: Int
    /// `width × height × 4` bytes, R,G,B,A.
    var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Whether `rect` lies inside the canvas (a frame outside it is broken).
    func contains(_ rect: PixelRect) -> Bool {
        rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0
            && rect.x + rect.width <= width && rect.y + rect.height <= height
    }

    /// Makes `rect` fully transparent (GIF disposal 2, APNG dispose_op 1).
    mutating func clear(_ rect: PixelRect) {
        guard contains(rect) else { return }
        pixels.withUnsafeMutableBufferPointer { out in
            for y in rect.y..<(rect.y + rect.height) {
                let start = (y * width + rect.x) * 4
                for i in start..<(start + rect.width * 4) { out[i] = 0 }
            }
        }
    }

    /// Puts `source` (`rect.width × rect.height` RGBA) at `rect`: replacing
    /// what is there (`blend` false, APNG blend_op 0) or alpha-composited
    /// over it (`blend` true, APNG blend_op 1, "over" as the PNG
    /// specification's APNG chapter defines it).
    mutating func place(_ source: [UInt8], at rect: PixelRect, blend: Bool) {
        guard contains(rect), source.count >= rect.width * rect.height * 4 else { return }
        let canvasWidth = width
        pixels.withUnsafeMutableBufferPointer { out in
            source.withUnsafeBufferPointer { src in
                for y in 0..<rect.height {
                    let from = y * rect.width * 4
                    let to = ((rect.y + y) * canvasWidth + rect.x) * 4
                    if !blend {
                        for i in 0..<(rect.width * 4) { out[to + i] = src[from + i] }
                        continue
                    }
                    for x in 0..<rect.width {
                        let s = from + x * 4, d = to + x * 4
                        let sa = Int(src[s + 3])
                        if sa == 255 {
                            out[d] = src[s]; out[d + 1] = src[s + 1]; out[d + 2] = src[s + 2]; out[d + 3] = 255
                        } else if sa > 0 {
                            let da = Int(out[d + 3])
                            // Straight (not premultiplied) alpha, in 0...255 × 255 units.
                            let outA = sa * 255 + da * (255 - sa)
                            for c in 0..<3 {
                                let value = (Int(src[s + c]) * sa * 255 + Int(out[d + c]) * da * (255 - sa)) / outA
                                out[d + c] = UInt8(min(255, value))
                            }
                            out[d + 3] = UInt8((outA + 127) / 255)
                        }
                    }
                }
            }
        }
    }

    /// `buffer` (a whole canvas) fitted into `maxWidth` × `maxHeight`
    /// (``FitSize``, ``PixelBuffer/downscaled(toWidth:height:hasAlpha:)``)
    /// as an image named `format`.
    static func fitted(_ buffer: PixelBuffer, maxWidth: Int, maxHeight: Int, format: String) -> DecodedImage {
        let fit = FitSize.fit(width: buffer.width, height: buffer.height, maxWidth: maxWidth, maxHeight: maxHeight)
        var scaled = buffer.downscaled(toWidth: fit.width, height: fit.height, hasAlpha: buffer.hasTransparency())
        ColorProfile.convertForDisplay(&scaled, iccProfile: [])
        return DecodedImage(width: scaled.width, height: scaled.height, pixels: scaled.pixels,
                            sourceWidth: buffer.width, sourceHeight: buffer.height, format: format)
    }
}
