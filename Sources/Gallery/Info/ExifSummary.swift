import ImageDecoding

/// The EXIF fields the image-information panel shows, as typed values read
/// by libexif (``ExifReader``); every field is nil when the file lacks it.
///
/// ```swift
/// var exif = ExifSummary()
/// exif.make = "Canon"; exif.model = "Canon EOS R5"
/// exif.camera   // "Canon EOS R5": the make is not repeated
/// ```
public struct ExifSummary: Sendable, Equatable {
    /// DateTimeOriginal (0x9003), else DateTime (0x0132), as written:
    /// "2024:05:17 14:03:22", in the camera's clock, whose zone is unknown.
    public var dateTaken: String?
    /// Make (0x010F).
    public var make: String?
    /// Model (0x0110).
    public var model: String?
    /// LensModel (0xA434), else LensMake (0xA433).
    public var lens: String?
    /// ExposureTime (0x829A), seconds.
    public var exposureTime: Double?
    /// FNumber (0x829D).
    public var fNumber: Double?
    /// ISOSpeedRatings, called PhotographicSensitivity since EXIF 2.3 (0x8827).
    public var iso: Int?
    /// FocalLength (0x920A), mm.
    public var focalLength: Double?
    /// FocalLengthIn35mmFilm (0xA405), mm.
    public var focalLength35mm: Int?
    /// From the GPS IFD's latitude, longitude and altitude with their refs.
    public var position: GPSPosition?
    /// Orientation (0x0112).
    public var orientation: ExifOrientation?

    /// Nothing known yet.
    public init() {}

    /// True when no field is known.
    public var isEmpty: Bool { self == ExifSummary() }

    /// Make and model for the panel, the make left out when the model
    /// already starts with its first word ("Canon" + "Canon EOS R5").
    public var camera: String? {
        switch (make, model) {
        case (nil, nil): return nil
        case (let make?, nil): return make
        case (nil, let model?): return model
        case (let make?, let model?):
            let brand = make.split(separator: " ").first.map { $0.lowercased() } ?? ""
            return model.lowercased().hasPrefix(brand) ? model : make + " " + model
        }
    }

    /// The panel's "Exposure": "1/250 s  f/2.8  ISO 100  35 mm (52 mm in
    /// 35 mm)", the known parts only; nil when none is known.
    public var exposure: String? {
        let parts = [
            exposureTime.flatMap(InfoFormatting.exposureTime),
            fNumber.flatMap(InfoFormatting.aperture),
            iso.flatMap { $0 > 0 ? "ISO \($0)" : nil },
            InfoFormatting.focalLength(focalLength, equivalent35mm: focalLength35mm),
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}
