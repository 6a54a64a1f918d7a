import ImageDecoding
import Pager

/// Page frames snapped edge by edge (each edge rounded on its own), so two
/// pages that touch in the engine's coordinates share the same pixel column
/// and no gap or overlap can appear between them, whatever the offset.
///
/// ```swift
/// let left = PixelRect(snapping: Rect(x: -383.6, y: 0, width: 1280, height: 800))
/// let right = PixelRect(snapping: Rect(x: 896.4, y: 0, width: 1280, height: 800))
/// left.maxX == right.x   // true
/// ```
extension PixelRect {
    /// The rectangle whose edges are `rect`'s edges rounded to the nearest pixel.
    public init(snapping rect: Rect) {
        let left = Self.snap(rect.x)
        let top = Self.snap(rect.y)
        let right = Self.snap(rect.x + rect.width)
        let bottom = Self.snap(rect.y + rect.height)
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Rounds to the nearest pixel. Values a hair apart (one page width
    /// added in a different order) must land on the same pixel, so the value
    /// is first rounded to a 1/1024 px grid, far below what can be seen.
    static func snap(_ value: Double) -> Int {
        let grid = (value * 1024).rounded() / 1024
        return Int(grid.rounded(.toNearestOrAwayFromZero))
    }
}
