import Testing
@testable import Browser

/// The panel's and the help's layout (Sources/Browser/Drawing/OverlayLayout.swift),
/// with a font whose every character is half the text size wide.
@Suite struct OverlayLayoutTests {
    static func measure(_ text: String, _ size: Int) -> Int { text.count * size / 2 }
    static let folder = "/home/anna/Pictures/a rather long folder name/of holiday pictures/DCIM/100CANON"
    static let rows: [(label: String, value: String)] = [
        ("Name", "img_00000.jpg"), ("Folder", folder), ("Dimensions", "4000 × 3000, 12.0 MP"), ("Format", "JPEG"),
    ]

    static func panel(maxWidth: Int = 1000) -> OverlayLayout.Box {
        OverlayLayout.panel(rows, size: 16, maxWidth: maxWidth, padding: 10, measure: measure)
    }

    /// The placed text of each row: label, value.
    static func pairs(_ box: OverlayLayout.Box) -> [(label: OverlayLayout.PlacedText, value: OverlayLayout.PlacedText)] {
        stride(from: 0, to: box.texts.count - 1, by: 2).map { (box.texts[$0], box.texts[$0 + 1]) }
    }

    @Test func everyValueStartsPastTheWidestLabelAndAGap() {
        let box = Self.panel()
        let widestLabel = Self.rows.map { Self.measure($0.label, 16) }.max()!
        #expect(Self.pairs(box).count == Self.rows.count)
        for (label, value) in Self.pairs(box) {
            #expect(label.x == 10)
            #expect(value.x == 10 + widestLabel + 16)
            #expect(value.y == label.y)
        }
    }

    @Test func eachRowIsOnItsOwnLine() {
        let ys = Self.pairs(Self.panel()).map(\.label.y)
        #expect(ys == [10, 33, 56, 79])
    }

    @Test func aValueThatFitsShowsWhole() {
        #expect(Self.pairs(Self.panel()).map(\.value.text) == Self.rows.map(\.value))
    }

    @Test func aLongPathLosesItsMiddleAndStaysInsideThePanel() {
        let box = Self.panel(maxWidth: 400)
        let value = Self.pairs(box)[1].value
        #expect(value.text.hasPrefix("/home/anna/") && value.text.hasSuffix("/DCIM/100CANON"))
        #expect(value.text.contains("…"))
        #expect(value.x + Self.measure(value.text, 16) + 10 <= 400)
        #expect(box.width <= 400)
    }

    @Test func thePanelIsAsWideAsItsWidestRow() {
        let box = Self.panel(maxWidth: 400)
        let right = Self.pairs(box).map { $0.value.x + Self.measure($0.value.text, 16) }.max()!
        #expect(box.width == right + 10)
    }

    @Test func shorteningKeepsAsMuchAsFitsOfTheStartAndTheEnd() {
        let short = OverlayLayout.shortened("abcdefghij", toFit: 7) { $0.count }
        #expect(short == "abc…hij")
    }

    @Test func shorteningToLessThanTheEllipsisGivesNothing() {
        #expect(OverlayLayout.shortened("abcdefghij", toFit: 0) { $0.count }.isEmpty)
    }

    @Test func wrappingBreaksBetweenWordsWithinTheWidth() {
        let lines = OverlayLayout.wrapped("show / hide the image's information", width: 12) { $0.count }
        #expect(lines == ["show / hide", "the image's", "information"])
    }

    @Test func aWordWiderThanTheLineIsShortened() {
        #expect(OverlayLayout.wrapped("a averyveryverylongword", width: 9) { $0.count } == ["a", "aver…word"])
    }

    // MARK: - The help

    static let help = ["fourway — keys", "", "In the pages:", "drag (left button or a finger)\tmoves the pages",
                       "mouse wheel\tone page up / down", "I\tshow / hide the image's information (file, size)",
                       "", "On a zoomed page:", "drag\tpans the image, then the pages at its edge",
                       "", "In the overview (Tab):", "Enter\topen the highlighted page", "click, tap\topen that page",
                       "Tab, o\tback to the pages, on the highlighted one"]

    static func help(width: Int, height: Int, sizes: ClosedRange<Int> = 8...20) -> OverlayLayout.Box {
        OverlayLayout.help(help, room: .init(width: width, height: height, padding: 10), sizes: sizes, measure: measure)
    }

    /// Every placed text of `box` lies inside it, padding included.
    static func inside(_ box: OverlayLayout.Box) -> Bool {
        box.texts.allSatisfy { text in
            text.x >= 10 && text.y >= 10 && text.x + measure(text.text, box.size) <= box.width - 10
                && text.y + box.size <= box.height - 10
        }
    }

    /// The words of the help.
    static let helpWords = help.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) }.map(String.init)

    @Test func inARoomiestWindowTheHelpIsAtItsLargestSizeUnwrapped() {
        let box = Self.help(width: 2000, height: 2000)
        #expect(box.size == 20)
        #expect(box.texts.count == Self.help.filter { !$0.isEmpty }.count + 7)   // 7 entries: key and help apart
    }

    @Test func aWideShortWindowGetsColumnsOfWholeSections() {
        let box = Self.help(width: 2000, height: 200)
        #expect(box.size == 20)
        let columnTops = box.texts.filter { $0.y == 10 }.sorted { $0.x < $1.x }.map(\.text)
        #expect(columnTops.count > 1)
        #expect(columnTops.allSatisfy { Self.help.contains($0) && !$0.contains("\t") })
    }

    @Test(arguments: [(640, 480), (300, 240), (900, 300), (1280, 800)])
    func theHelpFitsTheRoomWithEveryTextInsideItsBox(size: (Int, Int)) {
        let box = Self.help(width: size.0, height: size.1)
        #expect(box.width <= size.0 && box.height <= size.1)
        #expect(box.texts.count >= Self.help.filter { !$0.isEmpty }.count + 7)   // nothing left out
        #expect(Self.inside(box))
    }

    @Test func aNarrowWindowWrapsTheHelpAndKeepsEveryWordWhole() {
        let box = Self.help(width: 300, height: 400)
        let read = box.texts.sorted { ($0.x, $0.y) < ($1.x, $1.y) }   // one column: keys, then helps
        #expect(read.count > Self.help.filter { !$0.isEmpty }.count + 7)   // some lines broke
        let words = Set(read.flatMap { $0.text.split(separator: " ").map(String.init) })
        #expect(Set(Self.helpWords) == words)
    }

    @Test(arguments: [false, true])
    func noColumnStartsWithABlankLineOrEndsWithAHeading(splitsSections: Bool) {
        let rows = Self.help.map(OverlayLayout.HelpRow.init)
        let attempt = OverlayLayout.HelpTry(size: 10, columns: 3, wraps: false, splitsSections: splitsSections)
        let columns = OverlayLayout.helpColumns(rows, heights: rows.map { _ in 1 }, attempt: attempt)!
        #expect(columns.count == 3)
        for column in columns {
            #expect(rows[column.first!] != .blank)
            if case .heading = rows[column.last!] { Issue.record("column \(column) ends with a heading") }
        }
    }

    @Test func aHeadingStaysWithItsFirstLineWhenSectionsSplit() {
        let rows = ["A:", "a\tone", "B:", "b\ttwo", "c\tthree", "d\tfour"].map(OverlayLayout.HelpRow.init)
        let attempt = OverlayLayout.HelpTry(size: 10, columns: 2, wraps: false, splitsSections: true)
        let columns = OverlayLayout.helpColumns(rows, heights: rows.map { _ in 1 }, attempt: attempt)
        #expect(columns == [[0, 1, 2, 3], [4, 5]])
    }

    @Test func aLargerSizeWithLinesWrappedWinsOverTheSmallestSizeUnbroken() {
        // 350 × 400 fits the help unbroken only at the smallest size, 8.
        let unbroken = OverlayLayout.help(Self.help, room: .init(width: 350, height: 400, padding: 10), sizes: 8...8,
                                          measure: Self.measure)
        #expect(unbroken.size == 8 && unbroken.texts.count == Self.help.filter { !$0.isEmpty }.count + 7)
        let box = Self.help(width: 350, height: 400)
        #expect(box.size > 8 && box.width <= 350 && box.height <= 400 && Self.inside(box))
        let words = Set(box.texts.flatMap { $0.text.split(separator: " ").map(String.init) })
        #expect(Set(Self.helpWords) == words)
    }

    @Test func aRoomTooSmallForTheSmallestSizeTakesSmallerTextRatherThanCutIt() {
        let box = Self.help(width: 220, height: 165)
        #expect(box.size == 7)   // the largest below the smallest size that fits
        #expect(box.width <= 220 && box.height <= 165)
        #expect(box.texts.count >= Self.help.filter { !$0.isEmpty }.count + 7)
    }
}
