/// The argument reduction of `sinCos`: `x` = (4n + quadrant)·π/2 + r with
/// |r| ≤ π/4, for every finite `x`. A spring's phase ω·t can be any size
/// (a stiff spring, a time far ahead), and the conversion of a huge multiple
/// of π/2 to `Int` trapped; the quadrant is now taken from the bits of the
/// reduction itself, never from a conversion.
extension ElementaryFunctions {
    /// π/2 in two parts (the first with 33 bits, so that k·halfPiHi is exact
    /// for k < 2^20) and 2/π.
    private static let halfPiHi = 1.57079632673412561417e+00
    private static let halfPiLo = 6.07710050650619224932e-11
    private static let twoOverPi = 6.36619772367581382433e-01
    /// Below this the two-part reduction is exact enough (fdlibm's medium
    /// range); above it the bits of 2/π are used (Payne and Hanek's method).
    private static let twoPartLimit = 0x1p20 * 1.5707963267948966
    /// π/2 as a double and the rest of it, to turn a fraction of a quadrant into radians.
    private static let halfPi = 1.5707963267948966
    private static let halfPiTail = 6.123233995736766e-17

    /// The quadrant (0…3) and the remainder of `x` (finite) modulo π/2.
    static func reducedByHalfPi(_ x: Double) -> (quadrant: Int, remainder: Double) {
        if x.magnitude < twoPartLimit {
            let k = (x * twoOverPi).rounded()   // |k| < 2^20: the conversion below is exact
            return (Int(k) & 3, (x - k * halfPiHi) - k * halfPiLo)
        }
        let (quadrant, remainder) = reducedLarge(x.magnitude)
        // sin(−a) = −sin a: −a lies in quadrant −q with remainder −r.
        return x < 0 ? ((4 - quadrant) & 3, -remainder) : (quadrant, remainder)
    }

    /// `reducedByHalfPi` for a large `a` (≥ 2^20·π/2, finite): a = m·2^e with
    /// m a 53-bit integer, and a·2/π modulo 4 needs only the 192 bits of 2/π
    /// from bit e − 1 on (the earlier bits give multiples of 4, the later ones
    /// less than 2^-137).
    private static func reducedLarge(_ a: Double) -> (quadrant: Int, remainder: Double) {
        let m = a.significandBitPattern | (1 << 52)
        let e = Int(a.exponent) - 52
        let w0 = twoOverPiBits(from: e - 1)
        let w1 = twoOverPiBits(from: e + 63)
        let w2 = twoOverPiBits(from: e + 127)
        // (m · w0:w1:w2) modulo 2^192, in three words, the first the highest.
        let (high2, low2) = m.multipliedFullWidth(by: w2)
        let (high1, low1) = m.multipliedFullWidth(by: w1)
        let (word1, carry) = high2.addingReportingOverflow(low1)
        let word0 = high1 &+ (m &* w0) &+ (carry ? 1 : 0)
        // The top two bits are the quadrant, the rest the fraction of one.
        var quadrant = Int(word0 >> 62)
        let fractionHigh = (word0 << 2) | (word1 >> 62)
        let fractionLow = (word1 << 2) | (low2 >> 62)
        var fraction = (Double(fractionHigh) + Double(fractionLow) * 0x1p-64) * 0x1p-64
        if fraction >= 0.5 {
            fraction -= 1
            quadrant += 1
        }
        return (quadrant & 3, fraction * halfPi + fraction * halfPiTail)
    }

    /// 64 bits of 2/π from bit `position` on (bit 1 is worth 1/2; bits at 0
    /// and before are 0, 2/π being below 1).
    private static func twoOverPiBits(from position: Int) -> UInt64 {
        if position < 1 { return position <= -63 ? 0 : twoOverPiWord(0) >> UInt64(1 - position) }
        let index = (position - 1) / 64
        let shift = UInt64((position - 1) % 64)
        let next = index + 1 < 19 ? twoOverPiWord(index + 1) : 0
        return shift == 0 ? twoOverPiWord(index) : (twoOverPiWord(index) << shift) | (next >> (64 - shift))
    }

    /// The `index`th 64 bits of 2/π's fraction (1216 bits: enough for the
    /// largest double, whose window ends at bit 1161). Computed from Machin's
    /// formula; they begin A2F9836E, as fdlibm's table does.
    private static func twoOverPiWord(_ index: Int) -> UInt64 {
        switch index {
        case 0: 0xA2F9_836E_4E44_1529
        case 1: 0xFC27_57D1_F534_DDC0
        case 2: 0xDB62_9599_3C43_9041
        case 3: 0xFE51_63AB_DEBB_C561
        case 4: 0xB724_6E3A_424D_D2E0
        case 5: 0x0649_2EEA_09D1_921C
        case 6: 0xFE1D_EB1C_B129_A73E
        case 7: 0xE882_35F5_2EBB_4484
        case 8: 0xE99C_7026_B45F_7E41
        case 9: 0x3991_D639_8353_39F4
        case 10: 0x9C84_5F8B_BDF9_283B
        case 11: 0x1FF8_97FF_DE05_980F
        case 12: 0xEF2F_118B_5A0A_6D1F
        case 13: 0x6D36_7ECF_27CB_09B7
        case 14: 0x4F46_3F66_9E5F_EA2D
        case 15: 0x7527_BAC7_EBE5_F17B
        case 16: 0x3D07_39F7_8A52_92EA
        case 17: 0x6BFB_5FB1_1F8D_5D08
        case 18: 0x5603_3046_FC7B_6BAB
        default: 0
        }
    }
}
