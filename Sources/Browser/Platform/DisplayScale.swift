/// How the window maps points to device pixels, and how big to draw its text.
///
/// Two numbers, both the window's (``BrowserWindow/scale``):
/// - `pixelsPerPoint`: SDL's drawable size over its window size. 2 on a 2×
///   Wayland output (SDL gives window sizes and pointer positions in points,
///   the renderer draws in pixels); 1 on X11, where a point is a pixel.
///   Pointer positions are converted once, at the edge (``SDLInput``).
/// - `ui`: the factor text, the HUD, margins and the album bars are drawn
///   at. The output's scale where SDL has one; on X11, as desktop programs
///   do, `GDK_SCALE` (a whole number) or else the `Xft.dpi` resource over
///   96 (the X resource string the desktop sets; 192 on a 2× desktop).
///
/// ```swift
/// let scale = DisplayScale.choose(pixelsPerPoint: 1, videoDriver: "x11", gdkScale: nil,
///                                 resources: "Xft.dpi:\t192\nXft.antialias:\t1\n")
/// scale.ui                               // 2
/// scale.pixels(fromPoints: 10)           // 10: on X11 a point is a pixel
/// ```
public struct DisplayScale: Sendable, Hashable {
    /// Device pixels per window point (pointer positions, window sizes).
    public var pixelsPerPoint: Double
    /// The size factor of text and drawn furniture.
    public var ui: Double

    /// The largest `ui` taken from the environment or the resources: a
    /// typo (`GDK_SCALE=20`, `Xft.dpi: 9600`) gives a usable window.
    public static let largestUI = 4.0
    /// The X resources' DPI at 1×.
    public static let baseDPI = 96.0

    public init(pixelsPerPoint: Double = 1, ui: Double = 1) {
        self.pixelsPerPoint = pixelsPerPoint
        self.ui = ui
    }

    /// The pixel coordinate of window coordinate `points`.
    public func pixels(fromPoints points: Double) -> Double { points * pixelsPerPoint }

    /// The scale for a window whose drawable is `pixelsPerPoint` times its
    /// size, on `videoDriver`, with `GDK_SCALE` = `gdkScale` and the X
    /// server's resource string `resources` (XResourceManagerString).
    public static func choose(pixelsPerPoint: Double, videoDriver: String, gdkScale: String?,
                              resources: String?) -> DisplayScale {
        let perPoint = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1
        // The compositor's scale, when SDL applies one, is the desktop's.
        if perPoint > 1 || videoDriver != "x11" { return DisplayScale(pixelsPerPoint: perPoint, ui: perPoint) }
        if let gdk = gdkScale.flatMap({ Int(trimmed($0)) }), gdk >= 1 {
            return DisplayScale(pixelsPerPoint: 1, ui: min(Double(gdk), largestUI))
        }
        if let dpi = resources.flatMap(xftDPI), dpi > 0 {
            // To quarters: 120 dpi is 1.25×, as the desktops offer it.
            let ui = ((dpi / baseDPI) * 4).rounded() / 4
            return DisplayScale(pixelsPerPoint: 1, ui: min(max(1, ui), largestUI))
        }
        return DisplayScale()
    }

    /// The `Xft.dpi` value of an X resource string ("Xft.dpi:\t192\n…"); nil
    /// without one or when it is not a number.
    public static func xftDPI(_ resources: String) -> Double? {
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]) == "Xft.dpi" else { continue }
            return Double(trimmed(parts[1]))
        }
        return nil
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }

    /// `value` (a size at 1×, px) at this `ui` scale, rounded to a pixel.
    public func scaled(_ value: Int) -> Int { Int((Double(value) * ui).rounded()) }
}
