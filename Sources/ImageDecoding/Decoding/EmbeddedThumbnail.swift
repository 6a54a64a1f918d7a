/// The small picture a photo file carries of itself, whatever its format:
/// a JPEG's EXIF thumbnail (``ExifThumbnail``), a HEIC's or AVIF's thumbnail
/// item (``HEIFThumbnail``); for a large JPEG without one, its first DC
/// scans when progressive (``JPEGDCDecoder/sketch(path:)``), its DC read on
/// two cores when baseline (``JPEGBaselineSketch``). The first image shows it, scaled up, while the
/// photo itself decodes (Gallery's `FirstImageDecode`); other formats have
/// none and give nil.
///
/// ```swift
/// EmbeddedThumbnail.source(of: .heic)     // .heifItem
/// EmbeddedThumbnail.decode(path: "/photos/IMG_0001.HEIC")?.width   // 320
/// ```
public enum EmbeddedThumbnail {
    /// Where a format keeps its thumbnail.
    public enum Source: Equatable, Sendable {
        /// IFD1 of the EXIF block (JPEG).
        case exif
        /// A thumbnail item referring to the primary image (HEIC, AVIF).
        case heifItem
    }

    /// Where a file of `format` keeps its thumbnail; nil for formats that
    /// have none the browser reads.
    public static func source(of format: ImageFormat) -> Source? {
        switch format {
        case .jpeg: return .exif
        case .heic, .avif: return .heifItem
        default: return nil
        }
    }

    /// The thumbnail of the photo at `path`, upright, in sRGB, with the
    /// photo's upright size as its source size; nil when it has none usable.
    public static func decode(path: String) -> DecodedImage? {
        switch ContentSniffer.format(ofFile: path).flatMap(source(of:)) {
        // Without one, a large progressive JPEG's first DC scans (the file's
        // first few percent) stand in while libjpeg reads every scan; a
        // large baseline JPEG's DC, read on two cores, while libjpeg decodes it.
        case .exif:
            return ExifThumbnail.decode(path: path) ?? JPEGDCDecoder.sketch(path: path)
                ?? JPEGBaselineSketch.sketch(path: path)
        case .heifItem: return HEIFThumbnail.decode(path: path)
        case nil: return nil
        }
    }
}
