/// An APNG's chunks, indexed without decoding: the header chunks every frame
/// shares, and each frame's control (`fcTL`) and where its compressed data
/// (`IDAT` or `fdAT`) lies in the file. libpng in Debian 12 has no APNG
/// support, so the frames are found here and each is decoded as a small
/// PNG of its own (``pngFile(frame:in:)``).
///
/// ```swift
/// if let apng = APNGStructure.parse(bytes) {
///     apng.frames.count, apng.plays           // from acTL and the fcTLs
///     let png = apng.pngFile(frame: 0, in: bytes)   // IHDR, PLTE…, IDAT, IEND
/// }
/// ```
struct APNGStructure: Sendable {
    /// One frame's `fcTL` and the data chunks' payloads (offset, length) in the file.
    struct Frame: Sendable {
        var rect: PixelRect
        var delayMilliseconds: Int
        /// 0 none, 1 to background (transparent), 2 to previous.
        var dispose: Int
        /// 0 source (replace), 1 over.
        var blend: Int
        var data: [(offset: Int, length: Int)] = []
    }

    let width: Int
    let height: Int
    /// `num_plays`: 0 = forever.
    let plays: Int
    /// IHDR's payload (13 bytes), its size replaced per frame.
    let header: [UInt8]
    /// The chunks between IHDR and the first IDAT that every frame's PNG
    /// carries (PLTE, tRNS, gAMA, sRGB, iCCP, …), whole: length, type, data, CRC.
    let sharedChunks: [(offset: Int, length: Int)]
    /// The frames whose data is complete, in order.
    let frames: [Frame]
    /// Fewer frames than `acTL` says (cut short, or a frame outside the canvas).
    let isBroken: Bool

    /// The structure of `bytes`, or nil when it is not a PNG with an `acTL`
    /// before its `IDAT` and at least one complete frame.
    static func parse(_ bytes: [UInt8]) -> APNGStructure? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return nil }
        var offset = 8
        var header: [UInt8]?
        var plays: Int?
        var declared = 0
        var shared: [(Int, Int)] = []
        var frames: [Frame] = []
        var current: Frame?
        var sawIDAT = false
        var complete = true
        func finish() { if let frame = current, !frame.data.isEmpty { frames.append(frame) }; current = nil }
        while offset + 12 <= bytes.count {
            let length = Int(be32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let payload = offset + 8
            guard length <= Int(Int32.max), payload + length + 4 <= bytes.count else { complete = false; break }
            switch type {
            case "IHDR":
                guard length == 13 else { return nil }
                header = Array(bytes[payload..<(payload + 13)])
            case "acTL":
                guard length >= 8, !sawIDAT else { break }
                declared = Int(be32(bytes, payload))
                plays = Int(be32(bytes, payload + 4))
            case "fcTL":
                guard length >= 26 else { complete = false; break }
                finish()
                let numerator = Int(be16(bytes, payload + 20)), denominator = Int(be16(bytes, payload + 22))
                // delay_den 0 means hundredths, as the APNG specification says.
                let milliseconds = numerator * 1000 / (denominator == 0 ? 100 : denominator)
                current = Frame(rect: PixelRect(x: Int(be32(bytes, payload + 12)), y: Int(be32(bytes, payload + 16)),
                                                width: Int(be32(bytes, payload + 4)), height: Int(be32(bytes, payload + 8))),
                                delayMilliseconds: milliseconds, dispose: Int(bytes[payload + 24]),
                                blend: Int(bytes[payload + 25]))
            case "IDAT":
                sawIDAT = true
                // IDAT belongs to the animation only when an fcTL came before it.
                current?.data.append((payload, length))
            case "fdAT":
                guard length > 4 else { break }
                current?.data.append((payload + 4, length - 4))
            case "IEND":
                break
            default:
                if !sawIDAT && type != "acTL" { shared.append((offset, length + 12)) }
            }
            if type == "IEND" || !complete { break }
            offset = payload + length + 4
        }
        // A frame cut short is dropped: the frames before it still play.
        if complete { finish() }
        guard let header, let plays else { return nil }
        let width = Int(be32(header, 0)), height = Int(be32(header, 4))
        // A frame outside the canvas is broken: the frames before it play.
        let inside = frames.prefix { frame in
            frame.rect.x >= 0 && frame.rect.y >= 0 && frame.rect.width > 0 && frame.rect.height > 0
                && frame.rect.x + frame.rect.width <= width && frame.rect.y + frame.rect.height <= height
        }
        guard !inside.isEmpty else { return nil }
        return APNGStructure(width: width, height: height, plays: plays, header: header,
                             sharedChunks: shared, frames: Array(inside), isBroken: inside.count < declared)
    }

    /// Frame `index` as a PNG file of its own: the signature, IHDR with the
    /// frame's size, the shared chunks, its data as IDAT, IEND.
    func pngFile(frame index: Int, in bytes: [UInt8]) -> [UInt8] {
        let frame = frames[index]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = header
        Self.put32(&ihdr, 0, UInt32(frame.rect.width))
        Self.put32(&ihdr, 4, UInt32(frame.rect.height))
        Self.appendChunk(&out, "IHDR", ihdr[...])
        for chunk in sharedChunks { out += bytes[chunk.offset..<(chunk.offset + chunk.length)] }
        for piece in frame.data { Self.appendChunk(&out, "IDAT", bytes[piece.offset..<(piece.offset + piece.length)]) }
        Self.appendChunk(&out, "IEND", [][...])
        return out
    }

    /// Appends a chunk (length, type, data, CRC) to `out`.
    static func appendChunk(_ out: inout [UInt8], _ type: String, _ data: ArraySlice<UInt8>) {
        var length = [UInt8](repeating: 0, count: 4)
        put32(&length, 0, UInt32(data.count))
        out += length
        let typed = Array(type.utf8) + data
        out += typed
        var crc = [UInt8](repeating: 0, count: 4)
        put32(&crc, 0, typed.withUnsafeBufferPointer { PNGStructure.crc32($0) })
        out += crc
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func be16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    private static func put32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * i)) }
    }
}
