/// Where a photo was taken, from its EXIF GPS IFD: signed decimal degrees
/// (north and east positive) and, when recorded, metres above sea level.
///
/// ```swift
/// let tower = GPSPosition(latitude: 48.85837, longitude: 2.29448, altitude: 35)
/// tower.text   // "48.85837° N, 2.29448° E, altitude 35 m"
/// ```
public struct GPSPosition: Sendable, Equatable {
    /// Degrees, −90…90, south negative.
    public var latitude: Double
    /// Degrees, −180…180, west negative.
    public var longitude: Double
    /// Metres above sea level (negative below), nil when not recorded.
    public var altitude: Double?

    /// `GPSPosition(latitude: -33.9, longitude: 18.4, altitude: nil)`.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// Degrees from the three EXIF rationals (degrees, minutes, seconds) and
    /// the reference letter: `S` and `W` make it negative.
    ///
    /// ```swift
    /// GPSPosition.degrees([33, 51, 30.13], reference: "S")   // -33.85837
    /// ```
    public static func degrees(_ parts: [Double], reference: String?) -> Double? {
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let scales = [1.0, 60.0, 3600.0]
        var value = 0.0
        for (index, part) in parts.enumerated() { value += part / scales[index] }
        let negative = reference.map { $0.hasPrefix("S") || $0.hasPrefix("W") || $0.hasPrefix("s") || $0.hasPrefix("w") } ?? false
        return negative ? -value : value
    }

    /// The panel's "Position": "48.85837° N, 2.29448° E", then
    /// ", altitude 35 m" when the altitude is known.
    public var text: String {
        let latitudeText = InfoFormatting.coordinate(latitude, positive: "N", negative: "S") ?? "?"
        let longitudeText = InfoFormatting.coordinate(longitude, positive: "E", negative: "W") ?? "?"
        var text = "\(latitudeText), \(longitudeText)"
        if let altitude, let metres = InfoFormatting.trimmed(altitude, places: 0) {
            text += ", altitude \(metres) m"
        }
        return text
    }
}
