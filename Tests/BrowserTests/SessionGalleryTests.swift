import Foundation
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

    /// A folder of two (tiny, never decoded) JPEG files, scanned to the end.
    static func finishedScan(of names: [String]) throws -> FolderScan {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fourway-gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: folder.appendingPathComponent(name)) }
        let scan = FolderScan(request: OpenRequest(paths: [folder.path]), onFinish: {})
        _ = scan.waitForResult(upTo: 10)
        return scan
    }

    @Test func aFinishedScanBecomesTheCatalogLaidOutAsAsked() throws {
        var options = BrowserOptions()
        options.layout = .column
        var gallery = SessionGallery(catalog: .scanning(title: "p"), scan: try Self.finishedScan(of: ["a.jpg", "b.jpg"]),
                                     start: nil, options: options)
        let taken = gallery.takeScanResult()
        let result = try #require(taken)
        #expect((try? result.get()) != nil)
        #expect(gallery.folder?.layout.count == 2)
        #expect(gallery.folder?.layout.style == .column)
    }

    @Test func theScansResultIsTakenOnce() throws {
        var gallery = SessionGallery(catalog: .scanning(title: "p"), scan: try Self.finishedScan(of: ["a.jpg"]),
                                     start: nil, options: BrowserOptions())
        _ = gallery.takeScanResult()
        #expect(gallery.takeScanResult() == nil)
    }

    @Test func aFailedScanIsReportedAndTheCatalogStillWaits() throws {
        let scan = FolderScan(request: OpenRequest(paths: ["/nonexistent-dir/fourway"]), onFinish: {})
        _ = scan.waitForResult(upTo: 10)
        var gallery = SessionGallery(catalog: .scanning(title: "p"), scan: scan, start: nil, options: BrowserOptions())
        let taken = gallery.takeScanResult()
        let result = try #require(taken)
        #expect((try? result.get()) == nil)
        #expect(gallery.catalog.isScanning)
    }
}
