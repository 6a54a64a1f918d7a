/// Picks libjpeg-turbo's DCT scaling factor for a decode: the strongest
/// reduction (1/1 … 1/8) whose output still covers the target size, so the
/// final area-averaged downscale has enough pixels to keep quality, while the
/// decoder does a fraction of the work and its buffer is as small as it can be.
///
/// Why not prefer the faster power-of-two scales: libjpeg-turbo has SIMD
/// IDCTs only for 1/1, 1/2, 1/4 and 1/8, so on a 12 MP photo (2.1.5) 3/8
/// decodes in 35 ms and 1/2 in 32; taking 1/2 for a 1280×800 window saves
/// about 2.7 ms per image (decode plus the larger average), but its 12 MB
/// buffer instead of 6.75 MB, on both decoding threads at once, raised the
/// browser's peak RSS after 200 flips from 51.4 to 61.6 MB (10 files; 51.4
/// to 59.8 MB with 10,000), over the 59 MB goal. The smallest buffer wins.
/// (5/8, 3/4 and 7/8 are slower even than 1/1, 48–67 ms against 38–46, but
/// they only serve targets above 2000×1500, e.g. a 12 MP photo in a
/// 2560×1600 window, where 1/1's 48 MB buffer would cost far more memory.)
///
/// ```swift
/// let scale = JPEGScale.choose(width: 4000, height: 3000, targetWidth: 1067, targetHeight: 800)
/// // 3/8: decodes 1500×1125, then averages down to 1067×800
/// ```
public struct JPEGScale: Sendable, Hashable, CustomStringConvertible {
    /// The factor is `numerator / denominator`, e.g. 3/8.
    public let numerator: Int
    public let denominator: Int

    /// `JPEGScale(numerator: 1, denominator: 2)` halves each side.
    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// libjpeg-turbo's reductions (its `tjGetScalingFactors` also lists
    /// enlargements, which we never use).
    public static let available: [JPEGScale] = [
        JPEGScale(numerator: 1, denominator: 1), JPEGScale(numerator: 7, denominator: 8),
        JPEGScale(numerator: 3, denominator: 4), JPEGScale(numerator: 5, denominator: 8),
        JPEGScale(numerator: 1, denominator: 2), JPEGScale(numerator: 3, denominator: 8),
        JPEGScale(numerator: 1, denominator: 4), JPEGScale(numerator: 1, denominator: 8),
    ]

    /// `dimension` after scaling, rounded up as libjpeg does (`TJSCALED`).
    public func scaled(_ dimension: Int) -> Int {
        (dimension * numerator + denominator - 1) / denominator
    }

    /// "3/8".
    public var description: String { "\(numerator)/\(denominator)" }

    /// The smallest output that still covers `targetWidth` × `targetHeight`,
    /// further reduced when the output would exceed `maximumPixels`.
    public static func choose(width: Int, height: Int, targetWidth: Int, targetHeight: Int,
                              maximumPixels: Int = DecodeLimits.maximumDecodedPixels) -> JPEGScale {
        var chosen = available[0]
        for factor in available where factor.scaled(width) >= targetWidth && factor.scaled(height) >= targetHeight {
            chosen = factor   // `available` runs from weakest to strongest reduction
        }
        // Never produce a huge buffer, even if a huge target was asked for.
        for factor in available where factor.numerator * chosen.denominator <= chosen.numerator * factor.denominator {
            if factor.scaled(width) * factor.scaled(height) <= maximumPixels { return factor }
        }
        return available[available.count - 1]
    }
}
