/// A rectangle on whole pixels: on screen (page frames, textures) or in an
/// image's own upright pixels (a region to decode). Page frames are snapped
/// to it from the engine's coordinates in Gallery
/// (Sources/Gallery/Geometry/PixelRect+Snapping.swift).
///
/// ```swift
/// let part = PixelRect(x: 1000, y: 800, width: 1200, height: 800)
/// part.maxX   // 2200
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
}
