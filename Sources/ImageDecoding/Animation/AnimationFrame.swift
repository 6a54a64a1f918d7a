/// One composited frame, fitted for the screen.
///
/// ```swift
/// let frame = animation.nextFrame(maxWidth: 1280, maxHeight: 800)
/// frame?.index   // 0 for the first frame of every play
/// ```
public struct AnimationFrame: Sendable {
    /// Its place in the animation, from 0.
    public let index: Int
    /// Its pixels, fitted.
    public let image: DecodedImage

    /// `AnimationFrame(index: 0, image: decoded)`.
    public init(index: Int, image: DecodedImage) {
        self.index = index
        self.image = image
    }
}
