import Testing
@testable import Browser

/// The text/uri-list a drop hands over, read into paths and what is not a local file.
@Suite struct DroppedURIListTests {
    static func parse(_ text: String, hostName: String? = "box") -> DroppedURIList {
        DroppedURIList.parse(text, hostName: hostName)
    }

    @Test func fileURIsBecomePathsInTheOrderGiven() {
        let list = Self.parse("file:///p/b.jpg\r\nfile:///p/a.jpg\r\n")
        #expect(list.paths == ["/p/b.jpg", "/p/a.jpg"])
        #expect(list.notLocal.isEmpty)
    }

    @Test func percentEscapesAreDecoded() {
        #expect(Self.parse("file:///p/a%20b%25c%C3%A9.jpg").paths == ["/p/a b%cé.jpg"])
    }

    @Test func linesEndingInLineFeedAloneAreRead() {
        #expect(Self.parse("file:///p/a.jpg\nfile:///p/b.jpg").paths == ["/p/a.jpg", "/p/b.jpg"])
    }

    @Test func commentsAndBlankLinesAreSkipped() {
        let list = Self.parse("# dragged from a file manager\r\n\r\nfile:///p/a.jpg\r\n   \r\n")
        #expect(list.paths == ["/p/a.jpg"])
        #expect(list.notLocal.isEmpty)
    }

    @Test func localhostAndThisMachinesHostAreLocal() {
        let list = Self.parse("file://localhost/p/a.jpg\r\nfile://box/p/b.jpg\r\nfile:/p/c.jpg")
        #expect(list.paths == ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"])
    }

    @Test func anotherHostsFileIsNotLocal() {
        let list = Self.parse("file://server/share/a.jpg")
        #expect(list.paths.isEmpty)
        #expect(list.notLocal == ["file://server/share/a.jpg"])
    }

    @Test func otherSchemesAreNamedAsNotLocal() {
        let list = Self.parse("https://example.org/a.jpg\r\nfile:///p/b.jpg\r\nsmb://nas/c.jpg")
        #expect(list.paths == ["/p/b.jpg"])
        #expect(list.notLocal == ["https://example.org/a.jpg", "smb://nas/c.jpg"])
    }

    @Test func theSchemeIsCaseInsensitive() {
        #expect(Self.parse("FILE:///p/a.jpg").paths == ["/p/a.jpg"])
    }

    @Test func anAbsolutePathStandsForItself() {
        // SDL hands a dropped file over decoded: a literal % stays.
        #expect(Self.parse("/p/100% real.jpg").paths == ["/p/100% real.jpg"])
    }

    @Test func textThatIsNoPathIsNotLocal() {
        #expect(Self.parse("holiday photos").notLocal == ["holiday photos"])
    }

    @Test func aBadEscapeMakesTheItemNotAPath() {
        let list = Self.parse("file:///p/a%zz.jpg\r\nfile:///p/b%2")
        #expect(list.paths.isEmpty)
        #expect(list.notLocal == ["file:///p/a%zz.jpg", "file:///p/b%2"])
    }

    @Test func escapedBytesThatAreNotUTF8AreNotAPath() {
        #expect(Self.parse("file:///p/%FF.jpg").notLocal == ["file:///p/%FF.jpg"])
    }

    @Test func anEscapedNulIsNotAPath() {
        #expect(Self.parse("file:///p/a%00b.jpg").paths.isEmpty)
    }

    @Test func aQueryOrFragmentIsNoPartOfTheName() {
        #expect(Self.parse("file:///p/a.jpg?x=1\r\nfile:///p/b.jpg#top").paths == ["/p/a.jpg", "/p/b.jpg"])
    }

    @Test func anEscapedSlashStaysInTheName() {
        // %2F decodes to "/": the file manager escaped a name's own character.
        #expect(Self.parse("file:///p/a%2Fb.jpg").paths == ["/p/a/b.jpg"])
    }
}

/// One drop out of SDL's begin, files and complete.
@Suite struct DropGatheringTests {
    @Test func filesBetweenBeginAndCompleteAreOneDrop() {
        var gathering = DropGathering()
        #expect(gathering.take(.begin, hostName: nil) == nil)
        #expect(gathering.take(.file("/p/a.jpg"), hostName: nil) == nil)
        #expect(gathering.take(.file("/p/b.jpg"), hostName: nil) == nil)
        #expect(gathering.take(.complete, hostName: nil)?.paths == ["/p/a.jpg", "/p/b.jpg"])
    }

    @Test func textIsReadAsAURIList() {
        var gathering = DropGathering()
        _ = gathering.take(.begin, hostName: nil)
        _ = gathering.take(.text("file:///p/a%20b.jpg\r\nhttps://x.org/c.png"), hostName: nil)
        let drop = gathering.take(.complete, hostName: nil)
        #expect(drop?.paths == ["/p/a b.jpg"])
        #expect(drop?.notLocal == ["https://x.org/c.png"])
    }

    @Test func aFileWithoutBeginIsADropByItself() {
        var gathering = DropGathering()
        #expect(gathering.take(.file("/p/a.jpg"), hostName: nil)?.paths == ["/p/a.jpg"])
    }

    @Test func theNextDropStartsEmpty() {
        var gathering = DropGathering()
        _ = gathering.take(.begin, hostName: nil)
        _ = gathering.take(.file("/p/a.jpg"), hostName: nil)
        _ = gathering.take(.complete, hostName: nil)
        _ = gathering.take(.begin, hostName: nil)
        _ = gathering.take(.file("/p/b.jpg"), hostName: nil)
        #expect(gathering.take(.complete, hostName: nil)?.paths == ["/p/b.jpg"])
    }
}

/// The notice a drop shows.
@Suite struct DropNoticeTests {
    @Test func saysWhatOpenedAndHowManyMarksWent() {
        #expect(BrowserSession.dropNotice(opened: "2 paths", marksCleared: 3, notLocal: [])
            == "Opened the drop: 2 paths; 3 marks cleared")
    }

    @Test func namesWhatIsNotALocalFile() {
        #expect(BrowserSession.dropNotice(opened: nil, marksCleared: 0, notLocal: ["https://x.org/a.png"])
            == "Not a local file, not opened: https://x.org/a.png")
    }

    @Test func namesThreeAndCountsTheRest() {
        let links = (1...5).map { "https://x.org/\($0).png" }
        #expect(BrowserSession.dropNotice(opened: "p", marksCleared: 0, notLocal: links)
            == "Opened the drop: p; Not a local file, not opened: https://x.org/1.png, https://x.org/2.png, "
            + "https://x.org/3.png and 2 more")
    }
}
