/// The fast path of ``PixelBuffer/downscaled(toWidth:height:hasAlpha:)`` for
/// opaque images (every decoded JPEG): the same exact area average with
/// fractional edges, in 16-bit fixed point instead of `Float`.
///
/// Two separable passes over whole rows: first vertically (each output row is
/// a weighted sum of a few source rows: a plain loop over bytes that the
/// compiler vectorises 8 lanes wide), into one row of `UInt16` holding 8
/// fractional bits; then horizontally over that row, two output pixels per
/// `SIMD8<UInt16>`. Weights are in units of 2^-16, and the weights of an
/// output pixel sum to exactly 2^16 (a lone 2^16 becomes 2^16 - 1 in the
/// horizontal pass). All arithmetic is 16 bits wide, which SSE2 does 8
/// lanes at a time: the vertical pass splits each weight into its two bytes
/// (`pmullw`), the horizontal one multiplies high (`pmulhuw`). Rounding the
/// weights and truncating the products costs at most ±1 per channel against
/// the `Float` average (tests check it; on random 12 MP data 99.3 % of the
/// channels are identical, the rest one lower or higher).
///
/// ```swift
/// if let small = OpaqueDownscale.downscale(buffer, toWidth: 1067, height: 800) { … }
/// ```
enum OpaqueDownscale {
    /// Fractional bits of the weights.
    static let weightBits = 16
    /// Fractional bits of the intermediate row: bytes × 256 fill 16 bits.
    static let rowBits = 8
    /// Most source pixels (or rows) one output pixel may cover: each tap
    /// adds up to 2^-8 of truncation and 255 × 2^-16 of weight rounding, so
    /// 16 taps on both axes stay within ±1 of the `Float` average. Stronger
    /// reductions (over 15×, only huge non-JPEG images) take the `Float` path.
    static let maximumTaps = 16

    /// Output rows below which a second thread is not worth starting (a
    /// page of a photo has 800 or more).
    static let minimumRowsAcrossCores = 256

    /// `buffer` area-averaged to `outWidth` × `outHeight`, or nil when the
    /// reduction is too strong for this fixed point (then use the `Float` path).
    /// `onTwoCores`: the bottom half of the output rows on a second thread
    /// (each output row is computed from the source alone, so the pixels are
    /// the same either way). A 12 MP photo's page, 1500 × 1125 to 1067 × 800,
    /// takes about 5 ms on one core: on its decode's path to the screen.
    static func downscale(_ buffer: PixelBuffer, toWidth outWidth: Int, height outHeight: Int,
                          onTwoCores: Bool = false) -> PixelBuffer? {
        guard FixedTaps.maximumTaps(from: buffer.width, to: outWidth) <= maximumTaps,
              FixedTaps.maximumTaps(from: buffer.height, to: outHeight) <= maximumTaps else { return nil }
        let columns = FixedTaps(from: buffer.width, to: outWidth, total: 1 << weightBits)
        let rows = FixedTaps(from: buffer.height, to: outHeight, total: 1 << weightBits)
        let pairWeights = pairedWeights(columns, outWidth: outWidth)
        let output = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { out, initialized in
            buffer.pixels.withUnsafeBufferPointer { source in
                let pass = RowPass(source: source.baseAddress!, rowLength: buffer.width * 4, rows: rows,
                                   columns: columns, pairWeights: pairWeights, outWidth: outWidth,
                                   out: out.baseAddress!)
                if let middle = secondThreadsFirstRow(outputHeight: outHeight, onTwoCores: onTwoCores),
                   WorkerThread.alongside({ pass.run(middle..<outHeight) }, { pass.run(0..<middle) }) {
                    return
                }
                pass.run(0..<outHeight)
            }
            initialized = outWidth * outHeight * 4
        }
        return PixelBuffer(width: outWidth, height: outHeight, pixels: output)
    }

    /// The first output row a second thread computes, nil when one thread
    /// computes them all.
    static func secondThreadsFirstRow(outputHeight: Int, onTwoCores: Bool) -> Int? {
        onTwoCores && outputHeight >= minimumRowsAcrossCores ? outputHeight / 2 : nil
    }

    /// Both passes over a range of output rows, each range with its own
    /// intermediate row, so that two threads can share one output.
    private struct RowPass: @unchecked Sendable {
        let source: UnsafePointer<UInt8>
        let rowLength: Int
        let rows: FixedTaps
        let columns: FixedTaps
        let pairWeights: [SIMD8<UInt16>]
        let outWidth: Int
        let out: UnsafeMutablePointer<UInt8>

        func run(_ outputRows: Range<Int>) {
            var row = [UInt16](repeating: 0, count: rowLength)
            row.withUnsafeMutableBufferPointer { row in
                pairWeights.withUnsafeBufferPointer { pairWeights in
                    columns.first.withUnsafeBufferPointer { first in
                        for oy in outputRows {
                            averageRows(source, rowLength: rowLength, rows: rows, output: oy, into: row.baseAddress!)
                            averageColumns(row.baseAddress!, first: first, taps: columns.taps, weights: pairWeights,
                                           outWidth: outWidth, into: out + oy * outWidth * 4)
                        }
                    }
                }
            }
        }
    }

    /// `a × w / 2^16` per lane, truncated: SSE2's `pmulhuw`.
    @inline(__always)
    private static func multiplyHigh(_ a: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: a) &* SIMD8<UInt32>(truncatingIfNeeded: w)) &>> 16)
    }

    /// A weight in units of 2^-16 as a `UInt16`: only a lone tap has 2^16,
    /// which becomes 2^16 - 1 (an error of 255 × 2^-16).
    private static func weight16(_ weight: UInt32) -> UInt16 { UInt16(min(weight, 0xFFFF)) }

    /// For each pair of output pixels and each tap, the two weights spread
    /// over 8 lanes (4 channels each); an odd last pixel is paired with itself.
    private static func pairedWeights(_ columns: FixedTaps, outWidth: Int) -> [SIMD8<UInt16>] {
        let pairs = (outWidth + 1) / 2
        var result = [SIMD8<UInt16>](repeating: .zero, count: pairs * columns.taps)
        for pair in 0..<pairs {
            let a = pair * 2, b = min(pair * 2 + 1, outWidth - 1)
            for k in 0..<columns.taps {
                result[pair * columns.taps + k] = SIMD8(
                    lowHalf: SIMD4(repeating: weight16(columns.weights[a * columns.taps + k])),
                    highHalf: SIMD4(repeating: weight16(columns.weights[b * columns.taps + k])))
            }
        }
        return result
    }

    /// Output row `output` of the vertical pass: the weighted sum of its
    /// source rows, with 8 fractional bits. Each weight `w` (≤ 2^16) is split
    /// into its high and low byte, `p × w / 256 = p × high + p × low / 256`,
    /// so every product fits 16 bits and vectorises 8 lanes wide.
    private static func averageRows(_ source: UnsafePointer<UInt8>, rowLength: Int, rows: FixedTaps, output: Int,
                                    into out: UnsafeMutablePointer<UInt16>) {
        var first = true
        for k in 0..<rows.taps {
            let weight = rows.weights[output * rows.taps + k]
            if weight == 0 { continue }   // padding
            let p = source + (rows.first[output] + k) * rowLength
            let high = UInt16(weight >> 8), low = UInt16(weight & 0xFF)
            if first {
                for i in 0..<rowLength {
                    let v = UInt16(p[i])
                    out[i] = v &* high &+ (v &* low) &>> 8
                }
            } else {
                for i in 0..<rowLength {
                    let v = UInt16(p[i])
                    out[i] &+= v &* high &+ (v &* low) &>> 8
                }
            }
            first = false
        }
    }

    /// The horizontal pass over one intermediate row, written as bytes, two
    /// output pixels at a time.
    private static func averageColumns(_ row: UnsafePointer<UInt16>, first: UnsafeBufferPointer<Int>, taps: Int,
                                       weights: UnsafeBufferPointer<SIMD8<UInt16>>, outWidth: Int,
                                       into out: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeRawPointer(row)
        let outRaw = UnsafeMutableRawPointer(out)
        let half = SIMD8<UInt16>(repeating: 1 << (rowBits - 1))
        @inline(__always) func pixels(_ a: Int, _ b: Int) -> SIMD8<UInt16> {
            SIMD8(lowHalf: raw.loadUnaligned(fromByteOffset: a * 8, as: SIMD4<UInt16>.self),
                  highHalf: raw.loadUnaligned(fromByteOffset: b * 8, as: SIMD4<UInt16>.self))
        }
        @inline(__always) func bytes(_ sum: SIMD8<UInt16>) -> SIMD8<UInt8> {
            SIMD8<UInt8>(truncatingIfNeeded: (sum &+ half) &>> UInt16(rowBits))
        }
        let pairs = outWidth / 2
        for pair in 0..<pairs {
            let a = first[pair * 2], b = first[pair * 2 + 1], w = pair * taps
            var sum = SIMD8<UInt16>.zero
            for k in 0..<taps { sum &+= multiplyHigh(pixels(a + k, b + k), weights[w + k]) }
            outRaw.storeBytes(of: bytes(sum), toByteOffset: pair * 8, as: SIMD8<UInt8>.self)
        }
        if outWidth % 2 == 1 {
            let a = first[outWidth - 1], w = pairs * taps
            var sum = SIMD8<UInt16>.zero
            for k in 0..<taps { sum &+= multiplyHigh(pixels(a + k, a + k), weights[w + k]) }
            outRaw.storeBytes(of: bytes(sum).lowHalf, toByteOffset: pairs * 8, as: SIMD4<UInt8>.self)
        }
    }
}
