import Foundation
import Testing
@testable import ImageDecoding

/// Reading a file whole after its head: the bytes come out as they are on
/// disk, in one buffer (docs/benchmarks.md, "Memory in every layout").
@Suite struct FileReaderTests {
    /// A new file of `count` bytes. Each call gets its own name: the tests
    /// run in parallel, and two of the same size once shared a path, so one
    /// removed the file the other was reading.
    static func file(bytes count: Int) throws -> (path: String, contents: [UInt8]) {
        let path = NSTemporaryDirectory() + "fourway-filereader-\(getpid())-\(count)-\(UUID().uuidString)"
        let contents = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return (path, contents)
    }

    @Test func aFileLongerThanItsHeadIsReadWholeWithTheHeadFirst() throws {
        let (path, contents) = try Self.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var seenHead: [UInt8] = []
        let read = try FileReader.read(path, head: 65_536) { head in
            seenHead = head
            return true
        }
        #expect(seenHead == Array(contents[0..<65_536]))
        #expect(read.complete)
        #expect(read.bytes == contents)
    }

    @Test func aFileShorterThanItsHeadIsReadWholeAtOnce() throws {
        let (path, contents) = try Self.file(bytes: 1000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try FileReader.read(path, head: 65_536) { _ in true }
        #expect(read.complete)
        #expect(read.bytes == contents)
    }

    @Test func theRestIsNotReadWhenTheHeadSaysSo() throws {
        let (path, contents) = try Self.file(bytes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try FileReader.read(path, head: 65_536) { _ in false }
        #expect(!read.complete)
        #expect(read.bytes == Array(contents[0..<65_536]))
    }

    @Test func aWholeReadWithNoHeadReturnsTheFile() throws {
        let (path, contents) = try Self.file(bytes: 70_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FileReader.read(path) == contents)
    }
}
