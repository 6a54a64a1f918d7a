/// Whether a file's first bytes are a camera's raw file, and which kind,
/// decided by content as every format is (``ContentSniffer``).
///
/// Some raw formats have their own signature: Canon CR3 (an ISO box with
/// brand `crx `), CRW (`HEAPCCDR`), Fujifilm RAF (`FUJIFILMCCD-RAW`),
/// Olympus ORF (`IIRO`, `IIRS`, `MMOR`), Panasonic RW2 (`IIU`), Minolta MRW
/// and Sigma X3F. Many others are TIFF files (`II*` or `MM*`), like a
/// scan, and are told apart by their first directory (IFD0):
///
/// - a `DNGVersion` tag (0xC612): DNG, whatever the file is named;
/// - Canon's `CR` after the TIFF header: CR2;
/// - a `Make` tag naming a camera maker *and* a sign of raw data that a
///   plain TIFF does not have: sub-directories (`SubIFDs`, where NEF, ARW,
///   PEF and SRW keep the sensor data behind a small preview), a colour
///   filter array or linear raw photometric, or a vendor's compression
///   (Nikon, Sony, Pentax, Samsung, Kodak). A TIFF a photo editor
///   wrote from such a file keeps the `Make` but has none of these, and
///   stays a TIFF for libtiff.
///
/// The directory is read only within the bytes given (the sniffer's first
/// 4 KB); a raw file whose IFD0 lies beyond them is taken for a TIFF.
///
/// ```swift
/// let head = Array("FUJIFILMCCD-RAW 0201FF383501".utf8)
/// head.withUnsafeBufferPointer { CameraRawSignature.kind(of: ByteView($0)) }   // "RAF"
/// ```
public enum CameraRawSignature {
    /// The kind of raw file (`"DNG"`, `"CR2"`, `"CR3"`, `"RAF"`, `"ORF"`,
    /// `"RW2"`, `"NEF"`, …; `"camera raw"` for a TIFF-based one from a
    /// maker not named below), or nil when the bytes are not one.
    package static func kind(of view: ByteView) -> String? {
        if view.matches("ftyp", at: 4), view.matches("crx ", at: 8) { return "CR3" }
        if view.matches("FUJIFILMCCD-RAW") { return "RAF" }
        if view.matches("IIRO") || view.matches("IIRS") || view.matches("MMOR") { return "ORF" }
        if view.matches([0x49, 0x49, 0x55, 0x00]) { return "RW2" }
        if view.matches([0x49, 0x49, 0x1A, 0x00, 0x00, 0x00]), view.matches("HEAPCCDR", at: 6) { return "CRW" }
        if view.matches([0x00, 0x4D, 0x52, 0x4D]) { return "MRW" }
        if view.matches("FOVb") { return "X3F" }
        let bigEndian: Bool
        if view.matches([0x49, 0x49, 0x2A, 0x00]) { bigEndian = false } else if view.matches([0x4D, 0x4D, 0x00, 0x2A]) {
            bigEndian = true
        } else { return nil }
        if !bigEndian, view.matches("CR", at: 8) { return "CR2" }
        return tiffBasedKind(view, bigEndian: bigEndian)
    }

    /// Makers whose cameras write TIFF-based raw files, by the start of
    /// their `Make` tag, upper-cased, and the kind their files are named by.
    static let makers: [(prefix: String, kind: String)] = [
        ("NIKON", "NEF"), ("SONY", "ARW"), ("PENTAX", "PEF"), ("RICOH", "PEF"), ("SAMSUNG", "SRW"),
        ("CANON", "CR2"), ("LEICA", "camera raw"), ("HASSELBLAD", "3FR"), ("PHASE ONE", "IIQ"),
        ("MAMIYA", "MEF"), ("KODAK", "DCR"), ("EASTMAN KODAK", "DCR"), ("EPSON", "ERF"), ("LEAF", "MOS"),
    ]

    /// Compression codes only raw files use (Sony 32767, Samsung 32769,
    /// 32770 and 32772, Nikon 34713, Kodak 262, 32867 and 65000, Pentax
    /// 65535); not PackBits (32773) or the other codes libtiff reads.
    static let vendorCompressions: Set<Int> = [262, 32767, 32769, 32770, 32772, 32867, 34713, 65000, 65535]

    private static func tiffBasedKind(_ view: ByteView, bigEndian: Bool) -> String? {
        guard let ifd = view.u32(4, bigEndian: bigEndian), let count = view.u16(ifd, bigEndian: bigEndian) else { return nil }
        var make: String?
        var hasRawSign = false
        // A real IFD0 has a few dozen entries; the bound keeps a lying count cheap.
        for index in 0..<min(count, 512) {
            let entry = ifd + 2 + index * 12
            guard let tag = view.u16(entry, bigEndian: bigEndian) else { break }
            switch tag {
            case 0xC612: return "DNG"
            case 0x014A: hasRawSign = true   // SubIFDs
            case 0x0106:   // PhotometricInterpretation: colour filter array, linear raw
                let value = view.u16(entry + 8, bigEndian: bigEndian)
                if value == 32803 || value == 34892 { hasRawSign = true }
            case 0x0103:   // Compression: the vendors' own codes
                if let value = view.u16(entry + 8, bigEndian: bigEndian), vendorCompressions.contains(value) { hasRawSign = true }
            case 0x010F: make = ascii(view, entry: entry, bigEndian: bigEndian)
            default: break
            }
        }
        guard hasRawSign, let make = make?.uppercased() else { return nil }
        return makers.first { make.hasPrefix($0.prefix) }?.kind
    }

    /// An ASCII tag's text (up to 64 characters), inline or at its offset.
    private static func ascii(_ view: ByteView, entry: Int, bigEndian: Bool) -> String? {
        guard view.u16(entry + 2, bigEndian: bigEndian) == 2, let count = view.u32(entry + 4, bigEndian: bigEndian) else {
            return nil
        }
        let length = min(count, 64)
        let start = length <= 4 ? entry + 8 : view.u32(entry + 8, bigEndian: bigEndian) ?? -1
        guard start >= 0, view.has(start, length) else { return nil }
        let bytes = (0..<length).compactMap { view.u8(start + $0) }.prefix { $0 != 0 }
        return String(decoding: bytes.map(UInt8.init), as: UTF8.self)
    }
}
