import ImageDecoding

/// libFuzzer entry point: the bytes are a file's head, as the decoder sees it
/// before deciding anything. Every parser of untrusted bytes we wrote ourselves
/// gets them: content sniffing, the header-size readers for every format (not
/// only the one the sniffer picked, so each reader sees arbitrary data), the
/// JPEG marker walk, EXIF orientation and thumbnail, the cut at a restart
/// marker, and the decoder's header check. They
/// must return, not crash, hang or read out of bounds (AddressSanitizer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)

    let identification = ContentSniffer.identify(bytes)
    for format in ImageFormat.allCases {
        _ = ImageHeader.dimensions(of: format, in: bytes)
    }
    let structure = JPEGStructure.parse(bytes)
    // The orientation reader also sees the bytes directly, as the TIFF
    // block of an APP1 segment, so it need not wait for a valid JPEG around it.
    _ = ExifOrientation.parse(tiff: bytes)
    // And the EXIF thumbnail's locator: whatever it finds lies inside the bytes.
    if let thumbnail = ExifThumbnail.locate(tiff: bytes), thumbnail.lowerBound < 0 || thumbnail.upperBound > size {
        fatalError("EXIF thumbnail \(thumbnail) outside \(size) bytes")
    }
    if let thumbnail = structure.thumbnail, thumbnail.lowerBound < 0 || thumbnail.upperBound > size {
        fatalError("JPEG thumbnail \(thumbnail) outside \(size) bytes")
    }
    if case .image(let format) = identification {
        do {
            try ImageDecoder.checkHeader(Array(bytes), format: format, path: "fuzz-input")
        } catch {
            // A refusal is a correct answer; only a crash or hang is a finding.
            guard !error.message.isEmpty else { fatalError("checkHeader refused \(format) with an empty message") }
        }
    }
    // Facts the decoder relies on: a JPEG frame size is two 16-bit fields.
    if let width = structure.width, let height = structure.height {
        guard (0...0xFFFF).contains(width), (0...0xFFFF).contains(height) else {
            fatalError("JPEG SOF size \(width)×\(height) outside 16 bits")
        }
    }
    return 0
}
