import Foundation
import Testing
@testable import ImageDecoding

/// The bytes a sketch read, held for the page decode of the same file that
/// follows: taken once, and only while the file is the version they were
/// read from. Each test holds in a slot of its own (the shared one is the
/// decoders'). Arrays are compared into a Bool first: a failed `==` on
/// 200 KB arrays had Swift Testing diff them for minutes.
@Suite struct HeldFileTests {
    /// A new 200,000-byte file, read whole and held in a new slot.
    static func heldFile() throws -> (path: String, contents: [UInt8], held: HeldFile, bytes: [UInt8]) {
        let (path, contents) = try FileReaderTests.file(bytes: 200_000)
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(bytes, of: identity)
        return (path, contents, held, bytes)
    }

    static func baseAddress(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBytes { $0.baseAddress }
    }

    static func readWhole(_ path: String, from held: HeldFile) throws -> (bytes: [UInt8], complete: Bool) {
        try FileReader.read(path, head: 65_536, held: held) { _ in true }
    }

    @Test func theHeldBytesOfAnUnchangedFileAreTakenNotRead() throws {
        let (path, contents, held, bytes) = try Self.heldFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try Self.readWhole(path, from: held)
        let same = read.bytes == contents
        #expect(read.complete)
        #expect(same, "the file's bytes")
        // The same buffer: nothing was read after the head.
        #expect(Self.baseAddress(read.bytes) == Self.baseAddress(bytes))
    }

    @Test func heldBytesServeOneReadOnly() throws {
        let (path, contents, held, bytes) = try Self.heldFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try Self.readWhole(path, from: held)
        let second = try Self.readWhole(path, from: held)
        let same = second.bytes == contents
        #expect(same)
        #expect(Self.baseAddress(second.bytes) != Self.baseAddress(bytes))
    }

    @Test func aFileRewrittenWithAnotherSizeIsReadAgain() throws {
        let (path, _, held, _) = try Self.heldFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let now = [UInt8](repeating: 7, count: 150_000)
        try Data(now).write(to: URL(fileURLWithPath: path))   // in place: the same inode
        let isNow = try Self.readWhole(path, from: held).bytes == now
        #expect(isNow, "the file as it is now")
    }

    @Test func anotherFileRenamedOverTheNameIsReadAgain() throws {
        let (path, _, held, _) = try Self.heldFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let other = path + ".other", otherContents = [UInt8](repeating: 9, count: 200_000)
        try Data(otherContents).write(to: URL(fileURLWithPath: other))
        #expect(rename(other, path) == 0)   // the same size, another inode
        let isOther = try Self.readWhole(path, from: held).bytes == otherContents
        #expect(isOther, "the file renamed over the name")
    }

    @Test func aHeadThatStopsTheReadLeavesTheBytesHeld() throws {
        let (path, _, held, bytes) = try Self.heldFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let head = try FileReader.read(path, head: 65_536, held: held) { _ in false }
        #expect(!head.complete)
        #expect(Self.baseAddress(try Self.readWhole(path, from: held).bytes) == Self.baseAddress(bytes))
    }

    @Test func bytesThatAreNotTheWholeFileAreNotHeld() throws {
        let (path, contents) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(Array(bytes.prefix(100_000)), of: identity)
        let same = try Self.readWhole(path, from: held).bytes == contents
        #expect(same, "the file's bytes")
    }

    /// The read that a sketch holds is bounded as every whole read is: a
    /// sparse file over the limit is refused before a buffer of its size.
    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "fourway-heldfile-sparse-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(FileReader.maximumFileBytes) + 1) == 0)
        close(fd)
        let failure = #expect(throws: DecodeFailure.self) { _ = try FileReader.readWithIdentity(path) }
        #expect(failure?.message.contains("over the 1024 MB limit") == true, "\(failure?.message ?? "")")
    }
}
