import CExif
import Foundation
import Gallery
@testable import ImageDecoding
import TestFixtures

/// EXIF written by real writers: the Debian `exif` command-line tool (on
/// JPEG files, one tag per run, as a user would) and libexif itself (for the
/// tags the tool refuses to set, such as LensModel, and for blocks to put
/// into other containers).
enum ExifFixtures {
    /// One tag for the `exif` tool: its IFD ("0", "EXIF", "GPS"), its name
    /// and the value as the tool parses it (rationals as "numerator denominator").
    struct ToolTag {
        var ifd: String
        var tag: String
        var value: String
        init(_ ifd: String, _ tag: String, _ value: String) { self.ifd = ifd; self.tag = tag; self.value = value }
    }

    enum ToolFailure: Error, CustomStringConvertible {
        case failed(tag: String, status: Int32, output: String)
        var description: String {
            switch self {
            case .failed(let tag, let status, let output): return "exif --tag=\(tag) exited \(status): \(output)"
            }
        }
    }

    /// Writes `tags` onto the JPEG at `path` in place with `/usr/bin/exif`
    /// (scripts/lib/install-deps installs it). The first run creates the
    /// EXIF block, with the mandatory tags the tool adds (a DateTime of now).
    static func writeWithTool(_ path: String, _ tags: [ToolTag]) throws {
        for (index, tag) in tags.enumerated() {
            var arguments = ["--ifd=\(tag.ifd)", "--tag=\(tag.tag)", "--set-value=\(tag.value)", "--output=\(path)", path]
            if index == 0 { arguments.insert("--create-exif", at: 0) }
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: "/usr/bin/exif")
            tool.arguments = arguments
            let output = Pipe()
            tool.standardOutput = output
            tool.standardError = output
            try tool.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            tool.waitUntilExit()
            guard tool.terminationStatus == 0 else { throw ToolFailure.failed(tag: tag.tag, status: tool.terminationStatus, output: text) }
        }
    }

    /// A small real JPEG (libturbojpeg), `width` × `height`.
    static func jpeg(width: Int = 64, height: Int = 48) -> [UInt8] {
        ImageFixtures.jpeg(width: width, height: height, pixels: ImageFixtures.quadrants(width: width, height: height))
    }

    /// One entry for ``libexifBlock(_:)``: an ASCII text, SHORTs or RATIONALs.
    enum Value {
        case text(String)
        case shorts([UInt16])
        case rationals([(UInt32, UInt32)])
    }

    /// An EXIF block (`Exif\0\0` + TIFF, big-endian) saved by libexif's
    /// `exif_data_save_data` from `entries`: (IFD, tag, value).
    static func libexifBlock(_ entries: [(ifd: ExifIfd, tag: UInt32, value: Value)]) -> [UInt8] {
        let data = exif_data_new()!
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_MOTOROLA)
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        for (ifd, tag, value) in entries {
            let entry = exif_entry_new()!
            entry.pointee.tag = ExifTag(tag)
            var bytes: [UInt8]
            switch value {
            case .text(let text):
                bytes = Array(text.utf8) + [0]
                entry.pointee.format = EXIF_FORMAT_ASCII
                entry.pointee.components = UInt(bytes.count)
            case .shorts(let values):
                bytes = values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                entry.pointee.format = EXIF_FORMAT_SHORT
                entry.pointee.components = UInt(values.count)
            case .rationals(let values):
                bytes = values.flatMap { ImageFixtures.be32(Int($0.0)) + ImageFixtures.be32(Int($0.1)) }
                entry.pointee.format = EXIF_FORMAT_RATIONAL
                entry.pointee.components = UInt(values.count)
            }
            // The entry frees its data with libexif's default allocator: free().
            let storage = malloc(bytes.count)!.assumingMemoryBound(to: UInt8.self)
            storage.update(from: bytes, count: bytes.count)
            entry.pointee.data = storage
            entry.pointee.size = UInt32(bytes.count)
            exif_content_add_entry(content(data, ifd), entry)
            exif_entry_unref(entry)
        }
        var saved: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &saved, &size)
        defer { free(saved) }
        return Array(UnsafeBufferPointer(start: saved, count: Int(size)))
    }

    /// `data.ifd[ifd]`: C arrays come into Swift as tuples.
    private static func content(_ data: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent> {
        let ifds = data.pointee.ifd
        switch ifd {
        case EXIF_IFD_0: return ifds.0!
        case EXIF_IFD_1: return ifds.1!
        case EXIF_IFD_EXIF: return ifds.2!
        case EXIF_IFD_GPS: return ifds.3!
        default: return ifds.4!
        }
    }

    /// `jpeg` with an APP1 segment holding `payload` right after SOI; the
    /// segment's length field is `payload`'s unless `claimedLength` lies.
    static func withAPP1(_ jpeg: [UInt8], _ payload: [UInt8], claimedLength: Int? = nil) -> [UInt8] {
        let length = claimedLength ?? payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// The data of the first APP1 `Exif` segment of `jpeg` (from `Exif\0\0`).
    static func exifPayload(of jpeg: [UInt8]) -> [UInt8]? {
        jpeg.withUnsafeBufferPointer { bytes in
            JPEGStructure.parse(bytes).exifPayload.map { Array(bytes[$0]) }
        }
    }

    /// `png` (a whole PNG file) with an `eXIf` chunk holding `tiff` after IHDR.
    static func withEXIfChunk(_ png: [UInt8], tiff: [UInt8]) -> [UInt8] {
        // Signature (8) + IHDR chunk (4 + 4 + 13 + 4).
        let afterHeader = 33
        return Array(png[0..<afterHeader]) + ImageFixtures.chunk("eXIf", tiff) + Array(png[afterHeader...])
    }
}
