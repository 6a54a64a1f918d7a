/// Where to draw a page's backdrop (a blurred copy of its image behind the
/// letterbox) so that it glides at a fraction of the page's motion.
///
/// The backdrop covers the whole page (scaled to fill, aspect kept, centred)
/// and is shifted by `fraction ×` the page's displacement from the viewport:
/// 0 keeps it still behind the moving page, 1 moves it with the page. Drawn
/// clipped to the page's frame, it always covers the part of the page inside
/// the viewport (for any slot within one page of it). Pure arithmetic per
/// frame: the backdrop itself is made once per image.
///
/// ```swift
/// let parallax = ParallaxBackdrop(fraction: 0.3)
/// for slot in model.slots where slot.visibleFraction > 0 {
///     let rect = parallax.rect(slotFrame: slot.frame, imageWidth: 4000, imageHeight: 3000)
///     drawClipped(backdrop[slot.id], in: rect, clip: slot.frame)
/// }
/// ```
public struct ParallaxBackdrop: Hashable, Sendable {
    /// The default share of the page motion the backdrop follows, 0…1.
    public static let defaultFraction = 0.3

    /// Share of the page's motion the backdrop follows, 0…1.
    public var fraction: Double

    /// A backdrop following `fraction` (clamped to 0…1; NaN is 0) of the page motion.
    public init(fraction: Double = ParallaxBackdrop.defaultFraction) {
        self.fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }

    /// The backdrop's rectangle in viewport px for a page at `slotFrame`
    /// (the engine's slot frame; its size is the viewport's) showing an image
    /// of `imageWidth × imageHeight` (any unit: only the aspect matters; a
    /// non-positive size fills the page exactly).
    ///
    /// ```swift
    /// ParallaxBackdrop(fraction: 0.3).rect(slotFrame: Rect(x: -200, y: 0, width: 1000, height: 800),
    ///                                      imageWidth: 1000, imageHeight: 800)   // x -60: 0.3 of the page's -200
    /// ```
    public func rect(slotFrame: Rect, imageWidth: Double, imageHeight: Double) -> Rect {
        let pageWidth = slotFrame.width, pageHeight = slotFrame.height
        var width = pageWidth, height = pageHeight
        if imageWidth > 0, imageHeight > 0, imageWidth.isFinite, imageHeight.isFinite {
            let scale = max(pageWidth / imageWidth, pageHeight / imageHeight)
            width = imageWidth * scale
            height = imageHeight * scale
        }
        return Rect(x: (pageWidth - width) / 2 + slotFrame.x * fraction,
                    y: (pageHeight - height) / 2 + slotFrame.y * fraction,
                    width: width, height: height)
    }
}
