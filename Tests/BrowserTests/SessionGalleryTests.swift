import Gallery
import Pager
import Testing
@testable import Browser

@Suite struct SessionGalleryTests {
    static let layout = TrashHistoryTests.grid(4, columns: 2)

    @Test func theImageOnAPageIsTheLayoutsEntry() {
        let gallery = SessionGallery(catalog: .folder(Self.layout, title: "p"), scan: nil, start: nil,
                                     options: BrowserOptions())
        #expect(gallery.entry(at: PageIndex(h: 1, v: 1))?.name == "img3.jpg")
        #expect(gallery.entry(at: PageIndex(h: 2, v: 1)) == nil)
    }

    @Test func theDemoHasNoImages() {
        let gallery = SessionGallery(catalog: .demo, scan: nil, start: nil, options: BrowserOptions())
        #expect(gallery.folder == nil)
        #expect(gallery.entry(at: PageIndex(h: 0, v: 0)) == nil)
    }

    @Test func installingALayoutMakesItTheCatalog() {
        var gallery = SessionGallery(catalog: .scanning(title: "p"), scan: nil, start: nil, options: BrowserOptions())
        gallery.install(Self.layout, title: "q")
        #expect(gallery.folder?.title == "q")
        #expect(gallery.folder?.layout.count == 4)
    }

    @Test func withNoScanThereIsNoResultToTakeAndOnePathGiven() {
        var gallery = SessionGallery(catalog: .scanning(title: "p"), scan: nil, start: nil, options: BrowserOptions())
        #expect(gallery.takeScanResult() == nil)
        #expect(gallery.sources == 1)
    }
}
