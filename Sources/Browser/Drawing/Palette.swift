/// An opaque or translucent colour, 8 bits per channel.
///
/// ```swift
/// let halfBlack = Colour(0, 0, 0, 128)
/// ```
public struct Colour: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// The colours the browser draws with. Tests swap `outside` for a colour no
/// page uses, so any gap between pages shows up in the pixels.
///
/// ```swift
/// var palette = Palette()
/// palette.outside = Colour(255, 0, 255)   // make gaps visible
/// ```
public struct Palette: Sendable, Hashable {
    /// Beyond a bounded edge, where no page is (seen while rubber-banding).
    public var outside = Colour(38, 38, 44)
    /// A page's letterbox bars and an empty grid cell.
    public var page = Colour(12, 12, 14)
    /// A page whose image is still decoding.
    public var placeholder = Colour(24, 24, 30)
    /// Placeholder text.
    public var placeholderText = Colour(150, 150, 160)
    /// A page whose file could not be decoded.
    public var errorPage = Colour(48, 14, 16)
    /// Error page text.
    public var errorText = Colour(255, 214, 214)
    /// The big "(h, v)" on demo pages.
    public var demoLabel = Colour(255, 255, 255)
    /// The HUD, help and notice boxes.
    public var overlay = Colour(0, 0, 0, 170)
    /// Their text.
    public var overlayText = Colour(240, 240, 240)
    /// A marked image's badge, a triangle in its top right corner: a blue
    /// that neither the overview's amber highlight nor the overlay's grey is.
    public var mark = Colour(40, 150, 255)
    /// The badge's edge, so it shows on a light image as on a dark one.
    public var markEdge = Colour(0, 0, 0)

    public init() {}
}
