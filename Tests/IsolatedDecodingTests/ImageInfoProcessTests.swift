import Foundation
import Gallery
import ImageDecoding
@testable import IsolatedDecoding
import Testing
import TestFixtures

/// The information panel's content read in a real decoder process
/// (`fourway --decoder-process`) is what the browser's own process reads.
@Suite struct ImageInfoProcessTests {
    private let inProcess = InProcessImageInfoReading()

    /// Writes `tags` (IFD, name, value as the tool parses it) onto the JPEG
    /// at `path` with the Debian `exif` tool, one run per tag.
    private func writeExif(_ path: String, _ tags: [(String, String, String)]) throws {
        for (index, (ifd, tag, value)) in tags.enumerated() {
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: "/usr/bin/exif")
            tool.arguments = (index == 0 ? ["--create-exif"] : [])
                + ["--ifd=\(ifd)", "--tag=\(tag)", "--set-value=\(value)", "--output=\(path)", path]
            tool.standardOutput = FileHandle.nullDevice
            tool.standardError = FileHandle.nullDevice
            try tool.run()
            tool.waitUntilExit()
            try #require(tool.terminationStatus == 0, "exif --tag=\(tag)")
        }
    }

    @Test func aJPEGsCameraExposureGPSAndOrientationReadInAProcessAreAsInTheBrowsersOwn() throws {
        let folder = try TemporaryFolder("info")
        let path = try DecoderFixtures.quadrantsJPEG(folder, "IMG_0042.jpg")
        try writeExif(path, [
            ("0", "Make", "Canon"), ("0", "Model", "Canon EOS R5"), ("0", "Orientation", "6"),
            ("EXIF", "DateTimeOriginal", "2024:05:17 14:03:22"), ("EXIF", "ExposureTime", "1 250"),
            ("EXIF", "FNumber", "28 10"), ("EXIF", "ISOSpeedRatings", "100"), ("EXIF", "FocalLength", "35 1"),
            ("EXIF", "FocalLengthIn35mmFilm", "52"),
            ("GPS", "GPSLatitudeRef", "S"), ("GPS", "GPSLatitude", "33 1 51 1 3013 100"),
            ("GPS", "GPSLongitudeRef", "E"), ("GPS", "GPSLongitude", "2 1 17 1 40128 1000"),
            ("GPS", "GPSAltitudeRef", "1"), ("GPS", "GPSAltitude", "12 1"),
        ])
        let pool = DecoderFixtures.pool()
        let isolated = ImageInfo.read(path: path, reader: pool)
        let local = ImageInfo.read(path: path, reader: inProcess)
        #expect(isolated == local)
        let exif = try #require(isolated.exif)
        #expect(exif.camera == "Canon EOS R5" && exif.dateTaken == "2024:05:17 14:03:22")
        #expect(exif.exposure == "1/250 s  f/2.8  ISO 100  35 mm (52 mm in 35 mm)")
        #expect(exif.orientation == .rotate90 && isolated.width == 48 && isolated.height == 64)
        #expect(exif.position?.text == "33.85837° S, 2.29448° E, altitude -12 m")
        #expect(isolated.format == .jpeg && isolated.problem == nil)
    }

    @Test func aPNGsColourProfileNamedInAProcessIsAsInTheBrowsersOwn() throws {
        let folder = try TemporaryFolder("info")
        let path = try ProfileFixtures.taggedFile(folder, "p3.png")
        let pool = DecoderFixtures.pool()
        let isolated = ImageInfo.read(path: path, reader: pool)
        #expect(isolated == ImageInfo.read(path: path, reader: inProcess))
        #expect(isolated.colorProfile == "Display P3 (test), converted to sRGB")
    }

    @Test func aNonImageAndAnEmptyFileGiveTheSameProblemInAProcess() throws {
        let folder = try TemporaryFolder("info")
        let pdf = try folder.write("paper.jpg", text: "%PDF-1.7\n%âãÏÓ\n")
        let empty = try folder.write("empty.jpg", [])
        let pool = DecoderFixtures.pool()
        let paper = pool.content(ofFile: pdf, name: "paper.jpg")
        #expect(paper == inProcess.content(ofFile: pdf, name: "paper.jpg"))
        #expect(paper.problem == "not an image (a PDF document (starts with %PDF))")
        // The browser stops at an empty file's stat; the process says it too.
        let nothing = pool.content(ofFile: empty, name: "empty.jpg")
        #expect(nothing == inProcess.content(ofFile: empty, name: "empty.jpg"))
        #expect(nothing.problem == "empty file (0 bytes)")
    }

    @Test func aTGAIsKnownByItsRealNameNotTheDescriptorsInAProcess() throws {
        let folder = try TemporaryFolder("info")
        // A TGA has no signature: 18 header bytes, then 2 × 2 pixels, 24-bit.
        var tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0]
        tga += [UInt8](repeating: 0x80, count: 12)
        let path = try folder.write("grey.tga", tga)
        let pool = DecoderFixtures.pool()
        let isolated = ImageInfo.read(path: path, reader: pool)
        #expect(isolated == ImageInfo.read(path: path, reader: inProcess))
        #expect(isolated.format == .tga)
    }

    @Test func aFileThatVanishedBeforeTheProcessGotItSaysSo() throws {
        let folder = try TemporaryFolder("info")
        let pool = DecoderFixtures.pool()
        let gone = pool.content(ofFile: folder.file("gone.jpg"), name: "gone.jpg")
        #expect(gone.problem == "file vanished (it no longer exists)")
        #expect(gone.format == nil)
    }
}
