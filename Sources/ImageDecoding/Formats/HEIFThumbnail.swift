import CHeif

/// The small picture a HEIF file stores beside its image: a thumbnail item
/// (`thmb` reference to the primary item), about 320×240 in a phone's HEIC,
/// decoded by libheif in milliseconds where the 12 MP image itself takes
/// half a second or more. The first image shows it while its real decode
/// runs, as it shows a JPEG's EXIF thumbnail (``EmbeddedThumbnail``).
///
/// Upright like the image: libheif applies the thumbnail item's own `irot`
/// and `imir` (a phone gives it the primary's); a thumbnail that has none
/// while the primary has is turned by the primary's. Only a picture of the
/// whole image is used: a thumbnail whose shape is not the image's (within
/// 3 %) gives nil, as does one that does not decode.
///
/// ```swift
/// if let sketch = HEIFThumbnail.decode(path: "/photos/IMG_0001.HEIC") {
///     sketch.width            // 320: the thumbnail's own pixels
///     sketch.sourceWidth      // 4032: the photo's, upright
/// }
/// ```
public enum HEIFThumbnail {
    /// A file larger than this (bytes) gets no thumbnail: it is read whole,
    /// as the item may lie anywhere in `mdat`.
    static let maximumFileBytes = 64 << 20
    /// Larger (pixels) is no thumbnail: phones store 320×240.
    static let maximumPixels = 1 << 20
    /// How far the thumbnail's width:height may stray from the image's
    /// (a fraction): encoders round a thumbnail's sides to even numbers.
    static let shapeTolerance = 0.03

    /// The thumbnail item of the HEIC or AVIF at `path`, upright, in sRGB,
    /// with the image's upright size as its source size; nil when the file
    /// has none (or none usable), is not a HEIF file or cannot be read.
    public static func decode(path: String) -> DecodedImage? {
        guard let bytes = try? FileReader.read(path, limit: maximumFileBytes), bytes.count < maximumFileBytes else {
            return nil
        }
        return bytes.withUnsafeBufferPointer { decode(in: $0) }
    }

    /// The same, from the whole file's bytes.
    static func decode(in buffer: UnsafeBufferPointer<UInt8>) -> DecodedImage? {
        let structure = HEIFStructure.parse(buffer)
        // Most files have none: say so without starting libheif.
        guard let primaryID = structure.primaryID, !structure.thumbnailIDs.isEmpty else { return nil }
        let name = structure.isAVIF ? ImageFormat.avif.name : ImageFormat.heic.name
        guard let file = try? HEIFFile(buffer, structure: structure, name: name, path: "thumbnail") else { return nil }
        // The primary's handle is the file's: it must not go before the end.
        return withExtendedLifetime(file) { decode(file, structure: structure, primaryID: primaryID, name: name) }
    }

    /// The thumbnail of the open `file` (see ``decode(in:)``).
    private static func decode(_ file: HEIFFile, structure: HEIFStructure, primaryID: Int, name: String) -> DecodedImage? {
        guard let (id, handle) = largest(of: file.primary) else { return nil }
        defer { fw_heif_image_handle_release(handle) }
        let width = Int(fw_heif_image_handle_get_width(file.primary))
        let height = Int(fw_heif_image_handle_get_height(file.primary))
        guard width > 0, height > 0, let decoded = try? HEIFDecoder.decodeFitted(
            handle, maxWidth: 0, maxHeight: 0, structure: structure, name: name, path: "thumbnail") else { return nil }
        var image = decoded.image
        if structure.transforms[id] == nil, let primary = structure.transforms[primaryID] {
            image = turned(image, by: primary)
        }
        let shape = Double(image.width) / Double(image.height), photoShape = Double(width) / Double(height)
        guard abs(shape - photoShape) <= shapeTolerance * photoShape else { return nil }
        let profile = HEIFDecoder.colorProfile(handle) ?? HEIFDecoder.colorProfile(file.primary)
        ColorProfile.convertForDisplay(&image, iccProfile: profile ?? [])
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels, sourceWidth: width,
                            sourceHeight: height, format: name, isOpaque: !decoded.hasAlpha)
    }

    /// The primary's largest thumbnail no larger than ``maximumPixels``:
    /// its item ID and handle (the caller releases it).
    private static func largest(of primary: OpaquePointer) -> (Int, OpaquePointer)? {
        let count = Int(fw_heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: min(count, 16))
        let listed = Int(fw_heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(ids.count)))
        var best: (id: Int, handle: OpaquePointer, pixels: Int)?
        for id in ids.prefix(listed) {
            var handle: OpaquePointer?
            guard fw_heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else { continue }
            let pixels = Int(fw_heif_image_handle_get_width(handle)) * Int(fw_heif_image_handle_get_height(handle))
            if pixels > 0, pixels <= maximumPixels, pixels > best?.pixels ?? 0 {
                if let best { fw_heif_image_handle_release(best.handle) }
                best = (Int(id), handle, pixels)
            } else {
                fw_heif_image_handle_release(handle)
            }
        }
        return best.map { ($0.id, $0.handle) }
    }

    /// `image` turned as libheif 1.15 turns an item with `transform`: its
    /// `irot` (quarter turns anticlockwise) first, then its `imir` (axis 1
    /// swaps left and right, axis 0 top and bottom, as libheif 1.15 reads it).
    static func turned(_ image: PixelBuffer, by transform: HEIFStructure.Transform) -> PixelBuffer {
        let turns: [ExifOrientation] = [.normal, .rotate270, .rotate180, .rotate90]
        var result = image.oriented(turns[transform.quarterTurns & 3])
        if let axis = transform.mirrorAxis { result = result.oriented(axis == 1 ? .mirrorHorizontal : .mirrorVertical) }
        return result
    }
}
