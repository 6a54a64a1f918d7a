/// Decodes one image file, synchronously, on the calling thread: its head
/// read and identified by content (``ContentSniffer``), its header checked
/// against ``DecodeLimits``, then offered to the decoders of a
/// ``DecoderRegistry`` in order (libjpeg-turbo, libheif, libjxl, the
/// streamed PNG/TIFF readers, SDL_image…): fitted, upright and in sRGB.
/// Every failure is a ``DecodeFailure``.
///
/// ```swift
/// let image = try ImageDecoder.decodeFile("/photos/a.jpg", maxWidth: 1280, maxHeight: 800)
/// image.format   // "JPEG"
/// ```
public enum ImageDecoder {
    /// How much of a file is looked at before the rest is read (bytes): enough
    /// for every signature and for a JPEG's SOF behind a large EXIF block.
    public static let headLength = 1 << 16

    /// The image file at `path` fitted into `maxWidth` × `maxHeight` (0
    /// leaves that axis free), by the first decoder of `registry` that
    /// accepts it and returns an image:
    /// `try ImageDecoder.decodeFile(path, maxWidth: 1280, maxHeight: 800)`.
    /// `cancellation` stops a streamed decode (PNG, TIFF, a large progressive
    /// JPEG) between rows: it then throws ``DecodeFailure/cancelled(path:)``.
    /// `name` is the file's name when `path` does not end with it (a
    /// descriptor handed to a decoder process, "/dev/fd/N"): TGA, which has
    /// no signature, is known by its extension.
    public static func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int, registry: DecoderRegistry = .standard,
                                  name: String? = nil,
                                  cancellation: DecodeCancellation? = nil) throws(DecodeFailure) -> DecodedImage {
        // The head decides first, so a 1 GB video named .jpg or a PNG claiming
        // 30000×30000 is refused without reading the whole file, and the
        // formats that stream from the file (PNG, TIFF, large progressive
        // JPEGs) never read it into memory.
        var probe: DecodeProbe?
        var candidates: [any ImageFormatDecoder] = []
        var read = try FileReader.read(path, head: headLength) { head throws(DecodeFailure) -> Bool in
            let found = try self.probe(head, path: path, name: name, maxWidth: maxWidth, maxHeight: maxHeight)
            probe = found
            candidates = registry.decoders(accepting: found)
            return !(candidates.first?.readsFromPath ?? false)
        }
        guard var probe else { throw DecodeFailure(path: path, message: "read error (nothing was read)") }
        probe.headIsWholeFile = read.complete
        probe.cancellation = cancellation
        return try decode(probe, bytes: &read.bytes, bytesAreWholeFile: read.complete, candidates: candidates)
    }

    /// What the head says: its format (checked against the limits), or why
    /// it is not an image.
    static func probe(_ head: [UInt8], path: String, name: String? = nil, maxWidth: Int,
                      maxHeight: Int) throws(DecodeFailure) -> DecodeProbe {
        switch ContentSniffer.identify(head) {
        case .image(let format):
            try checkHeader(head, format: format, path: path)
            return DecodeProbe(path: path, format: format, head: head, maxWidth: maxWidth, maxHeight: maxHeight)
        case .notImage(let what):
            throw DecodeFailure(path: path, message: what == "empty file" ? "empty file (0 bytes)" : "not an image (\(what))")
        case .unknown(let what):
            // TGA has no signature: trust the name for it.
            let ext = DecodeFailure.fileName(name ?? path).split(separator: ".").last.map { $0.lowercased() } ?? ""
            let format: ImageFormat? = ["tga", "icb", "vda", "vst"].contains(ext) ? .tga : nil
            return DecodeProbe(path: path, format: format, unrecognised: format == nil ? what : nil, head: head,
                               maxWidth: maxWidth, maxHeight: maxHeight)
        }
    }

    /// Offers the file to each of `candidates` in turn until one returns an
    /// image. `bytes` is the head, or the whole file when `bytesAreWholeFile`;
    /// the rest is read when a decoder that wants it in memory comes.
    static func decode(_ probe: DecodeProbe, bytes: inout [UInt8], bytesAreWholeFile: Bool,
                       candidates: [any ImageFormatDecoder]) throws(DecodeFailure) -> DecodedImage {
        var whole = bytesAreWholeFile
        for decoder in candidates {
            if decoder.readsFromPath {
                if let image = try decoder.decode(path: probe) { return image }
                continue
            }
            if !whole {
                bytes = try FileReader.read(probe.path)
                whole = true
            }
            if let image = try decoder.decode(&bytes, probe: probe) { return image }
        }
        guard let format = probe.format else {
            throw DecodeFailure(path: probe.path, message: "not an image (\(probe.unrecognised ?? "unrecognised data"))")
        }
        throw DecodeFailure(path: probe.path, message: undecodableMessage(format))
    }

    /// Refuses formats we cannot decode and images whose header claims more
    /// pixels than the limit. `head` is the file's first bytes (up to 64 KB),
    /// `path` only names the file in the failure:
    /// `try ImageDecoder.checkHeader(head, format: .png, path: path)`.
    public static func checkHeader(_ head: [UInt8], format: ImageFormat, path: String) throws(DecodeFailure) {
        guard format.isDecodable else {
            throw DecodeFailure(path: path, message: undecodableMessage(format))
        }
        // An SVG's size is a number of any magnitude: its own message, before it is made whole pixels.
        if format == .svg, let declared = SVGHeader.size(head), declared.width > 0, declared.height > 0,
           let message = SVGDocument.overLimitMessage(declared) {
            throw DecodeFailure(path: path, message: message)
        }
        let progressive = format == .jpeg && head.withUnsafeBufferPointer { JPEGStructure.parse($0).isProgressive }
        guard let size = head.withUnsafeBufferPointer({ ImageHeader.dimensions(of: format, in: $0) }) else { return }
        let limit = DecodeLimits.maximumPixels(for: format, progressive: progressive)
        if DecodeLimits.exceeds(width: size.width, height: size.height, limit: limit) {
            let what = progressive ? "progressive JPEG" : "image"
            throw DecodeFailure(path: path, message: DecodeLimits.overLimitMessage(width: size.width, height: size.height, limit: limit, what: what))
        }
    }

    private static func undecodableMessage(_ format: ImageFormat) -> String {
        "\(format.name) images cannot be decoded here (no \(format.name) decoder in this build)"
    }
}
