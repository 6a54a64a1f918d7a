/// The EXIF orientation tag (0x0112): how the stored pixels must be turned
/// to show the picture upright. Rotations are clockwise, as the viewer must
/// apply them.
///
/// | value | stored row 0 is at | stored column 0 is at | to display |
/// |---|---|---|---|
/// | 1 | top | left | as is |
/// | 2 | top | right | mirror left↔right |
/// | 3 | bottom | right | rotate 180° |
/// | 4 | bottom | left | mirror top↔bottom |
/// | 5 | left | top | transpose (mirror across the main diagonal) |
/// | 6 | right | top | rotate 90° clockwise |
/// | 7 | right | bottom | transverse (mirror across the other diagonal) |
/// | 8 | left | bottom | rotate 90° counter-clockwise |
///
/// ```swift
/// let orientation = ExifOrientation(rawValue: 6)!   // .rotate90
/// orientation.swapsAxes                              // true: width and height trade places
/// ```
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case normal = 1, mirrorHorizontal, rotate180, mirrorVertical, transpose, rotate90, transverse, rotate270

    /// True for 5–8: the displayed width is the stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Clockwise quarter turns (0…3) after ``isMirrored``'s left↔right mirror:
    /// the orientation as a turn the user can picture.
    public var quarterTurns: Int {
        let base: ExifOrientation = isMirrored ? .mirrorHorizontal : .normal
        return [ExifOrientation.normal, .rotate90, .rotate180, .rotate270].firstIndex {
            base.followed(by: $0) == self
        } ?? 0
    }

    /// Whether it mirrors the picture (2, 4, 5, 7).
    public var isMirrored: Bool { [2, 4, 5, 7].contains(rawValue) }

    /// This orientation, then `next` on its result: how the view's turns
    /// (`r`, `|`, …) add up on top of a photo's own orientation. The eight
    /// orientations are the symmetries of a rectangle, so the result is
    /// one of them; it is found by comparing where each pixel of a small
    /// rectangle with no symmetry of its own lands.
    ///
    /// ```swift
    /// ExifOrientation.rotate90.followed(by: .rotate90)   // .rotate180
    /// ```
    public func followed(by next: ExifOrientation) -> ExifOrientation {
        let (width, height) = (3, 2)
        let middle = swapsAxes ? (w: height, h: width) : (w: width, h: height)
        let final = next.swapsAxes ? (w: middle.h, h: middle.w) : middle
        return Self.allCases.first { candidate in
            guard candidate.swapsAxes == (final.w != width) else { return false }
            for y in 0..<final.h {
                for x in 0..<final.w {
                    let between = next.source(x: x, y: y, width: middle.w, height: middle.h)
                    if candidate.source(x: x, y: y, width: width, height: height)
                        != source(x: between.x, y: between.y, width: width, height: height) { return false }
                }
            }
            return true
        } ?? self
    }

    /// The stored pixel that lands at displayed position (`x`, `y`), for a
    /// stored image of `width` × `height`.
    func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .normal: return (x, y)
        case .mirrorHorizontal: return (width - 1 - x, y)
        case .rotate180: return (width - 1 - x, height - 1 - y)
        case .mirrorVertical: return (x, height - 1 - y)
        case .transpose: return (y, x)
        case .rotate90: return (y, height - 1 - x)
        case .transverse: return (width - 1 - y, height - 1 - x)
        case .rotate270: return (width - 1 - y, x)
        }
    }

    /// Reads the orientation from the TIFF structure inside an EXIF APP1
    /// segment (the bytes after `Exif\0\0`). Never trusts a length or an
    /// offset: anything out of bounds or malformed gives nil.
    public static func parse(tiff bytes: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
        parse(tiff: ByteView(bytes))
    }

    /// ``parse(tiff:)-(UnsafeBufferPointer<UInt8>)`` on a bounds-checked view.
    static func parse(tiff view: ByteView) -> ExifOrientation? {
        let bigEndian: Bool
        if view.matches("MM") { bigEndian = true } else if view.matches("II") { bigEndian = false } else { return nil }
        guard view.u16(2, bigEndian: bigEndian) == 42,
              let ifd = view.u32(4, bigEndian: bigEndian),
              let entries = view.u16(ifd, bigEndian: bigEndian) else { return nil }
        // A real IFD0 has a few dozen entries; the bound keeps a lying count cheap.
        for index in 0..<min(entries, 1024) {
            let entry = ifd + 2 + index * 12
            guard let tag = view.u16(entry, bigEndian: bigEndian) else { return nil }
            guard tag == 0x0112 else { continue }
            guard let type = view.u16(entry + 2, bigEndian: bigEndian),
                  let count = view.u32(entry + 4, bigEndian: bigEndian), count >= 1 else { return nil }
            let value: Int?
            switch type {
            case 3: value = view.u16(entry + 8, bigEndian: bigEndian)   // SHORT, the standard
            case 4: value = view.u32(entry + 8, bigEndian: bigEndian)   // LONG, seen from a few writers
            default: value = nil
            }
            return value.flatMap(ExifOrientation.init(rawValue:))
        }
        return nil
    }
}
