import Gallery
import ImageDecoding

/// Where an image goes on its page: scaled to fit the page, never past its
/// source size (a small image is shown at 1:1, not blown up), centred, the
/// rest of the page left as letterbox.
///
/// ```swift
/// let page = PixelRect(x: 0, y: 0, width: 1280, height: 800)
/// Letterbox.fit(sourceWidth: 4000, sourceHeight: 3000, in: page)
/// // PixelRect(x: 106, y: 0, width: 1067, height: 800)
/// ```
public enum Letterbox {
    /// With `upscale`, a small image is scaled up to fill the page too.
    public static func fit(sourceWidth: Int, sourceHeight: Int, in page: PixelRect, upscale: Bool = false) -> PixelRect {
        guard sourceWidth > 0, sourceHeight > 0, page.width > 0, page.height > 0 else {
            return PixelRect(x: page.x, y: page.y, width: 0, height: 0)
        }
        let scale = min(upscale ? .infinity : 1, Double(page.width) / Double(sourceWidth), Double(page.height) / Double(sourceHeight))
        let width = min(page.width, max(1, Int((Double(sourceWidth) * scale).rounded())))
        let height = min(page.height, max(1, Int((Double(sourceHeight) * scale).rounded())))
        return PixelRect(x: page.x + (page.width - width) / 2, y: page.y + (page.height - height) / 2,
                         width: width, height: height)
    }
}
