/// The engine's guards against hostile numbers, applied where they enter
/// (the public inputs of `PagerModel`, so the C interface and Swift hosts
/// share them): no value — NaN, ±∞, ±10³⁰⁸, `Int.max` — may trap, hang or
/// leave the model in a state it cannot settle from.
///
/// - A time that is NaN, infinite or beyond ±2^40 s (about 35 000 years) is
///   ignored; so is one before the latest time seen. At 10³⁰⁰ s a frame's
///   1/60 s no longer changes the time, so nothing could ever settle.
/// - Input with a NaN or infinite coordinate or delta is ignored; finite ones
///   are clamped to ±2^40 px (or touchpad units).
/// - Page sizes are held within 1…2^24 px, the spacing within 0…2^24 px.
/// - Page indices lie within ±2^61 (`AxisBounds`), where an infinite axis ends.
/// - Landing is bounded work however far the content went
///   (`landPassedPages`), and one long swipe travels at most 1000 pages.
extension PagerModel {
    /// Times beyond ±this, s, are ignored.
    static let timeLimit = 0x1p40
    /// Coordinates and deltas are clamped to ±this, px or touchpad units.
    static let coordinateLimit = 0x1p40
    /// Page sizes and the spacing at most, px.
    static let lengthLimit = 0x1p24
    /// The most pages one long swipe travels, whatever `maximumLongSwipePages` says.
    static let longSwipePageLimit = 1000
    /// Pages landed one by one (each reported) before the rest of a far
    /// move lands at once.
    static let pagesLandedOneByOne = 16

    /// `value` as a coordinate: `nil` when NaN or infinite, else clamped to ±`coordinateLimit`.
    @inline(__always)
    static func coordinate(_ value: Double) -> Double? {
        value.isFinite ? min(max(value, -coordinateLimit), coordinateLimit) : nil
    }

    /// The point (`x`, `y`) as input: `nil` when a coordinate is NaN or infinite.
    @inline(__always)
    static func inputPoint(x: Double, y: Double) -> Point? {
        guard let x = coordinate(x), let y = coordinate(y) else { return nil }
        return Point(x: x, y: y)
    }

    /// A page size as the engine keeps it: 1…`lengthLimit` px, NaN as 1.
    @inline(__always)
    static func pageLength(_ value: Double) -> Double {
        value >= 1 ? min(value, lengthLimit) : 1
    }

    /// Whether `time` is one the clock takes at all (finite, within ±`timeLimit`).
    @inline(__always)
    static func isUsableTime(_ time: Double) -> Bool {
        time.magnitude <= timeLimit   // false for NaN and ±∞ too
    }

    /// `raw` held within ±2^62 pitches along `axis`: as far as any page
    /// (indices end at ±2^61), and finite, so that a band or a landing never
    /// meets ∞ or NaN.
    @inline(__always)
    func boundedRaw(_ raw: Double, along axis: Axis) -> Double {
        let limit = 0x1p62 * pagePitch(axis)
        return raw.isNaN ? 0 : min(max(raw, -limit), limit)
    }

    /// How many screen steps along `axis` in `direction` (±1) the bounds allow
    /// from the current page.
    func reachableSteps(_ direction: Int, along axis: Axis) -> Int {
        let bounds = axis == .horizontal ? columns(inRow: currentPage.v) : verticalBounds
        guard bounds.isEnabled else { return 0 }
        let index = axis == .horizontal ? currentPage.h : currentPage.v
        let step = indexStep(axis) * direction
        return step > 0 ? max(0, bounds.highestIndex - index) : max(0, index - bounds.lowestIndex)
    }

    /// Lands on the whole pages the raw offset `raw` along `axis` has passed,
    /// as far as the bounds allow, and returns the raw offset left. The
    /// first pages land one by one (each reported, as ever); a far move (a
    /// hostile coordinate or speed) lands the rest at once, so the work is
    /// bounded however far it went.
    mutating func landPassedPages(_ raw: Double, along axis: Axis, at time: Double) -> Double {
        var raw = raw
        let size = pagePitch(axis)
        let pages = -raw / size
        let oneByOne = Self.pagesLandedOneByOne
        if pages.magnitude > Double(2 * oneByOne) {
            let direction = pages > 0 ? 1 : -1
            // Int.max / 2 is 2^62 as a Double where Int has 64 bits; it fits a 32-bit Int too.
            let wanted = Int(min(pages.magnitude, Double(Int.max / 2))) - oneByOne
            let steps = min(wanted, reachableSteps(direction, along: axis))
            if steps > 0 {
                land(direction * steps, along: axis, at: time)
                raw += Double(direction * steps) * size
            }
        }
        // Rounding of a far landing may leave a few pages more: still bounded.
        for _ in 0..<(4 * oneByOne) {
            if raw <= -size && canMove(1, along: axis) {
                land(1, along: axis, at: time)
                raw += size
            } else if raw >= size && canMove(-1, along: axis) {
                land(-1, along: axis, at: time)
                raw -= size
            } else {
                break
            }
        }
        return raw
    }
}
