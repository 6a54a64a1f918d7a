import Gallery
import ImageDecoding
import Pager

/// The one encoder of the browser's log lines: each event's fields in the
/// order its case's doc comment shows (`BrowserLogEvent.swift`), by group.
extension BrowserLogEvent {
    /// The whole line for this event at `time`, without the newline.
    public func jsonLine(time: Double) -> String {
        var text = "{\"t\":" + ReplayFormat.time(time) + ",\"event\":\"" + name + "\""
        for field in fields { text += "," + field }
        return text + "}"
    }

    /// The fields after `"event"`, each `"key":value`, in order: by group,
    /// each group's lines in a function of its own.
    private var fields: [String] {
        switch self {
        case .window, .gallery, .resize, .config, .displayProfile, .firstThumbnail, .firstFrame, .frame, .folderChanged, .quit:
            sessionFields
        case .decodeError, .decodeCancelled, .notice, .sharpRegion, .pageReady, .placeholderShown: pageFields
        case .overviewOpened, .overviewClosed, .thumbnailsShown, .thumbnailSize: overviewFields
        case .copied, .opened, .goTo, .slideshow, .rotated, .infoShown, .trashed, .restored, .marked: actionFields
        case .compareOpened, .compareZoomed, .compareClosed: compareFields
        case .animation, .animationFrame, .animationPaused, .animationResumed, .animationEnded: animationFields
        case .command, .keyHandler: commandFields
        case .touchpad(let event): Self.touchpadFields(event)
        case .touchpadBound(let platform, let pinch): [Self.text("platform", platform), Self.flag("pinch", pinch)]
        }
    }

    /// A touchpad event's `input`, `delta`, `source` and `scale`.
    private static func touchpadFields(_ event: TouchpadEvent) -> [String] {
        let (input, dx, dy, source, scale): (String, Double, Double, String?, Double?) = switch event {
        case .scroll(let dx, let dy, let source, _): ("scroll", dx, dy, "\(source)", nil)
        case .lift: ("lift", 0, 0, nil, nil)
        case .wheelNotch(let dx, let dy, let shift, _): ("notch", Double(dx), Double(dy), shift ? "shift" : nil, nil)
        case .pinchBegin(let x, let y, _): ("pinch-begin", x, y, nil, 1)
        case .pinchUpdate(let scale, let dx, let dy, _): ("pinch-update", dx, dy, nil, scale)
        case .pinchEnd(let cancelled, _): ("pinch-end", 0, 0, cancelled ? "cancelled" : nil, nil)
        }
        return [text("input", input), "\"delta\":[" + ReplayFormat.time(dx) + "," + ReplayFormat.time(dy) + "]",
                "\"source\":" + (source.map(EventLog.quoted) ?? "null"),
                "\"scale\":" + (scale.map(ReplayFormat.time) ?? "null")]
    }

    /// The session's own lines: the window, the gallery, the first image, frames.
    private var sessionFields: [String] {
        switch self {
        case .window(let renderer, let width, let height, let scanning, let video, let scale):
            [Self.text("renderer", renderer), Self.pair("size", width, height), Self.flag("scanning", scanning),
             Self.text("video", video), "\"scale\":" + ReplayFormat.time(scale)]
        case .gallery(let title, let images, let layout, let horizontal, let vertical, let sources, let order):
            [Self.text("title", title), Self.number("images", images), Self.text("layout", layout),
             "\"pages\":[" + Self.count(horizontal) + "," + Self.count(vertical) + "]",
             Self.number("sources", sources), Self.text("sort", order.key.rawValue), Self.flag("reverse", order.reverse)]
                + (order.key == .random ? ["\"seed\":" + String(order.seed)] : [])
        case .resize(let width, let height), .firstThumbnail(let width, let height):
            [Self.pair("size", width, height)]
        case .config(let file, let settings, let problems):
            [Self.text("file", file), Self.number("settings", settings), Self.number("problems", problems)]
        case .displayProfile(let profile, let bytes):
            [Self.text("profile", profile), Self.number("bytes", bytes)]
        case .frame(let work, let onBeat, let why):
            [Self.seconds("work", work), Self.flag("beat", onBeat), Self.text("why", why)]
        case .folderChanged(let added, let removed, let changed, let renamed, let images, let files):
            [Self.number("added", added), Self.number("removed", removed), Self.number("changed", changed),
             Self.number("renamed", renamed), Self.number("images", images),
             "\"files\":[" + files.prefix(Self.folderChangedFiles).map(EventLog.quoted).joined(separator: ",") + "]"]
        case .firstFrame, .quit:
            []
        default:
            preconditionFailure("\(name) is not a session line")
        }
    }

    /// A page's lines: its decode, its notices, its slot's content.
    private var pageFields: [String] {
        switch self {
        case .decodeError(let file, let message):
            [Self.text("file", file), Self.text("message", message)]
        case .decodeCancelled(let file, let slot, let rows):
            [Self.text("file", file), Self.number("slot", slot), Self.number("rows", rows)]
        case .notice(let text):
            [Self.text("text", text)]
        case .sharpRegion(let page, let region, let textureWidth, let textureHeight):
            [Self.page(page),
             "\"region\":[" + [region.x, region.y, region.width, region.height].map(String.init).joined(separator: ",") + "]",
             Self.pair("pixels", textureWidth, textureHeight)]
        case .pageReady(let page, let slot), .placeholderShown(let page, let slot):
            [Self.page(page), Self.number("slot", slot)]
        default:
            preconditionFailure("\(name) is not a page's line")
        }
    }

    /// The overview's lines.
    private var overviewFields: [String] {
        switch self {
        case .overviewOpened(let page, let thumbnail, let images):
            [Self.page(page), Self.number("thumbnail", thumbnail), "\"images\":" + Self.count(images)]
        case .overviewClosed(let page, let how):
            [Self.page(page), Self.text("how", how.rawValue)]
        case .thumbnailsShown(let cells, let seconds, let cached, let decoded, let rendered):
            [Self.number("cells", cells), Self.seconds("seconds", seconds), Self.number("cached", cached),
             Self.number("decoded", decoded), Self.number("rendered", rendered)]
        case .thumbnailSize(let size):
            [Self.number("size", size)]
        default:
            preconditionFailure("\(name) is not an overview line")
        }
    }

    /// The lines of actions on the current image.
    private var actionFields: [String] {
        switch self {
        case .copied(let what, let file):
            [Self.text("what", what), Self.text("file", file)]
        case .opened(let file, let folder):
            [Self.text("file", file), Self.flag("folder", folder)]
        case .goTo(let image, let page):
            [Self.number("image", image), Self.page(page)]
        case .slideshow(let running, let interval, let reason):
            [Self.flag("running", running), Self.seconds("interval", interval),
             "\"reason\":" + (reason.map(EventLog.quoted) ?? "null")]
        case .rotated(let file, let turn):
            [Self.text("file", file), Self.number("turn", turn.rawValue), Self.number("quarter-turns", turn.quarterTurns),
             Self.flag("mirrored", turn.isMirrored)]
        case .infoShown(let file, let lines):
            [Self.text("file", file), "\"lines\":[" + lines.map(EventLog.quoted).joined(separator: ",") + "]"]
        case .trashed(let file, let trashedAs):
            [Self.text("file", file), Self.text("trashed-as", trashedAs)]
        case .restored(let file):
            [Self.text("file", file)]
        case .marked(let operation, let file, let count):
            [Self.text("operation", operation), "\"file\":" + (file.map(EventLog.quoted) ?? "null"),
             Self.number("count", count)]
        default:
            preconditionFailure("\(name) is not an action's line")
        }
    }

    /// The compare view's lines.
    private var compareFields: [String] {
        switch self {
        case .compareOpened(let files, let arrangement):
            ["\"files\":[" + files.map(EventLog.quoted).joined(separator: ",") + "]", Self.text("arrangement", arrangement)]
        case .compareZoomed(let scale, let centreX, let centreY):
            ["\"scale\":" + ReplayFormat.number(scale, decimals: 3),
             "\"centre\":[" + ReplayFormat.number(centreX, decimals: 4) + "," + ReplayFormat.number(centreY, decimals: 4) + "]"]
        case .compareClosed(let how):
            [Self.text("how", how)]
        default:
            preconditionFailure("\(name) is not a compare line")
        }
    }

    /// The current page's animation's lines.
    private var animationFields: [String] {
        switch self {
        case .animation(let file, let format, let frames, let loops, let width, let height, let page):
            [Self.text("file", file), Self.text("format", format), Self.number("frames", frames),
             Self.number("loops", loops), Self.pair("canvas", width, height), Self.page(page)]
        case .animationFrame(let frame, let due):
            [Self.number("frame", frame), Self.seconds("due", due)]
        case .animationPaused(let file, let frame), .animationResumed(let file, let frame):
            [Self.text("file", file), Self.number("frame", frame)]
        case .animationEnded(let file, let frame, let reason):
            [Self.text("file", file), Self.number("frame", frame), Self.text("reason", reason)]
        default:
            preconditionFailure("\(name) is not an animation's line")
        }
    }

    /// The lines of programs the user started.
    private var commandFields: [String] {
        let (head, status, code, stderr): ([String], String, Int?, String?) = switch self {
        case .command(let name, let arguments, let status, let code, let stderr):
            ([Self.text("name", name), "\"argv\":[" + arguments.map(EventLog.quoted).joined(separator: ",") + "]"],
             status, code, stderr)
        case .keyHandler(let key, let paths, let status, let code, let stderr):
            (["\"key\":" + (key.map(EventLog.quoted) ?? "null"), Self.number("paths", paths)], status, code, stderr)
        default:
            preconditionFailure("\(name) is not a command's line")
        }
        return head + [Self.text("status", status), "\"code\":" + (code.map(String.init) ?? "null"),
                       "\"stderr\":" + (stderr.map(EventLog.quoted) ?? "null")]
    }

    /// `"key":"text"`, escaped.
    private static func text(_ key: String, _ value: String) -> String {
        "\"" + key + "\":" + EventLog.quoted(value)
    }

    /// `"key":N`.
    private static func number(_ key: String, _ value: Int) -> String {
        "\"" + key + "\":" + String(value)
    }

    /// `"key":true` or `false`.
    private static func flag(_ key: String, _ value: Bool) -> String {
        "\"" + key + "\":" + (value ? "true" : "false")
    }

    /// `"key":S`, a time or a duration written as the replay format writes times.
    private static func seconds(_ key: String, _ value: Double) -> String {
        "\"" + key + "\":" + ReplayFormat.time(value)
    }

    private static func page(_ page: PageIndex) -> String {
        "\"page\":[" + String(page.h) + "," + String(page.v) + "]"
    }

    private static func pair(_ key: String, _ a: Int, _ b: Int) -> String {
        "\"" + key + "\":[" + String(a) + "," + String(b) + "]"
    }

    /// A page count, `null` for an infinite axis or an unknown count.
    private static func count(_ value: Int?) -> String { value.map(String.init) ?? "null" }
}
