import ImageDecoding
import Pager

/// The compare view's one zoom and pan, shared by every cell: a scale
/// (times each picture's fitted size) and the point of the image, as a share
/// of its width and height, that sits at the centre of each cell's picture
/// area. Because it is relative, one value zooms and pans every cell alike:
/// a zoom around the pointer in one cell keeps the image point under it in
/// place, and in every other cell the same relative point stays at the same
/// place relative to that cell's fitted picture. Pure; the shell only draws
/// ``shown(fitted:in:)``.
///
/// ```swift
/// var zoom = CompareZoom()
/// zoom.zoom(by: 2, atX: 100, y: 100, fitted: fittedRect, picture: pictureRect)
/// zoom.shown(fitted: otherFitted, in: otherPicture)   // where the other cell draws its image
/// zoom.fit()                                          // `0`: back to fit
/// ```
struct CompareZoom: Equatable {
    /// The most a picture is enlarged, times its fitted size.
    static let maxScale = 32.0
    /// One wheel notch or `+` / `-`: the scale's factor.
    static let step = 1.25

    /// Times the fitted size; 1 is fitted.
    private(set) var scale = 1.0
    /// The image point at each picture area's centre, as shares of the
    /// image's width and height (0.5, 0.5 when fitted).
    private(set) var centreX = 0.5
    private(set) var centreY = 0.5

    var isFitted: Bool { scale == 1 }

    /// Where the image goes, in window pixels, for a cell whose picture
    /// area is `picture` and whose image fits it at `fitted`.
    func shown(fitted: PixelRect, in picture: PixelRect) -> Rect {
        let width = Double(fitted.width) * scale
        let height = Double(fitted.height) * scale
        if isFitted {
            return Rect(x: Double(fitted.x), y: Double(fitted.y), width: width, height: height)
        }
        let midX = Double(picture.x) + Double(picture.width) / 2
        let midY = Double(picture.y) + Double(picture.height) / 2
        return Rect(x: midX - centreX * width, y: midY - centreY * height, width: width, height: height)
    }

    /// The image point (shares of its width and height, kept inside the
    /// image) shown at (`x`, `y`) in the cell with `fitted` and `picture`.
    func imagePoint(atX x: Double, y: Double, fitted: PixelRect, picture: PixelRect) -> (x: Double, y: Double) {
        let shown = shown(fitted: fitted, in: picture)
        guard shown.width > 0, shown.height > 0 else { return (0.5, 0.5) }
        return (min(1, max(0, (x - shown.x) / shown.width)), min(1, max(0, (y - shown.y) / shown.height)))
    }

    /// Zooms by `factor` around (`x`, `y`), a point of the cell with
    /// `fitted` and `picture`: the image point under it stays under it
    /// (unless that would move the image's edge past the picture's centre).
    /// Back at the fitted scale or below, every picture is fitted again.
    mutating func zoom(by factor: Double, atX x: Double, y: Double, fitted: PixelRect, picture: PixelRect) {
        guard factor > 0, factor.isFinite, fitted.width > 0, fitted.height > 0 else { return }
        let point = imagePoint(atX: x, y: y, fitted: fitted, picture: picture)
        let newScale = min(Self.maxScale, max(1, scale * factor))
        guard newScale > 1 else { return fit() }
        let midX = Double(picture.x) + Double(picture.width) / 2
        let midY = Double(picture.y) + Double(picture.height) / 2
        scale = newScale
        centreX = Self.clamp(point.x + (midX - x) / (Double(fitted.width) * newScale))
        centreY = Self.clamp(point.y + (midY - y) / (Double(fitted.height) * newScale))
    }

    /// Pans every cell by (`dx`, `dy`) pixels of the cell with `fitted`:
    /// the image follows the pointer; the others move the same share of
    /// their own pictures. Fitted, nothing pans.
    mutating func pan(dx: Double, dy: Double, fitted: PixelRect) {
        guard !isFitted, fitted.width > 0, fitted.height > 0 else { return }
        centreX = Self.clamp(centreX - dx / (Double(fitted.width) * scale))
        centreY = Self.clamp(centreY - dy / (Double(fitted.height) * scale))
    }

    /// Every picture fitted again (`0`).
    mutating func fit() {
        (scale, centreX, centreY) = (1, 0.5, 0.5)
    }

    /// A share kept within the image: some of it always covers the centre.
    private static func clamp(_ share: Double) -> Double {
        min(1, max(0, share))
    }
}
