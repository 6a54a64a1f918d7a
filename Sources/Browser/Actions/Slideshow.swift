/// The slideshow (`s`, `--slideshow SECONDS`): one step along the reading
/// order every `interval` seconds: an ordinary flip along a row, a cut to
/// the next row's first image (an animated jump would slide in from a
/// page the show never reached).
///
/// A step falls due `interval` after the last one (or after the start); it
/// is *held* while the image it would show is still decoding, so it shows
/// no placeholder, and the interval counts again from the moment it is
/// shown. That image is decoded in advance: as a page of the 3×3 pool, or,
/// when it lies beyond the pool (the next row's first image seen from
/// further along the row, the first image seen from the last), by the
/// prefetch, asked for by name. Any input stops it (the user has taken
/// over); `s` starts it again. At the last image it goes on with the first.
///
/// Asked for while the folder is still being scanned (`--slideshow` on a
/// big folder, or a slow disk), it *awaits the gallery*: the shell starts it
/// once the pages are known, the first step an interval after that.
///
/// ```swift
/// var show = Slideshow(interval: 3)
/// show.start(at: 10)
/// show.isDue(at: 12.9)   // false
/// show.isDue(at: 13)     // true: the shell steps, then calls stepped(at:)
/// ```
public struct Slideshow: Sendable, Equatable {
    /// Seconds between steps.
    public var interval: Double
    /// Whether it is running.
    public private(set) var isRunning = false
    /// Whether it was asked for before the folder's pages were known, and
    /// starts once they are (never while running).
    public private(set) var isAwaitingGallery = false
    /// When the next step falls due.
    private var due = 0.0

    /// The default interval, s, and the shortest one `--slideshow` takes
    /// (a flip's animation takes about a third of a second).
    public static let defaultInterval = 4.0
    public static let minimumInterval = 0.5

    public init(interval: Double = Slideshow.defaultInterval) {
        self.interval = interval
    }

    /// Starts (again), the first step `interval` from now.
    public mutating func start(at time: Double) {
        isRunning = true
        isAwaitingGallery = false
        due = time + interval
    }

    /// Asked for before there are pages to show: starts when the shell
    /// calls ``start(at:)`` once the folder is scanned.
    public mutating func awaitGallery() {
        guard !isRunning else { return }
        isAwaitingGallery = true
    }

    /// Stops it, or forgets a start that awaits the gallery.
    public mutating func stop() {
        isRunning = false
        isAwaitingGallery = false
    }

    /// Whether a step is due at `time`.
    public func isDue(at time: Double) -> Bool { isRunning && time >= due }

    /// A step was taken (or its image shown, after a hold) at `time`.
    public mutating func stepped(at time: Double) {
        due = time + interval
    }

    /// The seconds until the next step, for the shell's wait (nil when stopped).
    public func wait(at time: Double) -> Double? {
        isRunning ? max(0, due - time) : nil
    }
}
