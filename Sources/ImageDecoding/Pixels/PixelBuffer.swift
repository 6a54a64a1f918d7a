/// Tightly packed RGBA pixels (4 bytes per pixel, R,G,B,A in memory, pitch
/// = width × 4) with the two operations every decoder needs: a good-quality
/// downscale and an EXIF orientation.
///
/// ```swift
/// var buffer = PixelBuffer(width: 4, height: 2, pixels: bytes)
/// buffer = buffer.downscaled(toWidth: 2, height: 1).oriented(.rotate90)   // 1 × 2
/// ```
struct PixelBuffer: Sendable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// Area-averaged (box filter with fractional edges) downscale: every
    /// output pixel is the exact mean of the source area it covers, which
    /// keeps fine detail without the aliasing of nearest or bilinear sampling.
    /// Colours are weighted by alpha when `hasAlpha`, so transparent pixels
    /// do not bleed their (meaningless) colour into the edges.
    ///
    /// Opaque images take the fixed-point ``OpaqueDownscale`` (about 4× faster,
    /// within ±1 per channel of this `Float` version), on two cores when
    /// `onTwoCores` (the same pixels).
    func downscaled(toWidth outWidth: Int, height outHeight: Int, hasAlpha: Bool = false,
                    onTwoCores: Bool = false) -> PixelBuffer {
        guard outWidth < width || outHeight < height, outWidth > 0, outHeight > 0 else { return self }
        if !hasAlpha, let fast = OpaqueDownscale.downscale(self, toWidth: outWidth, height: outHeight,
                                                           onTwoCores: onTwoCores) { return fast }
        return floatDownscaled(toWidth: outWidth, height: outHeight, hasAlpha: hasAlpha)
    }

    /// The `Float` area average: any reduction, colours weighted by alpha
    /// when `hasAlpha`.
    func floatDownscaled(toWidth outWidth: Int, height outHeight: Int, hasAlpha: Bool) -> PixelBuffer {
        let columns = Self.contributions(from: width, to: outWidth)
        let rows = Self.contributions(from: height, to: outHeight)
        let sourceWidth = width
        let rowFloats = outWidth * 4
        // Two horizontally resampled rows: one scratch, one kept for the next
        // output row, which usually starts on the source row this one ended on.
        var rowBuffers = [Float](repeating: 0, count: rowFloats * 2)
        var accumulator = [Float](repeating: 0, count: rowFloats)
        let output = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                rowBuffers.withUnsafeMutableBufferPointer { buffers in
                    accumulator.withUnsafeMutableBufferPointer { acc in
                        var scratch = UnsafeMutableBufferPointer(rebasing: buffers[0..<rowFloats])
                        var kept = UnsafeMutableBufferPointer(rebasing: buffers[rowFloats..<(2 * rowFloats)])
                        var keptRow = -1
                        for oy in 0..<outHeight {
                            acc.update(repeating: 0)
                            let range = rows.range(oy)
                            for k in range {
                                let sourceRow = rows.index[k]
                                let weightY = rows.weight[k]
                                let row: UnsafeMutableBufferPointer<Float>
                                if sourceRow == keptRow {
                                    row = kept
                                } else {
                                    Self.resampleRow(source, offset: sourceRow * sourceWidth * 4, columns: columns,
                                                     outWidth: outWidth, hasAlpha: hasAlpha, into: scratch)
                                    if k == range.upperBound - 1 {
                                        swap(&scratch, &kept)
                                        keptRow = sourceRow
                                        row = kept
                                    } else {
                                        row = scratch
                                    }
                                }
                                for i in 0..<rowFloats { acc[i] += row[i] * weightY }
                            }
                            let base = oy * rowFloats
                            for p in stride(from: 0, to: rowFloats, by: 4) {
                                var r = acc[p], g = acc[p + 1], b = acc[p + 2]
                                let a = acc[p + 3]
                                if hasAlpha {
                                    // Un-premultiply; a fully transparent area keeps black.
                                    if a > 0.5 { let k = 255 / a; r *= k; g *= k; b *= k } else { r = 0; g = 0; b = 0 }
                                }
                                out[base + p] = Self.byte(r)
                                out[base + p + 1] = Self.byte(g)
                                out[base + p + 2] = Self.byte(b)
                                out[base + p + 3] = Self.byte(a)
                            }
                        }
                    }
                }
            }
            initialized = outWidth * outHeight * 4
        }
        return PixelBuffer(width: outWidth, height: outHeight, pixels: output)
    }

    /// The buffer turned upright according to `orientation`.
    func oriented(_ orientation: ExifOrientation) -> PixelBuffer {
        if orientation == .normal { return self }
        let outWidth = orientation.swapsAxes ? height : width
        let outHeight = orientation.swapsAxes ? width : height
        let (w, h) = (width, height)
        var output = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let from = orientation.source(x: x, y: y, width: w, height: h)
                        out[y * outWidth + x] = source[from.y * w + from.x]
                    }
                }
            }
        }
        let bytes = output.withUnsafeBytes { Array($0) }
        return PixelBuffer(width: outWidth, height: outHeight, pixels: bytes)
    }

    /// True when any pixel is not fully opaque.
    func hasTransparency() -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return true }
                i += 4
            }
            return false
        }
    }

    // MARK: - Internals

    /// For each output position, the source indices it covers and their
    /// weights (fractions of the covered span, summing to 1).
    struct Contributions {
        var start: [Int]   // per output: first entry in index/weight; plus an end marker
        var index: [Int]
        var weight: [Float]

        func range(_ output: Int) -> Range<Int> { start[output]..<start[output + 1] }
    }

    static func contributions(from source: Int, to output: Int) -> Contributions {
        var result = Contributions(start: [0], index: [], weight: [])
        let scale = Double(source) / Double(output)
        for o in 0..<output {
            let from = Double(o) * scale
            let to = min(Double(o + 1) * scale, Double(source))
            var s = Int(from)
            while Double(s) < to && s < source {
                let covered = min(to, Double(s + 1)) - max(from, Double(s))
                if covered > 1e-9 {
                    result.index.append(s)
                    result.weight.append(Float(covered / (to - from)))
                }
                s += 1
            }
            result.start.append(result.index.count)
        }
        return result
    }

    private static func resampleRow(_ source: UnsafeBufferPointer<UInt8>, offset: Int, columns: Contributions,
                                    outWidth: Int, hasAlpha: Bool, into row: UnsafeMutableBufferPointer<Float>) {
        columns.start.withUnsafeBufferPointer { starts in
            columns.index.withUnsafeBufferPointer { indices in
                columns.weight.withUnsafeBufferPointer { weights in
                    for ox in 0..<outWidth {
                        var sum = SIMD4<Float>(repeating: 0)
                        for k in starts[ox]..<starts[ox + 1] {
                            let p = offset + indices[k] * 4
                            let pixel = SIMD4<Float>(Float(source[p]), Float(source[p + 1]), Float(source[p + 2]), Float(source[p + 3]))
                            if hasAlpha {
                                // Premultiply so transparent pixels carry no colour.
                                let alpha = pixel[3] / 255
                                sum += SIMD4<Float>(pixel[0] * alpha, pixel[1] * alpha, pixel[2] * alpha, pixel[3]) * weights[k]
                            } else {
                                sum += pixel * weights[k]
                            }
                        }
                        let q = ox * 4
                        row[q] = sum[0]
                        row[q + 1] = sum[1]
                        row[q + 2] = sum[2]
                        row[q + 3] = sum[3]
                    }
                }
            }
        }
    }

    private static func byte(_ value: Float) -> UInt8 {
        let rounded = value + 0.5
        if rounded <= 0 { return 0 }
        if rounded >= 255 { return 255 }
        return UInt8(rounded)
    }
}
