import ImageDecoding

/// The number and date formatting of the image-information panel, by hand:
/// Gallery has no Foundation, and the panel wants one fixed style whatever
/// the locale (a dot for decimals, commas between thousands).
///
/// ```swift
/// InfoFormatting.grouped(5_712_345)        // "5,712,345"
/// InfoFormatting.fileSize(5_712_345)       // "5.7 MB (5,712,345 bytes)"
/// InfoFormatting.exposureTime(1.0 / 250)   // "1/250 s"
/// InfoFormatting.aperture(2.8)             // "f/2.8"
/// ```
public enum InfoFormatting {
    /// `value` with a comma between each group of three digits: "1,234,567".
    public static func grouped(_ value: Int) -> String {
        DigitGrouping.grouped(value)
    }

    /// `value` rounded to exactly `places` decimals (2.5 → "2.50" for 2),
    /// halves away from zero, with no minus sign on a value that rounds to
    /// zero; nil for a value that is not finite or too large to round
    /// through an integer.
    public static func fixed(_ value: Double, places: Int) -> String? {
        let places = max(0, min(places, 9))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 doubles skip integers; nothing the panel shows is that big.
        guard scaled.isFinite, scaled.magnitude < 9.0e15 else { return nil }
        let units = Int(scaled)
        let magnitude = units.magnitude
        var divisor: UInt = 1
        for _ in 0..<places { divisor *= 10 }
        var text = String(magnitude / divisor)
        if places > 0 {
            let fraction = String(magnitude % divisor)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return units < 0 ? "-" + text : text
    }

    /// `value` with at most `places` decimals and no trailing zeros: 2.5 →
    /// "2.5", 2.0 → "2", 2.849 → "2.8" (one place).
    public static func trimmed(_ value: Double, places: Int) -> String? {
        guard var text = fixed(value, places: places) else { return nil }
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return text
    }

    /// A byte count in the largest decimal unit that keeps it under 1000,
    /// one decimal: "532 B", "1.2 KB", "5.7 MB", "3.4 GB", "1.1 TB".
    public static func byteCount(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes)
        for (index, unit) in units.enumerated() {
            value /= 1000
            // 999,960 bytes would round to "1000.0 KB": that is "1.0 MB".
            if (value * 10).rounded(.toNearestOrAwayFromZero) < 10_000 || index == units.count - 1 {
                return (fixed(value, places: 1) ?? "?") + " " + unit
            }
        }
        return "\(bytes) B"
    }

    /// The panel's "Size": "5.7 MB (5,712,345 bytes)", or "532 bytes" and
    /// "1 byte" when the short form would say nothing more.
    public static func fileSize(_ bytes: Int) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        return "\(byteCount(bytes)) (\(grouped(bytes)) bytes)"
    }

    /// "4000 × 3000, 12.0 MP"; the megapixels only from 0.1 MP on, where
    /// they say something.
    public static func dimensions(width: Int, height: Int) -> String {
        let text = "\(width) × \(height)"
        let megapixels = Double(width) * Double(height) / 1_000_000
        guard megapixels >= 0.05, let mp = fixed(megapixels, places: 1) else { return text }
        return text + ", \(mp) MP"
    }

    /// An exposure time as photographers write it: a unit fraction below a
    /// second ("1/250 s", 0.5 → "1/2 s"), else decimal seconds ("2.5 s",
    /// "30 s"). A time that is no unit fraction, like 0.3 s, stays decimal.
    /// Nil for zero, negative or not finite.
    public static func exposureTime(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds > 0 else { return nil }
        if seconds < 1 {
            let denominator = (1 / seconds).rounded()
            // Within 5 %: cameras store 1/3 s as 333/1000.
            if denominator >= 2, denominator < 1_000_000, (denominator * seconds - 1).magnitude < 0.05 {
                return "1/\(Int(denominator)) s"
            }
            return trimmed(seconds, places: 2).map { $0 + " s" }
        }
        return trimmed(seconds, places: 1).map { $0 + " s" }
    }

    /// An f-number: "f/2.8", "f/8", "f/1.8". Nil for zero, negative or not finite.
    public static func aperture(_ fNumber: Double) -> String? {
        guard fNumber.isFinite, fNumber > 0 else { return nil }
        return trimmed(fNumber, places: 1).map { "f/" + $0 }
    }

    /// A focal length: "35 mm", or "4.3 mm (26 mm in 35 mm)" with the
    /// 35 mm equivalent when known. Nil without a usable length.
    public static func focalLength(_ millimetres: Double?, equivalent35mm: Int?) -> String? {
        let equivalent = equivalent35mm.flatMap { $0 > 0 ? "\($0) mm in 35 mm" : nil }
        guard let millimetres, millimetres.isFinite, millimetres > 0, let length = trimmed(millimetres, places: 1) else {
            return equivalent
        }
        return equivalent.map { "\(length) mm (\($0))" } ?? "\(length) mm"
    }

    /// A latitude or longitude in signed decimal degrees as "48.85837° N":
    /// `positive` names the hemisphere of positive values, `negative` the other.
    public static func coordinate(_ degrees: Double, positive: String, negative: String) -> String? {
        guard let number = fixed(degrees.magnitude, places: 5) else { return nil }
        // A value that rounds to zero has no hemisphere worth a minus sign.
        return "\(number)° " + (degrees < 0 && number != "0.00000" ? negative : positive)
    }

    /// An EXIF date ("2024:05:17 14:03:22") as "2024-05-17 14:03:22"; text
    /// of another shape is shown as it is. Nil for the blank and all-zero
    /// dates that cameras without a clock write.
    public static func exifDate(_ raw: String) -> String? {
        let text = raw.trimmingSpaces()
        let digits = text.filter(\.isNumber)
        if digits.isEmpty || digits.allSatisfy({ $0 == "0" }) { return nil }
        var characters = Array(text)
        // "YYYY:MM:DD": the date's colons become dashes, the time's stay.
        if characters.count >= 10, characters[4] == ":", characters[7] == ":" {
            characters[4] = "-"
            characters[7] = "-"
        }
        return String(characters)
    }

    /// A moment, `seconds` since 1970 UTC, as "2024-05-17 14:03:22" on a
    /// clock `utcOffset` seconds ahead of UTC (the local offset of that moment).
    public static func dateTime(secondsSince1970 seconds: Int, utcOffset: Int) -> String {
        let local = seconds + utcOffset
        // Floor division, so moments before 1970 fall on the right day.
        var days = local / 86_400
        var secondOfDay = local % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let (year, month, day) = civilDate(daysSince1970: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
    /// Hinnant's `civil_from_days`: eras of 400 years, years from March).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// What an orientation asks of the viewer, for the panel.
    public static func orientation(_ orientation: ExifOrientation) -> String {
        switch orientation {
        case .normal: return "upright"
        case .mirrorHorizontal: return "mirrored left to right"
        case .rotate180: return "rotated 180°"
        case .mirrorVertical: return "mirrored top to bottom"
        case .transpose: return "mirrored across the main diagonal"
        case .rotate90: return "rotated 90° clockwise"
        case .transverse: return "mirrored across the other diagonal"
        case .rotate270: return "rotated 90° counter-clockwise"
        }
    }
}
