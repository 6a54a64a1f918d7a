/// How to cover the pixels `lo..<hi` of one axis with a texture stretched
/// so that texel `t` starts at `origin + t × texelSize`, in at most three
/// copies that never reach outside `lo..<hi`: a sliver at each end (one
/// texel squeezed into the part of a texel that shows) and the whole texels
/// in between, placed exactly where the full stretch would put them.
///
/// SDL's software renderer scales a copy that reaches outside the window
/// through a temporary surface of the copy's full size, every frame; copies
/// that stay inside are scaled straight into the window, only the pixels
/// that show. Pure arithmetic, no allocation.
///
/// ```swift
/// TexelSpans.forEach(from: 0, to: 300, origin: -55.2, texelSize: 28.1, texels: 32) { span in
///     // copy texels span.texel ..< span.texel + span.count to pixels span.start ..< span.end
/// }
/// ```
struct TexelSpans {
    /// Texels `texel ..< texel + count` drawn over pixels `start ..< end`.
    struct Span: Equatable {
        var texel: Int
        var count: Int
        var start: Int
        var end: Int
    }

    /// Calls `body` with the spans covering `lo..<hi`, in order.
    static func forEach(from lo: Int, to hi: Int, origin: Double, texelSize: Double, texels: Int,
                        _ body: (Span) -> Void) {
        guard hi > lo, texels > 0, texelSize > 0, texelSize.isFinite, origin.isFinite else { return }
        func pixel(_ texel: Int) -> Int { Int((origin + Double(texel) * texelSize).rounded()) }
        func clamp(_ texel: Int) -> Int { min(max(texel, 0), texels) }
        let first = clamp(Int(((Double(lo) - origin) / texelSize).rounded(.down)))
        let last = clamp(Int(((Double(hi) - origin) / texelSize).rounded(.up)))
        var wholeFirst = first, wholeLast = last
        if pixel(wholeFirst) < lo { wholeFirst += 1 }
        if pixel(wholeLast) > hi { wholeLast -= 1 }
        guard wholeLast > wholeFirst else {
            // Narrower than a texel or two: what is there, squeezed in.
            let texel = min(first, texels - 1)
            body(Span(texel: texel, count: max(1, min(last, texels) - texel), start: lo, end: hi))
            return
        }
        let start = pixel(wholeFirst), end = pixel(wholeLast)
        if start > lo { body(Span(texel: max(wholeFirst - 1, 0), count: 1, start: lo, end: start)) }
        body(Span(texel: wholeFirst, count: wholeLast - wholeFirst, start: start, end: end))
        if end < hi { body(Span(texel: min(wholeLast, texels - 1), count: 1, start: end, end: hi)) }
    }
}
