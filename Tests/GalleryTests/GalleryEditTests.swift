import Testing
@testable import Gallery

/// The folder watch's pure half: a batch of changes becomes the gallery's
/// new images, in the gallery's order, taking files as the scanner does.
@Suite struct GalleryEditTests {
    static func images(_ loose: [String], albums: [(String, [String])] = []) -> ImageList {
        FolderContents(root: "/p", title: "p",
                       looseImages: loose.map { ImageEntry(path: "/p/" + $0, name: $0, album: nil) },
                       albums: albums.map { name, files in
                           Album(name: name, images: files.map { ImageEntry(path: "/p/\(name)/" + $0, name: $0, album: name) })
                       }, skipped: 0).images
    }

    static let edit = GalleryEdit(root: "/p", title: "p")

    static func names(_ result: GalleryEdit.Result) -> [String] {
        result.contents.allImages.map { $0.album.map { "\($0)/" } ?? "" }.enumerated().map { index, prefix in
            prefix + result.contents.allImages[index].name
        }
    }

    @Test func aNewImageJoinsInNaturalOrder() {
        let result = Self.edit.apply([.written("/p/img2.jpg")], to: Self.images(["img1.jpg", "img10.jpg"]))
        #expect(Self.names(result) == ["img1.jpg", "img2.jpg", "img10.jpg"])
        #expect(result.added == ["/p/img2.jpg"])
        #expect(result.changesImages)
    }

    @Test func reversedTheNewImageJoinsBackwards() {
        let edit = GalleryEdit(root: "/p", title: "p", order: ImageOrder(reverse: true))
        let result = edit.apply([.written("/p/b.jpg")], to: Self.images(["c.jpg", "a.jpg"]))
        #expect(Self.names(result) == ["c.jpg", "b.jpg", "a.jpg"])
    }

    @Test func byModificationTimeTheNewestGoesLast() {
        let times = ["/p/a.jpg": Int64(1), "/p/z.jpg": 2, "/p/m.jpg": 3]
        let edit = GalleryEdit(root: "/p", title: "p", order: ImageOrder(key: .mtime)) { path, _ in times[path] ?? 0 }
        let result = edit.apply([.written("/p/m.jpg")], to: Self.images(["a.jpg", "z.jpg"]))
        #expect(Self.names(result) == ["a.jpg", "z.jpg", "m.jpg"])
    }

    @Test func bySizeReversedTheBiggestGoesFirstAndTiesGoByName() {
        let sizes = ["/p/a.jpg": Int64(10), "/p/b.jpg": 30, "/p/c.jpg": 20, "/p/d.jpg": 20, "/p/e.jpg": 40]
        let edit = GalleryEdit(root: "/p", title: "p", order: ImageOrder(key: .size, reverse: true)) { path, _ in sizes[path] ?? 0 }
        let result = edit.apply([.written("/p/e.jpg"), .written("/p/c.jpg")], to: Self.images(["b.jpg", "d.jpg", "a.jpg"]))
        #expect(Self.names(result) == ["e.jpg", "b.jpg", "d.jpg", "c.jpg", "a.jpg"])
    }

    @Test func aRemovedImageLeavesAndAnEmptyAlbumGoes() {
        let result = Self.edit.apply([.removed("/p/b.jpg"), .removed("/p/trip/x.jpg")],
                                     to: Self.images(["a.jpg", "b.jpg"], albums: [("trip", ["x.jpg"])]))
        #expect(Self.names(result) == ["a.jpg"])
        #expect(result.contents.albums.isEmpty)
        #expect(result.removed == ["/p/b.jpg", "/p/trip/x.jpg"])
    }

    @Test func theImageKeptStaysWhileReportedRemoved() {
        let result = Self.edit.apply([.removed("/p/b.jpg")], to: Self.images(["a.jpg", "b.jpg"]), keeping: "/p/b.jpg")
        #expect(Self.names(result) == ["a.jpg", "b.jpg"])
        #expect(result.removed == ["/p/b.jpg"])
    }

    @Test func aRenameKeepsTheImageUnderItsNewNameInItsNewPlace() {
        let result = Self.edit.apply([.renamed(from: "/p/a.jpg", to: "/p/d.jpg")], to: Self.images(["a.jpg", "b.jpg", "c.jpg"]))
        #expect(Self.names(result) == ["b.jpg", "c.jpg", "d.jpg"])
        #expect(result.renamed.map { [$0.from, $0.to] } == [["/p/a.jpg", "/p/d.jpg"]])
        #expect(result.added.isEmpty && result.removed.isEmpty)
    }

    @Test func aRenameToAHiddenNameOrAnotherExtensionRemoves() {
        let result = Self.edit.apply([.renamed(from: "/p/a.jpg", to: "/p/.a.jpg"), .renamed(from: "/p/b.jpg", to: "/p/b.txt")],
                                     to: Self.images(["a.jpg", "b.jpg", "c.jpg"]))
        #expect(Self.names(result) == ["c.jpg"])
        #expect(result.renamed.isEmpty)
        #expect(result.removed == ["/p/a.jpg", "/p/b.jpg"])
    }

    @Test func aFileWrittenAgainIsRewrittenNotAdded() {
        let result = Self.edit.apply([.written("/p/a.jpg")], to: Self.images(["a.jpg", "b.jpg"]))
        #expect(result.rewritten == ["/p/a.jpg"])
        #expect(!result.changesImages)
        #expect(!result.isEmpty)
    }

    @Test func deletedThenWrittenAgainInOneBatchIsRewritten() {
        let result = Self.edit.apply([.removed("/p/a.jpg"), .written("/p/a.jpg")], to: Self.images(["a.jpg"]))
        #expect(result.rewritten == ["/p/a.jpg"])
        #expect(result.removed.isEmpty)
        #expect(Self.names(result) == ["a.jpg"])
    }

    @Test func writtenThenDeletedInOneBatchNeverShows() {
        let result = Self.edit.apply([.written("/p/b.jpg"), .removed("/p/b.jpg")], to: Self.images(["a.jpg"]))
        #expect(result.isEmpty)
        #expect(Self.names(result) == ["a.jpg"])
    }

    @Test func aChangeOfPermissionsAloneLeavesTheGalleryAsItIs() {
        let result = Self.edit.apply([.attributesChanged("/p/b.jpg"), .attributesChanged("/p/new.jpg")],
                                     to: Self.images(["a.jpg", "b.jpg"]))
        #expect(Self.names(result) == ["a.jpg", "b.jpg"])
        #expect(result.isEmpty && result.ignored == 0)
    }

    @Test func aChangeOfPermissionsBesideAWriteAndARemovalChangesNothingOfThem() {
        let result = Self.edit.apply([.attributesChanged("/p/a.jpg"), .written("/p/a.jpg"),
                                      .attributesChanged("/p/b.jpg"), .removed("/p/b.jpg")],
                                     to: Self.images(["a.jpg", "b.jpg", "c.jpg"]))
        #expect(result.rewritten == ["/p/a.jpg"])
        #expect(result.removed == ["/p/b.jpg"])
        #expect(Self.names(result) == ["a.jpg", "c.jpg"])
    }

    @Test func aListedFileJoinsWhenNewAndIsNotRewrittenWhenKnown() {
        let result = Self.edit.apply([.listed("/p/a.jpg"), .listed("/p/b.jpg"), .listed("/p/.c.jpg")],
                                     to: Self.images(["a.jpg"]))
        #expect(result.added == ["/p/b.jpg"])
        #expect(result.rewritten.isEmpty)
        #expect(result.ignored == 1)
    }

    @Test func filesTheScannerSkipsAreIgnored() {
        let batch: [FolderChange] = [.written("/p/.hidden.jpg"), .written("/p/notes.txt"), .written("/p/.cache/x.jpg"),
                                     .written("/elsewhere/x.jpg"), .written("/p/a/b/c/d/e/deep.jpg"),
                                     .removed("/p/never-there.jpg")]
        let result = Self.edit.apply(batch, to: Self.images(["a.jpg"]))
        #expect(result.isEmpty)
        #expect(result.ignored == batch.count)
        #expect(Self.names(result) == ["a.jpg"])
    }

    @Test func withEveryLevelDeepFilesAreTaken() {
        let edit = GalleryEdit(root: "/p", title: "p", maximumDepth: .max)
        let result = edit.apply([.written("/p/a/b/c/d/e/deep.jpg")], to: Self.images(["a.jpg"]))
        #expect(result.contents.albums.map(\.name) == ["a/b/c/d/e"])
    }

    @Test func aNewFolderBecomesAnAlbumInNaturalOrder() {
        let result = Self.edit.apply([.written("/p/trip2/x.jpg")],
                                     to: Self.images(["a.jpg"], albums: [("trip1", ["y.jpg"]), ("trip10", ["z.jpg"])]))
        #expect(result.contents.albums.map(\.name) == ["trip1", "trip2", "trip10"])
        #expect(result.contents.looseCount == 1)
    }

    @Test func oneAlbumChangesAndTheOthersStayAsTheyWere() {
        let result = Self.edit.apply([.removed("/p/b/y2.jpg"), .written("/p/b/y10.jpg"), .written("/p/b/y1.jpg")],
                                     to: Self.images(["x.jpg"], albums: [("a", ["z1.jpg", "z2.jpg"]), ("b", ["y2.jpg", "y3.jpg"]),
                                                                          ("c", ["w.jpg"])]))
        #expect(Self.names(result) == ["x.jpg", "a/z1.jpg", "a/z2.jpg", "b/y1.jpg", "b/y3.jpg", "b/y10.jpg", "c/w.jpg"])
        #expect(result.contents.albumRanges.map(\.range) == [1..<3, 3..<6, 6..<7])
        #expect(result.added == ["/p/b/y1.jpg", "/p/b/y10.jpg"])
        #expect(result.removed == ["/p/b/y2.jpg"])
    }

    @Test func theFirstLooseImageComesBeforeTheAlbums() {
        let result = Self.edit.apply([.written("/p/new.jpg")], to: Self.images([], albums: [("a", ["z.jpg"])]))
        #expect(Self.names(result) == ["new.jpg", "a/z.jpg"])
        #expect(result.contents.looseCount == 1)
    }

    @Test func aRemovedFolderTakesItsImages() {
        let result = Self.edit.apply([.folderRemoved("/p/trip")],
                                     to: Self.images(["a.jpg"], albums: [("trip", ["x.jpg", "y.jpg"]), ("trips", ["z.jpg"])]))
        #expect(Self.names(result) == ["a.jpg", "trips/z.jpg"])
        #expect(result.removed == ["/p/trip/x.jpg", "/p/trip/y.jpg"])
    }

    @Test func aBurstOfTenThousandJoinsInOrder() {
        let batch = (0..<10_000).reversed().map { FolderChange.written("/p/new\($0).png") }
        let result = Self.edit.apply(batch, to: Self.images(["new5000a.png", "z.jpg"]))
        #expect(result.added.count == 10_000)
        #expect(result.contents.count == 10_002)
        let names = result.contents.allImages.map(\.name)
        // Numbers by value (new9 before new10), a suffix after its number's name.
        let expected = (0...5000).map { "new\($0).png" } + ["new5000a.png"] + (5001..<10_000).map { "new\($0).png" } + ["z.jpg"]
        #expect(names == expected)
    }

    @Test func aRescanRemovesWhatIsGoneAndListsWhatIsNew() {
        let changes = GalleryEdit.rescanChanges(from: Self.images(["a.jpg", "b.jpg"], albums: [("trip", ["x.jpg"])]),
                                                to: Self.images(["b.jpg", "c.jpg"]), rewritingKept: false)
        #expect(changes == [.removed("/p/a.jpg"), .removed("/p/trip/x.jpg"), .listed("/p/c.jpg")])
        let result = Self.edit.apply(changes, to: Self.images(["a.jpg", "b.jpg"], albums: [("trip", ["x.jpg"])]))
        #expect(Self.names(result) == ["b.jpg", "c.jpg"])
        #expect(result.rewritten.isEmpty, "b.jpg is kept as it is")
    }

    @Test func aRescanOfAReplacedFolderDecodesAgainTheImagesOfTheSameName() {
        let changes = GalleryEdit.rescanChanges(from: Self.images(["a.jpg", "b.jpg"]), to: Self.images(["b.jpg", "c.jpg"]),
                                                rewritingKept: true)
        let result = Self.edit.apply(changes, to: Self.images(["a.jpg", "b.jpg"]))
        #expect(Self.names(result) == ["b.jpg", "c.jpg"])
        #expect(result.rewritten == ["/p/b.jpg"])
        #expect(result.removed == ["/p/a.jpg"] && result.added == ["/p/c.jpg"])
    }
}
