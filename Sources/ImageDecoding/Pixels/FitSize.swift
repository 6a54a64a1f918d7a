/// The size an image is shown at: scaled down to fit a box, keeping its
/// aspect ratio, never scaled up.
///
/// ```swift
/// FitSize.fit(width: 4000, height: 3000, maxWidth: 1280, maxHeight: 800)
/// // (width: 1067, height: 800)
/// ```
public enum FitSize {
    /// `width` × `height` scaled to fit `maxWidth` × `maxHeight`. A
    /// non-positive maximum leaves that axis unconstrained. Never upscales;
    /// never returns a zero dimension.
    public static func fit(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (max(width, 1), max(height, 1)) }
        var scale = 1.0
        if maxWidth > 0 { scale = min(scale, Double(maxWidth) / Double(width)) }
        if maxHeight > 0 { scale = min(scale, Double(maxHeight) / Double(height)) }
        if scale >= 1 { return (width, height) }
        var fitWidth = max(1, Int((Double(width) * scale).rounded()))
        var fitHeight = max(1, Int((Double(height) * scale).rounded()))
        // Rounding must not push the result past the box.
        if maxWidth > 0 { fitWidth = min(fitWidth, maxWidth) }
        if maxHeight > 0 { fitHeight = min(fitHeight, maxHeight) }
        return (fitWidth, fitHeight)
    }
}
