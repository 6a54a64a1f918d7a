import Pager

/// Which slot decodes first: the page on screen, then the neighbour the
/// motion heads to, then the other neighbours, then the diagonals.
///
/// `heading` is the last step the pager took or is taking (`(1, 0)` after
/// moving right), or `(0, 0)` at rest.
///
/// ```swift
/// DecodePriority.of(column: 1, row: 0, heading: (1, 0))    // 3: next page in the motion
/// DecodePriority.of(column: -1, row: 0, heading: (1, 0))   // 1: behind
/// ```
public enum DecodePriority {
    /// The current page.
    public static let current = 4
    /// The neighbour in the direction of motion.
    public static let ahead = 3
    /// A page edge to edge with the current one, not ahead.
    public static let neighbour = 1
    /// A diagonal page: only seen mid-way through a diagonal `go`.
    public static let diagonal = 0

    public static func of(column: Int, row: Int, heading: (h: Int, v: Int)) -> Int {
        if column == 0 && row == 0 { return current }
        if column != 0 && row != 0 { return diagonal }
        if (heading.h != 0 && column == heading.h.signum() && row == 0)
            || (heading.v != 0 && row == heading.v.signum() && column == 0) {
            return ahead
        }
        return neighbour
    }
}
