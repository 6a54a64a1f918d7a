import TestFixtures
import Testing
@testable import ImageDecoding

@Suite struct ContentSnifferTests {
    @Test func recognisesImageSignatures() {
        let jpeg = ImageFixtures.jpeg(width: 8, height: 8, pixels: ImageFixtures.quadrants(width: 8, height: 8))
        #expect(ContentSniffer.identify(jpeg) == .image(.jpeg))
        #expect(ContentSniffer.identify(ImageFixtures.pngHeaderOnly(width: 4, height: 4)) == .image(.png))
        #expect(ContentSniffer.identify(ImageFixtures.gif(width: 2, height: 2, frames: [.red])) == .image(.gif))
        #expect(ContentSniffer.identify(ImageFixtures.webpHeaderOnly(width: 9, height: 9)) == .image(.webp))
        #expect(ContentSniffer.identify(ImageFixtures.tiff(width: 2, height: 2, pixels: ImageFixtures.quadrants(width: 2, height: 2))) == .image(.tiff))
        #expect(ContentSniffer.identify(Array("P6\n4 4\n255\n".utf8)) == .image(.pnm))
        #expect(ContentSniffer.identify(Array("qoif".utf8) + [0, 0, 0, 4, 0, 0, 0, 4, 4, 0]) == .image(.qoi))
        #expect(ContentSniffer.identify(Array("<?xml version=\"1.0\"?>\n<svg width=\"10\" height=\"10\"></svg>".utf8)) == .image(.svg))
        #expect(ContentSniffer.identify([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0]) == .image(.avif))
    }

    @Test func saysWhatANonImageLooksLike() {
        #expect(ContentSniffer.identify(Array("%PDF-1.7\n%âãÏÓ".utf8)) == .notImage("a PDF document (starts with %PDF)"))
        #expect(ContentSniffer.identify(Array("  <!DOCTYPE html><html><body>404</body></html>".utf8))
                == .notImage("HTML text, e.g. a saved web page or a download error page"))
        #expect(ContentSniffer.identify(Array("hello, world\nsecond line".utf8)) == .notImage("text, starts with \"hello, world second line\""))
        #expect(ContentSniffer.identify([UInt8]()) == .notImage("empty file"))
        #expect(ContentSniffer.identify([0x50, 0x4B, 0x03, 0x04, 20, 0]) == .notImage("a ZIP archive (or an Office document)"))
        guard case .unknown(let what) = ContentSniffer.identify([0x00, 0x11, 0x22, 0x33, 0x44, 0x99, 0xFE]) else {
            Issue.record("binary data should be unknown"); return
        }
        #expect(what == "unrecognised data, starts with 00 11 22 33 …")
    }

    @Test func headerDimensionsWithoutDecoding() {
        func size(_ format: ImageFormat, _ bytes: [UInt8]) -> [Int]? {
            bytes.withUnsafeBufferPointer { ImageHeader.dimensions(of: format, in: $0) }.map { [$0.width, $0.height] }
        }
        #expect(size(.png, ImageFixtures.pngHeaderOnly(width: 30000, height: 20000)) == [30000, 20000])
        #expect(size(.webp, ImageFixtures.webpHeaderOnly(width: 16000, height: 9000)) == [16000, 9000])
        #expect(size(.gif, ImageFixtures.gif(width: 7, height: 3, frames: [.red])) == [7, 3])
        #expect(size(.tiff, ImageFixtures.tiff(width: 5, height: 6, pixels: ImageFixtures.quadrants(width: 5, height: 6))) == [5, 6])
        #expect(size(.pnm, Array("P6\n# a comment\n 640\t480\n255\n".utf8)) == [640, 480])
        #expect(size(.pnm, Array("P7\nWIDTH 33\nHEIGHT 44\nDEPTH 4\nENDHDR\n".utf8)) == [33, 44])
        #expect(size(.svg, Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120px\" height=\"80\">".utf8)) == [120, 80])
        #expect(size(.svg, Array("<svg viewBox=\"0 0 300 150\">".utf8)) == [300, 150])
        let jpeg = ImageFixtures.jpeg(width: 24, height: 16, pixels: ImageFixtures.quadrants(width: 24, height: 16))
        #expect(size(.jpeg, jpeg) == [24, 16])
        // Short or lying headers give nil, never a crash.
        #expect(size(.png, Array(ImageFixtures.pngHeaderOnly(width: 1, height: 1).prefix(18))) == nil)
        #expect(size(.tiff, [0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    }

    @Test func headerParsersSurviveEveryTruncationAndRandomBytes() {
        let samples: [(ImageFormat, [UInt8])] = [
            (.png, ImageFixtures.pngHeaderOnly(width: 300, height: 200)),
            (.webp, ImageFixtures.webpHeaderOnly(width: 300, height: 200)),
            (.tiff, ImageFixtures.tiff(width: 3, height: 2, pixels: ImageFixtures.quadrants(width: 3, height: 2))),
            (.jpeg, ImageFixtures.withExifOrientation(ImageFixtures.jpeg(width: 8, height: 8, pixels: ImageFixtures.quadrants(width: 8, height: 8)), 6)),
            (.gif, ImageFixtures.gif(width: 3, height: 3, frames: [.red])),
        ]
        for (format, bytes) in samples {
            for length in 0...bytes.count {
                let prefix = Array(bytes.prefix(length))
                _ = prefix.withUnsafeBufferPointer { ImageHeader.dimensions(of: format, in: $0) }
                _ = prefix.withUnsafeBufferPointer { JPEGStructure.parse($0) }
                _ = ContentSniffer.identify(prefix)
            }
        }
        for seed in 1...300 {
            let noise = ImageFixtures.noise(count: 64 + seed, seed: UInt64(seed))
            for format in ImageFormat.allCases {
                _ = noise.withUnsafeBufferPointer { ImageHeader.dimensions(of: format, in: $0) }
            }
            var jpegLike = noise
            jpegLike[0] = 0xFF; jpegLike[1] = 0xD8
            _ = jpegLike.withUnsafeBufferPointer { JPEGStructure.parse($0) }
        }
    }
}

@Suite struct ImageFormatMediaTypesTests {
    @Test func everyFormatHasAnImageMediaTypeAndNoTwoShareOne() {
        var seen: Set<String> = []
        for format in ImageFormat.allCases {
            #expect(!format.mimeTypes.isEmpty, "\(format) has no media type")
            for type in format.mimeTypes {
                #expect(type.hasPrefix("image/"), "\(type)")
                #expect(seen.insert(type).inserted, "\(type) is named twice")
            }
        }
    }

    @Test func theDecodableListLeavesOutWhatCannotBeDecoded() {
        let types = ImageFormat.decodableMimeTypes
        #expect(types.contains("image/jpeg") && types.contains("image/png") && types.contains("image/webp"))
        #expect(types.contains("image/heic") && types.contains("image/avif") && types.contains("image/jxl"))
        for format in ImageFormat.allCases where !format.isDecodable {
            for type in format.mimeTypes { #expect(!types.contains(type), "\(type)") }
        }
    }
}
