import Gallery
import Pager
import Testing
@testable import Browser

/// What the HUD says about the page and the order of the images.
@Suite struct PageCatalogTests {
    static let catalog: PageCatalog = {
        let entries = ["a.jpg", "b.jpg", "c.jpg"].map { ImageEntry(path: "/p/" + $0, name: $0, album: nil) }
        let contents = FolderContents(root: "/p", title: "p", looseImages: entries, albums: [], skipped: 0)
        return .folder(GalleryLayout(contents: contents, style: .row), title: "p")
    }()

    @Test func theHUDNamesTheDefaultOrder() {
        let lines = Self.catalog.hudLines(at: PageIndex(h: 1, v: 0), image: nil)
        #expect(lines == ["p", "(1, 0)   2/3   by name", "b.jpg"])
    }

    @Test func theHUDNamesASortAskedForAndWhetherItIsReversed() {
        let lines = Self.catalog.hudLines(at: PageIndex(h: 0, v: 0), image: nil, order: ImageOrder(key: .mtime, reverse: true))
        #expect(lines[1] == "(0, 0)   1/3   by mtime, reversed")
    }

    @Test func theHUDShowsARandomOrdersSeed() {
        let lines = Self.catalog.hudLines(at: PageIndex(h: 2, v: 0), image: nil, order: ImageOrder(key: .random, seed: 31))
        #expect(lines[1] == "(2, 0)   3/3   random (seed 31)")
    }
}
