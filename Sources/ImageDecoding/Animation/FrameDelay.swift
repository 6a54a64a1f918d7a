/// A frame's delay as browsers play it.
///
/// ```swift
/// FrameDelay.seconds(milliseconds: 0)     // 0.1
/// FrameDelay.seconds(milliseconds: 10)    // 0.1
/// FrameDelay.seconds(milliseconds: 40)    // 0.04
/// ```
public enum FrameDelay {
    /// Delays of at most this many ms are played as ``substitute``.
    public static let shortestKept = 10
    /// What a too-short delay becomes, ms.
    public static let substitute = 100

    /// `milliseconds` from the file, as seconds to show the frame. Delays of
    /// 0 or 10 ms become 100 ms: many GIFs were written with 0 (or 1
    /// centisecond) by tools that meant "as fast as the viewer goes", and
    /// Chrome, Firefox and Safari all show them at 100 ms; playing them as
    /// written would spin the CPU and look nothing like the web.
    public static func seconds(milliseconds: Int) -> Double {
        Double(milliseconds <= shortestKept ? substitute : milliseconds) / 1000
    }
}
