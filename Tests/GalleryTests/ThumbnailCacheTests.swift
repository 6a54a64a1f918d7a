import Foundation
import Pager
import TestFixtures
import Testing
@testable import Gallery

@Suite struct ThumbnailCacheTests {
    static func photo(_ folder: TemporaryFolder, _ name: String = "photo.jpg", width: Int = 640, height: Int = 400) throws -> ImageEntry {
        let path = try folder.write(name, ImageFixtures.jpeg(width: width, height: height,
                                                            pixels: ImageFixtures.quadrants(width: width, height: height)))
        return ImageEntry(path: path, name: name, album: nil)
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    @Test func cacheFolderFollowsXDGThenHome() {
        #expect(ThumbnailCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.folder == "/x/cache/fourway/thumbnails")
        #expect(ThumbnailCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.folder == "/home/u/.cache/fourway/thumbnails")
        #expect(ThumbnailCache(environment: ["HOME": "/home/u"])?.folder == "/home/u/.cache/fourway/thumbnails")
        #expect(ThumbnailCache(environment: [:]) == nil)
    }

    @Test func keyChangesWithSizeModificationTimeAndThumbnailSize() throws {
        let folder = try TemporaryFolder("thumbkey")
        let entry = try Self.photo(folder)
        let key = try #require(ThumbnailKey(path: entry.path, thumbnailSize: 160))
        #expect(ThumbnailKey(path: entry.path, thumbnailSize: 128)?.fileName != key.fileName)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 5), timespec(tv_sec: 1_000_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, entry.path, &times, 0) == 0)
        let touched = try #require(ThumbnailKey(path: entry.path, thumbnailSize: 160))
        #expect(touched.fileName != key.fileName && touched.modifiedSeconds == 1_000_000)
        #expect(ThumbnailKey(path: folder.file("missing.jpg"), thumbnailSize: 160) == nil)
        #expect(ThumbnailKey(path: folder.path, thumbnailSize: 160) == nil)   // a folder
    }

    @Test func keyChangesWithTheDisplayProfileAndSRGBKeepsTheOldKeys() {
        let srgb = ThumbnailKey(path: "/p/a.jpg", fileSize: 10, modifiedSeconds: 1, modifiedNanoseconds: 2, thumbnailSize: 160)
        #expect(srgb.text == "160\u{0}10\u{0}1.2\u{0}/p/a.jpg")   // as before the profile counted
        let adobe = ThumbnailKey(path: "/p/a.jpg", fileSize: 10, modifiedSeconds: 1, modifiedNanoseconds: 2,
                                 thumbnailSize: 160, displayProfile: 0x1234)
        #expect(adobe.fileName != srgb.fileName && adobe.text != srgb.text)
    }

    @Test func entryRoundTripsAndRefusesEveryDamagedByte() {
        let entry = ThumbnailEntry(keyText: "k", width: 3, height: 2, sourceWidth: 30, sourceHeight: 20, jpeg: [1, 2, 3, 4, 5])
        let bytes = entry.encoded()
        #expect(ThumbnailEntry.decode(bytes, expectedKey: "k") == entry)
        #expect(ThumbnailEntry.decode(bytes, expectedKey: "other") == nil)
        for cut in 0..<bytes.count {
            #expect(ThumbnailEntry.decode(Array(bytes[0..<cut]), expectedKey: "k") == nil, "cut at \(cut)")
        }
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x10
            #expect(ThumbnailEntry.decode(damaged, expectedKey: "k") == nil, "byte \(index) flipped")
        }
        #expect(ThumbnailEntry.decode(bytes + [0], expectedKey: "k") == nil)
    }

    @Test func firstMakeDecodesAndWritesSecondReadsTheCache() throws {
        let folder = try TemporaryFolder("thumbmake")
        let cache = ThumbnailCache(folder: folder.file("cache"))
        let entry = try Self.photo(folder)
        let first = try ThumbnailMaker.make(.file(entry), size: 160, cache: cache).get()
        #expect(first.origin == .decoded)
        #expect(first.image.width == 160 && first.image.height == 100)
        let key = try #require(ThumbnailKey(path: entry.path, thumbnailSize: 160))
        let stored = cache.path(of: key)
        let writtenAt = try #require(Self.modified(stored))
        let second = try ThumbnailMaker.make(.file(entry), size: 160, cache: cache).get()
        #expect(second.origin == .cache)
        #expect(second.image.width == 160 && second.image.height == 100)
        #expect(second.image.sourceWidth == 640 && second.image.sourceHeight == 400)
        // The top-left quadrant of the fixture survives JPEG within a small error.
        let a = first.image.rgba(x: 10, y: 10), b = second.image.rgba(x: 10, y: 10)
        #expect(abs(Int(a.r) - Int(b.r)) < 12 && abs(Int(a.g) - Int(b.g)) < 12 && abs(Int(a.b) - Int(b.b)) < 12)
        #expect(Self.modified(stored) == writtenAt)   // reading never rewrites
        // Only whole entries are left behind: no temporary files.
        let names = try FileManager.default.subpathsOfDirectory(atPath: cache.folder)
        #expect(!names.contains { $0.contains(".tmp-") })
        #expect(names.filter { $0.hasSuffix(".thumb") }.count == 1)
    }

    @Test func aCorruptEntryIsIgnoredAndRebuilt() throws {
        let folder = try TemporaryFolder("thumbcorrupt")
        let cache = ThumbnailCache(folder: folder.file("cache"))
        let entry = try Self.photo(folder)
        _ = ThumbnailMaker.make(.file(entry), size: 128, cache: cache)
        let key = try #require(ThumbnailKey(path: entry.path, thumbnailSize: 128))
        let stored = cache.path(of: key)
        let good = try Data(contentsOf: URL(fileURLWithPath: stored))
        for damage in [Data(good.prefix(good.count / 2)), Data(), Data(repeating: 0x41, count: good.count)] {
            try damage.write(to: URL(fileURLWithPath: stored))
            #expect(cache.read(key) == nil)
            let made = try ThumbnailMaker.make(.file(entry), size: 128, cache: cache).get()
            #expect(made.origin == .decoded)
            #expect(cache.read(key) != nil)   // rebuilt
        }
    }

    @Test func aChangedFileIsDecodedAgain() throws {
        let folder = try TemporaryFolder("thumbchange")
        let cache = ThumbnailCache(folder: folder.file("cache"))
        let entry = try Self.photo(folder, width: 640, height: 400)
        _ = ThumbnailMaker.make(.file(entry), size: 160, cache: cache)
        _ = try Self.photo(folder, width: 400, height: 640)   // replaced: new size and mtime
        var times = [timespec(tv_sec: 2_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, entry.path, &times, 0) == 0)
        let made = try ThumbnailMaker.make(.file(entry), size: 160, cache: cache).get()
        #expect(made.origin == .decoded)
        #expect(made.image.width == 100 && made.image.height == 160)
    }

    @Test func withoutACacheNothingIsWritten() throws {
        let folder = try TemporaryFolder("thumbnocache")
        let entry = try Self.photo(folder)
        let made = try ThumbnailMaker.make(.file(entry), size: 96, cache: nil).get()
        #expect(made.origin == .decoded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["photo.jpg"])
    }

    @Test func aBadFileIsAFailureAndIsNotCached() throws {
        let folder = try TemporaryFolder("thumbbad")
        let cache = ThumbnailCache(folder: folder.file("cache"))
        let path = try folder.write("bad.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16])
        let outcome = ThumbnailMaker.make(.file(ImageEntry(path: path, name: "bad.jpg", album: nil)), size: 160, cache: cache)
        guard case .failure(let failure) = outcome else { Issue.record("a truncated JPEG made a thumbnail"); return }
        #expect(failure.message.contains("JPEG"))
        let written = (try? FileManager.default.subpathsOfDirectory(atPath: cache.folder)) ?? []
        #expect(written.allSatisfy { !$0.hasSuffix(".thumb") })
    }

    @Test func pruneDeletesTheOldestEntriesPastTheCap() throws {
        let folder = try TemporaryFolder("thumbprune")
        let cache = ThumbnailCache(folder: folder.file("cache"))
        var paths: [String] = []
        for i in 0..<10 {
            let key = ThumbnailKey(path: "/p/\(i).jpg", fileSize: i, modifiedSeconds: 0, modifiedNanoseconds: 0, thumbnailSize: 160)
            let entry = ThumbnailEntry(keyText: key.text, width: 1, height: 1, sourceWidth: 1, sourceHeight: 1,
                                       jpeg: [UInt8](repeating: 7, count: 1000))
            #expect(cache.write(entry, for: key))
            var times = [timespec(tv_sec: 1_000 + i, tv_nsec: 0), timespec(tv_sec: 1_000 + i, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, cache.path(of: key), &times, 0)
            paths.append(cache.path(of: key))
        }
        let entryBytes = try #require((try FileManager.default.attributesOfItem(atPath: paths[0]))[.size] as? Int)
        #expect(cache.prune(maximumBytes: entryBytes * 20) == 0)
        let deleted = cache.prune(maximumBytes: entryBytes * 8)   // down to 6 entries
        #expect(deleted == 4)
        #expect(paths.prefix(4).allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(paths.suffix(6).allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test func loaderMakesTheMostWantedFirstAndDropsWhatIsNoLongerWanted() throws {
        let folder = try TemporaryFolder("thumbloader")
        // The worker holds after its first thumbnail until the new list is in:
        // without this, a slow test thread could see the whole first list made.
        let gate = DispatchSemaphore(value: 0)
        let loader = ThumbnailLoader(workerCount: 1, cache: nil) {
            gate.wait()
            gate.signal()
        }
        defer { loader.shutdown() }
        _ = folder
        let block = (0..<40).map { i in
            ThumbnailRequest(page: PageIndex(h: i, v: 0), source: .demo(PageIndex(h: i, v: 0)), size: 64, priority: -i)
        }
        loader.want(block)
        // Scrolled away: only these two are wanted now.
        let now = [ThumbnailRequest(page: PageIndex(h: 0, v: 9), source: .demo(PageIndex(h: 0, v: 9)), size: 64, priority: 5),
                   ThumbnailRequest(page: PageIndex(h: 1, v: 9), source: .demo(PageIndex(h: 1, v: 9)), size: 64, priority: 9)]
        loader.want(now)
        gate.signal()
        let deadline = Date().addingTimeInterval(20)
        var made: [PageIndex] = []
        while !made.contains(PageIndex(h: 0, v: 9)) && Date() < deadline {
            usleep(2_000)
            made += loader.take().map(\.request.page)
        }
        #expect(made.contains(PageIndex(h: 1, v: 9)) && made.contains(PageIndex(h: 0, v: 9)))
        // Only what was running when the list changed got made from the first list.
        #expect(made.filter { $0.v == 0 }.count <= 2)
        let i1 = made.firstIndex(of: PageIndex(h: 1, v: 9)), i0 = made.firstIndex(of: PageIndex(h: 0, v: 9))
        #expect(i1! < i0!)
    }

    @Test func aFinishedThumbnailWaitingToBeTakenIsNotMadeAgain() throws {
        let ready = ReadyCount()
        let loader = ThumbnailLoader(workerCount: 1, cache: nil) { ready.add() }
        defer { loader.shutdown() }
        let request = ThumbnailRequest(page: PageIndex(h: 2, v: 2), source: .demo(PageIndex(h: 2, v: 2)), size: 48, priority: 0)
        loader.want([request])
        let deadline = Date().addingTimeInterval(20)
        while ready.value == 0 && Date() < deadline { usleep(1_000) }
        loader.want([request])   // the shell has not taken it yet: still wanted, not queued again
        #expect(loader.pendingCount == 0)
        #expect(loader.take().map(\.request.page) == [PageIndex(h: 2, v: 2)])
        loader.want([request])   // taken (and, say, evicted later): made again when wanted
        var again: [ThumbnailResult] = []
        while again.isEmpty && Date() < deadline {
            usleep(1_000)
            again = loader.take()
        }
        #expect(again.count == 1)
    }
}

/// How many times a loader said a thumbnail is ready.
final class ReadyCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

import Synchronization
