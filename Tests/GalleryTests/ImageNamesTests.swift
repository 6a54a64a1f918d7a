import Foundation
import TestFixtures
import Testing
@testable import Gallery

/// The compact store of a folder's names (`ImageNames`, `ImageList`): what
/// goes in comes out, the order is the one `NaturalOrder` gives `String`s,
/// and an entry costs its name's bytes plus its end offset.
@Suite struct ImageNamesTests {
    @Test func namesRoundTripThroughTheStore() {
        let names = ["img1.jpg", "é.png", "Émile 2.JPG", "写真.jpeg", "🙂 smile.webp", "e\u{301}cole.gif", "a", "IMG_0001.HEIC"]
        let store = ImageNames(names)
        #expect(store.count == names.count)
        #expect((0..<store.count).map { store[$0] } == names)
        #expect(store.bytes.count == names.reduce(0) { $0 + $1.utf8.count })
    }

    @Test func bytesThatAreNotUTF8AreKeptAsTheyCame() {
        // The store keeps bytes; it is the scanner that refuses such names
        // (a `String` path cannot name them), as the next test shows.
        var store = ImageNames()
        let bad: [UInt8] = [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67]
        bad.withUnsafeBufferPointer { store.append($0) }
        store.append("good.jpg")
        #expect(store.withName(at: 0) { Array($0) } == bad)
        #expect(store[1] == "good.jpg")
    }

    @Test func aScannedNameThatIsNotUTF8StaysOutOfTheStoreAndIsReported() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.png", FolderScannerTests.png)
        try folder.write("a10.png", FolderScannerTests.png)
        let badName: [UInt8] = Array((folder.path + "/a2-").utf8) + [0xC3, 0x28] + Array(".png".utf8) + [0]
        let fd = badName.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.images.names.count == 2)
        #expect(contents.images.entries.map(\.name) == ["a10.png", "b.png"])
        #expect(contents.unnamableImages == [folder.path + "/a2-\\xC3(.png"])
        #expect(contents.skipped == 1)
    }

    @Test func anEmptyStoreHasNoNamesAndNoFirst() {
        let store = ImageNames()
        #expect(store.isEmpty)
        #expect(NaturalOrder.sortedIndices(store).isEmpty)
        #expect(NaturalOrder.firstIndex(store) == nil)
        #expect(store.permuted([]).isEmpty)
        #expect(ImageList(ImageList().entries).isEmpty)
        #expect(FolderContents(root: "/p", title: "p", looseImages: [], albums: [], skipped: 0).count == 0)
    }

    @Test func veryLongNamesRoundTrip() {
        // NAME_MAX is 255 bytes; the store has no limit of its own.
        let longest = String(repeating: "é", count: 127) + "a"
        let huge = String(repeating: "img", count: 10_000) + ".jpg"
        let store = ImageNames(["x.jpg", longest, huge, ""])
        #expect(store[1] == longest)
        #expect(store[1].utf8.count == 255)
        #expect(store[2] == huge)
        #expect(store[3] == "")
        #expect(store.permuted([2, 0, 3, 1]) == ImageNames([huge, "x.jpg", "", longest]))
    }

    @Test func naturalOrderInTheStoreIsTheOrderOfStrings() {
        for seed in 1...30 {
            let names = NaturalOrderTests.randomNames(count: 200, seed: UInt64(seed))
                + ["İstanbul.jpg", "istanbul.jpg", "ÉCOLE1.png", "e\u{301}cole2.png", "ß.jpg", "SS.jpg", "Ωmega.png", "ωmega.png"]
            let store = ImageNames(names)
            let order = NaturalOrder.sortedIndices(store).map { store[Int($0)] }
            #expect(order == NaturalOrder.sorted(names))
        }
    }

    @Test func asciiOnlyNamesSortAsStringsDo() {
        let names = (0..<500).map { "IMG_\(($0 * 7919) % 1000)\($0 % 3 == 0 ? ".JPG" : ".jpg")" } + ["img_01.jpg", "img_1.jpg", "a", "A"]
        let store = ImageNames(names)
        #expect(NaturalOrder.sortedIndices(store).map { store[Int($0)] } == NaturalOrder.sorted(names))
    }

    @Test func firstIndexIsWhatTheSortPutsFirst() {
        for seed in 1...30 {
            let store = ImageNames(NaturalOrderTests.randomNames(count: 50, seed: UInt64(seed)))
            #expect(NaturalOrder.firstIndex(store).map(UInt32.init) == NaturalOrder.sortedIndices(store).first)
        }
    }

    @Test func aScannedFolderCostsItsNamesPlusFourBytesAnEntry() throws {
        let folder = try TemporaryFolder()
        let seed = try folder.write("seed.png", FolderScannerTests.png)
        let count = 3000
        for index in 1...count { try folder.hardLink("img\(String(format: "%06d", index)).jpg", to: seed) }
        let contents = try FolderScanner.scan(folder.path)
        #expect(contents.count == count + 1)
        let nameBytes = contents.images.names.bytes.count
        // Capacity, not RSS: the buffers the gallery keeps for its life.
        let perEntry = Double(contents.images.allocatedBytes) / Double(contents.count)
        let floor = Double(nameBytes) / Double(contents.count) + 4
        #expect(perEntry <= floor * 1.07)
        #expect(perEntry < 20)
    }

    @Test func entriesMadeFromTheListAreTheEntriesGiven() {
        let loose = [ImageEntry(path: "/p/b.jpg", name: "b.jpg", album: nil),
                     ImageEntry(path: "/elsewhere/a.jpg", name: "a.jpg", album: nil),
                     ImageEntry(path: "/root.jpg", name: "root.jpg", album: nil)]
        let trip = [ImageEntry(path: "/p/trip/1.jpg", name: "1.jpg", album: "trip"),
                    ImageEntry(path: "/p/trip/2.jpg", name: "2.jpg", album: "trip")]
        let contents = FolderContents(root: "/p", title: "p", looseImages: loose,
                                      albums: [Album(name: "trip", images: trip)], skipped: 0)
        #expect(contents.looseImages == loose)
        #expect(contents.albums == [Album(name: "trip", images: trip)])
        #expect(contents.allImages == loose + trip)
        #expect(contents.count == 5)
    }

    @Test func aPathIsFoundInItsOwnFolderOnly() {
        var list = ImageList()
        list.append(folder: "/p/a", album: "a", names: ImageNames(["1.jpg", "2.jpg"]))
        list.append(folder: "/p/b", album: "b", names: ImageNames(["1.jpg", "2.jpg"]))
        #expect(list.firstIndex(ofPath: "/p/b/1.jpg") == 2)
        #expect(list.firstIndex(ofPath: "/p/a/2.jpg") == 1)
        #expect(list.firstIndex(ofPath: "/p/c/1.jpg") == nil)
        #expect(list.firstIndex(ofPath: "/p/a/1.jp") == nil)
    }

    @Test func removingAnImageKeepsTheOthersInTheirRuns() {
        var list = ImageList()
        list.append(folder: "/p/a", album: "a", names: ImageNames(["1.jpg", "2.jpg"]))
        list.append(folder: "/p/b", album: "b", names: ImageNames(["3.jpg"]))
        list.append(folder: "/p/c", album: "c", names: ImageNames(["4.jpg", "5.jpg"]))
        list.remove(at: 2)
        #expect(list.entries.map(\.path) == ["/p/a/1.jpg", "/p/a/2.jpg", "/p/c/4.jpg", "/p/c/5.jpg"])
        #expect(list[2].album == "c")
        list.remove(at: 0)
        #expect(list.entries.map(\.path) == ["/p/a/2.jpg", "/p/c/4.jpg", "/p/c/5.jpg"])
    }
}
