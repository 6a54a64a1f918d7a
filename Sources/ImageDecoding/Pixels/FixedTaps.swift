/// Integer area weights along one axis: output pixel `o` is the sum of
/// source pixels `first[o] ..< first[o] + taps` times `weights[o × taps + k]`,
/// which sum to exactly `total`. Every output has the same number of taps
/// (zero-weight padding) so the inner loops have a fixed length.
///
/// ```swift
/// let columns = FixedTaps(from: 3, to: 2, total: 1 << 16)
/// // first [0, 1], weights [43691, 21845, 21845, 43691]: 1 + ½ and ½ + 1 pixels
/// ```
struct FixedTaps {
    let taps: Int
    let first: [Int]
    let weights: [UInt32]

    /// Most source pixels any output pixel touches, going from `source` to
    /// `output` pixels.
    static func maximumTaps(from source: Int, to output: Int) -> Int {
        var most = 1
        for o in 0..<output {
            let s0 = o * source / output
            let s1 = min(source, ((o + 1) * source + output - 1) / output)
            most = max(most, s1 - s0)
        }
        return most
    }

    init(from source: Int, to output: Int, total: Int) {
        // In units where a source pixel is `output` wide and an output pixel
        // `source` wide, every overlap is a whole number: no rounding until
        // the weights themselves, which round the running total so they sum
        // to exactly `total`.
        let taps = Self.maximumTaps(from: source, to: output)
        var first = [Int](repeating: 0, count: output)
        var weights = [UInt32](repeating: 0, count: output * taps)
        for o in 0..<output {
            let from = o * source, to = (o + 1) * source
            let s0 = from / output
            let s1 = min(source, (to + output - 1) / output)
            let start = max(0, min(s0, source - taps))
            first[o] = start
            var covered = 0, assigned = 0
            for s in s0..<s1 {
                covered += min(to, (s + 1) * output) - max(from, s * output)
                let sum = (covered * total + source / 2) / source
                weights[o * taps + s - start] = UInt32(sum - assigned)
                assigned = sum
            }
        }
        self.taps = taps
        self.first = first
        self.weights = weights
    }
}
