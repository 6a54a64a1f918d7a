import ImageDecoding
import Pager

/// Where a thumbnail came from: the disk cache, or a decode of the image
/// (then written to the cache), or rendered (demo pages are never cached).
public enum ThumbnailOrigin: String, Sendable, Hashable {
    case cache, decoded, rendered
}

/// Makes one thumbnail, synchronously, on the calling thread: the cache
/// entry when there is a sound one for the file as it is now, else a
/// decode at thumbnail size (libturbojpeg's DCT scaling for JPEG), then
/// stored in the cache. A bad file is a ``DecodeFailure``, as in the pager.
///
/// ```swift
/// let made = ThumbnailMaker.make(.file(entry), size: 160, cache: cache)
/// if case .success(let thumbnail) = made { print(thumbnail.origin) }   // .cache the second time
/// ```
public enum ThumbnailMaker {
    public struct Thumbnail: Sendable {
        public let image: DecodedImage
        public let origin: ThumbnailOrigin
    }

    public static func make(_ source: PageSource, size: Int, cache: ThumbnailCache?) -> Result<Thumbnail, DecodeFailure> {
        switch source {
        case .demo(let page):
            let height = max(1, size * 5 / 8)
            return .success(Thumbnail(image: DemoPageRenderer.render(page: page, width: size, height: height), origin: .rendered))
        case .file(let entry):
            let key = cache == nil ? nil : ThumbnailKey(path: entry.path, thumbnailSize: size)
            if let cache, let key, let stored = cache.read(key),
               let pixels = try? ThumbnailCodec.decode(stored.jpeg, path: cache.path(of: key)),
               pixels.width == stored.width, pixels.height == stored.height {
                return .success(Thumbnail(image: DecodedImage(
                    width: pixels.width, height: pixels.height, pixels: pixels.pixels,
                    sourceWidth: stored.sourceWidth, sourceHeight: stored.sourceHeight, format: "cache"), origin: .cache))
            }
            let decoded = ImageDecoder.decode(.file(entry), maxWidth: size, maxHeight: size)
            guard case .success(let image) = decoded else { return decoded.map { Thumbnail(image: $0, origin: .decoded) } }
            // The key is taken before decoding: a file replaced meanwhile gets
            // a new key next time rather than this picture under its new date.
            if let cache, let key, let jpeg = ThumbnailCodec.encode(image) {
                cache.write(ThumbnailEntry(keyText: key.text, width: image.width, height: image.height,
                                           sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, jpeg: jpeg),
                            for: key)
            }
            return .success(Thumbnail(image: image, origin: .decoded))
        }
    }
}
