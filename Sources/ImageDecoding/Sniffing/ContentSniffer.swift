/// Recognises what a file is from its first bytes: an image format, or a
/// short description of what it looks like instead ("a PDF document",
/// "HTML text"), for error pages.
///
/// ```swift
/// let head: [UInt8] = Array("%PDF-1.7".utf8)
/// head.withUnsafeBufferPointer { ContentSniffer.identify($0) }
/// // .notImage("a PDF document (starts with %PDF)")
/// ```
public enum ContentSniffer {
    /// How many leading bytes `identify` looks at at most.
    public static let sniffLength = 4096

    /// What the bytes are.
    public enum Identification: Sendable, Equatable {
        /// An image format with a signature we recognise.
        case image(ImageFormat)
        /// Certainly not an image; the text says what it looks like.
        case notImage(String)
        /// No known signature (might be a TGA, which has none, or damaged data);
        /// the text describes the first bytes.
        case unknown(String)
    }

    /// Identify a file from its first bytes (at most ``sniffLength`` are read).
    public static func identify(_ bytes: UnsafeBufferPointer<UInt8>) -> Identification {
        let view = ByteView(UnsafeBufferPointer(rebasing: bytes.prefix(sniffLength)))
        if view.count == 0 { return .notImage("empty file") }
        if let format = imageFormat(view) { return .image(format) }
        if let what = nonImage(view) { return .notImage(what) }
        if let text = textPreview(view) { return .notImage("text, starts with \"\(text)\"") }
        return .unknown("unrecognised data, starts with \(hexPreview(view))")
    }

    /// The image format of the file at `path` from its first bytes; nil
    /// when it cannot be read or is not an image with a signature.
    public static func format(ofFile path: String) -> ImageFormat? {
        guard let head = try? FileReader.read(path, limit: sniffLength),
              case .image(let format) = identify(head) else { return nil }
        return format
    }

    /// Convenience for arrays.
    public static func identify(_ bytes: [UInt8]) -> Identification {
        bytes.withUnsafeBufferPointer { identify($0) }
    }

    static func imageFormat(_ view: ByteView) -> ImageFormat? {
        if view.matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if view.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if view.matches("GIF87a") || view.matches("GIF89a") { return .gif }
        if view.matches("RIFF") && view.matches("WEBP", at: 8) { return .webp }
        // Before TIFF: many raw files are TIFF files, told apart by their IFD0.
        if CameraRawSignature.kind(of: view) != nil { return .cameraRaw }
        if view.matches([0x49, 0x49, 0x2A, 0x00]) || view.matches([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if view.matches("BM"), let dib = view.u32le(14), [12, 16, 40, 52, 56, 64, 108, 124].contains(dib) { return .bmp }
        if view.matches("qoif") { return .qoi }
        if view.matches("/* XPM */") { return .xpm }
        if view.matches("gimp xcf") { return .xcf }
        if view.matches("FORM") && (view.matches("ILBM", at: 8) || view.matches("PBM ", at: 8)) { return .lbm }
        if view.matches([0xFF, 0x0A]) || view.matches([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return .jxl }
        if view.matches("ftyp", at: 4) {
            if view.matches("avif", at: 8) || view.matches("avis", at: 8) { return .avif }
            for brand in ["heic", "heix", "heim", "heis", "hevc", "mif1", "msf1"] where view.matches(brand, at: 8) { return .heic }
        }
        if let p = view.u8(0), p == 0x50, let digit = view.u8(1), (0x31...0x37).contains(digit),
           let space = view.u8(2), [0x20, 0x09, 0x0A, 0x0D].contains(space) { return .pnm }
        if let manufacturer = view.u8(0), manufacturer == 0x0A, let version = view.u8(1), [0, 2, 3, 4, 5].contains(version),
           let encoding = view.u8(2), encoding == 1, let bits = view.u8(3), [1, 2, 4, 8].contains(bits) { return .pcx }
        if let reserved = view.u16le(0), reserved == 0, let kind = view.u16le(2), kind == 1 || kind == 2,
           let images = view.u16le(4), (1...256).contains(images), let planes = view.u16le(10), planes <= 1 {
            return kind == 1 ? .ico : .cur
        }
        if looksLikeSVG(view) { return .svg }
        return nil
    }

    /// A lower-cased ASCII prefix with leading whitespace (and a UTF-8 BOM) removed.
    private static func textStart(_ view: ByteView, length: Int) -> String {
        var start = 0
        if view.matches([0xEF, 0xBB, 0xBF]) { start = 3 }
        while let byte = view.u8(start), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { start += 1 }
        var text: [UInt8] = []
        var index = start
        while text.count < length, let byte = view.u8(index) {
            let c = UInt8(byte)
            text.append((c >= 0x41 && c <= 0x5A) ? c | 0x20 : c)
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func looksLikeSVG(_ view: ByteView) -> Bool {
        let head = textStart(view, length: view.count)
        guard head.hasPrefix("<") else { return false }
        return head.contains("<svg")
    }

    static func nonImage(_ view: ByteView) -> String? {
        if view.matches("%PDF") { return "a PDF document (starts with %PDF)" }
        if view.matches([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (or an Office document)" }
        if view.matches([0x1F, 0x8B]) { return "gzip-compressed data" }
        if view.matches([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "a 7-Zip archive" }
        if view.matches("Rar!") { return "a RAR archive" }
        if view.matches([0x7F, 0x45, 0x4C, 0x46]) { return "an ELF executable" }
        if view.matches("%!PS") { return "a PostScript document" }
        if view.matches("RIFF") && view.matches("WAVE", at: 8) { return "a WAV audio file" }
        if view.matches("RIFF") && view.matches("AVI ", at: 8) { return "an AVI video" }
        if view.matches("ID3") || view.matches("fLaC") || view.matches("OggS") { return "an audio file" }
        if view.matches([0x1A, 0x45, 0xDF, 0xA3]) { return "a Matroska/WebM video" }
        if view.matches("ftyp", at: 4) { return "an MP4/QuickTime file" }
        if view.matches("SQLite format 3") { return "an SQLite database" }
        let head = textStart(view, length: 64)
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head") {
            return "HTML text, e.g. a saved web page or a download error page"
        }
        if head.hasPrefix("<?xml") { return "XML text" }
        if head.hasPrefix("#!") { return "a script" }
        return nil
    }

    /// The first characters when the data is printable UTF-8 text, else nil.
    static func textPreview(_ view: ByteView) -> String? {
        let sample = UnsafeBufferPointer(rebasing: view.bytes.prefix(512))
        guard !sample.isEmpty else { return nil }
        for byte in sample where byte < 0x20 && ![0x09, 0x0A, 0x0D, 0x0C].contains(byte) { return nil }
        if sample.contains(0x7F) { return nil }
        // Reject invalid UTF-8 (binary data with high bytes), tolerating a
        // character cut at the end of the sample.
        var decoded = ""
        var iterator = sample.makeIterator()
        var codec = UTF8()
        var invalid = 0
        decode: while true {
            switch codec.decode(&iterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: break decode
            case .error: invalid += 1
            }
        }
        if invalid > 1 { return nil }
        let line = decoded.prefix(24).map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()
        return line.trimmingSpaces() + (decoded.count > 24 ? "…" : "")
    }

    static func hexPreview(_ view: ByteView) -> String {
        let hex = view.bytes.prefix(4).map { byte -> String in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }
        return hex.joined(separator: " ") + (view.count > 4 ? " …" : "")
    }
}

extension String {
    /// Without leading and trailing spaces (Pager-style code keeps Foundation out of hot paths).
    package func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
