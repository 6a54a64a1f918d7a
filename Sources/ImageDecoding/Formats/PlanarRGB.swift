import CHeif
import CStreamDecoders

/// An image as libheif 1.15 decodes it before any conversion of its own:
/// separate red, green and blue planes (and alpha when there is one), each
/// with its own row stride, 8 bits a sample in bytes or up to 16 in 16-bit
/// words. ``averaged(toWidth:height:)`` brings it to the window's size row
/// by row, through one row of RGBA and the streamed decoders' averager
/// (the exact area average of ``PixelBuffer/downscaled(toWidth:height:hasAlpha:)``),
/// so no full-size RGBA copy is ever made: libheif's planes are read in place.
///
/// ```swift
/// let planes = PlanarRGB(width: 4032, height: 3024, red: r, green: g, blue: b, alpha: nil,
///                        strides: (4032, 4032, 4032, 0), bits: 8)
/// let fitted = planes.averaged(toWidth: 1067, height: 800)   // (pixels, hasAlpha: false)
/// ```
struct PlanarRGB {
    var width: Int
    var height: Int
    var red: UnsafePointer<UInt8>
    var green: UnsafePointer<UInt8>
    var blue: UnsafePointer<UInt8>
    var alpha: UnsafePointer<UInt8>?
    /// Bytes from one row to the next in each plane: red, green, blue, alpha.
    var strides: (Int, Int, Int, Int)
    /// Significant bits a sample (8: a byte each; 9–16: a 16-bit word each).
    var bits: Int

    /// The image area-averaged into `outWidth` × `outHeight` RGBA (colours
    /// weighted by alpha), and whether any pixel is not opaque; nil when the
    /// averager cannot get its memory.
    func averaged(toWidth outWidth: Int, height outHeight: Int) -> (image: PixelBuffer, hasAlpha: Bool)? {
        var hasAlpha = false
        let region = fw_rect(x: 0, y: 0, width: Int32(width), height: Int32(height))
        let pixels = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { out, initialized in
            initialized = outWidth * outHeight * 4
            guard let averager = fw_averager_create(Int32(width), Int32(height), region, Int32(outWidth),
                                                    Int32(outHeight), out.baseAddress) else {
                initialized = 0
                return
            }
            defer { fw_averager_destroy(averager) }
            let row = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
            defer { row.deallocate() }
            for y in 0..<height {
                fw_heif_interleave_row(red + y * strides.0, green + y * strides.1, blue + y * strides.2,
                                       alpha.map { $0 + y * strides.3 }, Int32(bits), Int32(width), row)
                fw_averager_add_row(averager, Int32(y), row)
            }
            hasAlpha = fw_averager_finish(averager) != 0
        }
        guard pixels.count == outWidth * outHeight * 4 else { return nil }
        return (PixelBuffer(width: outWidth, height: outHeight, pixels: pixels), hasAlpha)
    }
}
