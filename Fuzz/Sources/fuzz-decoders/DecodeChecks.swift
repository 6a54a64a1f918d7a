import ImageDecoding

/// What the browser relies on in a decoder's answer, whatever the file: a
/// trap here is a finding, with the broken fact in its message.
enum DecodeChecks {
    /// A fitted decode fits the box and its buffer is exactly width × height RGBA.
    static func fitted(_ image: DecodedImage, box: Int) {
        guard image.width > 0, image.height > 0, image.width <= box, image.height <= box else {
            fatalError("\(image.format) decoded to \(image.width)×\(image.height), outside 1…\(box) per side")
        }
        guard image.pixels.count == image.width * image.height * 4 else {
            fatalError("\(image.format) \(image.width)×\(image.height) with \(image.pixels.count) bytes of pixels")
        }
        guard image.sourceWidth > 0, image.sourceHeight > 0 else {
            fatalError("\(image.format) reports a source of \(image.sourceWidth)×\(image.sourceHeight)")
        }
    }

    /// A region decode stays under its pixel budget and covers part of the image.
    static func region(_ part: DecodedRegion, maximumPixels: Int) {
        let image = part.image
        guard image.width > 0, image.height > 0, image.width * image.height <= maximumPixels else {
            fatalError("region decoded to \(image.width)×\(image.height), over \(maximumPixels) pixels")
        }
        guard image.pixels.count == image.width * image.height * 4 else {
            fatalError("region \(image.width)×\(image.height) with \(image.pixels.count) bytes of pixels")
        }
        guard part.region.width > 0, part.region.height > 0 else { fatalError("region covers \(part.region)") }
    }

    /// A thumbnail's buffer is exactly width × height RGBA, and it names the
    /// photo's size. Its pixels are bounded: EXIF and HEIF thumbnails are at
    /// most 1 MP, a progressive JPEG's sketch 1/8 × 1/8 of at most 100 MP
    /// (checked here against 1/16 of that, which its rounding never passes).
    static func thumbnail(_ image: DecodedImage) {
        guard image.width > 0, image.height > 0, image.width * image.height <= DecodeLimits.maximumProgressiveJPEGPixels / 16 else {
            fatalError("a thumbnail of \(image.width)×\(image.height)")
        }
        guard image.pixels.count == image.width * image.height * 4 else {
            fatalError("a thumbnail \(image.width)×\(image.height) with \(image.pixels.count) bytes of pixels")
        }
        guard image.sourceWidth > 0, image.sourceHeight > 0 else {
            fatalError("a thumbnail reports a source of \(image.sourceWidth)×\(image.sourceHeight)")
        }
    }

    /// An animation frame is a fitted image.
    static func frame(_ frame: AnimationFrame, box: Int) {
        fitted(frame.image, box: box)
    }

    /// A refusal says why.
    static func refusal(_ error: DecodeFailure) {
        guard !error.message.isEmpty else { fatalError("a decode failed with an empty message") }
    }
}
