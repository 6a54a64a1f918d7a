import ImageDecoding
import Pager

/// The pages of the built-in infinite demo gallery: one procedural picture
/// per (h, v), big and easy to tell apart while dragging.
///
/// - The hue comes from `h` (37° apart, so neighbours differ clearly and the
///   colours repeat only every 360 pages).
/// - The pattern comes from `v` (rings, checkerboard, diagonal stripes, discs,
///   bars, wedges, cycling every 6 rows; the pattern's count varies with `v / 6`).
/// - A dark frame marks the page edge, so a gap between pages would show.
///
/// The (h, v) label is drawn by the shell. Rendering is pure arithmetic,
/// deterministic, and runs on the loader's worker threads.
///
/// ```swift
/// let image = DemoPageRenderer.render(page: PageIndex(h: 2, v: -1), width: 1280, height: 800)
/// ```
public enum DemoPageRenderer {
    /// Hue step between horizontally adjacent pages (degrees).
    public static let hueStepDegrees = 37
    /// Number of distinct patterns along `v`.
    public static let patternCount = 6
    /// Width of the page frame, as a fraction of the shorter side.
    static let frameFraction = 0.025

    /// The pattern index (0..<``patternCount``) of row `v`.
    public static func pattern(for v: Int) -> Int { GalleryLayout.modulo(v, patternCount) }

    /// The hue (0..<360 degrees) of column `h`.
    public static func hue(for h: Int) -> Int { GalleryLayout.modulo(h * hueStepDegrees, 360) }

    /// The page at `width` × `height` pixels.
    public static func render(page: PageIndex, width: Int, height: Int) -> DecodedImage {
        let w = max(width, 1), h = max(height, 1)
        let hue = Double(hue(for: page.h))
        let light = packed(hsv(hue, 0.40, 0.97))
        let dark = packed(hsv(hue, 0.90, 0.55))
        let frame = packed(hsv(hue, 0.90, 0.25))
        let pattern = pattern(for: page.v)
        let variant = GalleryLayout.modulo((page.v - pattern) / patternCount, 4)
        let shortSide = Double(min(w, h))
        let border = max(2, Int(shortSide * frameFraction))
        let cx = Double(w) / 2, cy = Double(h) / 2

        var pixels = [UInt32](repeating: light, count: w * h)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let dy = Double(y) + 0.5 - cy
                for x in 0..<w {
                    let index = y * w + x
                    if x < border || y < border || x >= w - border || y >= h - border {
                        out[index] = frame
                        continue
                    }
                    let dx = Double(x) + 0.5 - cx
                    let on: Bool
                    switch pattern {
                    case 0:   // concentric rings
                        let ring = shortSide / Double(2 * (3 + variant) + 1)
                        on = Int((dx * dx + dy * dy).squareRoot() / ring) % 2 == 0
                    case 1:   // checkerboard
                        let cell = shortSide / Double(3 + variant)
                        on = (Int((Double(x) / cell).rounded(.down)) + Int((Double(y) / cell).rounded(.down))) % 2 == 0
                    case 2:   // diagonal stripes
                        let stripe = shortSide / Double(4 + 2 * variant)
                        on = Int(((Double(x) + Double(y)) / stripe).rounded(.down)) % 2 == 0
                    case 3:   // one big disc, smaller discs around for higher variants
                        let radius = shortSide * 0.36
                        let small = shortSide * 0.12
                        let corner = (abs(dx) - Double(w) * 0.33, abs(dy) - Double(h) * 0.30)
                        on = dx * dx + dy * dy < radius * radius
                            || (variant > 0 && corner.0 * corner.0 + corner.1 * corner.1 < small * small)
                    case 4:   // vertical bars
                        let bar = Double(w) / Double(2 * (2 + variant) + 1)
                        on = Int((Double(x) / bar).rounded(.down)) % 2 == 1
                    default:  // wedges around the centre
                        let wedges = Double(2 * (3 + variant))
                        let angle = atan2Approximation(dy, dx)
                        on = Int(((angle + Double.pi) / (2 * Double.pi) * wedges).rounded(.down)) % 2 == 0
                    }
                    out[index] = on ? dark : light
                }
            }
        }
        let bytes = pixels.withUnsafeBytes { Array($0) }
        return DecodedImage(width: w, height: h, pixels: bytes, sourceWidth: w, sourceHeight: h, format: "demo")
    }

    /// RGB (0…1) from hue in degrees, saturation and value.
    static func hsv(_ hue: Double, _ saturation: Double, _ value: Double) -> (Double, Double, Double) {
        let sector = (hue / 60).truncatingRemainder(dividingBy: 6)
        let c = value * saturation
        let x = c * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - c
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return (r + m, g + m, b + m)
    }

    /// An opaque RGBA32 pixel whose bytes in memory are R, G, B, A.
    private static func packed(_ rgb: (Double, Double, Double)) -> UInt32 {
        func channel(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
        return (channel(rgb.0) | channel(rgb.1) << 8 | channel(rgb.2) << 16 | 0xFF00_0000).littleEndian
    }

    /// atan2 without Foundation, accurate to ~0.005 rad: plenty for wedges.
    static func atan2Approximation(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        let a = min(ax, ay) / max(ax, ay)
        let s = a * a
        var r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * a + a
        if ay > ax { r = Double.pi / 2 - r }
        if x < 0 { r = Double.pi - r }
        if y < 0 { r = -r }
        return r
    }
}
