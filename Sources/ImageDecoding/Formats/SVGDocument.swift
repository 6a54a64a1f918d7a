import CRsvg

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
        guard let shape = Self.intrinsicShape(parsed) else {
            fw_g_object_unref(UnsafeMutableRawPointer(parsed))
            throw DecodeFailure(path: path, message: "SVG has no size (no width, height or viewBox)")
        }
        canvas = Self.canvas(shape)
        declaredSize = (max(1, Int(shape.width.rounded())), max(1, Int(shape.height.rounded())))
    }

    deinit { fw_g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The document's width and height in pixels, or its viewBox's when its
    /// size is relative (percentages) or missing.
    private static func intrinsicShape(_ handle: OpaquePointer) -> (width: Double, height: Double)? {
        var width = 0.0, height = 0.0
        if fw_rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0,
           width.isFinite, height.isFinite, width > 0, height > 0 {
            return (width, height)
        }
        var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
        var lengthW = fw_rsvg_length(), lengthH = fw_rsvg_length(), viewBox = fw_rsvg_rectangle()
        fw_rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthW, &hasHeight, &lengthH, &hasViewBox, &viewBox)
        guard hasViewBox != 0, viewBox.width.isFinite, viewBox.height.isFinite,
              viewBox.width > 0, viewBox.height > 0 else { return nil }
        return (viewBox.width, viewBox.height)
    }

    /// `shape` scaled to a longer side of ``canvasLongSide``, each side at least 1 px.
    static func canvas(_ shape: (width: Double, height: Double)) -> (width: Int, height: Int) {
        let scale = Double(canvasLongSide) / max(shape.width, shape.height)
        return (max(1, Int((shape.width * scale).rounded())), max(1, Int((shape.height * scale).rounded())))
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
