import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

/// The EXIF thumbnail a camera stores in a photo, shown as the first image's
/// stand-in while the photo decodes: found, turned upright, cropped out of
/// black bars, and refused whenever it would not show the whole photo.
@Suite struct ExifThumbnailTests {
    /// The photo: 64×48 (4:3), one colour, so its own pixels are never mistaken for the thumbnail's.
    static let photo = ImageFixtures.jpeg(width: 64, height: 48,
                                          pixels: ImageFixtures.pixels(width: 64, height: 48) { _, _ in .white })
    /// A 16×12 thumbnail of four quadrants (red, green / blue, white).
    static let thumbnail = ImageFixtures.jpeg(width: 16, height: 12, pixels: ImageFixtures.quadrants(width: 16, height: 12))

    static func sketch(_ bytes: [UInt8]) -> DecodedImage? {
        bytes.withUnsafeBufferPointer { ExifThumbnail.decode(in: $0) }
    }

    @Test func theThumbnailIsFoundInTheSecondIFDInEitherByteOrder() throws {
        for bigEndian in [true, false] {
            let bytes = ImageFixtures.withExifThumbnail(Self.photo, thumbnail: Self.thumbnail, bigEndian: bigEndian)
            let range = try #require(bytes.withUnsafeBufferPointer { JPEGStructure.parse($0).thumbnail })
            #expect(Array(bytes[range]) == Self.thumbnail)
        }
    }

    @Test func theSketchHasTheThumbnailsPixelsAndThePhotosSize() throws {
        let sketch = try #require(Self.sketch(ImageFixtures.withExifThumbnail(Self.photo, thumbnail: Self.thumbnail)))
        #expect((sketch.width, sketch.height) == (16, 12))
        #expect((sketch.sourceWidth, sketch.sourceHeight) == (64, 48))
        #expect(isClose(sketch.rgba(x: 2, y: 2), .red))
        #expect(isClose(sketch.rgba(x: 13, y: 9), .white))
        #expect(sketch.isOpaque)
    }

    @Test func theSketchIsTurnedByThePhotosOrientation() throws {
        let bytes = ImageFixtures.withExifThumbnail(Self.photo, thumbnail: Self.thumbnail, orientation: 6)
        let sketch = try #require(Self.sketch(bytes))
        #expect((sketch.width, sketch.height) == (12, 16))
        #expect((sketch.sourceWidth, sketch.sourceHeight) == (48, 64))
        // A quarter turn clockwise: the stored bottom-left (blue) comes to the top left.
        #expect(isClose(sketch.rgba(x: 2, y: 2), .blue))
        #expect(isClose(sketch.rgba(x: 9, y: 2), .red))
    }

    @Test func aLetterboxedThumbnailIsCroppedToThePhotosShape() throws {
        // A 64×32 (2:1) photo in a 16×12 thumbnail: 16×8 of picture between 2-row black bars.
        let wide = ImageFixtures.jpeg(width: 64, height: 32, pixels: ImageFixtures.pixels(width: 64, height: 32) { _, _ in .white })
        let boxed = ImageFixtures.jpeg(width: 16, height: 12, pixels: ImageFixtures.pixels(width: 16, height: 12) { x, y in
            y < 2 || y >= 10 ? .black : (x < 8 ? .red : .green)
        }, quality: 100)
        let sketch = try #require(Self.sketch(ImageFixtures.withExifThumbnail(wide, thumbnail: boxed)))
        #expect((sketch.width, sketch.height) == (16, 8))
        #expect(isClose(sketch.rgba(x: 2, y: 0), .red))
        #expect(isClose(sketch.rgba(x: 13, y: 7), .green))
    }

    @Test func aThumbnailOfAnotherShapeWithoutBlackBarsIsNotUsed() {
        // A 2:1 photo whose 4:3 thumbnail is a picture edge to edge: a crop, not the whole photo.
        let wide = ImageFixtures.jpeg(width: 64, height: 32, pixels: ImageFixtures.pixels(width: 64, height: 32) { _, _ in .white })
        #expect(Self.sketch(ImageFixtures.withExifThumbnail(wide, thumbnail: Self.thumbnail)) == nil)
    }

    @Test func anUncompressedThumbnailIsNotUsed() {
        let bytes = ImageFixtures.withExifThumbnail(Self.photo, thumbnail: Self.thumbnail, compression: 1)
        #expect(bytes.withUnsafeBufferPointer { JPEGStructure.parse($0).thumbnail } == nil)
        #expect(Self.sketch(bytes) == nil)
    }

    @Test func aThumbnailClaimingMoreBytesThanTheSegmentHoldsIsNotUsed() {
        let bytes = ImageFixtures.withExifThumbnail(Self.photo, thumbnail: Self.thumbnail,
                                                    thumbnailLength: Self.thumbnail.count + 100_000)
        #expect(bytes.withUnsafeBufferPointer { JPEGStructure.parse($0).thumbnail } == nil)
    }

    @Test func aThumbnailCutShortIsNotUsed() {
        let cut = Array(Self.thumbnail.prefix(Self.thumbnail.count * 2 / 3))
        #expect(Self.sketch(ImageFixtures.withExifThumbnail(Self.photo, thumbnail: cut)) == nil)
    }

    @Test func aPhotoWithoutExifHasNoSketch() {
        #expect(Self.sketch(Self.photo) == nil)
        #expect(Self.sketch(ImageFixtures.withExifOrientation(Self.photo, 6)) == nil)
    }

    @Test func theSketchIsReadFromTheFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("camera.jpg", ImageFixtures.withExifThumbnail(Self.photo, thumbnail: Self.thumbnail))
        let sketch = try #require(ExifThumbnail.decode(path: path))
        #expect((sketch.width, sketch.height, sketch.sourceWidth) == (16, 12, 64))
        #expect(ExifThumbnail.decode(path: folder.file("missing.jpg")) == nil)
    }
}
