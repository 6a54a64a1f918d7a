import Dispatch
import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing
import TestFixtures
@testable import Browser

/// While the first image's claimed decode runs, nothing else decodes: the
/// pool's other slots and the pages ahead (PagePrefetch) wait, so the first
/// image has the cores to itself. The slot loader with its real workers on
/// a software renderer; the first image's decode is held open by a gate, so
/// nothing depends on speed.
@Suite("First image hold", .serialized)
struct FirstImageHoldTests {
    static let pageSize = (width: 320, height: 200)

    /// Decodes in this process, but every photo decode waits for
    /// ``release()``: a first image whose decode runs as long as the test needs.
    final class HeldDecoding: FileDecoding, @unchecked Sendable {
        private let gate = DispatchSemaphore(value: 0)

        func release() { gate.signal() }

        func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int,
                        cancellation: DecodeCancellation?) throws(DecodeFailure) -> DecodedImage {
            gate.wait()
            gate.signal()
            return try InProcessDecoding().decodeFile(path, maxWidth: maxWidth, maxHeight: maxHeight,
                                                      cancellation: cancellation)
        }

        func embeddedThumbnail(_ path: String) -> DecodedImage? { nil }

        func decodeRegion(_ path: String, region: PixelRect, scale: Double, maximumPixels: Int, turn: ExifOrientation,
                          turnedWidth: Int, turnedHeight: Int) -> Result<DecodedRegion, DecodeFailure> {
            InProcessDecoding().decodeRegion(path, region: region, scale: scale, maximumPixels: maximumPixels,
                                             turn: turn, turnedWidth: turnedWidth, turnedHeight: turnedHeight)
        }

        func openAnimation(_ path: String) -> (any FrameSequence)? { nil }
    }

    /// A row of six small JPEGs, the first one's decode started before the
    /// loader asks for anything, as the browser starts it before its window.
    final class Row {
        let folder: TemporaryFolder
        let entries: [ImageEntry]
        let catalog: PageCatalog
        let decoding = HeldDecoding()
        let first: FirstImageDecode
        let canvas: OffscreenCanvas
        let model = PagerModel(pageWidth: Double(pageSize.width), pageHeight: Double(pageSize.height))
        let loader: SlotLoader
        let readiness = ReadinessLog(frameTimes: false)

        init() throws {
            folder = try TemporaryFolder("first-hold")
            let jpeg = ImageFixtures.jpeg(width: 64, height: 40,
                                          pixels: ImageFixtures.pixels(width: 64, height: 40) { x, _ in x < 32 ? .red : .blue })
            var entries: [ImageEntry] = []
            for n in 0..<6 {
                let path = try folder.write("img\(n).jpg", jpeg)
                entries.append(ImageEntry(path: path, name: "img\(n).jpg", album: nil))
            }
            self.entries = entries
            let contents = FolderContents(root: folder.path, title: "row", looseImages: entries, albums: [], skipped: 0)
            catalog = .folder(GalleryLayout(contents: contents, style: .row), title: "row")
            first = FirstImageDecode(maxWidth: pageSize.width, maxHeight: pageSize.height, decoding: decoding) {}
            first.start(path: entries[0].path)
            canvas = try OffscreenCanvas(width: pageSize.width, height: pageSize.height)
            loader = SlotLoader(firstImage: first) {}
            loader.loadAll()
        }

        deinit {
            decoding.release()
            loader.shutdown()
        }

        func submit() {
            loader.submit(model: model, catalog: catalog, contents: canvas.contents, pageSize: pageSize,
                          turns: ViewTurns(file: nil), readiness: readiness, log: nil, now: { 0 })
        }

        /// Takes finished decodes until the first image's is delivered, or
        /// 20 s passed (a hang fails the test instead of stalling it).
        func receiveUntilTheFirstImageIsDelivered() {
            for _ in 0..<2000 {
                loader.receive(model: model, contents: canvas.contents, readiness: readiness, log: nil, time: 0)
                if !first.isDecodingClaim { return }
                usleep(10_000)
            }
        }

        func source(_ n: Int) -> PageSource { .file(entries[n]) }
    }

    @Test func thePagesAheadWaitWhileTheFirstImageDecodesAndFollowOnceItIsDone() throws {
        let row = try Row()
        row.submit()
        #expect(row.first.isDecodingClaim)
        #expect(row.loader.prefetchTargets.isEmpty)

        row.decoding.release()
        row.receiveUntilTheFirstImageIsDelivered()
        #expect(!row.first.isDecodingClaim)
        row.submit()
        // At rest the prefetch looks right: two and three pages on.
        #expect(row.loader.prefetchTargets == [row.source(2), row.source(3)])
    }
}
