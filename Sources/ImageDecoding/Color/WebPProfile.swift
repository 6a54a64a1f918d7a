/// The ICC profile a WebP file carries in its `ICCP` chunk (extended format,
/// `VP8X` with the ICC flag); SDL_image decodes the pixels but drops it.
///
/// ```swift
/// let profile = bytes.withUnsafeBufferPointer { WebPProfile.iccProfile(in: $0) }   // [] without one
/// ```
package enum WebPProfile {
    package static func iccProfile(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let view = ByteView(bytes)
        guard view.matches("RIFF"), view.matches("WEBP", at: 8), view.matches("VP8X", at: 12),
              let flags = view.u8(20), flags & 0x20 != 0 else { return [] }
        // Chunks follow VP8X: four-letter name, little-endian size, data padded to even.
        var position = 12
        while let size = view.u32le(position + 4) {
            let data = position + 8
            if view.matches("ICCP", at: position) {
                guard view.has(data, size) else { return [] }
                return Array(bytes[data..<(data + size)])
            }
            position = data + size + (size & 1)
        }
        return []
    }
}
