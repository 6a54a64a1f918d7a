import CExif
import Foundation
import TestFixtures
import Testing
@testable import Gallery

@Suite struct ImageInfoTests {
    /// The lines' values by label, for compact expectations.
    private func values(_ info: ImageInfo) -> [String: String] {
        Dictionary(info.lines(utcOffset: 0).map { ($0.label, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private let eiffelTower: [ExifFixtures.ToolTag] = [
        .init("0", "Make", "Canon"),
        .init("0", "Model", "Canon EOS R5"),
        .init("0", "Orientation", "6"),
        .init("EXIF", "DateTimeOriginal", "2024:05:17 14:03:22"),
        .init("EXIF", "ExposureTime", "1 250"),
        .init("EXIF", "FNumber", "28 10"),
        .init("EXIF", "ISOSpeedRatings", "100"),
        .init("EXIF", "FocalLength", "35 1"),
        .init("EXIF", "FocalLengthIn35mmFilm", "52"),
        // 48° 51' 30.132" N, 2° 17' 40.128" E: 48.85837, 2.29448.
        .init("GPS", "GPSLatitudeRef", "N"),
        .init("GPS", "GPSLatitude", "48 1 51 1 30132 1000"),
        .init("GPS", "GPSLongitudeRef", "E"),
        .init("GPS", "GPSLongitude", "2 1 17 1 40128 1000"),
        .init("GPS", "GPSAltitudeRef", "0"),
        .init("GPS", "GPSAltitude", "35 1"),
    ]

    @Test func readsEveryCameraFieldTheExifToolWrote() throws {
        let folder = try TemporaryFolder("info")
        let path = try folder.write("IMG_0042.jpg", ExifFixtures.jpeg(width: 64, height: 48))
        try ExifFixtures.writeWithTool(path, eiffelTower)

        let info = ImageInfo.read(path: path)
        let exif = try #require(info.exif)
        #expect(exif.dateTaken == "2024:05:17 14:03:22")
        #expect(exif.make == "Canon")
        #expect(exif.model == "Canon EOS R5")
        #expect(exif.exposureTime == 1.0 / 250)
        #expect(exif.fNumber == 2.8)
        #expect(exif.iso == 100)
        #expect(exif.focalLength == 35)
        #expect(exif.focalLength35mm == 52)
        #expect(exif.orientation == .rotate90)
        let position = try #require(exif.position)
        #expect(abs(position.latitude - 48.85837) < 0.000_001)
        #expect(abs(position.longitude - 2.29448) < 0.000_001)
        #expect(position.altitude == 35)
        #expect(info.problem == nil)
    }

    @Test func formatsTheCameraFieldsForThePanel() throws {
        let folder = try TemporaryFolder("info")
        let path = try folder.write("IMG_0042.jpg", ExifFixtures.jpeg(width: 64, height: 48))
        try ExifFixtures.writeWithTool(path, eiffelTower)

        let info = ImageInfo.read(path: path)
        #expect(info.lines(utcOffset: 0).map(\.label) == [
            "Name", "Folder", "Size", "Modified", "Dimensions", "Format",
            "Taken", "Camera", "Exposure", "Position", "Orientation",
        ])
        let shown = values(info)
        #expect(shown["Name"] == "IMG_0042.jpg")
        #expect(shown["Folder"] == folder.path)
        #expect(shown["Format"] == "JPEG")
        #expect(shown["Taken"] == "2024-05-17 14:03:22")
        #expect(shown["Camera"] == "Canon EOS R5")
        #expect(shown["Exposure"] == "1/250 s  f/2.8  ISO 100  35 mm (52 mm in 35 mm)")
        #expect(shown["Position"] == "48.85837° N, 2.29448° E, altitude 35 m")
        #expect(shown["Orientation"] == "rotated 90° clockwise")
    }

    @Test func dimensionsAreTheDisplayedOnesAfterTheOrientation() throws {
        let folder = try TemporaryFolder("info")
        let path = try folder.write("portrait.jpg", ExifFixtures.jpeg(width: 64, height: 48))
        try ExifFixtures.writeWithTool(path, [.init("0", "Orientation", "6")])

        let info = ImageInfo.read(path: path)
        #expect(info.width == 48)
        #expect(info.height == 64)
        #expect(values(info)["Dimensions"] == "48 × 64")
    }

    @Test func sizeAndModificationTimeComeFromTheFile() throws {
        let folder = try TemporaryFolder("info")
        let bytes = ExifFixtures.jpeg(width: 640, height: 480)
        let path = try folder.write("plain.jpg", bytes)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_715_954_602)], ofItemAtPath: path)

        let info = ImageInfo.read(path: path)
        #expect(info.byteCount == bytes.count)
        #expect(info.modified == 1_715_954_602)
        #expect(values(info)["Modified"] == "2024-05-17 14:03:22")
        #expect(values(info)["Size"] == InfoFormatting.fileSize(bytes.count))
        #expect(values(info)["Dimensions"] == "640 × 480, 0.3 MP")
        #expect(info.exif == nil)
    }

    @Test func southAndWestAreNegativeAndAltitudeBelowSeaLevelToo() throws {
        let folder = try TemporaryFolder("info")
        let path = try folder.write("chile.jpg", ExifFixtures.jpeg())
        try ExifFixtures.writeWithTool(path, [
            .init("GPS", "GPSLatitudeRef", "S"),
            .init("GPS", "GPSLatitude", "33 1 51 1 3013 100"),
            .init("GPS", "GPSLongitudeRef", "W"),
            .init("GPS", "GPSLongitude", "70 1 30 1 0 1"),
            .init("GPS", "GPSAltitudeRef", "1"),
            .init("GPS", "GPSAltitude", "12 1"),
        ])

        let info = ImageInfo.read(path: path)
        let position = try #require(info.exif?.position)
        #expect(abs(position.latitude - -33.858369) < 0.000_001)
        #expect(position.longitude == -70.5)
        #expect(position.altitude == -12)
        #expect(values(info)["Position"] == "33.85837° S, 70.50000° W, altitude -12 m")
    }

    @Test func lensModelComesFirstThenLensMake() throws {
        let folder = try TemporaryFolder("info")
        let both = ExifFixtures.libexifBlock([
            (EXIF_IFD_EXIF, 0xA433, .text("Canon")),
            (EXIF_IFD_EXIF, 0xA434, .text("RF24-105mm F4 L IS USM")),
        ])
        let makeOnly = ExifFixtures.libexifBlock([(EXIF_IFD_EXIF, 0xA433, .text("Sigma"))])
        let withModel = try folder.write("model.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), both))
        let withMake = try folder.write("make.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), makeOnly))

        #expect(ImageInfo.read(path: withModel).exif?.lens == "RF24-105mm F4 L IS USM")
        #expect(values(ImageInfo.read(path: withModel))["Lens"] == "RF24-105mm F4 L IS USM")
        #expect(ImageInfo.read(path: withMake).exif?.lens == "Sigma")
    }

    @Test func dateTimeStandsInForABlankDateTimeOriginal() throws {
        let folder = try TemporaryFolder("info")
        let block = ExifFixtures.libexifBlock([
            (EXIF_IFD_0, 0x0132, .text("2023:12:31 23:59:58")),
            (EXIF_IFD_EXIF, 0x9003, .text("0000:00:00 00:00:00")),
        ])
        let path = try folder.write("noclock.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), block))

        #expect(ImageInfo.read(path: path).exif?.dateTaken == "2023:12:31 23:59:58")
        #expect(values(ImageInfo.read(path: path))["Taken"] == "2023-12-31 23:59:58")
    }

    @Test func cameraMakeIsNotRepeatedWhenTheModelStartsWithIt() throws {
        let folder = try TemporaryFolder("info")
        let nikon = ExifFixtures.libexifBlock([
            (EXIF_IFD_0, 0x010F, .text("NIKON CORPORATION")),
            (EXIF_IFD_0, 0x0110, .text("NIKON D850")),
        ])
        let apple = ExifFixtures.libexifBlock([
            (EXIF_IFD_0, 0x010F, .text("Apple")),
            (EXIF_IFD_0, 0x0110, .text("iPhone 13")),
        ])
        let nikonPath = try folder.write("nikon.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), nikon))
        let applePath = try folder.write("apple.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), apple))

        #expect(values(ImageInfo.read(path: nikonPath))["Camera"] == "NIKON D850")
        #expect(values(ImageInfo.read(path: applePath))["Camera"] == "Apple iPhone 13")
    }

    @Test func aPNGWithoutExifHasOnlyTheFileLines() throws {
        let folder = try TemporaryFolder("info")
        let path = folder.file("plain.png")
        ImageFixtures.writePNG(path, width: 40, height: 30, pixels: ImageFixtures.quadrants(width: 40, height: 30))

        let info = ImageInfo.read(path: path)
        #expect(info.format == .png)
        #expect(info.exif == nil)
        #expect(info.problem == nil)
        #expect(info.lines.map(\.label) == ["Name", "Folder", "Size", "Modified", "Dimensions", "Format"])
        #expect(values(info)["Dimensions"] == "40 × 30")
        #expect(values(info)["Format"] == "PNG")
    }

    @Test func aPNGsEXIfChunkIsRead() throws {
        let folder = try TemporaryFolder("info")
        let plain = folder.file("plain.png")
        ImageFixtures.writePNG(plain, width: 8, height: 8, pixels: ImageFixtures.quadrants(width: 8, height: 8))
        let block = ExifFixtures.libexifBlock([(EXIF_IFD_0, 0x0110, .text("Pixel 8"))])
        // eXIf holds the TIFF structure alone, without `Exif\0\0`.
        let png = ExifFixtures.withEXIfChunk(Array(try Data(contentsOf: URL(fileURLWithPath: plain))), tiff: Array(block.dropFirst(6)))
        let path = try folder.write("tagged.png", png)

        #expect(ImageInfo.read(path: path).exif?.model == "Pixel 8")
        #expect(ImageInfo.read(path: path).width == 8)
    }

    @Test func aTIFFsOwnIFDsAreItsExif() throws {
        let folder = try TemporaryFolder("info")
        let block = ExifFixtures.libexifBlock([
            (EXIF_IFD_0, 0x0110, .text("Scanner 9000")),
            (EXIF_IFD_EXIF, 0x829D, .rationals([(56, 10)])),
        ])
        // Without `Exif\0\0` a block is a TIFF file's structure (with no image).
        let path = try folder.write("scan.tif", Array(block.dropFirst(6)))

        let info = ImageInfo.read(path: path)
        #expect(info.format == .tiff)
        #expect(info.exif?.model == "Scanner 9000")
        #expect(info.exif?.fNumber == 5.6)
    }

    @Test func aTIFFBasedRawFilesIFDsAreItsExif() throws {
        let folder = try TemporaryFolder("info")
        // A maker's Make and a vendor compression (Nikon's 34713): a NEF to the sniffer.
        let block = ExifFixtures.libexifBlock([
            (EXIF_IFD_0, 0x010F, .text("NIKON CORPORATION")),
            (EXIF_IFD_0, 0x0110, .text("NIKON Z 6")),
            (EXIF_IFD_0, 0x0103, .shorts([34713])),
        ])
        let path = try folder.write("DSC_0001.NEF", Array(block.dropFirst(6)))

        let info = ImageInfo.read(path: path)
        #expect(info.format == .cameraRaw)
        #expect(info.exif?.model == "NIKON Z 6")
    }

    @Test func aWebPsEXIFChunkIsReadWhenInTheHead() throws {
        let folder = try TemporaryFolder("info")
        let block = ExifFixtures.libexifBlock([(EXIF_IFD_0, 0x0110, .text("Web Cam"))])
        let header = ImageFixtures.webpHeaderOnly(width: 300, height: 200)
        let tiff = Array(block.dropFirst(6))
        // RIFF pads a chunk of odd length with one byte.
        let chunk = Array("EXIF".utf8) + ImageFixtures.le32(tiff.count) + tiff + (tiff.count % 2 == 1 ? [0] : [])
        let body = Array(header[12...]) + chunk
        let webp = Array("RIFF".utf8) + ImageFixtures.le32(4 + body.count) + Array("WEBP".utf8) + body
        let path = try folder.write("tagged.webp", webp)

        let info = ImageInfo.read(path: path)
        #expect(info.exif?.model == "Web Cam")
        #expect(info.width == 300)
    }

    @Test func garbageInTheExifSegmentGivesNoExifLines() throws {
        let folder = try TemporaryFolder("info")
        for seed in 1...40 {
            let noise = ImageFixtures.noise(count: 20 + seed * 37, seed: UInt64(seed))
            let hopeless = [
                ExifBlock.header + noise,                                                        // no byte order
                ExifBlock.header + Array("MM".utf8) + [0, 42, 0x7F, 0xFF, 0xFF, 0xF0] + noise,   // IFD0 far outside
            ]
            for payload in hopeless {
                let path = try folder.write("noise.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), payload))
                let info = ImageInfo.read(path: path)
                #expect(info.exif == nil)
                #expect(!info.lines.contains { ["Taken", "Camera", "Lens", "Exposure", "Position"].contains($0.label) })
                #expect(info.width == 64)
            }
            // IFD0 claiming 65535 entries of noise: whatever libexif makes of it, no crash.
            let lyingCount = ExifBlock.header + Array("II".utf8) + [42, 0, 8, 0, 0, 0, 0xFF, 0xFF] + noise
            let path = try folder.write("count.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), lyingCount))
            #expect(ImageInfo.read(path: path).format == .jpeg)
        }
    }

    @Test func anExifSegmentLongerThanTheFileIsNotRead() throws {
        let folder = try TemporaryFolder("info")
        let jpeg = ExifFixtures.withAPP1(ExifFixtures.jpeg(), ExifBlock.header + [0x4D, 0x4D, 0, 42], claimedLength: 60_000)
        let info = ImageInfo.read(path: try folder.write("lying.jpg", jpeg))
        #expect(info.exif == nil)
        #expect(info.format == .jpeg)
        #expect(info.problem == nil)
    }

    @Test func everyTruncationOfARealExifBlockIsSafe() throws {
        let folder = try TemporaryFolder("info")
        let source = try folder.write("source.jpg", ExifFixtures.jpeg())
        try ExifFixtures.writeWithTool(source, eiffelTower)
        let payload = try #require(ExifFixtures.exifPayload(of: Array(Data(contentsOf: URL(fileURLWithPath: source)))))
        for length in 0..<payload.count {
            let truncated = Array(payload.prefix(length))
            _ = truncated.withUnsafeBufferPointer { ExifReader.summary(of: $0) }
            let path = try folder.write("cut.jpg", ExifFixtures.withAPP1(ExifFixtures.jpeg(), truncated))
            // The orientation (6) survives the cuts that keep IFD0 whole.
            let info = ImageInfo.read(path: path)
            #expect([info.width, info.height] == [64, 48] || [info.width, info.height] == [48, 64])
        }
    }

    @Test func aMissingFileSaysItVanished() throws {
        let folder = try TemporaryFolder("info")
        let info = ImageInfo.read(path: folder.file("gone.jpg"))
        #expect(info.problem == "file vanished (it no longer exists)")
        #expect(info.lines.map(\.text) == ["Name: gone.jpg", "Folder: \(folder.path)", "Problem: file vanished (it no longer exists)"])
    }

    @Test func aFolderAnEmptyFileAndAPDFEachSayWhy() throws {
        let folder = try TemporaryFolder("info")
        let empty = try folder.write("empty.jpg", [])
        let pdf = try folder.write("paper.jpg", text: "%PDF-1.7\n%âãÏÓ\n")

        #expect(ImageInfo.read(path: folder.path).problem == "is a folder, not an image file")
        #expect(ImageInfo.read(path: empty).problem == "empty file (0 bytes)")
        #expect(values(ImageInfo.read(path: empty))["Size"] == "0 bytes")
        let paper = ImageInfo.read(path: pdf)
        #expect(paper.problem == "not an image (a PDF document (starts with %PDF))")
        #expect(paper.format == nil)
    }

    @Test func onlyTheFirst256KBAreRead() throws {
        // A JPEG whose frame header lies behind 300 KB of comments: its EXIF
        // is early and read, its dimensions are beyond the bound and not.
        let folder = try TemporaryFolder("info")
        let block = ExifFixtures.libexifBlock([(EXIF_IFD_0, 0x0110, .text("Far SOF"))])
        var jpeg = ExifFixtures.withAPP1(ExifFixtures.jpeg(), block)
        let comment: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFF] + [UInt8](repeating: 0x20, count: 0xFFFD)
        let afterExif = 2 + 4 + block.count
        jpeg.insert(contentsOf: Array([[UInt8]](repeating: comment, count: 5).joined()), at: afterExif)
        let path = try folder.write("far.jpg", jpeg)

        let info = ImageInfo.read(path: path)
        #expect(info.exif?.model == "Far SOF")
        #expect(info.width == nil)
        #expect(info.byteCount == jpeg.count)
    }

    @Test func aRelativePathIsShownInItsAbsoluteFolder() {
        let info = ImageInfo.read(path: "no-such-folder/x.jpg")
        #expect(info.name == "x.jpg")
        #expect(info.folder == FileManager.default.currentDirectoryPath + "/no-such-folder")
    }
}

@Suite struct InfoFormattingTests {
    @Test func groupsThousandsWithCommas() {
        #expect(InfoFormatting.grouped(0) == "0")
        #expect(InfoFormatting.grouped(999) == "999")
        #expect(InfoFormatting.grouped(1000) == "1,000")
        #expect(InfoFormatting.grouped(5_712_345) == "5,712,345")
        #expect(InfoFormatting.grouped(-1_234_567) == "-1,234,567")
    }

    @Test func roundsToFixedAndTrimmedDecimals() {
        #expect(InfoFormatting.fixed(2.5, places: 2) == "2.50")
        #expect(InfoFormatting.fixed(0.05, places: 1) == "0.1")
        #expect(InfoFormatting.fixed(-0.04, places: 1) == "0.0")   // no minus on a zero
        #expect(InfoFormatting.fixed(12, places: 0) == "12")
        #expect(InfoFormatting.fixed(.nan, places: 1) == nil)
        #expect(InfoFormatting.fixed(.infinity, places: 1) == nil)
        #expect(InfoFormatting.trimmed(2.0, places: 1) == "2")
        #expect(InfoFormatting.trimmed(2.849, places: 1) == "2.8")
        #expect(InfoFormatting.trimmed(-0.04, places: 1) == "0")
    }

    @Test func byteCountsUseBKBMBAndGB() {
        #expect(InfoFormatting.byteCount(0) == "0 B")
        #expect(InfoFormatting.byteCount(999) == "999 B")
        #expect(InfoFormatting.byteCount(1000) == "1.0 KB")
        #expect(InfoFormatting.byteCount(1234) == "1.2 KB")
        #expect(InfoFormatting.byteCount(5_712_345) == "5.7 MB")
        #expect(InfoFormatting.byteCount(3_400_000_000) == "3.4 GB")
        #expect(InfoFormatting.byteCount(1_100_000_000_000) == "1.1 TB")
    }

    @Test func aByteCountJustUnderAUnitRoundsIntoTheNextUnit() {
        #expect(InfoFormatting.byteCount(999_960) == "1.0 MB")
        #expect(InfoFormatting.byteCount(999_949) == "999.9 KB")
    }

    @Test func fileSizeShowsTheExactCountBesideTheShortOne() {
        #expect(InfoFormatting.fileSize(5_712_345) == "5.7 MB (5,712,345 bytes)")
        #expect(InfoFormatting.fileSize(532) == "532 bytes")
        #expect(InfoFormatting.fileSize(1) == "1 byte")
    }

    @Test func exposureTimesBelowASecondAreUnitFractions() {
        #expect(InfoFormatting.exposureTime(1.0 / 250) == "1/250 s")
        #expect(InfoFormatting.exposureTime(0.5) == "1/2 s")
        #expect(InfoFormatting.exposureTime(0.333) == "1/3 s")
        #expect(InfoFormatting.exposureTime(1.0 / 8000) == "1/8000 s")
    }

    @Test func exposureTimesThatAreNoUnitFractionStayDecimal() {
        #expect(InfoFormatting.exposureTime(0.3) == "0.3 s")
        #expect(InfoFormatting.exposureTime(0.8) == "0.8 s")
    }

    @Test func exposureTimesFromASecondOnAreDecimalSeconds() {
        #expect(InfoFormatting.exposureTime(1) == "1 s")
        #expect(InfoFormatting.exposureTime(2) == "2 s")
        #expect(InfoFormatting.exposureTime(2.5) == "2.5 s")
        #expect(InfoFormatting.exposureTime(30) == "30 s")
        #expect(InfoFormatting.exposureTime(0) == nil)
        #expect(InfoFormatting.exposureTime(-1) == nil)
    }

    @Test func aperturesAreFNumbers() {
        #expect(InfoFormatting.aperture(1.8) == "f/1.8")
        #expect(InfoFormatting.aperture(2.8) == "f/2.8")
        #expect(InfoFormatting.aperture(8) == "f/8")
        #expect(InfoFormatting.aperture(11) == "f/11")
        #expect(InfoFormatting.aperture(0) == nil)
    }

    @Test func focalLengthsNameTheirFullFrameEquivalent() {
        #expect(InfoFormatting.focalLength(35, equivalent35mm: nil) == "35 mm")
        #expect(InfoFormatting.focalLength(35, equivalent35mm: 52) == "35 mm (52 mm in 35 mm)")
        #expect(InfoFormatting.focalLength(4.25, equivalent35mm: 26) == "4.3 mm (26 mm in 35 mm)")
        #expect(InfoFormatting.focalLength(nil, equivalent35mm: 26) == "26 mm in 35 mm")
        #expect(InfoFormatting.focalLength(nil, equivalent35mm: nil) == nil)
    }

    @Test func coordinatesNameTheirHemisphere() {
        #expect(InfoFormatting.coordinate(48.858369, positive: "N", negative: "S") == "48.85837° N")
        #expect(InfoFormatting.coordinate(-33.858369, positive: "N", negative: "S") == "33.85837° S")
        #expect(InfoFormatting.coordinate(-0.000001, positive: "E", negative: "W") == "0.00000° E")
    }

    @Test func gpsDegreesMinutesAndSecondsBecomeSignedDegrees() {
        #expect(GPSPosition.degrees([48, 51, 30.132], reference: "N").map { abs($0 - 48.85837) < 1e-9 } == true)
        #expect(GPSPosition.degrees([70, 30, 0], reference: "W") == -70.5)
        #expect(GPSPosition.degrees([10], reference: nil) == 10)
        #expect(GPSPosition.degrees([], reference: "N") == nil)
        #expect(GPSPosition.degrees([1, -2, 3], reference: "N") == nil)
    }

    @Test func exifDatesGetDashesAndBlankOnesAreUnknown() {
        #expect(InfoFormatting.exifDate("2024:05:17 14:03:22") == "2024-05-17 14:03:22")
        #expect(InfoFormatting.exifDate("0000:00:00 00:00:00") == nil)
        #expect(InfoFormatting.exifDate("    :  :     :  :  ") == nil)
        #expect(InfoFormatting.exifDate("May 2024") == "May 2024")
    }

    @Test func momentsBecomeCivilDatesOnAGivenClock() {
        #expect(InfoFormatting.dateTime(secondsSince1970: 0, utcOffset: 0) == "1970-01-01 00:00:00")
        #expect(InfoFormatting.dateTime(secondsSince1970: 1_715_954_602, utcOffset: 0) == "2024-05-17 14:03:22")
        #expect(InfoFormatting.dateTime(secondsSince1970: 1_715_954_602, utcOffset: 7200) == "2024-05-17 16:03:22")
        #expect(InfoFormatting.dateTime(secondsSince1970: -1, utcOffset: 0) == "1969-12-31 23:59:59")
        #expect(InfoFormatting.dateTime(secondsSince1970: 951_825_600, utcOffset: 0) == "2000-02-29 12:00:00")
    }

    @Test func dimensionsShowMegapixelsOnceThereAreAFew() {
        #expect(InfoFormatting.dimensions(width: 4000, height: 3000) == "4000 × 3000, 12.0 MP")
        #expect(InfoFormatting.dimensions(width: 24, height: 16) == "24 × 16")
    }

    @Test func theExposureLineJoinsTheKnownPartsOnly() {
        var exif = ExifSummary()
        #expect(exif.exposure == nil)
        exif.fNumber = 2.8
        exif.iso = 400
        #expect(exif.exposure == "f/2.8  ISO 400")
    }
}
