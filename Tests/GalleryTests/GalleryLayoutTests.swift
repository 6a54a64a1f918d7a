import Pager
import Testing
@testable import Gallery

@Suite struct GalleryLayoutTests {
    static func entries(_ n: Int, album: String? = nil) -> [ImageEntry] {
        (0..<n).map { i in
            let folder = album.map { "/root/\($0)" } ?? "/root"
            return ImageEntry(path: "\(folder)/img\(i).png", name: "img\(i).png", album: album)
        }
    }

    static func flat(_ n: Int) -> FolderContents {
        FolderContents(root: "/root", title: "root", looseImages: entries(n), albums: [], skipped: 0)
    }

    static func albums(loose: Int, _ sizes: [Int]) -> FolderContents {
        FolderContents(root: "/root", title: "root", looseImages: entries(loose),
                       albums: sizes.enumerated().map { Album(name: "a\($0.offset)", images: entries($0.element, album: "a\($0.offset)")) },
                       skipped: 0)
    }

    /// Every invariant that ties pages, ordinals, entries and paths together,
    /// checked over the whole bounded area (or a window of a wrapped one).
    static func checkRoundTrips(_ layout: GalleryLayout, _ contents: FolderContents,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let all = contents.allImages
        #expect(layout.count == all.count, sourceLocation: sourceLocation)
        for (ordinal, image) in all.enumerated() {
            guard let page = layout.page(ofOrdinal: ordinal) else {
                Issue.record("no page for ordinal \(ordinal)", sourceLocation: sourceLocation); continue
            }
            #expect(layout.ordinal(of: page) == ordinal, sourceLocation: sourceLocation)
            #expect(layout.entry(at: page) == image, sourceLocation: sourceLocation)
            #expect(layout.page(of: image.path) == page, sourceLocation: sourceLocation)
        }
        #expect(layout.page(ofOrdinal: all.count) == nil, sourceLocation: sourceLocation)
        #expect(layout.page(ofOrdinal: -1) == nil, sourceLocation: sourceLocation)
        #expect(layout.page(of: "/elsewhere/img0.png") == nil, sourceLocation: sourceLocation)

        let width = layout.horizontalPages ?? max(layout.columns, 1)
        let height = layout.verticalPages ?? max(layout.rowCount, 1)
        let hs = width == 0 ? [0] : Array(0..<width)
        let vs = height == 0 ? [0] : Array(0..<height)
        var seen = Set<Int>()
        var holes = 0
        for v in vs {
            for h in hs {
                let page = PageIndex(h: h, v: v)
                if let ordinal = layout.ordinal(of: page) {
                    #expect(seen.insert(ordinal).inserted || layout.wrap, "page \(page) repeats ordinal \(ordinal)", sourceLocation: sourceLocation)
                    #expect(layout.entry(at: page) == all[ordinal], sourceLocation: sourceLocation)
                } else {
                    holes += 1
                    #expect(layout.entry(at: page) == nil, sourceLocation: sourceLocation)
                }
            }
        }
        if !layout.wrap {
            #expect(seen.count == all.count, sourceLocation: sourceLocation)
            #expect(holes == hs.count * vs.count - all.count || all.isEmpty, sourceLocation: sourceLocation)
            // Outside the bounds there is nothing.
            for page in [PageIndex(h: -1, v: 0), PageIndex(h: 0, v: -1), PageIndex(h: max(width, 1), v: 0), PageIndex(h: 0, v: max(height, 1))] {
                #expect(layout.entry(at: page) == nil, "\(page) is outside", sourceLocation: sourceLocation)
            }
        } else {
            #expect(holes == 0 || all.isEmpty, "a wrapped layout has no holes", sourceLocation: sourceLocation)
        }
    }

    @Test func gridIsSquareishWithHolesInTheLastRow() {
        #expect(GalleryLayout.squareColumns(1) == 1)
        #expect(GalleryLayout.squareColumns(4) == 2)
        #expect(GalleryLayout.squareColumns(5) == 3)
        #expect(GalleryLayout.squareColumns(10) == 4)
        #expect(GalleryLayout.squareColumns(100) == 10)
        #expect(GalleryLayout.squareColumns(101) == 11)
        let layout = GalleryLayout(contents: Self.flat(10), style: .grid)
        #expect(layout.horizontalPages == 4)
        #expect(layout.verticalPages == 3)
        #expect(layout.entry(at: PageIndex(h: 1, v: 2))?.name == "img9.png")
        #expect(layout.entry(at: PageIndex(h: 2, v: 2)) == nil)      // hole
        #expect(layout.entry(at: PageIndex(h: 3, v: 2)) == nil)      // hole
        #expect(layout.ordinal(of: PageIndex(h: 3, v: 1)) == 7)
        #expect(layout.rowLength(2) == 2)
        #expect(layout.rowTitle(0) == nil)
    }

    @Test func exhaustiveRoundTripsForEveryStyleSizeAndWrap() {
        for n in 0...40 {
            for wrap in [false, true] {
                for style in LayoutStyle.allCases {
                    let contents = Self.flat(n)
                    Self.checkRoundTrips(GalleryLayout(contents: contents, style: style, wrap: wrap), contents)
                }
                for columns in [1, 2, 3, 7, 100, 0, -5] {
                    let contents = Self.flat(n)
                    Self.checkRoundTrips(GalleryLayout(contents: contents, style: .grid, columns: columns, wrap: wrap), contents)
                }
            }
        }
        for sizes in [[1], [3, 1, 5], [7, 7], [2, 9, 4, 1], [1, 1, 1, 1]] {
            for loose in [0, 2] {
                for wrap in [false, true] {
                    let contents = Self.albums(loose: loose, sizes)
                    for style in LayoutStyle.allCases {
                        Self.checkRoundTrips(GalleryLayout(contents: contents, style: style, wrap: wrap), contents)
                    }
                }
            }
        }
    }

    @Test func explicitColumnsAreClamped() {
        #expect(GalleryLayout(contents: Self.flat(10), style: .grid, columns: 3).horizontalPages == 3)
        #expect(GalleryLayout(contents: Self.flat(10), style: .grid, columns: 3).verticalPages == 4)
        #expect(GalleryLayout(contents: Self.flat(10), style: .grid, columns: 50).horizontalPages == 10)
        #expect(GalleryLayout(contents: Self.flat(10), style: .grid, columns: 0).horizontalPages == 1)
    }

    @Test func albumsAreRowsWithTheLooseImagesFirst() {
        let contents = Self.albums(loose: 2, [3, 1, 5])
        let layout = GalleryLayout(contents: contents, style: .auto)
        #expect(layout.style == .albums)
        #expect(layout.horizontalPages == 5)
        #expect(layout.verticalPages == 4)
        #expect(layout.rowTitle(0) == "root")
        #expect(layout.rowTitle(1) == "a0")
        #expect(layout.rowTitle(3) == "a2")
        #expect(layout.rowTitle(4) == nil)
        #expect(layout.rowLength(2) == 1)
        #expect(layout.entry(at: PageIndex(h: 0, v: 2))?.path == "/root/a1/img0.png")
        #expect(layout.entry(at: PageIndex(h: 1, v: 2)) == nil)       // a short album ends in holes
        #expect(layout.entry(at: PageIndex(h: 4, v: 3))?.album == "a2")
        #expect(layout.ordinal(of: PageIndex(h: 4, v: 3)) == 10)
        // Without subfolder albums, auto is a grid.
        #expect(GalleryLayout(contents: Self.flat(5), style: .auto).style == .grid)
    }

    @Test func albumsGiveTheEngineOneRowLengthPerAlbum() {
        let contents = Self.albums(loose: 2, [3, 1, 5])
        #expect(GalleryLayout(contents: contents, style: .albums).rowLengths == [2, 3, 1, 5])
        // Wrapping rows and grids need no per-row bounds.
        #expect(GalleryLayout(contents: contents, style: .albums, wrap: true).rowLengths == nil)
        #expect(GalleryLayout(contents: Self.flat(10), style: .grid, columns: 3).rowLengths == nil)
        #expect(GalleryLayout(contents: Self.flat(10), style: .row).rowLengths == nil)
    }

    @Test func rowAndColumnDisableTheOtherAxis() {
        let row = GalleryLayout(contents: Self.flat(6), style: .row)
        #expect(row.horizontalPages == 6)
        #expect(row.verticalPages == 0)
        #expect(row.entry(at: PageIndex(h: 5, v: 0))?.name == "img5.png")
        #expect(row.entry(at: PageIndex(h: 1, v: 1)) == nil)
        let column = GalleryLayout(contents: Self.flat(6), style: .column)
        #expect(column.horizontalPages == 0)
        #expect(column.verticalPages == 6)
        #expect(column.entry(at: PageIndex(h: 0, v: 4))?.name == "img4.png")
        #expect(column.entry(at: PageIndex(h: 1, v: 4)) == nil)
        // Wrap makes the used axis infinite; the disabled one stays 0.
        let wrappedRow = GalleryLayout(contents: Self.flat(6), style: .row, wrap: true)
        #expect(wrappedRow.horizontalPages == nil)
        #expect(wrappedRow.verticalPages == 0)
        #expect(wrappedRow.entry(at: PageIndex(h: -1, v: 0))?.name == "img5.png")
        #expect(wrappedRow.entry(at: PageIndex(h: 0, v: 1)) == nil)
        let wrappedColumn = GalleryLayout(contents: Self.flat(6), style: .column, wrap: true)
        #expect(wrappedColumn.horizontalPages == 0)
        #expect(wrappedColumn.verticalPages == nil)
        #expect(wrappedColumn.entry(at: PageIndex(h: 0, v: -7))?.name == "img5.png")
    }

    @Test func wrapWorksModuloTheRowWithNegativeIndices() {
        let grid = GalleryLayout(contents: Self.flat(10), style: .grid, wrap: true)   // rows of 4, 4, 2
        #expect(grid.horizontalPages == nil)
        #expect(grid.verticalPages == nil)
        for v in -9...9 {
            for h in -13...13 {
                let rowLength = [4, 4, 2][GalleryLayout.modulo(v, 3)]
                let expected = GalleryLayout.modulo(v, 3) * 4 + GalleryLayout.modulo(h, rowLength)
                #expect(grid.ordinal(of: PageIndex(h: h, v: v)) == expected, "(\(h), \(v))")
            }
        }
        #expect(grid.entry(at: PageIndex(h: -1, v: -1))?.name == "img9.png")   // last row, its last image
        #expect(grid.entry(at: PageIndex(h: 2, v: 2))?.name == "img8.png")     // short row wraps early
        #expect(grid.canonicalPage(PageIndex(h: -1, v: -4)) == PageIndex(h: 1, v: 2))

        let albums = GalleryLayout(contents: Self.albums(loose: 0, [3, 1, 5]), style: .albums, wrap: true)
        #expect(albums.entry(at: PageIndex(h: 3, v: 0))?.name == "img0.png")
        #expect(albums.entry(at: PageIndex(h: -1, v: 0))?.name == "img2.png")
        #expect(albums.entry(at: PageIndex(h: 17, v: 1))?.album == "a1")
        #expect(albums.entry(at: PageIndex(h: -6, v: -1))?.name == "img4.png")  // album a2, 5 images
        #expect(albums.rowTitle(-1) == "a2")
        #expect(albums.rowTitle(3) == "a0")
        #expect(albums.rowLength(-2) == 1)
    }

    @Test func emptyContentsDisableBothAxes() {
        let layout = GalleryLayout(contents: Self.flat(0), style: .grid, wrap: true)
        #expect(layout.horizontalPages == 0)
        #expect(layout.verticalPages == 0)
        #expect(layout.entry(at: PageIndex(h: 0, v: 0)) == nil)
        #expect(layout.ordinal(of: PageIndex(h: 0, v: 0)) == nil)
    }
}

/// An image gone to the trash leaves the layout.
@Suite struct GalleryLayoutRemovalTests {
    static func entries(_ names: [String], album: String? = nil) -> [ImageEntry] {
        names.map { ImageEntry(path: "/p/" + (album.map { $0 + "/" } ?? "") + $0, name: $0, album: album) }
    }

    @Test func aGridFlowsOnKeepingItsColumns() {
        let contents = FolderContents(root: "/p", title: "p", looseImages: Self.entries(["a", "b", "c", "d", "e"]),
                                      albums: [], skipped: 0)
        let layout = GalleryLayout(contents: contents, style: .grid, columns: 2).removing(ordinal: 1)
        #expect(layout.count == 4)
        #expect(layout.entry(at: PageIndex(h: 1, v: 0))?.name == "c")
        #expect(layout.entry(at: PageIndex(h: 1, v: 1))?.name == "e")
        #expect(layout.horizontalPages == 2 && layout.verticalPages == 2)
    }

    @Test func anAlbumGetsShorterAndAnEmptyAlbumGoes() {
        let contents = FolderContents(root: "/p", title: "p", looseImages: [],
                                      albums: [Album(name: "x", images: Self.entries(["x1", "x2"], album: "x")),
                                               Album(name: "y", images: Self.entries(["y1"], album: "y")),
                                               Album(name: "z", images: Self.entries(["z1", "z2", "z3"], album: "z"))],
                                      skipped: 0)
        let layout = GalleryLayout(contents: contents, style: .albums)
        let shorter = layout.removing(ordinal: 0)
        #expect(shorter.rowLengths == [1, 1, 3])
        #expect(shorter.entry(at: PageIndex(h: 0, v: 0))?.name == "x2")
        let gone = layout.removing(ordinal: 2)   // y1, the only image of y
        #expect(gone.rowLengths == [2, 3])
        #expect(gone.rowTitle(1) == "z")
        #expect(gone.entry(at: PageIndex(h: 0, v: 1))?.name == "z1")
    }

    @Test func aRowLosesOnePage() {
        let contents = FolderContents(root: "/p", title: "p", looseImages: Self.entries(["a", "b", "c"]), albums: [],
                                      skipped: 0)
        let layout = GalleryLayout(contents: contents, style: .row).removing(ordinal: 2)
        #expect(layout.horizontalPages == 2 && layout.entry(at: PageIndex(h: 1, v: 0))?.name == "b")
        #expect(layout.removing(ordinal: 0).removing(ordinal: 0).count == 0)
    }
}
