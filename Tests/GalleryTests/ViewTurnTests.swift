import Foundation
import Testing
@testable import Gallery

/// Turning a picture's view: orientations compose, images turn, turns are remembered.
@Suite struct ViewTurnTests {
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
