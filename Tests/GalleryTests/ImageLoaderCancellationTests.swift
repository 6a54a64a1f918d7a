import Dispatch
import Glibc
import Pager
import TestFixtures
import Testing
@testable import Gallery

/// The page on screen stops a streamed decode that holds the only worker:
/// the big PNG comes back cancelled, part read, and the next page decodes.
@Suite(.serialized) struct ImageLoaderCancellationTests {
    static let height = 16000

    @Test func thePageOnScreenStopsABigPNGAndTheSameWorkerDecodesItNext() throws {
        let folder = try TemporaryFolder("loader-cancel")
        let big = try BigImageFixtures.png(folder, "big.png", width: 4000, height: Self.height)
        let small = try BigImageFixtures.png(folder, "small.png", width: 64, height: 48)
        let inbox = ResultInbox()
        let loader = ImageLoader(workerCount: 1, pageDecodesAtOnce: 1) { inbox.receive($0) }
        defer { loader.shutdown() }
        loader.submit(DecodeRequest(slot: 0, generation: 1, source: .file(ImageEntry(path: big, name: "big.png", album: nil)),
                                    maxWidth: 800, maxHeight: 800, priority: 1))
        while loader.runningCount == 0 { usleep(1000) }
        loader.submit(DecodeRequest(slot: 1, generation: 1, source: .file(ImageEntry(path: small, name: "small.png", album: nil)),
                                    maxWidth: 800, maxHeight: 800, priority: 10))
        #expect(loader.putFirst(slot: 1).map(\.slot) == [0])
        #expect(inbox.wait(for: 2))
        let results = inbox.all
        try #require(results.count == 2)
        #expect(results[0].request.slot == 0)
        guard case .failure(let failure) = results[0].outcome else {
            Issue.record("the big PNG was not stopped")
            return
        }
        #expect(failure.isCancelled)
        #expect(results[0].rowsRead < Self.height)
        #expect(results[1].request.slot == 1)
        #expect((try? results[1].outcome.get())?.width == 64)
    }
}
