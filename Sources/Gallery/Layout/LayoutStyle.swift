/// How a folder's images are arranged as pages.
///
/// - `auto`: `albums` when at least one subfolder holds images, else `grid`.
/// - `grid`: every image (loose first, then each album) in reading order,
///   `columns` per row (≈ √n by default); the last row may be short.
/// - `albums`: one row per album (the loose images first, as their own row),
///   left/right within an album, up/down between albums.
/// - `row`: all images in one horizontal line; the vertical axis is disabled.
/// - `column`: all images in one vertical line; the horizontal axis is disabled.
///
/// ```swift
/// let style = LayoutStyle(rawValue: "albums") ?? .auto
/// ```
public enum LayoutStyle: String, Sendable, CaseIterable {
    case auto, grid, albums, row, column
}
