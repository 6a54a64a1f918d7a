import Testing
@testable import Browser

/// The backdrop's copies: they tile the bar exactly, never reach outside it,
/// and whole texels land where the full stretch puts them.
@Suite struct TexelSpansTests {
    func spans(_ lo: Int, _ hi: Int, origin: Double, texel: Double, texels: Int) -> [TexelSpans.Span] {
        var out: [TexelSpans.Span] = []
        TexelSpans.forEach(from: lo, to: hi, origin: origin, texelSize: texel, texels: texels) { out.append($0) }
        return out
    }

    @Test func spansTileTheBarWithoutGapsOrReachingOutside() {
        for origin in stride(from: -300.0, through: 0, by: 7.3) {
            for (lo, hi) in [(0, 300), (600, 900), (0, 900), (13, 14), (0, 5)] {
                let result = spans(lo, hi, origin: origin, texel: 28.125, texels: 32)
                #expect(result.first?.start == lo && result.last?.end == hi, "origin \(origin), \(lo)..<\(hi)")
                for (a, b) in zip(result, result.dropFirst()) { #expect(a.end == b.start) }
                #expect(result.allSatisfy { $0.end > $0.start && $0.start >= lo && $0.end <= hi })
                #expect(result.allSatisfy { $0.texel >= 0 && $0.count >= 1 && $0.texel + $0.count <= 32 })
                #expect(result.count <= 3)
            }
        }
    }

    @Test func wholeTexelsLandWhereTheFullStretchPutsThem() {
        let result = spans(0, 300, origin: -55.2, texel: 28.125, texels: 32)
        let whole = result.first { $0.count > 1 }
        #expect(whole != nil)
        if let whole {
            #expect(whole.start == Int((-55.2 + Double(whole.texel) * 28.125).rounded()))
            #expect(whole.end == Int((-55.2 + Double(whole.texel + whole.count) * 28.125).rounded()))
        }
    }

    @Test func anAlignedBarIsOneCopy() {
        #expect(spans(0, 900, origin: 0, texel: 28.125, texels: 32) == [
            TexelSpans.Span(texel: 0, count: 32, start: 0, end: 900),
        ])
    }

    @Test func anEmptyBarHasNoCopies() {
        #expect(spans(10, 10, origin: 0, texel: 28, texels: 32).isEmpty)
        #expect(spans(0, 10, origin: 0, texel: 0, texels: 32).isEmpty)
    }
}
