import ImageDecoding

/// One decode asked of the ``ImageLoader``, for one of the shell's slots.
///
/// The shell bumps `generation` every time it asks a slot for something new
/// and drops results whose generation is not the latest.
///
/// ```swift
/// loader.submit(DecodeRequest(slot: 4, generation: 17, source: .file(entry),
///                             maxWidth: 1280, maxHeight: 800, priority: 10))
/// ```
public struct DecodeRequest: Sendable, Hashable {
    /// The slot the result is for (the pager's slot id, 0…8).
    public var slot: Int
    /// The shell's counter for that slot.
    public var generation: Int
    /// What to decode.
    public var source: PageSource
    /// The box to fit into, in pixels; never upscaled. A non-positive value
    /// leaves that axis unconstrained (demo pages then use 1280×800).
    public var maxWidth: Int
    /// See `maxWidth`.
    public var maxHeight: Int
    /// Higher starts first (e.g. the current page above its neighbours).
    public var priority: Int
    /// The view's turn of the image (`r`, `|`), applied once it is upright.
    public var turn: ExifOrientation = .normal
    /// A small stand-in for its page (a box a fraction of the page's): its
    /// decode's buffers are small (it still reads its whole file), so it may
    /// run beside a page-sized one (``ImageLoader/init(workerCount:pageDecodesAtOnce:onResult:)``).
    public var isPreview = false
    /// Asked for ahead of need (the pages beyond the pool): it starts only
    /// when no other decode runs, so its memory never adds to a decode that
    /// is needed now (``ImageLoader/init(workerCount:pageDecodesAtOnce:onResult:)``).
    public var isSpeculative = false

    /// See the type's example; `priority` defaults to 0.
    public init(slot: Int, generation: Int, source: PageSource, maxWidth: Int, maxHeight: Int, priority: Int = 0) {
        self.slot = slot
        self.generation = generation
        self.source = source
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.priority = priority
    }
}
