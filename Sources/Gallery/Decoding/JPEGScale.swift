/// Picks libjpeg-turbo's DCT scaling factor for a decode: the strongest
/// reduction (1/1 … 1/8) whose output still covers the target size, so the
/// final area-averaged downscale has enough pixels to keep quality, while the
/// decoder does a fraction of the work.
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
