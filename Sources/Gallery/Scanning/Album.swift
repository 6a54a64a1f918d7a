/// A subfolder of the scanned folder that directly holds images.
///
/// ```swift
/// for album in contents.albums { print(album.name, album.images.count) }
/// ```
public struct Album: Sendable, Hashable {
    /// Path of the subfolder relative to the scanned root (`trip`, `2023/trip`).
    public let name: String
    /// Its images in natural order.
    public let images: [ImageEntry]

    /// `Album(name: "trip", images: entries)`.
    public init(name: String, images: [ImageEntry]) {
        self.name = name
        self.images = images
    }
}
