import Dispatch
import Glibc
import Synchronization
import TestFixtures
import Testing
@testable import ImageDecoding

/// A streamed decode stops between rows when it is cancelled, having read
/// only part of the file; rows are counted, never time.
@Suite struct DecodeCancellationTests {
    static let width = 4000
    static let height = 16000

    @Test func aStreamedPNGDecodeStopsPartWayWhenCancelled() throws {
        let folder = try TemporaryFolder("cancel")
        let path = try BigImageFixtures.png(folder, "big.png", width: Self.width, height: Self.height)
        let cancellation = DecodeCancellation()
        let outcome = Mutex<Result<DecodedImage, DecodeFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        WorkerThread.start {
            let result = Result { () throws(DecodeFailure) in
                try ImageDecoder.decodeFile(path, maxWidth: 800, maxHeight: 800, cancellation: cancellation)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        // Cancelled once some rows are in: the decode is under way.
        while cancellation.rowsRead < 64 && outcome.withLock({ $0 == nil }) { usleep(1000) }
        cancellation.cancel()
        done.wait()
        let result = try #require(outcome.withLock { $0 })
        guard case .failure(let failure) = result else {
            Issue.record("the decode ran to the end (\(cancellation.rowsRead) rows read)")
            return
        }
        #expect(failure.isCancelled, "\(failure)")
        #expect(cancellation.rowsRead >= 64)
        #expect(cancellation.rowsRead < Self.height)
    }

    @Test func aCancelledDecodeIsNotAnErrorAndAnotherDecodeRunsAfterIt() throws {
        let folder = try TemporaryFolder("cancel")
        let path = try BigImageFixtures.png(folder, "small.png", width: 64, height: 48)
        let cancellation = DecodeCancellation()
        cancellation.cancel()
        #expect(throws: DecodeFailure.cancelled(path: path)) {
            try ImageDecoder.decodeFile(path, maxWidth: 800, maxHeight: 800, cancellation: cancellation)
        }
        #expect(cancellation.rowsRead == 0)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 800, maxHeight: 800, cancellation: DecodeCancellation())
        #expect(image.width == 64 && image.height == 48)
    }
}
