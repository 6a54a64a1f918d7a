import Foundation
import ImageDecoding
@testable import IsolatedDecoding
import Testing
import TestFixtures

/// A decoder process that crashes, is killed, or passes its memory or time
/// budget costs that one file: it becomes a failure saying what happened, the
/// process is replaced, and the next file decodes as usual.
@Suite struct DecoderLimitTests {
    /// A PNG that takes the decoder a while (streamed, row by row).
    static func slowPNG(_ folder: TemporaryFolder) throws -> String {
        try BigImageFixtures.png(folder, "slow.png", width: 6000, height: 6000)
    }

    /// Starts decoding `path` in `pool` on another thread, and returns once
    /// the decoder has read rows of it.
    static func startDecoding(_ path: String, in pool: DecoderPool, cancellation: DecodeCancellation)
        -> DecoderFixtures.Background<Result<DecodedImage, DecodeFailure>> {
        let decode = DecoderFixtures.Background {
            Result { () throws(DecodeFailure) in
                try pool.decodeFile(path, maxWidth: 256, maxHeight: 256, cancellation: cancellation)
            }
        }
        _ = DecoderFixtures.eventually { cancellation.rowsRead > 0 }
        return decode
    }

    /// The failure `outcome` is, or nil.
    static func failure(_ outcome: Result<DecodedImage, DecodeFailure>??) -> DecodeFailure? {
        guard case .failure(let failure)?? = outcome else { return nil }
        return failure
    }

    @Test(arguments: [(SIGSEGV, "SIGSEGV"), (SIGKILL, "SIGKILL")])
    func aProcessThatDiesMidDecodeCostsThatFileOnly(signal: Int32, name: String) throws {
        let folder = try TemporaryFolder("decoders")
        let slow = try Self.slowPNG(folder)
        let next = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool()
        let cancellation = DecodeCancellation()
        let decode = Self.startDecoding(slow, in: pool, cancellation: cancellation)
        let pid = try #require(pool.processIDs.first)
        #expect(cancellation.rowsRead > 0)
        kill(pid, signal)
        let failure = try #require(Self.failure(decode.wait()))
        #expect(failure.path == slow)
        #expect(failure.message == "the decoder crashed on this file (signal \(name))")
        #expect(!failure.isCancelled)
        let image = try pool.decodeFile(next, maxWidth: 16, maxHeight: 16, cancellation: nil)
        #expect(image.format == "JPEG")
        #expect(pool.processIDs.count == 1 && pool.processIDs.first != pid)
    }

    @Test func aDecodeOverItsMemoryBudgetIsStoppedAndSaysHowMuchItMayUse() throws {
        let folder = try TemporaryFolder("decoders")
        let slow = try Self.slowPNG(folder)
        // 1 MB: less than any process holds, so the first look stops it.
        let budget = DecoderBudget(baseMemoryBytes: 1 << 20, memoryPerTargetByte: 0, memoryCeilingBytes: 1 << 30,
                                   seconds: 60)
        let pool = DecoderFixtures.pool(budget: budget)
        #expect(throws: DecodeFailure(path: slow, message: "this file needs more than 1 MB to decode")) {
            try pool.decodeFile(slow, maxWidth: 256, maxHeight: 256, cancellation: nil)
        }
        #expect(pool.processIDs.count == 1)
    }

    @Test func aDecodeOverItsTimeIsStoppedAndSaysSo() throws {
        let folder = try TemporaryFolder("decoders")
        let slow = try Self.slowPNG(folder)
        let next = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool(budget: DecoderFixtures.budget(seconds: 0.2))
        _ = try pool.decodeFile(next, maxWidth: 16, maxHeight: 16, cancellation: nil)   // started and loaded
        #expect(throws: DecodeFailure(path: slow, message: "the decoder took longer than 0.2 s on this file")) {
            try pool.decodeFile(slow, maxWidth: 256, maxHeight: 256, cancellation: nil)
        }
        #expect(try pool.decodeFile(next, maxWidth: 16, maxHeight: 16, cancellation: nil).format == "JPEG")
    }

    @Test func cancellingStopsTheDecodeInTheProcessWhichLivesOn() throws {
        let folder = try TemporaryFolder("decoders")
        let slow = try Self.slowPNG(folder)
        let next = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool()
        let cancellation = DecodeCancellation()
        let decode = Self.startDecoding(slow, in: pool, cancellation: cancellation)
        let pid = try #require(pool.processIDs.first)
        cancellation.cancel()
        let failure = try #require(Self.failure(decode.wait()))
        #expect(failure.isCancelled)
        #expect(failure.path == slow)
        #expect(cancellation.rowsRead > 0 && cancellation.rowsRead < 6000)
        #expect(try pool.decodeFile(next, maxWidth: 16, maxHeight: 16, cancellation: nil).format == "JPEG")
        #expect(pool.processIDs == [pid])
    }

    @Test func aProcessThatDiedWhileIdleCostsTheNextFileNothing() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool()
        _ = try pool.decodeFile(path, maxWidth: 16, maxHeight: 16, cancellation: nil)
        let pid = try #require(pool.processIDs.first)
        kill(pid, SIGKILL)
        // Gone as a whole: its leader a zombie and no other thread of it still
        // exiting (those hold its socket open, and keep waitpid from reaping it:
        // on a loaded machine that took long enough to be seen).
        #expect(DecoderFixtures.eventually {
            DecoderFixtures.field("State", of: pid)?.hasPrefix("Z") == true && DecoderFixtures.threads(of: pid) == 1
        })
        #expect(try pool.decodeFile(path, maxWidth: 16, maxHeight: 16, cancellation: nil).format == "JPEG")
        #expect(pool.processIDs.count == 1 && pool.processIDs.first != pid)
    }
}
