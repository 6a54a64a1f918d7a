import Gallery
import ImageDecoding
import Pager

/// What to decode sharper: a region of the image, in its own upright pixels,
/// and the scale to decode it at (output px per image px, at most 1).
///
/// ```swift
/// SharpRegionPlan(region: PixelRect(x: 1200, y: 900, width: 1600, height: 1000), scale: 0.8)
/// ```
public struct SharpRegionPlan: Sendable, Hashable {
    public var region: PixelRect
    public var scale: Double

    public init(region: PixelRect, scale: Double) {
        self.region = region
        self.scale = scale
    }
}

/// Decides when a zoomed page needs a sharper decode and of which region:
/// when the decoded (window-sized) image has clearly fewer pixels than the
/// screen shows, the visible part plus a margin, at the screen's scale (never
/// past the image's own pixels), within a pixel budget. Pure: geometry in, plan out.
///
/// ```swift
/// let plan = SharpRegionPlanner.plan(frame: Rect(x: -1000, y: -600, width: 3000, height: 2000),
///                                    visible: Rect(x: 0, y: 0, width: 900, height: 600),
///                                    sourceWidth: 6000, sourceHeight: 4000, decodedWidth: 900,
///                                    windowPixels: 900 * 600)
/// // the visible 1800×1200 image px and a margin, at 0.5
/// ```
public enum SharpRegionPlanner {
    /// Decoded pixels per screen pixel below which the page looks soft and a
    /// sharper decode is worth it (a little under 1, so fit ± rounding never asks).
    public static let sharpnessThreshold = 0.9
    /// Margin added on each side of the visible part, as a share of its size:
    /// a short pan stays sharp without a new decode.
    public static let margin = 0.25
    /// The region's decoded pixels are at most this many times the window's.
    public static let pixelBudget = 2.0

    /// The region to decode for a page drawn at `frame` of which `visible` is
    /// on screen, or `nil` when the decoded image is sharp enough.
    public static func plan(frame: Rect, visible: Rect, sourceWidth: Int, sourceHeight: Int,
                            decodedWidth: Int, windowPixels: Int) -> SharpRegionPlan? {
        guard sourceWidth > 0, sourceHeight > 0, frame.width > 0, frame.height > 0 else { return nil }
        let screenPerImage = frame.width / Double(sourceWidth)
        let decodedPerImage = Double(decodedWidth) / Double(sourceWidth)
        guard decodedPerImage < screenPerImage * sharpnessThreshold else { return nil }
        let scale = min(1, screenPerImage)
        guard let shown = visibleRegion(frame: frame, visible: visible, sourceWidth: sourceWidth,
                                        sourceHeight: sourceHeight) else { return nil }
        let budget = pixelBudget * Double(windowPixels) / (scale * scale)
        var grow = margin
        // Less margin when the budget is tight; the visible part alone always fits.
        while grow > 0 && Double(shown.width) * (1 + 2 * grow) * Double(shown.height) * (1 + 2 * grow) > budget {
            grow -= 0.05
        }
        grow = max(0, grow)
        let dx = Int(Double(shown.width) * grow), dy = Int(Double(shown.height) * grow)
        let left = max(0, shown.x - dx), top = max(0, shown.y - dy)
        let right = min(sourceWidth, shown.x + shown.width + dx), bottom = min(sourceHeight, shown.y + shown.height + dy)
        return SharpRegionPlan(region: PixelRect(x: left, y: top, width: right - left, height: bottom - top), scale: scale)
    }

    /// The part of the image on screen, in its own pixels (whole pixels, rounded outwards).
    public static func visibleRegion(frame: Rect, visible: Rect, sourceWidth: Int, sourceHeight: Int) -> PixelRect? {
        let sx = Double(sourceWidth) / frame.width, sy = Double(sourceHeight) / frame.height
        let left = max(0, Int(((visible.x - frame.x) * sx).rounded(.down)))
        let top = max(0, Int(((visible.y - frame.y) * sy).rounded(.down)))
        let right = min(sourceWidth, Int(((visible.x + visible.width - frame.x) * sx).rounded(.up)))
        let bottom = min(sourceHeight, Int(((visible.y + visible.height - frame.y) * sy).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether a region decoded as `have` still serves what `needed` asks:
    /// it covers the visible part and is nearly as sharp.
    public static func serves(_ have: SharpRegionPlan, visible: PixelRect, needed: SharpRegionPlan) -> Bool {
        have.region.contains(visible) && have.scale >= needed.scale * sharpnessThreshold
    }
}
