import Gallery
import ImageDecoding
import Pager

/// Every line the browser itself writes to the `--events` log, next to the
/// engine's events (encoded by `PagerEvent.jsonLine`). This enum is the
/// log's schema: each case's doc comment shows its line. Every line starts
/// `{"t":SECONDS,"event":"NAME"` and its fields follow in the order shown;
/// `jsonLine(time:)` (`BrowserLogEvent+JSON.swift`) is the one encoder.
/// Tests and `scripts/bench` read these lines, so a field's name, order or
/// format is part of the contract.
///
/// ```swift
/// log.write(.resize(width: 1280, height: 800), time: 2.5)
/// // {"t":2.5,"event":"resize","size":[1280,800]}
/// ```
public enum BrowserLogEvent: Sendable, Hashable {
    /// `{"t":…,"event":"window","renderer":"software","size":[W,H],"scanning":false,"video":"x11","scale":1}`
    /// when the window opens; `scanning`: the folder scan is still running,
    /// `video` SDL's video driver, `scale` device pixels per point (2 on a
    /// 2× HiDPI output), `size` in device pixels.
    case window(renderer: String, width: Int, height: Int, scanning: Bool, video: String, scale: Double)
    /// `{"t":…,"event":"gallery","title":…,"images":N,"layout":…,"pages":[H,V],"sources":N,"sort":…,"reverse":B}`
    /// when a folder's pages are known (`null` for an infinite axis):
    /// `sources` is how many paths were given, `sort` the ``ImageOrder``'s
    /// key, with `"seed":N` for `random`.
    case gallery(title: String, images: Int, layout: String, horizontalPages: Int?, verticalPages: Int?,
                 sources: Int, order: ImageOrder)
    /// `{"t":…,"event":"resize","size":[W,H]}` when the window's pixel size changes.
    case resize(width: Int, height: Int)
    /// `{"t":…,"event":"first-frame"}` when the current page first shows its
    /// final content (an image, or an error page), not a placeholder; for a
    /// big folder, the frame that shows the first image while the folder is
    /// still being sorted (``ScanPreview``), not the later one that shows
    /// it as a page.
    case firstFrame
    /// `{"t":…,"event":"first-thumbnail","size":[W,H]}` when a frame first
    /// shows the first image's embedded thumbnail (W × H pixels: a JPEG's
    /// EXIF thumbnail, a HEIC's thumbnail item) while its decode runs
    /// (``EmbeddedThumbnail``); `first-frame` follows when the
    /// decoded image replaces it.
    case firstThumbnail(width: Int, height: Int)
    /// `{"t":…,"event":"decode-error","file":…,"message":…}` once per bad file.
    case decodeError(file: String, message: String)
    /// `{"t":…,"event":"notice","text":…}` for each on-screen notice.
    case notice(text: String)
    /// `{"t":…,"event":"sharp-region","page":[H,V],"region":[X,Y,W,H],"pixels":[W,H]}`
    /// when a zoomed page's sharper decode of its visible region (image
    /// pixels) arrives, as a texture of `pixels`.
    case sharpRegion(page: PageIndex, region: PixelRect, textureWidth: Int, textureHeight: Int)
    /// `{"t":…,"event":"overview-opened","page":[H,V],"thumbnail":160,"images":N}`
    /// on Tab (`images` null in the demo).
    case overviewOpened(page: PageIndex, thumbnail: Int, images: Int?)
    /// `{"t":…,"event":"overview-closed","page":[H,V],"how":…}` when the
    /// overview closes on a page (`how`: enter, toggle, click, tap, or escape
    /// back to where it opened).
    case overviewClosed(page: PageIndex, how: OverviewClosing)
    /// `{"t":…,"event":"thumbnails-shown","cells":N,"seconds":S,"cached":N,"decoded":N,"rendered":N}`
    /// when the overview's first screen of thumbnails is complete.
    case thumbnailsShown(cells: Int, seconds: Double, cached: Int, decoded: Int, rendered: Int)
    /// `{"t":…,"event":"thumbnail-size","size":PX}` after `+`/`-` in the overview.
    case thumbnailSize(Int)
    /// `{"t":…,"event":"page-ready","page":[H,V],"slot":N}` when a slot's final
    /// content (image texture or error page) is made for its page.
    case pageReady(page: PageIndex, slot: Int)
    /// `{"t":…,"event":"placeholder-shown","page":[H,V],"slot":N}` when a frame
    /// draws a placeholder for the current page or a visible neighbour; once
    /// per slot load, not once per frame.
    case placeholderShown(page: PageIndex, slot: Int)
    /// `{"t":…,"event":"frame","work":MS,"beat":B,"why":W}` after every presented frame, only
    /// with `--frame-times`: the frame's own work (drawing and presenting,
    /// without the wait for its beat), ms; `beat`: it came on the frame
    /// pacer's beat (its work waited for the tick, or it waited to be shown),
    /// false when it was drawn and shown at once: the first after a rest, or
    /// the first of a motion that input started (`FramePacer.workStart`);
    /// `why`: what asked for it, `RedrawSchedule.why` (e.g. `input+motion`).
    case frame(workMilliseconds: Double, onBeat: Bool, why: String)
    /// `{"t":…,"event":"copied","what":"path"|"image","file":…}` after Ctrl+C
    /// or Ctrl+Shift+C put the current image's path or bytes on the clipboard.
    case copied(what: String, file: String)
    /// `{"t":…,"event":"opened","file":…,"folder":B}` when `e` (the image) or
    /// Ctrl+O (its folder, `file` is the folder) handed it to `xdg-open`.
    case opened(file: String, folder: Bool)
    /// `{"t":…,"event":"go-to","image":N,"page":[H,V]}` when `g N Enter`
    /// sends the pager to image N (from 1).
    case goTo(image: Int, page: PageIndex)
    /// `{"t":…,"event":"slideshow","running":B,"interval":S,"reason":…}` when
    /// the slideshow starts or stops (`reason`: `key` or `input`, null on start).
    case slideshow(running: Bool, interval: Double, reason: String?)
    /// `{"t":…,"event":"info-shown","file":…,"lines":[…]}` when Shift+I shows
    /// the image information panel, or it follows the pager to another image.
    case infoShown(file: String, lines: [String])
    /// `{"t":…,"event":"rotated","file":…,"turn":N,"quarter-turns":Q,"mirrored":B}`
    /// after `r`, `R`, `|` or `_`: the view's turn now, as the EXIF
    /// orientation number it equals, and as clockwise quarter turns after an
    /// optional left↔right mirror.
    case rotated(file: String, turn: ExifOrientation)
    /// `{"t":…,"event":"trashed","file":…,"trashed-as":…}` when Delete moved
    /// the current image to the trash (`trashed-as`: its path in the trash).
    case trashed(file: String, trashedAs: String)
    /// `{"t":…,"event":"restored","file":…}` when undo put it back.
    case restored(file: String)
    /// `{"t":…,"event":"marked","operation":"mark","file":"/p/a.jpg","count":3}`: marks changed;
    /// `operation` is mark or unmark (of `file`), range, invert, clear, trashed or restored
    /// (`file` null), `count` how many images are marked now.
    case marked(operation: String, file: String?, count: Int)
    /// `{"t":…,"event":"compare-opened","files":["/p/a.jpg","/p/b.jpg"],"arrangement":"side-by-side"}`
    /// when the compare view opens or its cells move on to other images
    /// (`arrangement`: side-by-side, stacked or grid).
    case compareOpened(files: [String], arrangement: String)
    /// `{"t":…,"event":"compare-zoomed","scale":2.5,"centre":[0.25,0.5]}` when the compare
    /// view's shared zoom or pan changed: `scale` times the fitted size, `centre` the image
    /// point (shares of width and height) at each cell's centre.
    case compareZoomed(scale: Double, centreX: Double, centreY: Double)
    /// `{"t":…,"event":"compare-closed","how":"escape"}` when the compare view
    /// closes (`how`: escape, toggle, or trash after the others went to the trash).
    case compareClosed(how: String)
    /// `{"t":…,"event":"config","file":…,"settings":N,"problems":N}` at the
    /// start when a configuration file was read: how many settings and keys
    /// it set, how many lines were bad (each named on stderr).
    case config(file: String, settings: Int, problems: Int)
    /// `{"t":…,"event":"display-profile","profile":"Adobe RGB (1998)","bytes":N}` at the start
    /// and whenever the display's ICC profile (`_ICC_PROFILE` on the X root window) changes:
    /// the profile pixels are converted to, by its description ("sRGB" without one, `bytes` 0).
    case displayProfile(profile: String, bytes: Int)
    /// `{"t":…,"event":"decode-cancelled","file":…,"slot":N,"rows":R}` when a streamed decode
    /// (PNG, TIFF, a large progressive JPEG) stopped because its page was no longer wanted
    /// first: `rows` is how many of the file's rows it had read.
    case decodeCancelled(file: String, slot: Int, rows: Int)
    /// `{"t":…,"event":"animation","file":…,"format":"GIF","frames":N,"loops":L,"canvas":[W,H],"page":[H,V]}`
    /// when the current page's animated image starts playing (`loops`: how
    /// many times it plays, 0 forever; `canvas`: its own size).
    case animation(file: String, format: String, frames: Int, loops: Int, width: Int, height: Int, page: PageIndex)
    /// `{"t":…,"event":"animation-frame","frame":I,"due":T}` when an
    /// animation's frame I (from 0) replaces the page's texture, at `t`
    /// (drawn in that loop's frame), `due` being when its delay said it was
    /// due: `t - due` is how late it is.
    case animationFrame(frame: Int, due: Double)
    /// `{"t":…,"event":"animation-paused","file":…,"frame":I}` when the key pauses it.
    case animationPaused(file: String, frame: Int)
    /// `{"t":…,"event":"animation-resumed","file":…,"frame":I}` when the key plays it on.
    case animationResumed(file: String, frame: Int)
    /// `{"t":…,"event":"animation-ended","file":…,"frame":I,"reason":…}` when
    /// it stops on frame I: `loops` (its loop count is done) or `broken` (the
    /// file is cut short or a frame did not decode: the frames before played once).
    case animationEnded(file: String, frame: Int, reason: String)
    /// `{"t":…,"event":"command","name":…,"argv":[…],"status":…,"code":N,"stderr":…}` when a
    /// configured command starts (`status` `started`, `code` and `stderr` null) and when it
    /// ended: `exited` (`code` its exit status), `killed` (`code` the signal), `not-found`,
    /// `failed` (could not start) or `no-image` (nothing to fill `%f` in); `stderr` is
    /// the first line of its standard error, or null.
    case command(name: String, arguments: [String], status: String, code: Int?, stderr: String?)
    /// `{"t":…,"event":"key-handler","key":…,"paths":N,"status":…,"code":N,"stderr":…}`
    /// for Ctrl+X and the nsxiv-style key handler: `waiting` (Ctrl+X pressed, `key`
    /// null), `cancelled`, `missing` (no executable handler), `started`, then as for
    /// `command`: `exited`, `killed`, `failed`; `key` is the key as nsxiv spells it
    /// (`C-w`), `paths` how many paths its standard input gets.
    case keyHandler(key: String?, paths: Int, status: String, code: Int?, stderr: String?)
    /// `{"t":…,"event":"folder-changed","added":N,"removed":N,"changed":N,"renamed":N,"images":N,"files":[…]}`
    /// when the folder watch applied a batch: how many images joined, left,
    /// were rewritten or, shown as an error page, had their permissions
    /// changed (both decoded again) and renamed, the gallery's count now,
    /// and the first ``folderChangedFiles`` paths (added, rewritten, renamed
    /// as they are named now, then removed).
    case folderChanged(added: Int, removed: Int, changed: Int, renamed: Int, images: Int, files: [String])
    /// `{"t":…,"event":"touchpad","input":"scroll","delta":[DX,DY],"source":"finger","scale":null}`
    /// for each event of the platform's touchpad binding (``TouchpadEvent``)
    /// the pages take: `input` is `scroll` (`delta` in touchpad units),
    /// `lift`, `notch` (`delta` in notches), `pinch-begin` (`delta` the
    /// point, px), `pinch-update` (`delta` the movement, `scale` since the
    /// beginning) or `pinch-end` (`source` `cancelled` when it was).
    case touchpad(TouchpadEvent)
    /// `{"t":…,"event":"touchpad-bound","platform":"wayland","pinch":true}`
    /// at the start when the touchpad is read beside SDL (``PlatformTouchpad``):
    /// `platform` `wayland` or `x11`, `pinch` whether pinch gestures come.
    case touchpadBound(platform: String, pinch: Bool)
    /// `{"t":…,"event":"quit"}` at the end.
    case quit

    /// At most this many paths in a `folder-changed` line.
    public static let folderChangedFiles = 10

    /// Which line an event is, without its fields: the raw value is the
    /// line's name, the value of its `"event"` key. `docs/browser.md` lists
    /// every kind with its fields (`Tests/BrowserTests/BrowserLogEventDocTests.swift`
    /// fails when one is missing).
    public enum Kind: String, Sendable, CaseIterable {
        case window
        case gallery
        case resize
        case firstFrame = "first-frame"
        case firstThumbnail = "first-thumbnail"
        case decodeError = "decode-error"
        case notice
        case sharpRegion = "sharp-region"
        case overviewOpened = "overview-opened"
        case overviewClosed = "overview-closed"
        case thumbnailsShown = "thumbnails-shown"
        case thumbnailSize = "thumbnail-size"
        case pageReady = "page-ready"
        case placeholderShown = "placeholder-shown"
        case frame
        case copied
        case opened
        case goTo = "go-to"
        case slideshow
        case config
        case displayProfile = "display-profile"
        case decodeCancelled = "decode-cancelled"
        case trashed
        case infoShown = "info-shown"
        case rotated
        case restored
        case marked
        case compareOpened = "compare-opened"
        case compareZoomed = "compare-zoomed"
        case compareClosed = "compare-closed"
        case animation
        case animationFrame = "animation-frame"
        case animationPaused = "animation-paused"
        case animationResumed = "animation-resumed"
        case animationEnded = "animation-ended"
        case command
        case keyHandler = "key-handler"
        case folderChanged = "folder-changed"
        case touchpad
        case touchpadBound = "touchpad-bound"
        case quit
    }

    /// Which line this is.
    public var kind: Kind {
        switch self {
        case .window: .window
        case .gallery: .gallery
        case .resize: .resize
        case .firstFrame: .firstFrame
        case .firstThumbnail: .firstThumbnail
        case .decodeError: .decodeError
        case .notice: .notice
        case .sharpRegion: .sharpRegion
        case .overviewOpened: .overviewOpened
        case .overviewClosed: .overviewClosed
        case .thumbnailsShown: .thumbnailsShown
        case .thumbnailSize: .thumbnailSize
        case .pageReady: .pageReady
        case .placeholderShown: .placeholderShown
        case .frame: .frame
        case .copied: .copied
        case .opened: .opened
        case .goTo: .goTo
        case .slideshow: .slideshow
        case .config: .config
        case .displayProfile: .displayProfile
        case .decodeCancelled: .decodeCancelled
        case .trashed: .trashed
        case .infoShown: .infoShown
        case .rotated: .rotated
        case .restored: .restored
        case .marked: .marked
        case .compareOpened: .compareOpened
        case .compareZoomed: .compareZoomed
        case .compareClosed: .compareClosed
        case .animation: .animation
        case .animationFrame: .animationFrame
        case .animationPaused: .animationPaused
        case .animationResumed: .animationResumed
        case .animationEnded: .animationEnded
        case .command: .command
        case .keyHandler: .keyHandler
        case .folderChanged: .folderChanged
        case .touchpad: .touchpad
        case .touchpadBound: .touchpadBound
        case .quit: .quit
        }
    }

    /// The event's name, the value of its `"event"` key.
    public var name: String { kind.rawValue }
}

/// How the overview closed on a page, as the `overview-closed` line says it.
public enum OverviewClosing: String, Sendable, Hashable {
    /// Enter opened the highlighted page.
    case enter
    /// Tab or `o` opened the highlighted page.
    case toggle
    /// A click on a thumbnail.
    case click
    /// A tap on a thumbnail.
    case tap
    /// Escape went back to the page the overview opened on.
    case escape
}
