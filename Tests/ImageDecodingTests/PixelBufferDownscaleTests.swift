import Testing
@testable import ImageDecoding

/// `PixelBuffer.downscaled` (the fixed-point ``OpaqueDownscale`` for opaque
/// images, the `Float` path for alpha and extreme reductions) against a
/// straightforward `Double` area average, on seeded random images.
@Suite struct PixelBufferDownscaleTests {
    /// (source width, height, output width, height): integer and fractional
    /// ratios, one axis only, 1-pixel outputs, the browser's 3/8 and 1/2
    /// decodes fitted into 1280×800 (scaled down ×10), and reductions beyond
    /// `OpaqueDownscale.maximumTaps` (the `Float` path).
    static let sizes: [(Int, Int, Int, Int)] = [
        (150, 113, 107, 80), (200, 150, 107, 80), (400, 300, 107, 80), (4, 4, 2, 2), (9, 7, 3, 7),
        (97, 61, 13, 11), (64, 48, 63, 47), (33, 65, 32, 2), (50, 40, 1, 1), (50, 40, 50, 1), (50, 40, 1, 40),
        (31, 17, 30, 16), (101, 3, 7, 2), (17, 257, 5, 19), (300, 40, 7, 3), (40, 300, 39, 299), (2, 1, 1, 1),
    ]

    @Test func opaqueDownscaleIsWithinOneOfTheExactAreaAverage() {
        var random = SeededRandom(seed: 1)
        for (w, h, ow, oh) in Self.sizes {
            let source = Self.randomImage(width: w, height: h, opaque: true, using: &random)
            let result = source.downscaled(toWidth: ow, height: oh)
            #expect(result.width == ow && result.height == oh)
            let worst = Self.largestDifference(result, Self.reference(source, toWidth: ow, height: oh, hasAlpha: false))
            #expect(worst <= 1, "\(w)×\(h) → \(ow)×\(oh): off by \(worst)")
        }
    }

    @Test func alphaWeightedDownscaleIsWithinOneOfTheExactAreaAverage() {
        var random = SeededRandom(seed: 2)
        for (w, h, ow, oh) in Self.sizes {
            let source = Self.randomImage(width: w, height: h, opaque: false, using: &random)
            let result = source.downscaled(toWidth: ow, height: oh, hasAlpha: true)
            let worst = Self.largestDifference(result, Self.reference(source, toWidth: ow, height: oh, hasAlpha: true))
            #expect(worst <= 1, "\(w)×\(h) → \(ow)×\(oh) with alpha: off by \(worst)")
        }
    }

    @Test func aDownscaleOnTwoCoresGivesTheSamePixelsAsOnOne() {
        var random = SeededRandom(seed: 4)
        // A page's 3/8 decode fitted (scaled down), an odd row count, a strong reduction.
        for (w, h, ow, oh) in [(600, 450, 427, 320), (400, 1001, 397, 257), (900, 1500, 100, 300)] {
            #expect(OpaqueDownscale.secondThreadsFirstRow(outputHeight: oh, onTwoCores: true) == oh / 2)
            let source = Self.randomImage(width: w, height: h, opaque: true, using: &random)
            let one = source.downscaled(toWidth: ow, height: oh)
            let two = source.downscaled(toWidth: ow, height: oh, onTwoCores: true)
            #expect(two.width == ow && two.height == oh)
            #expect(two.pixels == one.pixels, "\(w)×\(h) → \(ow)×\(oh)")
        }
        #expect(OpaqueDownscale.secondThreadsFirstRow(outputHeight: 255, onTwoCores: true) == nil)
        #expect(OpaqueDownscale.secondThreadsFirstRow(outputHeight: 800, onTwoCores: false) == nil)
    }

    @Test func fixedPointPathTakesEveryReductionUpToItsTapLimit() {
        var random = SeededRandom(seed: 3)
        let source = Self.randomImage(width: 160, height: 120, opaque: true, using: &random)
        #expect(OpaqueDownscale.downscale(source, toWidth: 107, height: 80) != nil)
        #expect(OpaqueDownscale.downscale(source, toWidth: 11, height: 9) != nil)   // 14.5× and 13.3×
        #expect(OpaqueDownscale.downscale(source, toWidth: 5, height: 80) == nil)   // 32×: the Float path
    }

    @Test func fixedTapsAreTheCoveredSharesSummingToTheTotal() {
        // 3 → 2: each output covers 1½ source pixels.
        let thirds = FixedTaps(from: 3, to: 2, total: 1 << 16)
        #expect(thirds.taps == 2 && thirds.first == [0, 1])
        #expect(thirds.weights == [43691, 21845, 21845, 43691])
        for (source, output) in [(1500, 1067), (2000, 1067), (1125, 800), (97, 13), (10, 10), (7, 1)] {
            let taps = FixedTaps(from: source, to: output, total: 1 << 16)
            for o in 0..<output {
                let weights = taps.weights[(o * taps.taps)..<((o + 1) * taps.taps)]
                #expect(weights.reduce(0, +) == 1 << 16, "\(source) → \(output), output \(o)")
                #expect(taps.first[o] >= 0 && taps.first[o] + taps.taps <= source)
            }
        }
    }

    @Test func aFlatAreaKeepsItsExactValue() {
        for value: UInt8 in [0, 1, 127, 128, 254, 255] {
            let source = PixelBuffer(width: 97, height: 61, pixels: [UInt8](repeating: value, count: 97 * 61 * 4))
            let result = source.downscaled(toWidth: 13, height: 11)
            #expect(result.pixels.allSatisfy { $0 == value }, "flat \(value)")
        }
    }

    // MARK: - Reference and fixtures

    /// Every output pixel the mean of the source area it covers, in `Double`,
    /// colours weighted by alpha (and black where the area is transparent).
    static func reference(_ source: PixelBuffer, toWidth ow: Int, height oh: Int, hasAlpha: Bool) -> [Double] {
        let columns = coverage(from: source.width, to: ow), rows = coverage(from: source.height, to: oh)
        var result = [Double](repeating: 0, count: ow * oh * 4)
        for oy in 0..<oh {
            for ox in 0..<ow {
                var sum = [0.0, 0.0, 0.0, 0.0]
                for (y, wy) in rows[oy] {
                    for (x, wx) in columns[ox] {
                        let p = (y * source.width + x) * 4
                        let alpha = hasAlpha ? Double(source.pixels[p + 3]) / 255 : 1
                        for c in 0..<3 { sum[c] += Double(source.pixels[p + c]) * alpha * wx * wy }
                        sum[3] += Double(source.pixels[p + 3]) * wx * wy
                    }
                }
                if hasAlpha {
                    for c in 0..<3 { sum[c] = sum[3] > 0.5 ? sum[c] * 255 / sum[3] : 0 }
                }
                for c in 0..<4 { result[(oy * ow + ox) * 4 + c] = sum[c] }
            }
        }
        return result
    }

    /// For each output position, the source pixels it overlaps and the share
    /// of its span each one covers.
    static func coverage(from source: Int, to output: Int) -> [[(Int, Double)]] {
        let scale = Double(source) / Double(output)
        return (0..<output).map { o in
            let from = Double(o) * scale, to = Double(o + 1) * scale
            return (Int(from)..<min(source, Int(to.rounded(.up)))).compactMap { s in
                let covered = min(to, Double(s + 1)) - max(from, Double(s))
                return covered > 1e-9 ? (s, covered / scale) : nil
            }
        }
    }

    static func largestDifference(_ result: PixelBuffer, _ reference: [Double]) -> Double {
        zip(result.pixels, reference).map { abs(Double($0) - $1.rounded()) }.max() ?? 0
    }

    static func randomImage(width: Int, height: Int, opaque: Bool, using random: inout SeededRandom) -> PixelBuffer {
        // Smooth areas, hard edges and noise, so that rounding is exercised
        // both on flat runs and on large jumps between neighbours.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let kind = random.next() % 4
            for c in 0..<4 {
                let noise = UInt8(truncatingIfNeeded: random.next())
                pixels[i * 4 + c] = kind == 0 ? (noise & 1 == 0 ? 0 : 255) : noise
            }
            if opaque { pixels[i * 4 + 3] = 255 } else if random.next() % 5 == 0 { pixels[i * 4 + 3] = 0 }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }
}

/// SplitMix64: the same images on every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
        return z ^ (z >> 31)
    }
}
