import CSDL2
import Gallery
import ImageDecoding
import Pager

/// The overview's thumbnails on the renderer, by page, and the cells whose
/// thumbnail failed. Bounded: ``evict(keeping:)`` drops everything outside
/// the cells being prepared once more than ``slack`` extra are held, so
/// scrolling through 100,000 images holds a few screens' worth at most.
/// Main thread only.
///
/// ```swift
/// let textures = ThumbnailTextures(renderer: renderer)
/// textures.store(result, for: page)
/// textures.evict(keeping: overview.preparedRange, in: overview.shape)
/// ```
final class ThumbnailTextures {
    /// Textures kept beyond the prepared cells before evicting (cheap
    /// returns when scrolling back a little), count.
    static let slack = 96
    /// Failures remembered at most (their pages are re-tried after eviction).
    static let failureCapacity = 2_000

    struct Thumbnail {
        let texture: OpaquePointer
        let width: Int
        let height: Int
        let sourceWidth: Int
        let sourceHeight: Int
        /// The thumbnail size it was made for, px.
        let size: Int
    }

    private let renderer: OpaquePointer
    private(set) var thumbnails: [PageIndex: Thumbnail] = [:]
    private(set) var failures: [PageIndex: String] = [:]

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit { removeAll() }

    var count: Int { thumbnails.count }

    subscript(page: PageIndex) -> Thumbnail? { thumbnails[page] }

    func failure(_ page: PageIndex) -> String? { failures[page] }

    /// Whether `page` shows its final content at `size` (a thumbnail made for it, or a failure).
    func isFinal(_ page: PageIndex, size: Int) -> Bool {
        if let thumbnail = thumbnails[page], thumbnail.size == size { return true }
        return failures[page] != nil
    }

    /// Uploads a made thumbnail (replacing an older one), turned as the
    /// user turned the image's view (`r`, `|`); a failure is remembered.
    func store(_ result: ThumbnailResult, turn: ExifOrientation = .normal) {
        let page = result.request.page
        switch result.outcome {
        case .success(let made):
            let image = made.image.turned(turn)
            guard let texture = SlotContents.makeTexture(renderer, image) else {
                failures[page] = "cannot make a texture: " + SDLError.last
                return
            }
            // Cached thumbnails are flattened JPEGs: opaque, so no blending
            // (several times faster on the software renderer).
            if made.origin == .cache { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
            if let old = thumbnails[page] { SDL_DestroyTexture(old.texture) }
            thumbnails[page] = Thumbnail(texture: texture, width: image.width, height: image.height,
                                         sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight,
                                         size: result.request.size)
            failures[page] = nil
        case .failure(let failure):
            if failures.count >= Self.failureCapacity { failures.removeAll() }
            failures[page] = failure.message
        }
    }

    /// Drops the textures outside `range` once more than `slack` of them are held.
    func evict(keeping range: OverviewRange, in shape: OverviewShape) {
        let wanted = range.cellCount(in: shape)
        guard thumbnails.count > wanted + Self.slack else { return }
        for (page, thumbnail) in thumbnails where !range.contains(page) {
            SDL_DestroyTexture(thumbnail.texture)
            thumbnails[page] = nil
        }
    }

    /// Forgets the failures of the pages `which` picks: they are no longer
    /// final, so they are asked for again. Whether any was forgotten.
    func forgetFailures(where which: (PageIndex) -> Bool) -> Bool {
        let before = failures.count
        failures = failures.filter { !which($0.key) }
        return failures.count != before
    }

    func removeAll() {
        for thumbnail in thumbnails.values { SDL_DestroyTexture(thumbnail.texture) }
        thumbnails.removeAll()
        failures.removeAll()
    }
}
