import Foundation
import Testing
@testable import ImageDecoding

/// The bytes a sketch read, held for the page decode of the same file that
/// follows: taken once, and only while the file is the version they were
/// read from. Each test holds in a slot of its own (the shared one is the
/// decoders'). Arrays are compared into a Bool first: a failed `==` on
/// 200 KB arrays had Swift Testing diff them for minutes.
@Suite struct HeldFileTests {
    static func baseAddress(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBytes { $0.baseAddress }
    }

    @Test func theHeldBytesOfAnUnchangedFileAreTakenNotRead() throws {
        let (path, contents) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(bytes, of: identity)
        let read = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        #expect(read.complete)
        let same = read.bytes == contents
        #expect(same, "the file's bytes")
        // The same buffer: nothing was read after the head.
        #expect(Self.baseAddress(read.bytes) == Self.baseAddress(bytes))
    }

    @Test func heldBytesServeOneReadOnly() throws {
        let (path, contents) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(bytes, of: identity)
        _ = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        let second = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        let same = second.bytes == contents
        #expect(same)
        #expect(Self.baseAddress(second.bytes) != Self.baseAddress(bytes))
    }

    @Test func aFileRewrittenWithAnotherSizeIsReadAgain() throws {
        let (path, _) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(bytes, of: identity)
        let now = [UInt8](repeating: 7, count: 150_000)
        try Data(now).write(to: URL(fileURLWithPath: path))   // in place: the same inode
        let read = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        let isNow = read.bytes == now
        #expect(isNow, "the file as it is now")
    }

    @Test func anotherFileRenamedOverTheNameIsReadAgain() throws {
        let (path, _) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let other = path + ".other", otherContents = [UInt8](repeating: 9, count: 200_000)
        try Data(otherContents).write(to: URL(fileURLWithPath: other))
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(bytes, of: identity)
        #expect(rename(other, path) == 0)   // the same size, another inode
        let read = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        let isOther = read.bytes == otherContents
        #expect(isOther, "the file renamed over the name")
    }

    @Test func aHeadThatStopsTheReadLeavesTheBytesHeld() throws {
        let (path, _) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        held.hold(bytes, of: identity)
        let head = try FileReader.read(path, head: 65_536, held: held) { _ in false }
        #expect(!head.complete)
        let whole = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        #expect(Self.baseAddress(whole.bytes) == Self.baseAddress(bytes))
    }

    @Test func bytesThatAreNotTheWholeFileAreNotHeld() throws {
        let (path, contents) = try FileReaderTests.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = HeldFile()
        let (bytes, identity) = try FileReader.readWithIdentity(path)
        let part = Array(bytes.prefix(100_000))
        held.hold(part, of: identity)
        let read = try FileReader.read(path, head: 65_536, held: held) { _ in true }
        let same = read.bytes == contents
        #expect(same, "the file's bytes")
    }
}
