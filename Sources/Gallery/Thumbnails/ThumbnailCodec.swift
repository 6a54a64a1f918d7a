import CTurboJPEG
import ImageDecoding

/// Thumbnails to and from JPEG (libturbojpeg): a 160 px thumbnail is a few
/// KB on disk instead of 100 KB of raw pixels, and decodes in well under a
/// millisecond. Transparency is flattened over the overview's cell colour.
///
/// ```swift
/// let jpeg = ThumbnailCodec.encode(image)                 // nil if libturbojpeg fails
/// let back = try ThumbnailCodec.decode(jpeg!, path: "cache entry")
/// ```
public enum ThumbnailCodec {
    /// JPEG quality of cached thumbnails, 1…100.
    public static let quality: Int32 = 85
    /// What transparent pixels become (the overview's cell background), RGB.
    public static let background: (r: Int, g: Int, b: Int) = (12, 12, 14)

    public static func encode(_ image: DecodedImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0, let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        let rgb = flattened(image)
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = rgb.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(image.width), Int32(image.width * 3), Int32(image.height),
                        Int32(TJPF_RGB.rawValue), &output, &length, Int32(TJSAMP_420.rawValue), quality, 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output, length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// The pixels of a cached JPEG; `path` names the entry in a failure.
    public static func decode(_ jpeg: [UInt8], path: String) throws(DecodeFailure) -> DecodedImage {
        try JPEGDecoder.decode(jpeg, path: path, maxWidth: 0, maxHeight: 0)
    }

    /// RGB bytes with alpha composited over ``background``.
    static func flattened(_ image: DecodedImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let a = Int(p[4 * i + 3])
                    out[3 * i] = UInt8((Int(p[4 * i]) * a + background.r * (255 - a)) / 255)
                    out[3 * i + 1] = UInt8((Int(p[4 * i + 1]) * a + background.g * (255 - a)) / 255)
                    out[3 * i + 2] = UInt8((Int(p[4 * i + 2]) * a + background.b * (255 - a)) / 255)
                }
            }
            initialized = count * 3
        }
    }
}
