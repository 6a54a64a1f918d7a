/// The small JPEG that cameras and phones store in a photo's EXIF block
/// (IFD1, typically 160×120): a true picture of the photo that decodes in
/// well under a millisecond, where the photo itself takes 30–60 ms. The
/// first image shows it until its real decode is done (Gallery's `FirstImageDecode`),
/// never after.
///
/// Only a thumbnail that shows the whole photo is used: one whose shape
/// matches the photo's, or one letterboxed into a fixed size with black
/// bars (as some cameras store a 3:2 photo in 160×120), which is cropped.
/// Anything else (a thumbnail cut from the middle, another picture) gives nil.
///
/// ```swift
/// if let sketch = ExifThumbnail.decode(path: "/photos/DSC_0001.JPG") {
///     sketch.width            // 160: the thumbnail's own pixels
///     sketch.sourceWidth      // 6000: the photo's, upright, for fitting it to the window
/// }
/// ```
public enum ExifThumbnail {
    /// How much of the file is read to find it (bytes): the EXIF segment is
    /// at most 64 KB and comes first, behind at most a JFIF segment.
    static let headLength = 1 << 17
    /// How far the thumbnail's width:height may stray from the photo's and
    /// still count as the same shape (a fraction): encoders round the
    /// thumbnail's size to whole pixels, or to multiples of 8 or 16.
    static let shapeTolerance = 0.03
    /// The brightest a letterbox bar may be (0–255, every channel of every
    /// pixel), allowing for JPEG's ringing next to the picture's edge.
    static let barMaximum: UInt8 = 40
    /// Larger (pixels) is no thumbnail: cameras store 160×120, a few 640×480.
    static let maximumPixels = 1 << 20

    /// The photo at `path`'s embedded thumbnail, upright, in sRGB, with the
    /// photo's own upright size as its source size; nil when the file is not
    /// a JPEG, has no usable thumbnail, or cannot be read.
    public static func decode(path: String) -> DecodedImage? {
        guard let head = try? FileReader.read(path, limit: headLength) else { return nil }
        return head.withUnsafeBufferPointer { decode(in: $0) }
    }

    /// The same, from a JPEG's first bytes (or the whole file).
    static func decode(in bytes: UnsafeBufferPointer<UInt8>) -> DecodedImage? {
        let structure = JPEGStructure.parse(bytes)
        guard let width = structure.width, let height = structure.height, width > 0, height > 0,
              let range = structure.thumbnail,
              let stored = decompress(UnsafeBufferPointer(rebasing: bytes[range])),
              let picture = wholePicture(stored, photoWidth: width, photoHeight: height) else { return nil }
        var image = picture.oriented(structure.orientation)
        let profile = structure.iccProfile(in: bytes)
        ColorProfile.convertForDisplay(&image, iccProfile: profile)
        let upright = structure.orientation.swapsAxes ? (w: height, h: width) : (w: width, h: height)
        return DecodedImage(width: image.width, height: image.height, pixels: image.pixels,
                            sourceWidth: upright.w, sourceHeight: upright.h, format: "JPEG", isOpaque: true)
    }

    /// ``locate(tiff:)-(ByteView)`` on raw bytes (the TIFF block after an APP1
    /// segment's `Exif\0\0`), for the header fuzzer:
    /// `ExifThumbnail.locate(tiff: buffer)   // 68..<5445, or nil`.
    public static func locate(tiff bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        locate(tiff: ByteView(bytes))
    }

    /// Where the thumbnail's JPEG lies in the TIFF structure of an EXIF
    /// segment (offsets from its `II`/`MM` header): the second IFD's
    /// JPEGInterchangeFormat (0x0201) and its length (0x0202). Nil without
    /// one, for an uncompressed thumbnail (Compression 0x0103 of 1),
    /// or when anything points outside `view`.
    static func locate(tiff view: ByteView) -> Range<Int>? {
        let bigEndian: Bool
        if view.matches("MM") { bigEndian = true } else if view.matches("II") { bigEndian = false } else { return nil }
        guard view.u16(2, bigEndian: bigEndian) == 42,
              let ifd0 = view.u32(4, bigEndian: bigEndian), ifd0 >= 8,
              let count0 = view.u16(ifd0, bigEndian: bigEndian),
              let ifd1 = view.u32(ifd0 + 2 + count0 * 12, bigEndian: bigEndian), ifd1 >= 8, ifd1 != ifd0,
              let count1 = view.u16(ifd1, bigEndian: bigEndian) else { return nil }
        var offset: Int?, length: Int?
        // A real IFD1 has a handful of entries; the bound keeps a lying count cheap.
        for index in 0..<min(count1, 256) {
            let entry = ifd1 + 2 + index * 12
            guard let tag = view.u16(entry, bigEndian: bigEndian),
                  let type = view.u16(entry + 2, bigEndian: bigEndian) else { return nil }
            let value = type == 3 ? view.u16(entry + 8, bigEndian: bigEndian) : view.u32(entry + 8, bigEndian: bigEndian)
            // Debian's `exif --insert-thumbnail` (libexif 0.6) writes
            // Compression 0 and each pointer tag twice, the first as 0: only
            // an explicit 1 (uncompressed strips) rules the thumbnail out,
            // and a pointer of 0 is no pointer; the bytes must be a JPEG anyway.
            switch tag {
            case 0x0103: if value == 1 { return nil }
            case 0x0201: if let value, value > 0 { offset = value }
            case 0x0202: if let value, value > 0 { length = value }
            default: break
            }
        }
        guard let offset, let length, offset >= 8, length > 4, view.has(offset, length),
              view.u16be(offset) == 0xFFD8 else { return nil }
        return offset..<(offset + length)
    }

    /// The thumbnail's pixels at its own size, decoded as any JPEG is
    /// (``JPEGDecoder``: one cut short is refused, as the stand-in would not
    /// be true); nil for one implausibly large for a thumbnail.
    private static func decompress(_ bytes: UnsafeBufferPointer<UInt8>) -> PixelBuffer? {
        let own = JPEGStructure.parse(bytes)
        guard let width = own.width, let height = own.height, width > 0, height > 0,
              width * height <= maximumPixels,
              let image = try? JPEGDecoder.decode(Array(bytes), path: "EXIF thumbnail", maxWidth: width, maxHeight: height)
        else { return nil }
        return PixelBuffer(width: image.width, height: image.height, pixels: image.pixels)
    }

    /// `thumbnail` as a picture of the whole photo: as is when the shapes
    /// match, cropped to the photo's shape when the rest is black bars, nil
    /// otherwise. Both sizes are in stored orientation.
    static func wholePicture(_ thumbnail: PixelBuffer, photoWidth: Int, photoHeight: Int) -> PixelBuffer? {
        let photoShape = Double(photoWidth) / Double(photoHeight)
        let shape = Double(thumbnail.width) / Double(thumbnail.height)
        if abs(shape - photoShape) <= shapeTolerance * photoShape { return thumbnail }
        // The photo's shape fitted into the thumbnail's size, centred.
        let scale = min(Double(thumbnail.width) / Double(photoWidth), Double(thumbnail.height) / Double(photoHeight))
        let fit = (width: min(thumbnail.width, Int((Double(photoWidth) * scale).rounded())),
                   height: min(thumbnail.height, Int((Double(photoHeight) * scale).rounded())))
        let x = (thumbnail.width - fit.width) / 2, y = (thumbnail.height - fit.height) / 2
        guard fit.width >= 8, fit.height >= 8 else { return nil }
        var barsAreBlack = true
        thumbnail.pixels.withUnsafeBufferPointer { p in
            for row in 0..<thumbnail.height {
                let inside = row >= y && row < y + fit.height
                for column in 0..<thumbnail.width where !inside || column < x || column >= x + fit.width {
                    let i = (row * thumbnail.width + column) * 4
                    if p[i] > barMaximum || p[i + 1] > barMaximum || p[i + 2] > barMaximum {
                        barsAreBlack = false
                        return
                    }
                }
            }
        }
        guard barsAreBlack else { return nil }
        var cropped = [UInt8](repeating: 0, count: fit.width * fit.height * 4)
        for row in 0..<fit.height {
            let from = ((y + row) * thumbnail.width + x) * 4
            cropped.replaceSubrange((row * fit.width * 4)..<((row + 1) * fit.width * 4),
                                    with: thumbnail.pixels[from..<(from + fit.width * 4)])
        }
        return PixelBuffer(width: fit.width, height: fit.height, pixels: cropped)
    }
}
