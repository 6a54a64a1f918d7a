/// The file name extensions the scanner treats as images.
///
/// Files are *chosen* by extension (so a folder scan never opens a file) but
/// *decoded* by content, so a PNG named `.jpg` still opens. Formats SDL_image
/// cannot decode here (AVIF, JPEG XL, HEIC) are listed on purpose: they show
/// as pages with a clear error instead of silently missing.
///
/// ```swift
/// ImageExtensions.matches("IMG_0001.JPG")   // true
/// ImageExtensions.matches("notes.txt")      // false
/// ```
public enum ImageExtensions {
    /// Lower-case extensions without the dot.
    public static let all: [String] = [
        "jpg", "jpeg", "jpe", "jfif", "png", "apng", "webp", "gif", "bmp", "dib",
        "tif", "tiff", "tga", "icb", "vda", "vst", "pcx", "pnm", "ppm", "pgm", "pbm",
        "xpm", "xcf", "lbm", "iff", "ilbm", "qoi", "svg", "ico", "cur", "xv",
        "avif", "jxl", "heic", "heif",
        // Camera raw files (LibRaw): decided by content like the rest.
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "rwl", "pef",
        "srw", "x3f", "mrw", "3fr", "erf", "kdc", "dcr", "mef", "mos", "iiq",
    ]

    /// Each extension packed into a `UInt64` so the check costs no allocation.
    private static let packed: Set<UInt64> = Set(all.map { pack(Array($0.utf8)[...])! })

    /// True when `name` ends in one of ``all`` (case-insensitive).
    public static func matches(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { matches(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// True when the file name in `bytes` ends in an image extension.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = bytes.lastIndex(of: 0x2E), dot > bytes.startIndex else { return false }
        guard let key = pack(bytes[(dot + 1)...]) else { return false }
        return packed.contains(key)
    }

    /// ASCII-lower-cased bytes packed little-endian; nil when too long or empty.
    private static func pack<C: Collection>(_ ext: C) -> UInt64? where C.Element == UInt8 {
        guard !ext.isEmpty, ext.count <= 8 else { return nil }
        var key: UInt64 = 0
        var shift: UInt64 = 0
        for byte in ext {
            let lower = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
            key |= UInt64(lower) << shift
            shift += 8
        }
        return key
    }
}
