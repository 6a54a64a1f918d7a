import CRsvg
import Glibc

/// One SVG parsed by librsvg (`Sources/CRsvg/shim.h`), drawn at any size:
/// the whole document into a page, or part of it at a zoom's scale.
///
/// librsvg keeps its limits (no `RSVG_HANDLE_FLAG_UNLIMITED`: libxml2 refuses
/// entity expansion bombs, librsvg caps the elements it loads and
/// references), and with no base URL it reads no external file and fetches
/// nothing: an `<image>` or `<use>` pointing outside the document draws
/// nothing. What it draws is bounded by the surface the caller asks for.
///
/// ```swift
/// let document = try SVGDocument(bytes, path: "/art/logo.svg")
/// document.canvas                                     // (width: 8192, height: 4096) for a 2:1 logo
/// let page = try document.render(width: 1280, height: 640, viewport: (0, 0, 1280, 640))
/// ```
final class SVGDocument {
    private let handle: OpaquePointer
    private let path: String
    /// The size the SVG is taken to have, px: its intrinsic shape with the
    /// longer side ``canvasLongSide``. The page is this fitted to the window,
    /// and the zoom's sharp regions are parts of it, so the zoom can go as far
    /// as a raster image this large would let it, drawn sharp all the way.
    let canvas: (width: Int, height: Int)
    /// The document's own size, px (its width and height, or its viewBox's),
    /// rounded, at least 1: what the HUD names.
    let declaredSize: (width: Int, height: Int)

    /// The canvas's longer side, px.
    static let canvasLongSide = 8192

    /// nil when librsvg is not installed; a ``DecodeFailure`` with librsvg's
    /// words when it refuses the document.
    init?(_ bytes: [UInt8], path: String) throws(DecodeFailure) {
        guard fw_rsvg_is_available() != 0 else { return nil }
        var error: UnsafeMutablePointer<fw_gerror>?
        let parsed = bytes.withUnsafeBufferPointer { fw_rsvg_handle_new_from_data($0.baseAddress, $0.count, &error) }
        guard let parsed else {
            throw DecodeFailure(path: path, message: "corrupt SVG data (\(Self.take(error) ?? "librsvg could not read it"))")
        }
        handle = parsed
        self.path = path
        let shape: (width: Double, height: Double)
        switch Self.checkedShape(Self.intrinsicShape(parsed)) {
        case .success(let size): shape = size
        case .failure(let refusal):
            fw_g_object_unref(UnsafeMutableRawPointer(parsed))
            throw DecodeFailure(path: path, message: refusal.message)
        }
        canvas = Self.canvas(shape)
        declaredSize = (Self.pixels(shape.width), Self.pixels(shape.height))
    }

    deinit { fw_g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The document's width and height in pixels (units resolved by
    /// librsvg), or its viewBox's when its size is relative (percentages),
    /// missing or not a positive number; nil when neither gives one. The
    /// values are the file's: huge, tiny or infinite until ``checkedShape(_:)``.
    private static func intrinsicShape(_ handle: OpaquePointer) -> (width: Double, height: Double)? {
        var width = 0.0, height = 0.0
        if fw_rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 {
            return (width, height)
        }
        var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
        var lengthW = fw_rsvg_length(), lengthH = fw_rsvg_length(), viewBox = fw_rsvg_rectangle()
        fw_rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthW, &hasHeight, &lengthH, &hasViewBox, &viewBox)
        guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 else { return nil }
        return (viewBox.width, viewBox.height)
    }

    /// Largest declared size, px: the same limit the header check puts on an
    /// SVG (``DecodeLimits/maximumFullDecodePixels``), so a size the header
    /// check missed (after its first bytes, in a unit, from a viewBox) is
    /// refused here alike. What is drawn never grows with it (``canvas``).
    static let maximumDeclaredPixels = DecodeLimits.maximumFullDecodePixels

    /// Why a document's size is refused.
    struct SizeRefusal: Error, Equatable {
        let message: String
    }

    /// `shape` when it is a size fourway can draw: finite, positive and
    /// within ``maximumDeclaredPixels`` (a side under a pixel is kept: it is
    /// drawn at the canvas's size like any other).
    static func checkedShape(_ shape: (width: Double, height: Double)?) -> Result<(width: Double, height: Double), SizeRefusal> {
        guard let shape, shape.width > 0, shape.height > 0 else {   // NaN fails `> 0` too
            return .failure(SizeRefusal(message: "SVG has no size (no width, height or viewBox)"))
        }
        if let message = overLimitMessage(shape) { return .failure(SizeRefusal(message: message)) }
        return .success(shape)
    }

    /// Why a positive `shape` is too large ("SVG size 1e+30 × 1e+30 is over
    /// the 100-megapixel limit"), or nil when it is not.
    static func overLimitMessage(_ shape: (width: Double, height: Double)) -> String? {
        // A side alone over the limit is refused too: 1e-300 × 1e300 is one pixel's area, not a size.
        let limit = Double(maximumDeclaredPixels)
        guard !shape.width.isFinite || !shape.height.isFinite || shape.width > limit || shape.height > limit
                || shape.width * shape.height > limit else { return nil }
        let megapixels = DigitGrouping.grouped(maximumDeclaredPixels / 1_000_000)
        return "SVG size \(shown(shape.width)) × \(shown(shape.height)) is over the \(megapixels)-megapixel limit"
    }

    /// A length for a message: rounded to whole pixels from 1 to 10¹⁵,
    /// anything else in three significant digits (librsvg reads lengths as
    /// 32-bit floats: 1e30 comes back as 1.0000000150474662e+30), "1e+30".
    private static func shown(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        if value >= 1 && value < 1e15 { return String(Int64(value.rounded())) }
        let exponent = Int(log10(value).rounded(.down))
        var mantissa = (value / pow(10, Double(exponent)) * 100).rounded() / 100
        var power = exponent
        if mantissa >= 10 { mantissa /= 10; power += 1 }
        let digits = mantissa == mantissa.rounded() ? String(Int(mantissa)) : String(mantissa)
        return "\(digits)e\(power >= 0 ? "+" : "")\(power)"
    }

    /// A checked side as whole pixels, at least 1; never traps (NaN and
    /// anything past the limit become 1 or the limit).
    static func pixels(_ value: Double) -> Int {
        guard value >= 1 else { return 1 }
        return Int(min(value.rounded(), Double(maximumDeclaredPixels)))
    }

    /// `shape` scaled to a longer side of ``canvasLongSide``, each side at
    /// least 1 px. From the ratio of the sides, which lies in (0, 1], so no
    /// size can overflow the arithmetic (a scale of 8192 / 1e-320 would).
    static func canvas(_ shape: (width: Double, height: Double)) -> (width: Int, height: Int) {
        let long = Double(canvasLongSide)
        if shape.width >= shape.height {
            return (canvasLongSide, pixels(long * (shape.height / shape.width)))
        }
        return (pixels(long * (shape.width / shape.height)), canvasLongSide)
    }

    /// A `width` × `height` RGBA picture (straight alpha) of the document
    /// drawn into `viewport`: where the whole canvas lies, in the picture's
    /// pixels (it may reach outside the picture, to draw a part).
    func render(width: Int, height: Int,
                viewport: (x: Double, y: Double, width: Double, height: Double)) throws(DecodeFailure) -> PixelBuffer {
        var words = [UInt32](repeating: 0, count: width * height)
        var failure: String?
        words.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            guard let surface = fw_cairo_image_surface_create_for_data(base, FW_CAIRO_FORMAT_ARGB32, Int32(width),
                                                                        Int32(height), Int32(width * 4)),
                  fw_cairo_surface_status(surface) == 0 else {
                failure = "SVG surface could not be made (\(width)×\(height))"
                return
            }
            defer { fw_cairo_surface_destroy(surface) }
            guard let cairo = fw_cairo_create(surface) else { failure = "SVG surface could not be drawn on"; return }
            defer { fw_cairo_destroy(cairo) }
            var rectangle = fw_rsvg_rectangle(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
            var error: UnsafeMutablePointer<fw_gerror>?
            if fw_rsvg_handle_render_document(handle, cairo, &rectangle, &error) == 0 {
                // librsvg's limits stop a document here too ("exceeded more than 500000 referenced elements").
                failure = "SVG could not be drawn (\(Self.take(error) ?? "librsvg gave no reason"))"
            }
            fw_cairo_surface_flush(surface)
        }
        if let failure { throw DecodeFailure(path: path, message: failure) }
        return PixelBuffer(width: width, height: height, pixels: Self.straightRGBA(words))
    }

    /// cairo's premultiplied native-endian ARGB words as straight R,G,B,A bytes.
    static func straightRGBA(_ words: [UInt32]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: words.count * 4) { out, initialized in
            for (i, word) in words.enumerated() {
                let a = word >> 24
                var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                if a != 0 && a != 255 {
                    r = min(255, (r * 255 + a / 2) / a)
                    g = min(255, (g * 255 + a / 2) / a)
                    b = min(255, (b * 255 + a / 2) / a)
                }
                out[i * 4] = UInt8(r)
                out[i * 4 + 1] = UInt8(g)
                out[i * 4 + 2] = UInt8(b)
                out[i * 4 + 3] = UInt8(a)
            }
            initialized = words.count * 4
        }
    }

    /// A GError's message on one line (libxml2's end with a newline), the error freed.
    private static func take(_ error: UnsafeMutablePointer<fw_gerror>?) -> String? {
        guard let error else { return nil }
        defer { fw_g_error_free(error) }
        guard let message = error.pointee.message else { return nil }
        return String(cString: message).split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces() }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
