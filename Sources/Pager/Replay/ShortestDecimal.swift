// `Double.description` for the numbers ReplayFormat cannot round to a fixed
// number of decimals (beyond 2^53 once scaled), written out here because the
// standard library's formatter is most of the size of the engine's web build
// (scripts/package-web): the shortest digits that read back as the same
// Double, the closest of them to its exact value, in the same layout.

/// A natural number below 2^1152 in 32-bit words, least significant first:
/// enough for 4·2^1024 times 10, the largest value the digit search holds.
/// It lives on the stack: formatting a number allocates nothing.
struct ShortestDecimalNatural {
    private var words = InlineArray<36, UInt32>(repeating: 0)

    init(_ value: UInt64) {
        words[0] = UInt32(truncatingIfNeeded: value)
        words[1] = UInt32(truncatingIfNeeded: value >> 32)
    }

    /// `value` times 2^`exponent`.
    init(_ value: UInt64, timesPowerOfTwo exponent: Int) {
        self.init(value)
        var left = exponent
        while left > 0 {
            let step = min(left, 31)
            multiply(by: 1 << UInt32(step))
            left -= step
        }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in words.indices {
            let product = UInt64(words[index]) * UInt64(factor) + carry
            words[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
    }

    static func + (left: Self, right: Self) -> Self {
        var sum = left
        var carry: UInt64 = 0
        for index in sum.words.indices {
            let total = UInt64(left.words[index]) + UInt64(right.words[index]) + carry
            sum.words[index] = UInt32(truncatingIfNeeded: total)
            carry = total >> 32
        }
        return sum
    }

    /// `self - other`, for `self >= other`.
    mutating func subtract(_ other: Self) {
        var borrow: UInt32 = 0
        for index in words.indices {
            let (partial, under1) = words[index].subtractingReportingOverflow(other.words[index])
            let (difference, under2) = partial.subtractingReportingOverflow(borrow)
            words[index] = difference
            borrow = under1 || under2 ? 1 : 0
        }
    }

    /// -1, 0 or 1 as `left` is below, equal to or above `right`.
    static func compare(_ left: Self, _ right: Self) -> Int {
        var index = left.words.count - 1
        while index >= 0 {
            if left.words[index] != right.words[index] { return left.words[index] < right.words[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }
}

extension ReplayFormat {
    /// `value.description` for a finite `value` of magnitude 1e-4 or more:
    /// the shortest digits that read back as `value` (Steele and White's
    /// free-format algorithm in exact integers; of two as near, the even),
    /// plain from 1e-4 up to 2^53 (`12.5`, `1000.0`), else with an exponent
    /// (`9.007199254740994e+15`, `1e+16`, `1.5e+300`).
    static func writeShortest<Output: TextOutputStream>(_ value: Double, to output: inout Output) {
        if value < 0 { output.write("-") }
        let biasedExponent = Int(value.exponentBitPattern)
        let significand = value.significandBitPattern | (biasedExponent == 0 ? 0 : 1 << 52)
        let exponent = max(biasedExponent, 1) - 1075
        // The gap below a power of two is half the gap above it.
        let unevenGaps = value.significandBitPattern == 0 && biasedExponent > 1
        let factor = unevenGaps ? 2 : 1
        // value = remainder / scale; the numbers that read back as value lie
        // within (remainder - below, remainder + above) / scale, ends included
        // when the significand is even (reading rounds half to even).
        var remainder = ShortestDecimalNatural(significand * 2 * UInt64(factor), timesPowerOfTwo: max(exponent, 0))
        var scale = ShortestDecimalNatural(2 * UInt64(factor), timesPowerOfTwo: max(-exponent, 0))
        var above = ShortestDecimalNatural(UInt64(factor), timesPowerOfTwo: max(exponent, 0))
        var below = ShortestDecimalNatural(1, timesPowerOfTwo: max(exponent, 0))
        let endsIncluded = significand % 2 == 0
        func reaches(_ sum: ShortestDecimalNatural, _ limit: ShortestDecimalNatural) -> Bool {
            let order = ShortestDecimalNatural.compare(sum, limit)
            return endsIncluded ? order >= 0 : order > 0
        }
        // value = 0.d1d2… × 10^point.
        var point = 0
        while reaches(remainder + above, scale) {
            scale.multiply(by: 10)
            point += 1
        }
        while true {
            var next = remainder + above
            next.multiply(by: 10)
            if reaches(next, scale) { break }
            remainder.multiply(by: 10)
            above.multiply(by: 10)
            below.multiply(by: 10)
            point -= 1
        }
        let plain = point > -4 && value.magnitude <= 0x1p53
        if plain && point <= 0 {
            output.write("0.")
            for _ in 0 ..< -point { output.write("0") }
        }
        var written = 0
        while true {
            remainder.multiply(by: 10)
            above.multiply(by: 10)
            below.multiply(by: 10)
            var digit = 0
            while ShortestDecimalNatural.compare(remainder, scale) >= 0 {
                remainder.subtract(scale)
                digit += 1
            }
            let low = ShortestDecimalNatural.compare(remainder, below) < (endsIncluded ? 1 : 0)
            let high = reaches(remainder + above, scale)
            if high && !low {
                digit += 1
            } else if high && low {
                // Both ends reach: the nearer digit, the even one on a tie.
                let order = ShortestDecimalNatural.compare(remainder + remainder, scale)
                if order > 0 || order == 0 && digit % 2 == 1 { digit += 1 }
            }
            if written == (plain ? point : 1) && written > 0 { output.write(".") }
            output.write(decimalDigit(digit))
            written += 1
            if low || high { break }
        }
        if plain {
            for _ in 0 ..< max(point - written, 0) { output.write("0") }
            if written <= point { output.write(".0") }
        } else {
            let power = point - 1
            output.write(power < 0 ? "e-" : "e+")
            if power.magnitude < 10 { output.write("0") }
            write(integer: Int(power.magnitude), to: &output)
        }
    }

    /// The one-character string of a decimal digit: a literal, so nothing
    /// is built or allocated.
    static func decimalDigit(_ digit: Int) -> String {
        switch digit {
        case 0: "0"
        case 1: "1"
        case 2: "2"
        case 3: "3"
        case 4: "4"
        case 5: "5"
        case 6: "6"
        case 7: "7"
        case 8: "8"
        default: "9"
        }
    }
}
