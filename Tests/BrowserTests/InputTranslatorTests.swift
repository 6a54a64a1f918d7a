import Gallery
import Pager
import Testing
@testable import Browser

@Suite("Keys and navigation")
struct InputTranslatorTests {
    func translate(_ key: BrowserKey, ctrl: Bool = false, at page: PageIndex = PageIndex(h: 0, v: 0),
                   navigation: any PageNavigation = DemoNavigation()) -> [BrowserAction] {
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: navigation)
        return input.translate(.key(key, ctrl: ctrl, shift: false), currentPage: page, time: 0)
    }

    @Test("Arrows and h/j/k/l flip; PageUp/PageDown flip a row",
          arguments: [
              (BrowserKey.left, FlipDirection.left), (.h, .left), (.right, .right), (.l, .right),
              (.up, .up), (.k, .up), (.down, .down), (.j, .down), (.pageUp, .up), (.pageDown, .down),
          ])
    func flips(key: BrowserKey, direction: FlipDirection) {
        #expect(translate(key) == [.pager(.flip(direction))])
    }

    @Test("Shell keys")
    func shellKeys() {
        #expect(translate(.i) == [.action(.toggleHUD)])
        #expect(translate(.question) == [.action(.toggleHelp)])
        #expect(translate(.f1) == [.action(.toggleHelp)])
        #expect(translate(.f) == [.action(.toggleFullscreen)])
        #expect(translate(.q) == [.action(.quit)])
        #expect(translate(.escape) == [.action(.escape)])
        #expect(translate(.other) == [])
    }

    @Test("Every key action in the pages that is not an engine call reaches the session as itself")
    func actionsPassThroughToTheSession() {
        let engineCalls: Set<Action> = [.flipLeft, .flipRight, .flipUp, .flipDown, .previousRow, .nextRow,
                                        .rowStart, .rowEnd, .galleryStart, .galleryEnd, .zoomIn, .zoomOut, .zoomFit]
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: DemoNavigation())
        for row in KeyMap.rows where row.modes.contains(.pager) && !engineCalls.contains(row.action) {
            for chord in row.keys {
                #expect(input.translate(.key(chord.key, ctrl: chord.ctrl, shift: chord.shift),
                                        currentPage: PageIndex(h: 0, v: 0), time: 0) == [.action(row.action)],
                        "\(chord.label)")
            }
        }
    }

    @Test("Demo: Home goes to column 0 of the row, Ctrl+Home to (0, 0), End does nothing")
    func demoHomeEnd() {
        let page = PageIndex(h: 9, v: -4)
        #expect(translate(.home, at: page) == [.pager(.go(PageIndex(h: 0, v: -4), animated: true))])
        #expect(translate(.home, ctrl: true, at: page) == [.pager(.go(PageIndex(h: 0, v: 0), animated: true))])
        #expect(translate(.end, at: page) == [])
    }

    static func contents(loose: Int, albums: [Int]) -> FolderContents {
        let looseImages = (0..<loose).map { ImageEntry(path: "/p/img\($0).jpg", name: "img\($0).jpg", album: nil) }
        let albumList = albums.enumerated().map { index, count in
            Album(name: "a\(index)", images: (0..<count).map {
                ImageEntry(path: "/p/a\(index)/img\($0).jpg", name: "img\($0).jpg", album: "a\(index)")
            })
        }
        return FolderContents(root: "/p", title: "p", looseImages: looseImages, albums: albumList, skipped: 0)
    }

    @Test("Grid: Home/End go to the ends of the row (the ragged last row too), Ctrl to the first/last image")
    func gridHomeEnd() {
        let layout = GalleryLayout(contents: Self.contents(loose: 10, albums: []), style: .grid, columns: 4)
        let navigation = GalleryNavigation(layout: layout)
        #expect(navigation.home(from: PageIndex(h: 2, v: 1), wholeGallery: false) == PageIndex(h: 0, v: 1))
        #expect(navigation.end(from: PageIndex(h: 0, v: 1), wholeGallery: false) == PageIndex(h: 3, v: 1))
        #expect(navigation.end(from: PageIndex(h: 0, v: 2), wholeGallery: false) == PageIndex(h: 1, v: 2))
        #expect(navigation.home(from: PageIndex(h: 1, v: 2), wholeGallery: true) == PageIndex(h: 0, v: 0))
        #expect(navigation.end(from: PageIndex(h: 0, v: 0), wholeGallery: true) == PageIndex(h: 1, v: 2))
    }

    @Test("Albums with --wrap: Home/End stay on the current lap of the row")
    func wrappedAlbums() {
        let layout = GalleryLayout(contents: Self.contents(loose: 0, albums: [3, 5]), style: .albums, wrap: true)
        let navigation = GalleryNavigation(layout: layout)
        // Row 1 has 5 images; h = 12 is image 2 of the third lap (10...14).
        #expect(navigation.home(from: PageIndex(h: 12, v: 1), wholeGallery: false) == PageIndex(h: 10, v: 1))
        #expect(navigation.end(from: PageIndex(h: 12, v: 1), wholeGallery: false) == PageIndex(h: 14, v: 1))
        #expect(navigation.home(from: PageIndex(h: -1, v: 0), wholeGallery: false) == PageIndex(h: -3, v: 0))
    }

    @Test("Through the real engine: End then Home in a grid row")
    func endThenHome() {
        let layout = GalleryLayout(contents: Self.contents(loose: 9, albums: []), style: .grid)
        var model = PagerModel(pageWidth: 1280, pageHeight: 800,
                               horizontalPages: layout.horizontalPages, verticalPages: layout.verticalPages)
        var input = InputTranslator(pageWidth: 1280, pageHeight: 800, navigation: GalleryNavigation(layout: layout))
        var time = 0.0
        func press(_ key: BrowserKey) {
            for case .pager(let command) in input.translate(.key(key, ctrl: false, shift: false),
                                                            currentPage: model.currentPage, time: time) {
                model.apply(command, time: time)
            }
            for _ in 0..<90 {
                time += 1.0 / 60
                model.advance(to: time)
            }
        }
        press(.end)
        #expect(model.currentPage == PageIndex(h: 2, v: 0))
        press(.down)
        press(.home)
        #expect(model.currentPage == PageIndex(h: 0, v: 1))
    }
}
