/// The address of a page in the pager's two-dimensional grid.
///
/// `h` grows to the right and `v` grows downward. With infinite bounds both
/// may be negative.
///
/// ```swift
/// let start = PageIndex(h: 0, v: 0)
/// let right = start.moved(.right)   // PageIndex(h: 1, v: 0)
/// ```
public struct PageIndex: Hashable, Sendable, CustomStringConvertible {
    /// Column of the page; grows to the right.
    public var h: Int
    /// Row of the page; grows downward.
    public var v: Int

    /// The page in column `h`, row `v`.
    public init(h: Int, v: Int) {
        self.h = h
        self.v = v
    }

    /// The page one step away in `direction`.
    public func moved(_ direction: FlipDirection) -> PageIndex {
        PageIndex(h: h + direction.step.h, v: v + direction.step.v)
    }

    /// The page `dh` columns and `dv` rows away.
    public func offsetBy(h dh: Int, v dv: Int) -> PageIndex {
        PageIndex(h: h + dh, v: v + dv)
    }

    public var description: String { "(\(h), \(v))" }
}
