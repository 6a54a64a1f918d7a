import Foundation
@testable import ImageDecoding
import TestFixtures
import Testing
@testable import Gallery

/// Turning a picture's view: orientations compose, images turn, turns are remembered.
@Suite struct ViewTurnTests {
    @Test func aTurnFollowsItsImageThroughARenameAndIsSaved() throws {
        let folder = try TemporaryFolder("turns")
        let old = try folder.write("a.jpg", [1, 2, 3])
        var turns = ViewTurns(file: folder.file("turns"))
        turns.turn(old, by: .rotate90)
        #expect(rename(old, folder.file("b.jpg")) == 0)
        turns.rename(old, to: folder.file("b.jpg"))
        #expect(turns.turn(of: folder.file("b.jpg")) == .rotate90)
        #expect(turns.turn(of: old) == .normal)
        #expect(ViewTurns(file: folder.file("turns")).turn(of: folder.file("b.jpg")) == .rotate90)
    }

    @Test func quarterTurnsAddUp() {
        #expect(ExifOrientation.rotate90.followed(by: .rotate90) == .rotate180)
        #expect(ExifOrientation.rotate90.followed(by: .rotate270) == .normal)
        let four = (0..<4).reduce(ExifOrientation.normal) { turn, _ in turn.followed(by: .rotate90) }
        #expect(four == .normal)
    }

    @Test func aMirrorUndoesItself() {
        for turn in ExifOrientation.allCases {
            #expect(turn.followed(by: .mirrorHorizontal).followed(by: .mirrorHorizontal) == turn)
            #expect(turn.followed(by: .mirrorVertical).followed(by: .mirrorVertical) == turn)
        }
    }

    @Test func mirroringTopToBottomIsMirroringLeftToRightTurnedUpsideDown() {
        #expect(ExifOrientation.mirrorHorizontal.followed(by: .rotate180) == .mirrorVertical)
    }

    @Test func everyOrientationIsAMirrorThenQuarterTurns() {
        for turn in ExifOrientation.allCases {
            let base: ExifOrientation = turn.isMirrored ? .mirrorHorizontal : .normal
            let rotation = [ExifOrientation.normal, .rotate90, .rotate180, .rotate270][turn.quarterTurns]
            #expect(base.followed(by: rotation) == turn, "\(turn)")
        }
    }

    @Test func aTurnedImageHasItsSidesSwappedAndItsPixelsMoved() {
        // 2×1: red, blue. A quarter turn clockwise puts red on top.
        let image = DecodedImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255],
                                 sourceWidth: 200, sourceHeight: 100, format: "PNG")
        let turned = image.turned(.rotate90)
        #expect(turned.width == 1 && turned.height == 2)
        #expect(turned.sourceWidth == 100 && turned.sourceHeight == 200)
        #expect(Array(turned.pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(turned.pixels[4..<8]) == [0, 0, 255, 255])
    }

    @Test func aTurnedDecodeStillFitsTheBox() throws {
        let folder = try TemporaryFolder("turns")
        let path = folder.file("wide.png")
        ImageFixtures.writePNG(path, width: 400, height: 200, pixels: ImageFixtures.quadrants(width: 400, height: 200))
        let entry = ImageEntry(path: path, name: "wide.png", album: nil)
        let image = try ImageDecoder.decode(.file(entry), maxWidth: 200, maxHeight: 200, turn: .rotate90).get()
        #expect(image.width == 100 && image.height == 200)
        #expect(image.sourceWidth == 200 && image.sourceHeight == 400)
    }

    @Test func turnsAreRememberedAcrossRunsInTheCacheFile() throws {
        let folder = try TemporaryFolder("turns")
        let photo = try folder.write("a.png", [1, 2, 3])
        var turns = ViewTurns(file: folder.file("cache/turns"))
        #expect(turns.turn(photo, by: .rotate90) == .rotate90)
        #expect(turns.turn(photo, by: .rotate90) == .rotate180)
        #expect(ViewTurns(file: folder.file("cache/turns")).turn(of: photo) == .rotate180)
    }

    @Test func aFileChangedSinceIsShownAsItIs() throws {
        let folder = try TemporaryFolder("turns")
        let photo = try folder.write("a.png", [1, 2, 3])
        var turns = ViewTurns(file: folder.file("turns"))
        turns.turn(photo, by: .rotate270)
        try folder.write("a.png", [1, 2, 3, 4])   // another size: another file
        #expect(ViewTurns(file: folder.file("turns")).turn(of: photo) == .normal)
    }

    @Test func withoutACacheFileTurnsLastTheSessionAndNothingIsWritten() throws {
        let folder = try TemporaryFolder("turns")
        let photo = try folder.write("a.png", [1])
        var turns = ViewTurns(file: nil)
        turns.turn(photo, by: .mirrorHorizontal)
        #expect(turns.turn(of: photo) == .mirrorHorizontal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.png"])
    }
}

/// The zoom's sharper region of a turned image.
@Suite struct TurnedRegionTests {
    /// Every pixel of `part` equals the turned whole image's at the same place.
    static func matches(_ part: DecodedRegion, _ whole: DecodedImage) -> Bool {
        guard part.image.width == part.region.width, part.image.height == part.region.height else { return false }
        for y in 0..<part.image.height {
            for x in 0..<part.image.width {
                let a = (y * part.image.width + x) * 4
                let b = ((part.region.y + y) * whole.width + part.region.x + x) * 4
                if part.image.pixels[a..<a + 4] != whole.pixels[b..<b + 4] { return false }
            }
        }
        return true
    }

    @Test(arguments: [ExifOrientation.rotate90, .rotate270, .mirrorHorizontal, .transpose])
    func aRegionOfATurnedImageIsTheTurnedImagesPixelsThere(_ turn: ExifOrientation) throws {
        let folder = try TemporaryFolder("turns")
        let path = folder.file("q.png")
        ImageFixtures.writePNG(path, width: 60, height: 40, pixels: ImageFixtures.quadrants(width: 60, height: 40))
        let entry = ImageEntry(path: path, name: "q.png", album: nil)
        let whole = try ImageDecoder.decode(.file(entry), maxWidth: 1000, maxHeight: 1000, turn: turn).get()
        let wanted = PixelRect(x: 5, y: 7, width: 20, height: 15)
        let part = try RegionDecoder.decode(path: path, region: wanted, scale: 1, maximumPixels: 1_000_000, turn: turn,
                                            turnedWidth: whole.width, turnedHeight: whole.height).get()
        #expect(part.region == wanted)
        #expect(Self.matches(part, whole))
    }
}
