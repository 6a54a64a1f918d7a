import Pager
import Testing
@testable import Browser
@testable import Gallery

@Suite struct MarksTests {
    static func grid(_ count: Int, columns: Int = 3) -> GalleryLayout {
        let entries = (0..<count).map { ImageEntry(path: "/p/img\($0).jpg", name: "img\($0).jpg", album: nil) }
        let contents = FolderContents(root: "/p", title: "p", looseImages: entries, albums: [], skipped: 0)
        return GalleryLayout(contents: contents, style: .grid, columns: columns)
    }

    @Test func toggleMarksThenUnmarks() {
        var marks = Marks()
        let marked = marks.toggle("/p/img1.jpg")
        #expect(marked && marks.contains("/p/img1.jpg"))
        let stillMarked = marks.toggle("/p/img1.jpg")
        #expect(!stillMarked && marks.isEmpty)
    }

    @Test func pathsComeInGalleryOrderNotMarkingOrder() {
        var marks = Marks()
        marks.toggle("/p/img4.jpg")
        marks.toggle("/p/img0.jpg")
        marks.toggle("/p/img2.jpg")
        #expect(marks.paths(in: Self.grid(6)) == ["/p/img0.jpg", "/p/img2.jpg", "/p/img4.jpg"])
    }

    @Test func aMarkFollowsItsImageWhenAnEarlierImageLeavesTheLayout() {
        var marks = Marks()
        marks.toggle("/p/img3.jpg")
        let layout = Self.grid(6).removing(ordinal: 0)
        #expect(marks.ordinals(in: layout) == [2])
        #expect(marks.paths(in: layout) == ["/p/img3.jpg"])
    }

    @Test func invertMarksEveryOtherImage() {
        var marks = Marks()
        marks.toggle("/p/img1.jpg")
        marks.invert(in: Self.grid(4))
        #expect(marks.paths(in: Self.grid(4)) == ["/p/img0.jpg", "/p/img2.jpg", "/p/img3.jpg"])
    }

    @Test func clearUnmarksAll() {
        var marks = Marks()
        marks.mark(["/p/img1.jpg", "/p/img2.jpg"])
        #expect(marks.count == 2, "marked before the clear")
        marks.clear()
        #expect(marks.count == 0)
    }

    @Test func nextGoesForwardAndRoundTheEnd() {
        var marks = Marks()
        marks.mark(["/p/img1.jpg", "/p/img4.jpg"])
        let layout = Self.grid(6)
        #expect(marks.next(after: 1, in: layout, forward: true) == 4)
        #expect(marks.next(after: 4, in: layout, forward: true) == 1)
    }

    @Test func previousGoesBackAndRoundTheStart() {
        var marks = Marks()
        marks.mark(["/p/img1.jpg", "/p/img4.jpg"])
        let layout = Self.grid(6)
        #expect(marks.next(after: 4, in: layout, forward: false) == 1)
        #expect(marks.next(after: 0, in: layout, forward: false) == 4)
    }

    @Test func nextWithNoMarksIsNil() {
        #expect(Marks().next(after: 0, in: Self.grid(3), forward: true) == nil)
    }

    @Test func unmarkForgetsOnlyThosePaths() {
        var marks = Marks()
        marks.mark(["/p/img1.jpg", "/p/img2.jpg"])
        marks.unmark(["/p/img1.jpg"])
        #expect(marks.paths(in: Self.grid(3)) == ["/p/img2.jpg"])
    }

    @Test func theSummaryCountsTheMarks() {
        #expect(Marks().summary == "None marked")
        #expect(Marks(["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"]).summary == "3 marked")
    }
}
