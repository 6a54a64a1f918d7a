import Foundation
import TestFixtures
import Testing
@testable import Gallery

/// A folder's first image, remembered so that opening it again starts
/// decoding before the listing; trusted only while the listing is unchanged.
@Suite struct FirstImageCacheTests {
    static func setUp() throws -> (photos: TemporaryFolder, cacheRoot: TemporaryFolder, cache: FirstImageCache) {
        let photos = try TemporaryFolder("photos")
        for name in ["img2.jpg", "img10.jpg"] { try photos.write(name, text: "x") }
        let cacheRoot = try TemporaryFolder("cache")
        return (photos, cacheRoot, FirstImageCache(folder: cacheRoot.path + "/first-images"))
    }

    @Test func aRememberedFirstImageIsFoundWhileTheFolderIsUnchanged() throws {
        let (photos, _, cache) = try Self.setUp()
        let identity = try #require(FolderIdentity(of: photos.path))
        #expect(cache.lookup(folder: photos.path, identity: identity) == nil)
        #expect(cache.remember(folder: photos.path, identity: identity, firstImage: "img2.jpg"))
        #expect(cache.lookup(folder: photos.path, identity: try #require(FolderIdentity(of: photos.path)))
                == photos.path + "/img2.jpg")
    }

    @Test func addingRemovingOrRenamingAFileMakesTheEntryStale() throws {
        let (photos, _, cache) = try Self.setUp()
        for change in ["add", "remove", "rename"] {
            let identity = try #require(FolderIdentity(of: photos.path))
            cache.remember(folder: photos.path, identity: identity, firstImage: "img2.jpg")
            usleep(2_000)   // past the file system's time granularity
            switch change {
            case "add": try photos.write("img1.jpg", text: "x")
            case "remove": unlink(photos.file("img1.jpg"))
            default: rename(photos.file("img10.jpg"), photos.file("img0.jpg"))
            }
            let now = try #require(FolderIdentity(of: photos.path))
            #expect(now != identity, "\(change)")
            #expect(cache.lookup(folder: photos.path, identity: now) == nil, "\(change)")
        }
    }

    @Test func anEntryForAnotherFolderOrADamagedEntryIsNotTrusted() throws {
        let (photos, _, cache) = try Self.setUp()
        let identity = try #require(FolderIdentity(of: photos.path))
        cache.remember(folder: photos.path, identity: identity, firstImage: "img2.jpg")
        let entry = cache.entryPath(for: photos.path)
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
        // Cut anywhere, or with the folder's path changed: ignored.
        for length in [0, 1, good.count / 2, good.count - 1] {
            try Data(good.prefix(length)).write(to: URL(fileURLWithPath: entry))
            #expect(cache.lookup(folder: photos.path, identity: identity) == nil, "cut to \(length)")
        }
        let other = String(decoding: good, as: UTF8.self).replacingOccurrences(of: photos.path, with: photos.path + "x")
        try Data(other.utf8).write(to: URL(fileURLWithPath: entry))
        #expect(cache.lookup(folder: photos.path, identity: identity) == nil)
        // A name that leaves the folder is refused.
        let escaping = String(decoding: good, as: UTF8.self).replacingOccurrences(of: "img2.jpg", with: "../img2.jpg")
        try Data(escaping.utf8).write(to: URL(fileURLWithPath: entry))
        #expect(cache.lookup(folder: photos.path, identity: identity) == nil)
    }

    @Test func namesALineCannotHoldAreNotStored() throws {
        let (photos, cacheRoot, cache) = try Self.setUp()
        let identity = try #require(FolderIdentity(of: photos.path))
        #expect(!cache.remember(folder: photos.path, identity: identity, firstImage: "two\nlines.jpg"))
        #expect(!FileManager.default.fileExists(atPath: cacheRoot.path + "/first-images"))
    }

    @Test func theStandardPlaceIsBesideTheThumbnails() {
        #expect(FirstImageCache(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.folder == "/c/fourway/first-images")
        #expect(FirstImageCache(environment: ["HOME": "/h"])?.folder == "/h/.cache/fourway/first-images")
        #expect(FirstImageCache(environment: ["XDG_CACHE_HOME": "relative"]) == nil)
    }

    @Test func aGuessTheScanContradictsIsNeverShown() throws {
        let photos = try TemporaryFolder("photos")
        let jpeg = ImageFixtures.jpeg(width: 64, height: 48, pixels: ImageFixtures.quadrants(width: 64, height: 48))
        try photos.write("img1.jpg", jpeg)
        try photos.write("img2.jpg", jpeg)
        let finished = FirstImageTests.FinishCount()
        var first = FirstImageDecode(maxWidth: 32, maxHeight: 32) { finished.add() }
        first.start(path: photos.file("img2.jpg"))   // a stale guess
        first.confirm(path: photos.file("img1.jpg"))
        #expect(first.preview == nil)
        // Once its decode has ended (not after a while), it still shows
        // nothing and announced nothing after it was dropped.
        let announced = finished.value
        #expect(FirstImageTests.decodeEnded(&first))
        #expect(finished.value == announced)
        #expect(first.preview == nil)
        // The right guess stays.
        let second = FirstImageDecode(maxWidth: 32, maxHeight: 32) {}
        second.start(path: photos.file("img1.jpg"))
        second.confirm(path: photos.file("img1.jpg"))
        #expect(FirstImageTests.eventually { second.preview != nil })
    }
}
