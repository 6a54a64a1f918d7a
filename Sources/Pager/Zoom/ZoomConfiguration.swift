/// The tuning constants of zooming the current page, with their units.
/// Scales are relative to the page's fitted size: 1 is "fit", 2 shows the
/// fitted image twice as wide.
///
/// ```swift
/// var zoom = ZoomConfiguration()
/// zoom.step = 2                      // + and - double and halve
/// model.zoomConfiguration = zoom
/// ```
public struct ZoomConfiguration: Hashable, Sendable {
    /// The largest scale is at least this many times the fitted size.
    public var maximumFitMultiple: Double = 4
    /// …and at least this many times the 1:1 scale (image pixels = screen pixels),
    /// so a large photo can always be inspected past its own pixels.
    public var maximumPixelMultiple: Double = 2
    /// Factor of one zoom-in or zoom-out step (a key press), > 1.
    public var step: Double = 1.5
    /// Scale a double-click zooms to when the 1:1 scale is not bigger than
    /// fit (a small image shown at its own size), relative to fit.
    public var toggleScaleForSmallImages: Double = 2
    /// The spring that animates the scale (libadwaita's carousel spring: no overshoot, ~0.3 s).
    public var spring: Spring = .carousel
    /// A scale animation has arrived when closer than this to its target (scale units)…
    public var restDistance: Double = 0.0005
    /// …and slower than this, scale units per second.
    public var restSpeed: Double = 0.01
    /// Scales within this of 1 count as fit (scale units).
    public var fitTolerance: Double = 0.0005

    /// The defaults above.
    public init() {}
}
