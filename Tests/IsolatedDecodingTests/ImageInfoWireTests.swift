import Gallery
import ImageDecoding
@testable import IsolatedDecoding
import Testing

/// The information panel's content as a decoder process answers it, and the
/// browser's checks on that answer: a process taken over by its file may
/// send anything.
@Suite struct ImageInfoWireTests {
    /// Every field set, texts in several scripts.
    static var everything: ImageInfo.Content {
        var exif = ExifSummary()
        exif.dateTaken = "2024:05:17 14:03:22"
        (exif.make, exif.model, exif.lens) = ("Canon", "Canon EOS R5 — Ünïcode", "RF 35mm F1.8")
        (exif.exposureTime, exif.fNumber, exif.iso) = (1.0 / 250, 2.8, 100)
        (exif.focalLength, exif.focalLength35mm, exif.orientation) = (35, 52, .rotate90)
        exif.position = GPSPosition(latitude: -33.858369, longitude: 2.29448, altitude: -12)
        var content = ImageInfo.Content()
        (content.format, content.width, content.height) = (.jpeg, 48, 64)
        content.exif = exif
        content.colorProfile = "Display P3, converted to sRGB"
        return content
    }

    /// `message` with number `index` set to `value`.
    private func with(_ message: DecoderMessage, _ index: Int, _ value: Int64) -> DecoderMessage {
        var changed = message
        changed.numbers[index] = value
        return changed
    }

    private func bits(_ value: Double) -> Int64 { Int64(bitPattern: value.bitPattern) }

    @Test func everyFieldReadsBackAsItWasSentThroughTheMessagesBytes() throws {
        let bytes = ImageInfoWire.message(Self.everything).encoded()
        let message = try #require(DecoderMessage(decoding: bytes))
        #expect(ImageInfoWire.content(from: message) == Self.everything)
    }

    @Test func aProblemWithoutAnyImageFieldReadsBack() {
        var content = ImageInfo.Content()
        content.problem = "not an image (a PDF document (starts with %PDF))"
        #expect(ImageInfoWire.content(from: ImageInfoWire.message(content)) == content)
    }

    @Test func aTextPastTheBoundIsCutAtACharacterBeforeItIsSent() throws {
        var content = ImageInfo.Content()
        content.colorProfile = String(repeating: "é", count: ImageInfoWire.maximumTextBytes)
        let read = try #require(ImageInfoWire.content(from: ImageInfoWire.message(content)))
        #expect(read.colorProfile == String(repeating: "é", count: ImageInfoWire.maximumTextBytes / 2))
    }

    @Test(arguments: [500, Int64(1) << 40, .max, -5])
    func aTextLengthPastTheMessageIsRefused(length: Int64) {
        // The make's length, the second text's: within the bound but past the text, or past both.
        #expect(ImageInfoWire.content(from: with(ImageInfoWire.message(Self.everything), 15, length)) == nil)
    }

    @Test func aTextLongerThanTheBoundIsRefusedEvenWhenTheLengthsAddUp() {
        var message = ImageInfoWire.message(ImageInfo.Content())
        message.numbers[1] = ImageInfoWire.Field.make.bit
        message.numbers[15] = Int64(ImageInfoWire.maximumTextBytes + 1)
        message.text = String(repeating: "m", count: ImageInfoWire.maximumTextBytes + 1)
        #expect(ImageInfoWire.content(from: message) == nil)
    }

    @Test func lengthsThatDoNotAddUpToTheTextAreRefused() {
        var longer = ImageInfoWire.message(Self.everything)
        longer.text += "x"
        #expect(ImageInfoWire.content(from: longer) == nil)
        let shorter = with(ImageInfoWire.message(Self.everything), 15, 2)
        #expect(ImageInfoWire.content(from: shorter) == nil)
    }

    @Test func aTextCutInsideACharacterIsRefused() {
        var content = ImageInfo.Content()
        (content.colorProfile, content.problem) = ("é", "x")
        // "é" is two bytes: give the profile one and the problem "\u{A9}x".
        var message = ImageInfoWire.message(content)
        message.numbers[18] = 1
        message.numbers[19] = 2
        #expect(ImageInfoWire.content(from: message) == nil)
    }

    @Test(arguments: [5, 6, 8, 11, 12, 13])
    func aNumberThatIsNotFiniteIsRefused(slot: Int) {
        let good = ImageInfoWire.message(Self.everything)
        #expect(ImageInfoWire.content(from: with(good, slot, bits(.nan))) == nil)
        #expect(ImageInfoWire.content(from: with(good, slot, bits(.infinity))) == nil)
    }

    @Test(arguments: [(5, -1.0), (6, 0.0), (11, 90.5), (12, -180.5)])
    func aNumberOutOfItsRangeIsRefused(slot: Int, value: Double) {
        #expect(ImageInfoWire.content(from: with(ImageInfoWire.message(Self.everything), slot, bits(value))) == nil)
    }

    @Test(arguments: [(2, Int64(ImageFormat.allCases.count)), (2, -1), (3, -1), (4, Int64(1) << 33), (7, 0),
                      (9, -52), (10, 0), (10, 9)])
    func anIntegerOutOfItsRangeIsRefused(slot: Int, value: Int64) {
        #expect(ImageInfoWire.content(from: with(ImageInfoWire.message(Self.everything), slot, value)) == nil)
    }

    @Test func anUnknownFieldAnAltitudeWithoutAPositionOrATextOfAnAbsentFieldIsRefused() {
        let good = ImageInfoWire.message(Self.everything)
        let presence = good[1]
        #expect(ImageInfoWire.content(from: with(good, 1, presence | 1 << 40)) == nil)
        let position = ImageInfoWire.Field.position.bit
        #expect(ImageInfoWire.content(from: with(good, 1, presence & ~position)) == nil)
        var absent = ImageInfoWire.message(ImageInfo.Content())
        absent.numbers[14] = 3
        absent.text = "abc"
        #expect(ImageInfoWire.content(from: absent) == nil)
    }

    @Test func aDateThePanelCannotShowIsRefused() {
        var content = Self.everything
        content.exif?.dateTaken = "yesterday"
        #expect(ImageInfoWire.content(from: ImageInfoWire.message(content)) == nil)
    }

    @Test func anAnswerOfAnotherKindOrLengthIsRefused() {
        let good = ImageInfoWire.message(Self.everything)
        #expect(ImageInfoWire.content(from: with(good, 0, DecoderReplyKind.image.rawValue)) == nil)
        var short = good
        short.numbers.removeLast()
        #expect(ImageInfoWire.content(from: short) == nil)
    }

    @Test func theRequestReadsBackAsAnInfoRequestWithTheFilesName() throws {
        let message = DecoderRequest.imageInfo.message(name: "grey.tga", profile: 7, profileAttached: false)
        let decoded = try #require(DecoderMessage(decoding: message.encoded()))
        #expect(DecoderRequest(decoded) == .imageInfo)
        #expect(decoded.text == "grey.tga")
    }
}
