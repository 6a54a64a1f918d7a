import CSDL2
import Foundation
@testable import Gallery
import ImageDecoding
import Pager
import Testing
@testable import Browser

@Suite(.serialized) struct OverviewScreenTests {
    static func bigFolder(_ count: Int) -> PageCatalog {
        let entries = (0..<count).map { ImageEntry(path: "/nowhere/img\($0).jpg", name: "img\($0).jpg", album: nil) }
        let contents = FolderContents(root: "/nowhere", title: "nowhere", looseImages: entries, albums: [], skipped: 0)
        return .folder(GalleryLayout(contents: contents, style: .grid), title: "nowhere")
    }

    @Test func tabAndOOpenTheOverviewFromThePager() {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        for key in [BrowserKey.tab, .o] {
            #expect(input.translate(.key(key, ctrl: false, shift: false), currentPage: PageIndex(h: 0, v: 0), time: 1)
                    == [.action(.toggleOverview)])
        }
    }

    @Test func positionsAreGroupedByThousands() {
        #expect(InfoFormatting.grouped(100_000) == "100,000")
        #expect(InfoFormatting.grouped(1_234) == "1,234")
        #expect(InfoFormatting.grouped(999) == "999")
        #expect(InfoFormatting.grouped(1_000_000) == "1,000,000")
    }

    @Test func opensAt100000ImagesWithTheCurrentPageHighlightedInTheMiddle() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: Self.bigFolder(100_000), currentPage: PageIndex(h: 150, v: 150),
                      width: 640, height: 400, time: 0)
        overview.draw(viewport: canvas.viewport, showHUD: false, time: 0)
        SDL_RenderPresent(canvas.renderer)
        let pixels = canvas.readPixels()
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 640 + x] }
        // The 160 px cell of (150, 150) is centred: x 240..<400, y 120..<280, a placeholder
        // until its thumbnail comes; the highlight rings it; the gap shows the background.
        #expect(at(320, 200) == canvas.pages.palette.placeholder.argb)
        #expect(at(238, 200) == OverviewScreen.highlightColour.argb)
        #expect(at(401, 200) == OverviewScreen.highlightColour.argb)
        #expect(at(320, 118) == OverviewScreen.highlightColour.argb)
        #expect(at(233, 200) == canvas.pages.palette.outside.argb)
        #expect(at(230, 200) == canvas.pages.palette.placeholder.argb)   // the cell on the left
        #expect(overview.hudLines(try #require(overview.model))[1] == "47,701 of 100,000")
    }

    @Test func atScale2CellsGapsAndTheHighlightAreTwiceAsBigInPixels() throws {
        let canvas = try OffscreenCanvas(width: 1280, height: 800)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: Self.bigFolder(100_000), currentPage: PageIndex(h: 150, v: 150),
                      width: 1280, height: 800, time: 0, scale: DisplayScale(pixelsPerPoint: 2, ui: 2))
        overview.draw(viewport: canvas.viewport, showHUD: false, time: 0)
        SDL_RenderPresent(canvas.renderer)
        let pixels = canvas.readPixels()
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 1280 + x] }
        // The same view as at scale 1 on 640x400 (the test above), doubled:
        // the 320 px cell at x 480..<800, y 240..<560, a 6 px highlight, 16 px gaps.
        #expect(at(640, 400) == canvas.pages.palette.placeholder.argb)
        #expect(at(475, 400) == OverviewScreen.highlightColour.argb)
        #expect(at(803, 400) == OverviewScreen.highlightColour.argb)
        #expect(at(640, 235) == OverviewScreen.highlightColour.argb)
        #expect(at(470, 400) == canvas.pages.palette.outside.argb)
        #expect(at(462, 400) == canvas.pages.palette.placeholder.argb)   // the cell on the left
        let model = try #require(overview.model)
        #expect(model.thumbnailSize == 160 && model.thumbnailPixels == 320)
        #expect(overview.hudLines(model)[1] == "47,701 of 100,000")
    }

    @Test func aMoveToAnOutputOfScale2LaysTheOverviewOutAgain() throws {
        let canvas = try OffscreenCanvas(width: 1280, height: 800)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: Self.bigFolder(100_000), currentPage: PageIndex(h: 150, v: 150),
                      width: 640, height: 400, time: 0)
        #expect(overview.model?.thumbnailPixels == 160)
        overview.resize(width: 1280, height: 800, time: 1, scale: DisplayScale(pixelsPerPoint: 2, ui: 2))
        let model = try #require(overview.model)
        #expect(model.scale == 2 && model.thumbnailPixels == 320)
        #expect(model.screenFrame(of: model.focus) == Rect(x: 480, y: 240, width: 320, height: 320))
    }

    @Test func onlyTheFailedThumbnailsOfThePagesPickedAreAskedForAgain() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        let changed = PageIndex(h: 1, v: 0), other = PageIndex(h: 2, v: 0)
        for (page, name) in [(changed, "b.jpg"), (other, "c.jpg")] {
            let entry = ImageEntry(path: "/nowhere/" + name, name: name, album: nil)
            let request = ThumbnailRequest(page: page, source: .file(entry), size: 128, priority: 0)
            overview.textures.store(ThumbnailResult(request: request, outcome: .failure(
                DecodeFailure(path: entry.path, message: "permission denied"))))
        }
        #expect(overview.textures.isFinal(changed, size: 128) && overview.textures.isFinal(other, size: 128))
        overview.forgetFailures { $0 == changed }
        #expect(overview.textures.failure(changed) == nil && !overview.textures.isFinal(changed, size: 128))
        #expect(overview.textures.failure(other) == "permission denied")
    }

    @Test func thumbnailsFillInProgressively() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: .demo, currentPage: PageIndex(h: 3, v: -2), width: 640, height: 400, time: 0)
        let placeholder = canvas.pages.palette.placeholder.argb
        var centre = placeholder
        let deadline = Date().addingTimeInterval(20)
        var time = 0.0
        while centre == placeholder && Date() < deadline {
            time += 1.0 / 60
            overview.update(time: time)
            overview.draw(viewport: canvas.viewport, showHUD: false, time: time)
            SDL_RenderPresent(canvas.renderer)
            centre = canvas.readPixels()[200 * 640 + 320]
            usleep(5_000)
        }
        #expect(centre != placeholder)   // the demo page's thumbnail, rendered on a worker
    }

    @Test func enterFliesIntoThePagerOnTheHighlightedPage() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: Self.bigFolder(1_000), currentPage: PageIndex(h: 5, v: 5), width: 640, height: 400, time: 0)
        _ = overview.handle(.key(.right, ctrl: false, shift: false), viewport: (640, 400), time: 0.1)
        let actions = overview.handle(.key(.enter, ctrl: false, shift: false), viewport: (640, 400), time: 0.2)
        #expect(actions == [.pager(.go(PageIndex(h: 6, v: 5), animated: false))])
        #expect(overview.isShowing && !overview.isInteractive)   // flying
        overview.update(time: 0.2 + OverviewTransition.defaultDuration)
        #expect(!overview.isShowing)
    }

    @Test func escapeReturnsWithoutMovingThePager() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: Self.bigFolder(1_000), currentPage: PageIndex(h: 5, v: 5), width: 640, height: 400, time: 0)
        _ = overview.handle(.key(.down, ctrl: false, shift: false), viewport: (640, 400), time: 0.1)
        let actions = overview.handle(.key(.escape, ctrl: false, shift: false), viewport: (640, 400), time: 0.2)
        #expect(actions.isEmpty)
        #expect(!overview.isShowing)
    }

    @Test func aWrappedRowOpensOnTheLapThePagerWasOn() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        let entries = (0..<30).map { ImageEntry(path: "/nowhere/img\($0).jpg", name: "img\($0).jpg", album: nil) }
        let contents = FolderContents(root: "/nowhere", title: "nowhere", looseImages: entries, albums: [], skipped: 0)
        let catalog = PageCatalog.folder(GalleryLayout(contents: contents, style: .row, wrap: true), title: "nowhere")
        overview.open(catalog: catalog, currentPage: PageIndex(h: -2, v: 0), width: 640, height: 400, time: 0)
        #expect(overview.model?.focus == PageIndex(h: 28, v: 0))
        _ = overview.handle(.key(.left, ctrl: false, shift: false), viewport: (640, 400), time: 0.1)
        let actions = overview.handle(.key(.enter, ctrl: false, shift: false), viewport: (640, 400), time: 0.2)
        #expect(actions == [.pager(.go(PageIndex(h: -3, v: 0), animated: false))])
    }

    @Test func theShellsActionsPassThroughTheOverviewToTheSession() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: .demo, currentPage: PageIndex(h: 0, v: 0), width: 640, height: 400, time: 0)
        for (key, action) in [(BrowserKey.i, Action.toggleHUD), (.b, .toggleBackdrop), (.question, .toggleHelp),
                              (.f, .toggleFullscreen), (.q, .quit)] {
            #expect(overview.handle(.key(key, ctrl: false, shift: false), viewport: (640, 400), time: 0.1)
                    == [.action(action)])
        }
        #expect(overview.isInteractive)
    }

    @Test func theOverviewsOwnActionsStayInIt() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 400)
        let overview = OverviewScreen(renderer: canvas.renderer, text: canvas.text, log: nil, cache: nil, wake: {})
        defer { overview.shutdown() }
        overview.open(catalog: .demo, currentPage: PageIndex(h: 0, v: 0), width: 640, height: 400, time: 0)
        #expect(overview.handle(.key(.right, ctrl: false, shift: false), viewport: (640, 400), time: 0.1) == [])
        #expect(overview.handle(.key(.plus, ctrl: false, shift: false), viewport: (640, 400), time: 0.2) == [])
        #expect(overview.model?.focus == PageIndex(h: 1, v: 0))
    }
}
