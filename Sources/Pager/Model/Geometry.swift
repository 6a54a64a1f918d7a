/// A point or displacement in viewport pixels.
public struct Point: Hashable, Sendable {
    /// Horizontal, px: grows to the right.
    public var x: Double
    /// Vertical, px: grows downward.
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin; no displacement.
    public static let zero = Point(x: 0, y: 0)

    /// The component along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

/// A rectangle in viewport pixels; the viewport is `(0, 0, pageWidth, pageHeight)`.
public struct Rect: Hashable, Sendable {
    /// Left edge, px.
    public var x: Double
    /// Top edge, px.
    public var y: Double
    /// Width, px.
    public var width: Double
    /// Height, px.
    public var height: Double

    /// The rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The area of the part of this rectangle inside `other`.
    public func overlapArea(with other: Rect) -> Double {
        let w = min(x + width, other.x + other.width) - max(x, other.x)
        let h = min(y + height, other.y + other.height) - max(y, other.y)
        return w > 0 && h > 0 ? w * h : 0
    }
}
