import Pager

/// A rectangle on whole pixels: on screen (page frames, textures) or in an
/// image's own upright pixels (a region to decode).
///
/// Page frames are snapped edge by edge (each edge rounded on its own), so
/// two pages that touch in the engine's coordinates share the same pixel
/// column and no gap or overlap can appear between them, whatever the offset.
///
/// ```swift
/// let left = PixelRect(snapping: Rect(x: -383.6, y: 0, width: 1280, height: 800))
/// let right = PixelRect(snapping: Rect(x: 896.4, y: 0, width: 1280, height: 800))
/// left.maxX == right.x   // true
/// ```
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle whose edges are `rect`'s edges rounded to the nearest pixel.
    public init(snapping rect: Rect) {
        let left = Self.snap(rect.x)
        let top = Self.snap(rect.y)
        let right = Self.snap(rect.x + rect.width)
        let bottom = Self.snap(rect.y + rect.height)
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// Whether `other` lies wholly inside this rectangle.
    ///
    /// ```swift
    /// PixelRect(x: 0, y: 0, width: 4000, height: 3000).contains(PixelRect(x: 10, y: 10, width: 20, height: 20))   // true
    /// ```
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the rectangle shares any pixel with `other`.
    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Rounds to the nearest pixel. Values a hair apart (one page width
    /// added in a different order) must land on the same pixel, so the value
    /// is first rounded to a 1/1024 px grid, far below what can be seen.
    static func snap(_ value: Double) -> Int {
        let grid = (value * 1024).rounded() / 1024
        return Int(grid.rounded(.toNearestOrAwayFromZero))
    }
}
