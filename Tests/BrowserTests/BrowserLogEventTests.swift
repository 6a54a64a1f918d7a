import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing

@testable import Browser

/// The browser's event-log lines, one test per kind: each case encodes to
/// exactly the line that tests, `scripts/bench` and the soak read, and
/// decodes as JSON back to the same fields.
@Suite("Browser log lines")
struct BrowserLogEventTests {
    /// The line as a JSON object, to check it parses and holds the fields.
    private func object(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("window names the renderer, the size and whether the scan is still running")
    func window() throws {
        let line = BrowserLogEvent.window(renderer: "software", width: 1280, height: 800, scanning: false,
                                          video: "wayland", scale: 2).jsonLine(time: 0.5)
        #expect(line == #"{"t":0.5,"event":"window","renderer":"software","size":[1280,800],"scanning":false,"video":"wayland","scale":2}"#)
        #expect(try object(line)["scanning"] as? Bool == false)
    }

    @Test("marked names the operation, the file toggled (null for the others) and the count")
    func marked() throws {
        let toggled = BrowserLogEvent.marked(operation: "mark", file: "/p/a b.jpg", count: 3).jsonLine(time: 1)
        #expect(toggled == #"{"t":1,"event":"marked","operation":"mark","file":"/p/a b.jpg","count":3}"#)
        let cleared = BrowserLogEvent.marked(operation: "clear", file: nil, count: 0).jsonLine(time: 1)
        #expect(try object(cleared)["file"] is NSNull)
    }

    @Test("gallery gives the title, image count, layout, pages (null for an infinite axis), sources and order")
    func gallery() throws {
        let line = BrowserLogEvent.gallery(title: "Summer \"24\"", images: 38, layout: "albums",
                                           horizontalPages: nil, verticalPages: 3,
                                           sources: 2, order: ImageOrder(key: .mtime, reverse: true)).jsonLine(time: 1)
        #expect(line == #"{"t":1,"event":"gallery","title":"Summer \"24\"","images":38,"layout":"albums","pages":[null,3],"sources":2,"sort":"mtime","reverse":true}"#)
        #expect(try object(line)["title"] as? String == "Summer \"24\"")
    }

    @Test("a random order's gallery line gives its seed, so the order can be seen again")
    func galleryRandomSeed() throws {
        let line = BrowserLogEvent.gallery(title: "t", images: 3, layout: "grid", horizontalPages: 2, verticalPages: 2,
                                           sources: 1, order: ImageOrder(key: .random, seed: 42)).jsonLine(time: 1)
        let fields = try object(line)
        #expect(fields["sort"] as? String == "random")
        #expect(fields["seed"] as? Int == 42)
    }

    @Test("resize gives the new pixel size")
    func resize() {
        #expect(BrowserLogEvent.resize(width: 900, height: 600).jsonLine(time: 2.25)
                == #"{"t":2.25,"event":"resize","size":[900,600]}"#)
    }

    @Test("first-thumbnail gives the thumbnail's pixel size")
    func firstThumbnail() {
        #expect(BrowserLogEvent.firstThumbnail(width: 160, height: 107).jsonLine(time: 0.05)
                == #"{"t":0.05,"event":"first-thumbnail","size":[160,107]}"#)
    }

    @Test("first-frame and quit carry no fields")
    func bare() {
        #expect(BrowserLogEvent.firstFrame.jsonLine(time: 0.1234567) == #"{"t":0.123457,"event":"first-frame"}"#)
        #expect(BrowserLogEvent.quit.jsonLine(time: 3) == #"{"t":3,"event":"quit"}"#)
    }

    @Test("decode-error names the file and the message, escaped")
    func decodeError() throws {
        let line = BrowserLogEvent.decodeError(file: "/p/a\tb.jpg", message: "truncated\n").jsonLine(time: 4)
        #expect(line == #"{"t":4,"event":"decode-error","file":"/p/a\tb.jpg","message":"truncated\n"}"#)
        #expect(try object(line)["file"] as? String == "/p/a\tb.jpg")
    }

    @Test("notice carries the text shown")
    func notice() {
        #expect(BrowserLogEvent.notice(text: "Backdrop off").jsonLine(time: 5)
                == #"{"t":5,"event":"notice","text":"Backdrop off"}"#)
    }

    @Test("sharp-region gives the page, the image region and the texture's pixels")
    func sharpRegion() {
        let event = BrowserLogEvent.sharpRegion(page: PageIndex(h: 1, v: 0),
                                                region: PixelRect(x: 10, y: 20, width: 300, height: 200),
                                                textureWidth: 300, textureHeight: 200)
        #expect(event.jsonLine(time: 6)
                == #"{"t":6,"event":"sharp-region","page":[1,0],"region":[10,20,300,200],"pixels":[300,200]}"#)
    }

    @Test("overview-opened gives the page, thumbnail size and image count, null in the demo")
    func overviewOpened() {
        #expect(BrowserLogEvent.overviewOpened(page: PageIndex(h: 2, v: -1), thumbnail: 160, images: 1234).jsonLine(time: 7)
                == #"{"t":7,"event":"overview-opened","page":[2,-1],"thumbnail":160,"images":1234}"#)
        #expect(BrowserLogEvent.overviewOpened(page: PageIndex(h: 0, v: 0), thumbnail: 160, images: nil).jsonLine(time: 7)
                == #"{"t":7,"event":"overview-opened","page":[0,0],"thumbnail":160,"images":null}"#)
    }

    @Test("overview-closed gives the page and how it closed", arguments: [
        (OverviewClosing.enter, "enter"), (.toggle, "toggle"), (.click, "click"), (.tap, "tap"), (.escape, "escape"),
    ])
    func overviewClosed(how: OverviewClosing, word: String) {
        #expect(BrowserLogEvent.overviewClosed(page: PageIndex(h: 3, v: 4), how: how).jsonLine(time: 8)
                == #"{"t":8,"event":"overview-closed","page":[3,4],"how":""# + word + #""}"#)
    }

    @Test("thumbnails-shown counts cells, seconds and where each thumbnail came from")
    func thumbnailsShown() {
        #expect(BrowserLogEvent.thumbnailsShown(cells: 40, seconds: 0.25, cached: 30, decoded: 9, rendered: 1).jsonLine(time: 9)
                == #"{"t":9,"event":"thumbnails-shown","cells":40,"seconds":0.25,"cached":30,"decoded":9,"rendered":1}"#)
    }

    @Test("thumbnail-size gives the new size in px")
    func thumbnailSize() {
        #expect(BrowserLogEvent.thumbnailSize(240).jsonLine(time: 10) == #"{"t":10,"event":"thumbnail-size","size":240}"#)
    }

    @Test("page-ready and placeholder-shown give the page and the slot")
    func readiness() {
        #expect(BrowserLogEvent.pageReady(page: PageIndex(h: 1, v: 2), slot: 5).jsonLine(time: 11)
                == #"{"t":11,"event":"page-ready","page":[1,2],"slot":5}"#)
        #expect(BrowserLogEvent.placeholderShown(page: PageIndex(h: -1, v: 0), slot: 3).jsonLine(time: 12)
                == #"{"t":12,"event":"placeholder-shown","page":[-1,0],"slot":3}"#)
    }

    @Test("frame gives the frame's own work in ms, whether it came on the beat, and why")
    func frame() {
        #expect(BrowserLogEvent.frame(workMilliseconds: 4.5, onBeat: true, why: "input+motion").jsonLine(time: 13)
                == #"{"t":13,"event":"frame","work":4.5,"beat":true,"why":"input+motion"}"#)
    }

    @Test("every line names its event and parses as JSON", arguments: BrowserLogEventTests.everyKind)
    func parses(event: BrowserLogEvent) throws {
        let fields = try object(event.jsonLine(time: 1.5))
        #expect(fields["event"] as? String == event.name)
        #expect(fields["t"] as? Double == 1.5)
    }

    static let everyKind: [BrowserLogEvent] = [
        .window(renderer: "gpu", width: 1, height: 2, scanning: true, video: "x11", scale: 1),
        .gallery(title: "t", images: 1, layout: "grid", horizontalPages: 1, verticalPages: nil,
                 sources: 1, order: ImageOrder()),
        .copied(what: "path", file: "/p/a.jpg"), .opened(file: "/p", folder: true),
        .goTo(image: 3, page: PageIndex(h: 2, v: 0)), .slideshow(running: false, interval: 2.5, reason: "input"),
        .config(file: "/home/me/.config/fourway/config", settings: 3, problems: 1),
        .trashed(file: "/p/a.jpg", trashedAs: "/h/.local/share/Trash/files/a.jpg"), .restored(file: "/p/a.jpg"), .rotated(file: "/p/a.jpg", turn: .rotate90),
        .infoShown(file: "/p/a.jpg", lines: ["Name: a.jpg", "Camera: X \"1\""]),
        .resize(width: 1, height: 1), .firstFrame, .firstThumbnail(width: 1, height: 1), .decodeError(file: "f", message: "m"), .notice(text: "n"),
        .sharpRegion(page: PageIndex(h: 0, v: 0), region: PixelRect(x: 0, y: 0, width: 1, height: 1),
                     textureWidth: 1, textureHeight: 1),
        .overviewOpened(page: PageIndex(h: 0, v: 0), thumbnail: 1, images: 1),
        .overviewClosed(page: PageIndex(h: 0, v: 0), how: .tap),
        .thumbnailsShown(cells: 1, seconds: 1, cached: 1, decoded: 0, rendered: 0), .thumbnailSize(1),
        .pageReady(page: PageIndex(h: 0, v: 0), slot: 0), .placeholderShown(page: PageIndex(h: 0, v: 0), slot: 0),
        .frame(workMilliseconds: 1, onBeat: false, why: "start"), .quit,
    ]
}
