import CTurboJPEG
import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

@Suite struct LosslessTurnTests {
    /// 48 × 32, quadrants on 8-pixel block edges (4:4:4): every turn is perfect.
    static let quadrantJPEG = ImageFixtures.jpeg(width: 48, height: 32,
                                                 pixels: ImageFixtures.quadrants(width: 48, height: 32))

    static func decode(_ bytes: [UInt8], in folder: TemporaryFolder, _ name: String) throws -> DecodedImage {
        let path = try folder.write(name, bytes)
        return try ImageDecoder.decodeFile(path, maxWidth: 4096, maxHeight: 4096)
    }

    static func turned(_ outcome: LosslessTurn.Outcome) -> [UInt8]? {
        if case .turned(let bytes) = outcome { return bytes }
        return nil
    }

    /// The orientation value's bytes in the first EXIF segment, nil without one.
    static func orientationBytes(_ jpeg: [UInt8]) -> [UInt8]? {
        let structure = jpeg.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        guard let payload = structure.exifPayload else { return nil }
        let tiffStart = payload.lowerBound + 6
        return jpeg.withUnsafeBufferPointer { buffer in
            LosslessTurn.orientationValue(in: ByteView(UnsafeBufferPointer(rebasing: buffer[tiffStart..<payload.upperBound])))
        }.map { Array(jpeg[(tiffStart + $0.offset)..<(tiffStart + $0.offset + $0.width)]) }
    }

    @Test func savedTurnShowsWhatTheTurnedViewShowedForEveryOrientationAndTurn() throws {
        let folder = try TemporaryFolder("lossless-turn")
        for file in ExifOrientation.allCases {
            let original = ImageFixtures.withExifOrientation(Self.quadrantJPEG, file.rawValue)
            let seen = try Self.decode(original, in: folder, "original.jpg")
            for view in ExifOrientation.allCases {
                let expected = seen.turned(view)
                let saved = try #require(Self.turned(LosslessTurn.turn(jpeg: original, by: view, trim: false)),
                                         "file \(file), view \(view)")
                let shown = try Self.decode(saved, in: folder, "saved.jpg")
                #expect(shown.width == expected.width && shown.height == expected.height, "file \(file), view \(view)")
                let found = ImageDecoderTests.quadrantColors(shown)
                let wanted = ImageDecoderTests.quadrantColors(expected)
                for (pixel, color) in zip(found, wanted) {
                    #expect(RegionDecoderTests.isClose(pixel, ImageFixtures.Color(r: color.r, g: color.g, b: color.b)),
                            "file \(file), view \(view): \(pixel) where the view showed \(color)")
                }
            }
        }
    }

    @Test func combinedTurnIsTheFileOrientationThenTheViewTurn() {
        #expect(LosslessTurn.combined(file: .rotate90, view: .rotate90) == .rotate180)
        #expect(LosslessTurn.combined(file: .rotate90, view: .rotate270) == .normal)
        #expect(LosslessTurn.combined(file: .normal, view: .mirrorHorizontal) == .mirrorHorizontal)
        #expect(LosslessTurn.combined(file: .mirrorHorizontal, view: .rotate90) == .transverse)
    }

    @Test func savedTurnWritesOrientationOneInBothByteOrders() throws {
        for bigEndian in [true, false] {
            let original = ImageFixtures.withExifOrientation(Self.quadrantJPEG, 6, bigEndian: bigEndian)
            let saved = try #require(Self.turned(LosslessTurn.turn(jpeg: original, by: .rotate90, trim: false)))
            #expect(Self.orientationBytes(saved) == (bigEndian ? [0, 1] : [1, 0]), "big endian: \(bigEndian)")
        }
    }

    @Test func orientationPatchChangesOnlyTheTagValue() throws {
        for bigEndian in [true, false] {
            let original = ImageFixtures.withExifOrientation(Self.quadrantJPEG, 8, bigEndian: bigEndian)
            var patched = original
            #expect(LosslessTurn.setOrientationToNormal(in: &patched))
            let changed = zip(original, patched).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(changed.count == 1, "big endian: \(bigEndian): bytes \(changed) changed")
            #expect(patched.withUnsafeBufferPointer { JPEGStructure.parse($0) }.orientation == .normal)
            #expect(Self.orientationBytes(patched) == (bigEndian ? [0, 1] : [1, 0]))
        }
    }

    @Test func savedTurnUnlinksTheExifThumbnailThatKeepsTheOldTurn() throws {
        let thumbnail = ImageFixtures.jpeg(width: 12, height: 8, pixels: ImageFixtures.quadrants(width: 12, height: 8))
        for bigEndian in [true, false] {
            let original = ImageFixtures.withExifThumbnail(Self.quadrantJPEG, thumbnail: thumbnail, orientation: 6,
                                                           bigEndian: bigEndian)
            #expect(original.withUnsafeBufferPointer { JPEGStructure.parse($0).thumbnail } != nil)
            let saved = try #require(Self.turned(LosslessTurn.turn(jpeg: original, by: .rotate90, trim: false)))
            #expect(saved.withUnsafeBufferPointer { JPEGStructure.parse($0).thumbnail } == nil, "big endian: \(bigEndian)")
            #expect(saved.withUnsafeBufferPointer { ExifThumbnail.decode(in: $0) } == nil)
            #expect(Self.orientationBytes(saved) == (bigEndian ? [0, 1] : [1, 0]))
        }
    }

    @Test func orientationPatchLeavesAJPEGWithoutExifAlone() {
        var bytes = Self.quadrantJPEG
        #expect(!LosslessTurn.setOrientationToNormal(in: &bytes))
        #expect(bytes == Self.quadrantJPEG)
    }

    @Test func orientationPatchLeavesExifWithoutAnOrientationTagAlone() {
        // IFD0 with one entry, Make: no orientation to set.
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x0F, 0, 2, 0, 0, 0, 4]
            + Array("Cam\0".utf8) + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let original = Array(Self.quadrantJPEG[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
            + payload + Array(Self.quadrantJPEG[2...])
        var bytes = original
        #expect(!LosslessTurn.setOrientationToNormal(in: &bytes))
        #expect(bytes == original)
    }

    @Test func turnMovingAPartialEdgeBlockAsksBeforeTrimming() throws {
        // 4:2:0 has 16-pixel blocks: 50 × 30 has partial ones on both edges.
        let original = ImageFixtures.jpeg(width: 50, height: 30, pixels: ImageFixtures.quadrants(width: 50, height: 30),
                                          subsampling: TJSAMP_420)
        let asked = LosslessTurn.turn(jpeg: original, by: .rotate90, trim: false)
        guard case .imperfect(let width, let height) = asked else {
            Issue.record("a turn moving a partial block was not refused: \(asked)")
            return
        }
        let trimmed = try #require(Self.turned(LosslessTurn.turn(jpeg: original, by: .rotate90, trim: true)))
        let structure = trimmed.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        #expect(structure.width == width && structure.height == height)
        #expect(width == 16 && height == 50)
    }

    @Test func turnKeepsTheOtherMarkers() throws {
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>fourway</x:xmpmeta>".utf8)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp
        let exif = ImageFixtures.withExifOrientation(Self.quadrantJPEG, 3)
        let original = Array(exif[0..<2]) + segment + Array(exif[2...])
        let saved = try #require(Self.turned(LosslessTurn.turn(jpeg: original, by: .rotate90, trim: false)))
        #expect(saved.firstRange(of: segment) != nil, "the XMP segment was not copied")
        #expect(Self.orientationBytes(saved) == [0, 1])
    }

    @Test func hostileJPEGsFailWithAMessage() {
        let header = Array(Self.quadrantJPEG.prefix(200))
        for (label, bytes) in [("garbage after SOI", [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2, 3, 4, 5, 6]),
                               ("a truncated header", header)] as [(String, [UInt8])] {
            guard case .failed(let message) = LosslessTurn.turn(jpeg: bytes, by: .rotate90, trim: false) else {
                Issue.record("\(label) did not fail")
                continue
            }
            #expect(!message.isEmpty, "\(label)")
        }
    }

    @Test func aFrameOverThePixelLimitIsRefusedBeforeTransforming() {
        var bytes = Self.quadrantJPEG
        // The SOF0's height and width (after FF C0, length, precision).
        let sof = try! #require(bytes.firstRange(of: [0xFF, 0xC0])).lowerBound
        // 30000 × 30000: under libjpeg's own 65500 limit, over the 500-megapixel one.
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x75, 0x30, 0x75, 0x30])
        guard case .failed(let message) = LosslessTurn.turn(jpeg: bytes, by: .rotate90, trim: false) else {
            Issue.record("a 30000 × 30000 frame was transformed")
            return
        }
        #expect(message.contains("30000×30000, over the 500-megapixel limit"), "\(message)")
    }
}
