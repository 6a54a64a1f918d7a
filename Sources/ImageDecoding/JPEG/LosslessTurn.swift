import CTurboJPEG

/// Turns a JPEG's pixels without decoding them: libjpeg-turbo's lossless
/// transform (`tjTransform`) rotates or mirrors the DCT blocks, so no pixel
/// is decoded and encoded again. The turn written is the file's own EXIF
/// orientation followed by the view's turn (what the user sees), and the
/// output's orientation tag is then set to 1: the pixels are upright as
/// stored. Every marker (EXIF, ICC, XMP, comments) is copied as it is.
///
/// Only whole blocks can be moved: when the width or height is not a whole
/// number of blocks (an MCU, 8 or 16 px) and the turn moves that partial
/// edge, the perfect transform fails and ``Outcome/imperfect(width:height:)``
/// says what a trimmed one would keep; the caller asks before trimming.
///
/// The bytes are hostile: the frame size is checked against
/// ``DecodeLimits/maximumJPEGPixels`` before libjpeg allocates for it, and
/// every libjpeg-turbo return code is checked.
///
/// ```swift
/// let outcome = LosslessTurn.turn(jpeg: bytes, by: .rotate90, trim: false)
/// if case .turned(let turned) = outcome { /* write turned */ }
/// ```
public enum LosslessTurn {
    /// What a turn gave.
    public enum Outcome: Equatable, Sendable {
        /// The turned file's bytes, orientation tag 1.
        case turned([UInt8])
        /// The turn moves a partial edge block: a trimmed turn would be
        /// `width` × `height` (upright).
        case imperfect(width: Int, height: Int)
        /// Not a JPEG libjpeg-turbo can transform, with why.
        case failed(String)
    }

    /// The whole turn to write for a file stored with `file` orientation and
    /// shown turned by `view`: the file's orientation, then the view's.
    public static func combined(file: ExifOrientation, view: ExifOrientation) -> ExifOrientation {
        file.followed(by: view)
    }

    /// The TurboJPEG transform (`TJXOP_*`) that turns stored pixels the way
    /// `orientation` says they must be shown. Both name the same eight
    /// symmetries: EXIF 5 (transpose) mirrors across the top-left to
    /// bottom-right diagonal, as `TJXOP_TRANSPOSE` does; 7 across the other.
    public static func operation(for orientation: ExifOrientation) -> Int32 {
        let operation: TJXOP
        switch orientation {
        case .normal: operation = TJXOP_NONE
        case .mirrorHorizontal: operation = TJXOP_HFLIP
        case .rotate180: operation = TJXOP_ROT180
        case .mirrorVertical: operation = TJXOP_VFLIP
        case .transpose: operation = TJXOP_TRANSPOSE
        case .rotate90: operation = TJXOP_ROT90
        case .transverse: operation = TJXOP_TRANSVERSE
        case .rotate270: operation = TJXOP_ROT270
        }
        return Int32(operation.rawValue)
    }

    /// Turns `jpeg` (a whole file) by `view` on top of its own EXIF
    /// orientation. With `trim`, partial edge blocks the turn would move
    /// are dropped; without, such a turn gives ``Outcome/imperfect(width:height:)``.
    public static func turn(jpeg: [UInt8], by view: ExifOrientation, trim: Bool) -> Outcome {
        let structure = jpeg.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let width = structure.width, let height = structure.height, width > 0, height > 0 else {
            return .failed("not a JPEG with a frame")
        }
        if DecodeLimits.exceeds(width: width, height: height, limit: DecodeLimits.maximumJPEGPixels) {
            return .failed(DecodeLimits.overLimitMessage(width: width, height: height, limit: DecodeLimits.maximumJPEGPixels))
        }
        let orientation = combined(file: structure.orientation, view: view)
        let operation = operation(for: orientation)
        if !trim, case .turned(var bytes) = transform(jpeg, operation: operation, options: TJXOPT_PERFECT) {
            setOrientationToNormal(in: &bytes)
            dropThumbnail(in: &bytes)
            return .turned(bytes)
        }
        switch transform(jpeg, operation: operation, options: TJXOPT_TRIM) {
        case .turned(var bytes):
            if !trim { return imperfectSize(of: bytes) }
            setOrientationToNormal(in: &bytes)
            dropThumbnail(in: &bytes)
            return .turned(bytes)
        case let other:
            return other
        }
    }

    /// The size of the trimmed turn in `bytes`, as a refusal to trim unasked.
    private static func imperfectSize(of bytes: [UInt8]) -> Outcome {
        let structure = bytes.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        return .imperfect(width: structure.width ?? 0, height: structure.height ?? 0)
    }

    /// One `tjTransform` call; the output is copied out and libjpeg-turbo's
    /// buffer freed whatever happens.
    static func transform(_ jpeg: [UInt8], operation: Int32, options: Int32) -> Outcome {
        guard let handle = tjInitTransform() else { return .failed("the JPEG transformer could not start") }
        defer { tjDestroy(handle) }
        var transform = tjtransform()
        transform.op = operation
        transform.options = options
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = jpeg.withUnsafeBufferPointer { input in
            tjTransform(handle, input.baseAddress, UInt(input.count), 1, &output, &outputSize, &transform, 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output, outputSize > 0 else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            return .failed(message)
        }
        return .turned(Array(UnsafeBufferPointer(start: output, count: Int(outputSize))))
    }

    /// Sets the orientation tag of the first EXIF segment's IFD0 to 1 in
    /// place (either byte order, SHORT or LONG). Returns false when there is
    /// no EXIF segment or no orientation tag in it: nothing to change.
    @discardableResult
    public static func setOrientationToNormal(in jpeg: inout [UInt8]) -> Bool {
        let structure = jpeg.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let payload = structure.exifPayload, payload.count > 6 else { return false }
        let tiffStart = payload.lowerBound + 6
        guard let (offset, width, bigEndian) = jpeg.withUnsafeBufferPointer({ buffer in
            orientationValue(in: ByteView(UnsafeBufferPointer(rebasing: buffer[tiffStart..<payload.upperBound])))
        }) else { return false }
        let at = tiffStart + offset
        for index in 0..<width {
            let isLast = bigEndian ? index == width - 1 : index == 0
            jpeg[at + index] = isLast ? 1 : 0
        }
        return true
    }

    /// Unlinks the first EXIF segment's thumbnail (IFD1) by setting IFD0's
    /// next-IFD offset to 0 in place. The transform copies the EXIF as it
    /// is, so the thumbnail keeps the old turn under the new orientation 1:
    /// a viewer that shows it first (fourway does) would show the picture
    /// turned back. Its bytes stay, unreferenced. Returns false when there
    /// is no EXIF or no thumbnail linked.
    @discardableResult
    public static func dropThumbnail(in jpeg: inout [UInt8]) -> Bool {
        let structure = jpeg.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let payload = structure.exifPayload, payload.count > 6 else { return false }
        let tiffStart = payload.lowerBound + 6
        guard let offset = jpeg.withUnsafeBufferPointer({ buffer in
            nextIFDLink(in: ByteView(UnsafeBufferPointer(rebasing: buffer[tiffStart..<payload.upperBound])))
        }) else { return false }
        for index in 0..<4 { jpeg[tiffStart + offset + index] = 0 }
        return true
    }

    /// Where IFD0's link to the next IFD lies in a TIFF structure, when it
    /// links one; nil when it is 0 or out of bounds.
    static func nextIFDLink(in view: ByteView) -> Int? {
        let bigEndian: Bool
        if view.matches("MM") { bigEndian = true } else if view.matches("II") { bigEndian = false } else { return nil }
        guard view.u16(2, bigEndian: bigEndian) == 42, let ifd = view.u32(4, bigEndian: bigEndian),
              let entries = view.u16(ifd, bigEndian: bigEndian) else { return nil }
        let link = ifd + 2 + entries * 12
        guard let next = view.u32(link, bigEndian: bigEndian), next != 0 else { return nil }
        return link
    }

    /// Where IFD0's orientation value lies in a TIFF structure, its width in
    /// bytes (2 or 4) and byte order; nil when absent or out of bounds.
    static func orientationValue(in view: ByteView) -> (offset: Int, width: Int, bigEndian: Bool)? {
        let bigEndian: Bool
        if view.matches("MM") { bigEndian = true } else if view.matches("II") { bigEndian = false } else { return nil }
        guard view.u16(2, bigEndian: bigEndian) == 42, let ifd = view.u32(4, bigEndian: bigEndian),
              let entries = view.u16(ifd, bigEndian: bigEndian) else { return nil }
        // As ExifOrientation.parse: a lying count stays cheap.
        for index in 0..<min(entries, 1024) {
            let entry = ifd + 2 + index * 12
            guard let tag = view.u16(entry, bigEndian: bigEndian) else { return nil }
            guard tag == 0x0112 else { continue }
            guard let type = view.u16(entry + 2, bigEndian: bigEndian) else { return nil }
            let width = type == 3 ? 2 : type == 4 ? 4 : 0
            guard width > 0, view.has(entry + 8, width) else { return nil }
            return (entry + 8, width, bigEndian)
        }
        return nil
    }
}
