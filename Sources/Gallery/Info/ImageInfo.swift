#if canImport(Glibc)
import Glibc
#endif
import ImageDecoding

/// What the browser's image-information panel shows about one file: the
/// file itself (name, folder, size, modification time), its format and
/// dimensions from the header, and the camera's EXIF fields (date, camera,
/// lens, exposure, GPS position, orientation), kept as typed values;
/// ``lines`` formats them.
///
/// Reading is bounded: at most the first ``headLength`` bytes of the file
/// are read, never the whole of a big one. It never throws: a file that
/// vanished, cannot be read or is no image gives what could be known, and
/// ``problem`` says what went wrong.
///
/// ```swift
/// let info = ImageInfo.read(path: "/photos/trip/IMG_0042.jpg")
/// info.exif?.fNumber                    // 2.8
/// info.lines.map(\.text)
/// // ["Name: IMG_0042.jpg", "Folder: /photos/trip", "Size: 5.7 MB (5,712,345 bytes)",
/// //  "Modified: 2024-05-17 18:20:01", "Dimensions: 3000 × 4000, 12.0 MP", "Format: JPEG",
/// //  "Taken: 2024-05-17 14:03:22", "Camera: Canon EOS R5", "Exposure: 1/250 s  f/2.8  ISO 100  35 mm", …]
/// ```
public struct ImageInfo: Sendable, Equatable {
    /// How much of a file is read at most (bytes): the header and a JPEG's
    /// EXIF segment come first, and this leaves room for large segments
    /// (ICC profiles, XMP) before the frame header.
    public static let headLength = 256 * 1024

    /// The path as given.
    public var path: String
    /// The file's name: "IMG_0042.jpg".
    public var name: String
    /// The absolute folder it is in: "/photos/trip".
    public var folder: String
    /// The file's size in bytes, nil when it could not be examined.
    public var byteCount: Int?
    /// The last modification, in seconds since 1970 UTC.
    public var modified: Int?
    /// The format the first bytes show, nil when they show none we know.
    public var format: ImageFormat?
    /// The width as displayed, px: for a JPEG, after its EXIF orientation.
    public var width: Int?
    /// The height as displayed, px.
    public var height: Int?
    /// The EXIF fields, nil when the file has none we can read.
    public var exif: ExifSummary?
    /// The embedded ICC profile's description and what is done with it
    /// ("Display P3, converted to sRGB"), nil without one.
    public var colorProfile: String?
    /// Why something could not be known ("file vanished (it no longer
    /// exists)", "not an image (a PDF document (starts with %PDF))").
    public var problem: String?

    /// Only the names, before anything is read.
    init(path: String) {
        self.path = path
        let absolute = LexicalPath.absolute(path)
        name = LexicalPath.lastComponent(absolute)
        let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
        folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
    }

    /// Everything that can be known about the file at `path`: the names and
    /// the file's `stat` here, what its bytes say (``Content``) from
    /// `reader`: in this process, or in a sandboxed decoder process when the
    /// browser installed its pool (``ImageInfoReaders``).
    public static func read(path: String, reader: any ImageInfoReading = ImageInfoReaders.current) -> ImageInfo {
        var info = ImageInfo(path: path)
        var status = stat()
        guard stat(path, &status) == 0 else {
            info.problem = FileReader.openFailureMessage(errno)
            return info
        }
        info.modified = Int(status.st_mtim.tv_sec)
        if let kind = FileReader.nonRegularKind(status.st_mode) {
            info.problem = kind
            return info
        }
        info.byteCount = Int(status.st_size)
        guard status.st_size > 0 else {
            info.problem = "empty file (0 bytes)"
            return info
        }
        info.apply(reader.content(ofFile: path, name: info.name))
        return info
    }

    /// What a file's bytes say, merged into the names and `stat` known here.
    mutating func apply(_ content: Content) {
        format = content.format
        width = content.width
        height = content.height
        exif = content.exif
        colorProfile = content.colorProfile
        problem = content.problem
    }
}

extension ImageInfo {
    /// The part of ``ImageInfo`` read from the file's bytes: everything a
    /// hostile file could lie in, so the browser has it read in a decoder
    /// process (``ImageInfoReading``).
    ///
    /// ```swift
    /// let content = ImageInfo.Content.read(file: "/dev/fd/5", name: "IMG_0042.jpg")
    /// content.format   // .jpeg
    /// ```
    public struct Content: Sendable, Equatable {
        /// ``ImageInfo/format``.
        public var format: ImageFormat?
        /// ``ImageInfo/width``.
        public var width: Int?
        /// ``ImageInfo/height``.
        public var height: Int?
        /// ``ImageInfo/exif``.
        public var exif: ExifSummary?
        /// ``ImageInfo/colorProfile``.
        public var colorProfile: String?
        /// ``ImageInfo/problem``: the file could not be read, or is no image.
        public var problem: String?

        /// Nothing known.
        public init() {}

        /// Reads at most ``ImageInfo/headLength`` bytes of `file` (a path, or
        /// "/dev/fd/N" for a descriptor this process was handed: it is
        /// opened with `fw_open_image` and examined with `fstat`, never
        /// `stat`), whose name is `name` (a TGA is known by it).
        public static func read(file: String, name: String) -> Content {
            var content = Content()
            let head: [UInt8]
            do {
                head = try FileReader.read(file, limit: headLength)
            } catch {
                content.problem = error.message
                return content
            }
            head.withUnsafeBufferPointer { content.examine($0, name: name) }
            content.readColorProfile(head: head, file: file)
            return content
        }

        /// The profile the decoder applies (ColorProfile): JPEG and WebP from the
        /// head, PNG and TIFF through their readers' header (a PNG's is compressed).
        mutating func readColorProfile(head: [UInt8], file: String) {
            let profile: [UInt8]
            switch format {
            case .jpeg: profile = head.withUnsafeBufferPointer { JPEGStructure.parse($0).iccProfile(in: $0) }
            case .webp: profile = head.withUnsafeBufferPointer { WebPProfile.iccProfile(in: $0) }
            case .png: profile = (try? StreamedDecoder.header(.png, path: file).iccProfile) ?? []
            case .tiff: profile = (try? StreamedDecoder.header(.tiff, path: file).iccProfile) ?? []
            default: profile = []
            }
            guard !profile.isEmpty else { return }
            let name = ColorProfile.description(of: profile) ?? "unnamed ICC profile"
            switch ColorProfile.kind(of: profile) {
            case .convertible: colorProfile = "\(name), converted to \(DisplayProfile.current.description)"
            case .sRGB: colorProfile = name
            case .ignored(let why): colorProfile = "\(name) (not applied: \(why))"
            }
        }

        /// Format, dimensions and EXIF from the file's first bytes.
        mutating func examine(_ head: UnsafeBufferPointer<UInt8>, name: String) {
            switch ContentSniffer.identify(head) {
            case .image(let found):
                format = found
            case .notImage(let what):
                problem = "not an image (\(what))"
                return
            case .unknown(let what):
                // TGA has no signature; the decoder trusts the name for it too.
                let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
                guard ["tga", "icb", "vda", "vst"].contains(ext) else {
                    problem = "not an image (\(what))"
                    return
                }
                format = .tga
            }
            guard let format else { return }
            if let block = ExifBlock.find(in: head, format: format) {
                exif = block.withUnsafeBufferPointer { ExifReader.summary(of: $0) }
            }
            if let size = ImageHeader.dimensions(of: format, in: head) {
                // Only JPEGs are turned upright when shown (JPEGDecoder), so only
                // theirs swap; the decoder's own parse decides, as it does there.
                let swaps = format == .jpeg && JPEGStructure.parse(head).orientation.swapsAxes
                width = swaps ? size.height : size.width
                height = swaps ? size.width : size.height
            }
        }
    }
}
