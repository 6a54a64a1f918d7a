import CExif
import ImageDecoding

/// Reads the panel's EXIF fields with libexif from an EXIF block: the data
/// of a JPEG's APP1 segment, `Exif\0\0` followed by the TIFF structure.
///
/// libexif checks every offset and count it follows; the values it hands
/// back are checked again here (format, count, byte length) before they
/// are read, so a block that lies gives fewer fields, never a crash.
///
/// ```swift
/// let exif = segment.withUnsafeBufferPointer { ExifReader.summary(of: $0) }
/// exif?.fNumber   // 2.8
/// ```
public enum ExifReader {
    /// libexif reads at most this much of a block (bytes): a JPEG segment
    /// cannot be longer, and libexif caps what it is given to it.
    public static let maximumBlockLength = 0xFFFE

    /// The fields found in `block` (starting with `Exif\0\0`), or nil when
    /// libexif finds none of them.
    public static func summary(of block: UnsafeBufferPointer<UInt8>) -> ExifSummary? {
        guard block.count >= 14, let base = block.baseAddress, let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        // The defaults would drop tags libexif does not list for an IFD
        // (LensModel among them) and, "following the specification", add
        // the mandatory tags a file lacks: a DateTime of now, for one.
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(data, base, UInt32(min(block.count, maximumBlockLength)))
        let bigEndian = exif_data_get_byte_order(data) == EXIF_BYTE_ORDER_MOTOROLA

        func entry(_ ifd: ExifIfd, _ tag: UInt32) -> Entry? {
            guard let found = fw_exif_entry(data, ifd, tag) else { return nil }
            return Entry(found.pointee, bigEndian: bigEndian)
        }
        var summary = ExifSummary()
        // A blank or all-zero DateTimeOriginal (no clock set) gives way to DateTime.
        let dates = [entry(EXIF_IFD_EXIF, 0x9003)?.text, entry(EXIF_IFD_0, 0x0132)?.text]
        summary.dateTaken = dates.compactMap { $0 }.first { InfoFormatting.exifDate($0) != nil }
        summary.make = entry(EXIF_IFD_0, 0x010F)?.text
        summary.model = entry(EXIF_IFD_0, 0x0110)?.text
        summary.lens = entry(EXIF_IFD_EXIF, 0xA434)?.text ?? entry(EXIF_IFD_EXIF, 0xA433)?.text
        summary.exposureTime = entry(EXIF_IFD_EXIF, 0x829A)?.rational(0).flatMap(positive)
        summary.fNumber = entry(EXIF_IFD_EXIF, 0x829D)?.rational(0).flatMap(positive)
        summary.iso = entry(EXIF_IFD_EXIF, 0x8827)?.integer(0).flatMap { $0 > 0 ? $0 : nil }
        summary.focalLength = entry(EXIF_IFD_EXIF, 0x920A)?.rational(0).flatMap(positive)
        summary.focalLength35mm = entry(EXIF_IFD_EXIF, 0xA405)?.integer(0).flatMap { $0 > 0 ? $0 : nil }
        summary.orientation = entry(EXIF_IFD_0, 0x0112)?.integer(0).flatMap(ExifOrientation.init(rawValue:))
        summary.position = position(entry)
        return summary.isEmpty ? nil : summary
    }

    /// Latitude and longitude need both their three rationals; the refs
    /// only give the sign. A receiver that had no fix says so with
    /// GPSStatus `V` (void), and then nothing is shown.
    private static func position(_ entry: (ExifIfd, UInt32) -> Entry?) -> GPSPosition? {
        if entry(EXIF_IFD_GPS, 0x0009)?.text == "V" { return nil }
        guard let latitudeParts = entry(EXIF_IFD_GPS, 0x0002)?.rationals(),
              let longitudeParts = entry(EXIF_IFD_GPS, 0x0004)?.rationals(),
              let latitude = GPSPosition.degrees(latitudeParts, reference: entry(EXIF_IFD_GPS, 0x0001)?.text),
              let longitude = GPSPosition.degrees(longitudeParts, reference: entry(EXIF_IFD_GPS, 0x0003)?.text),
              latitude.magnitude <= 90, longitude.magnitude <= 180 else { return nil }
        var altitude = entry(EXIF_IFD_GPS, 0x0006)?.rational(0)
        // GPSAltitudeRef 1: the altitude is below sea level.
        if let metres = altitude, entry(EXIF_IFD_GPS, 0x0005)?.integer(0) == 1 { altitude = -metres }
        return GPSPosition(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    private static func positive(_ value: Double) -> Double? {
        value.isFinite && value > 0 ? value : nil
    }

    /// One entry's value, copied out of libexif's memory and read through
    /// bounds-checked accessors.
    private struct Entry {
        let format: Int
        let count: Int
        let bytes: [UInt8]
        let bigEndian: Bool

        init(_ entry: ExifEntry, bigEndian: Bool) {
            format = Int(entry.format.rawValue)
            count = Int(clamping: entry.components)
            if let data = entry.data {
                bytes = Array(UnsafeBufferPointer(start: data, count: Int(entry.size)))
            } else {
                bytes = []
            }
            self.bigEndian = bigEndian
        }

        /// ASCII (format 2) up to its first NUL, trimmed; nil when empty.
        var text: String? {
            guard format == 2 else { return nil }
            let characters = bytes.prefix { $0 != 0 }
            let text = String(decoding: characters, as: UTF8.self).trimmingSpaces()
            return text.isEmpty ? nil : text
        }

        /// The `index`th value of a BYTE, SHORT, LONG, SSHORT or SLONG entry.
        func integer(_ index: Int) -> Int? {
            guard index >= 0, index < count else { return nil }
            return bytes.withUnsafeBufferPointer { buffer -> Int? in
                let view = ByteView(buffer)
                switch format {
                case 1: return view.u8(index)
                case 3: return view.u16(index * 2, bigEndian: bigEndian)
                case 4: return view.u32(index * 4, bigEndian: bigEndian)
                case 8: return view.u16(index * 2, bigEndian: bigEndian).map { Int(Int16(truncatingIfNeeded: $0)) }
                case 9: return view.u32(index * 4, bigEndian: bigEndian).map { Int(Int32(truncatingIfNeeded: $0)) }
                default: return nil
                }
            }
        }

        /// The `index`th value of a RATIONAL or SRATIONAL entry; nil for a
        /// zero denominator, which cameras write for "unknown".
        func rational(_ index: Int) -> Double? {
            guard index >= 0, index < count, format == 5 || format == 10 else { return nil }
            return bytes.withUnsafeBufferPointer { buffer -> Double? in
                let view = ByteView(buffer)
                guard var numerator = view.u32(index * 8, bigEndian: bigEndian),
                      var denominator = view.u32(index * 8 + 4, bigEndian: bigEndian) else { return nil }
                if format == 10 {
                    numerator = Int(Int32(truncatingIfNeeded: numerator))
                    denominator = Int(Int32(truncatingIfNeeded: denominator))
                }
                guard denominator != 0 else { return nil }
                return Double(numerator) / Double(denominator)
            }
        }

        /// Every rational value, nil when any is missing or unknown.
        func rationals() -> [Double]? {
            guard count > 0, count <= 3 else { return nil }
            var values: [Double] = []
            for index in 0..<count {
                guard let value = rational(index) else { return nil }
                values.append(value)
            }
            return values
        }
    }
}
