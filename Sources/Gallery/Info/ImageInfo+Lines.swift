#if canImport(Glibc)
import Glibc
#endif

extension ImageInfo {
    /// The panel's lines, only those that are known, in this order: Name,
    /// Folder, Size, Modified (local time), Dimensions, Format, Colour profile, Taken,
    /// Camera, Lens, Exposure, Position, Orientation (when not upright),
    /// Problem.
    ///
    /// ```swift
    /// ImageInfo.read(path: "/photos/a.png").lines.map(\.label)
    /// // ["Name", "Folder", "Size", "Modified", "Dimensions", "Format"]
    /// ```
    public var lines: [InfoLine] {
        lines(utcOffset: modified.map(Self.localUTCOffset) ?? 0)
    }

    /// ``lines`` with the modification time on a clock `utcOffset` seconds
    /// ahead of UTC, whatever the local time zone (for tests).
    ///
    /// ```swift
    /// info.lines(utcOffset: 0).first { $0.label == "Modified" }?.value   // "2024-05-17 16:20:01"
    /// ```
    public func lines(utcOffset: Int) -> [InfoLine] {
        var lines = [InfoLine("Name", name), InfoLine("Folder", folder)]
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append(InfoLine(label, value)) }
        }
        add("Size", byteCount.map(InfoFormatting.fileSize))
        add("Modified", modified.map { InfoFormatting.dateTime(secondsSince1970: $0, utcOffset: utcOffset) })
        if let width, let height { add("Dimensions", InfoFormatting.dimensions(width: width, height: height)) }
        add("Format", format.map { $0.isDecodable ? $0.name : "\($0.name) (no decoder for it here)" })
        add("Colour profile", colorProfile)
        if let exif {
            add("Taken", exif.dateTaken.flatMap(InfoFormatting.exifDate))
            add("Camera", exif.camera)
            add("Lens", exif.lens)
            add("Exposure", exif.exposure)
            add("Position", exif.position?.text)
            if let orientation = exif.orientation, orientation != .normal {
                add("Orientation", InfoFormatting.orientation(orientation))
            }
        }
        add("Problem", problem)
        return lines
    }

    /// How far the local clock was ahead of UTC at that moment (seconds),
    /// daylight saving included, from the C library's time zone.
    static func localUTCOffset(at secondsSince1970: Int) -> Int {
        var moment = time_t(secondsSince1970)
        var parts = tm()
        guard localtime_r(&moment, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
