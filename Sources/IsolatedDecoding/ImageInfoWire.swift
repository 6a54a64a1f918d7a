import Gallery
import ImageDecoding

/// The information panel's ``Gallery/ImageInfo/Content`` as a decoder
/// process's answer (``DecoderReplyKind/imageInfo``), and back, checked.
///
/// The numbers: the kind, a bit per field present (``Field``), the format's
/// index in `ImageFormat.allCases`, width, height, the EXIF numbers (a
/// `Double` as its bit pattern), then the byte length of each text field;
/// the message's text is those texts one after the other. The browser reads
/// it as hostile: a bit it does not know, a number out of its range or not
/// finite, a length past ``maximumTextBytes`` or not adding up to the text,
/// a text cut inside a character, and the whole answer is refused.
///
/// ```swift
/// let message = ImageInfoWire.message(content)
/// ImageInfoWire.content(from: message) == content   // true (texts within the bound)
/// ```
enum ImageInfoWire {
    /// The longest text field sent or accepted, bytes; a longer one is cut
    /// (at a character) by the process. Six of them fit in a message.
    static let maximumTextBytes = 1024
    /// The largest width or height accepted: headers store at most 32 bits.
    static let maximumDimension = Int64(UInt32.max)

    /// One bit each in the message's second number.
    enum Field: Int, CaseIterable {
        case format, width, height, exposureTime, fNumber, iso, focalLength, focalLength35mm, orientation
        case position, altitude
        case dateTaken, make, model, lens, colorProfile, problem

        var bit: Int64 { 1 << Int64(rawValue) }
        /// The text fields, in the order their lengths and bytes go.
        static let texts: [Field] = [.dateTaken, .make, .model, .lens, .colorProfile, .problem]
    }

    /// Indices of the numbers.
    private enum Slot {
        static let presence = 1, format = 2, width = 3, height = 4, exposureTime = 5, fNumber = 6, iso = 7
        static let focalLength = 8, focalLength35mm = 9, orientation = 10, latitude = 11, longitude = 12
        static let altitude = 13, firstLength = 14
        static let count = firstLength + Field.texts.count
    }

    /// The process's answer for `content`.
    static func message(_ content: ImageInfo.Content) -> DecoderMessage {
        var numbers = [Int64](repeating: 0, count: Slot.count)
        numbers[0] = DecoderReplyKind.imageInfo.rawValue
        var presence: Int64 = 0
        func put(_ field: Field, _ slot: Int, _ value: Int64?) {
            guard let value else { return }
            presence |= field.bit
            numbers[slot] = value
        }
        func bits(_ value: Double?) -> Int64? { value.map { Int64(bitPattern: $0.bitPattern) } }
        put(.format, Slot.format, content.format.flatMap { ImageFormat.allCases.firstIndex(of: $0) }.map(Int64.init))
        put(.width, Slot.width, content.width.map(Int64.init))
        put(.height, Slot.height, content.height.map(Int64.init))
        let exif = content.exif
        put(.exposureTime, Slot.exposureTime, bits(exif?.exposureTime))
        put(.fNumber, Slot.fNumber, bits(exif?.fNumber))
        put(.iso, Slot.iso, exif?.iso.map(Int64.init))
        put(.focalLength, Slot.focalLength, bits(exif?.focalLength))
        put(.focalLength35mm, Slot.focalLength35mm, exif?.focalLength35mm.map(Int64.init))
        put(.orientation, Slot.orientation, exif?.orientation.map { Int64($0.rawValue) })
        if let position = exif?.position {
            put(.position, Slot.latitude, bits(position.latitude))
            numbers[Slot.longitude] = bits(position.longitude) ?? 0
            put(.altitude, Slot.altitude, bits(position.altitude))
        }
        let values = [exif?.dateTaken, exif?.make, exif?.model, exif?.lens, content.colorProfile, content.problem]
        var text = ""
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            let cut = bounded(value)
            presence |= Field.texts[index].bit
            numbers[Slot.firstLength + index] = Int64(cut.utf8.count)
            text += cut
        }
        numbers[Slot.presence] = presence
        return DecoderMessage(numbers: numbers, text: text)
    }

    /// `text` cut to at most ``maximumTextBytes`` of UTF-8, at a character.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumTextBytes else { return text }
        var cut = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > maximumTextBytes { break }
            cut.append(character)
        }
        return cut
    }
}

extension ImageInfoWire {
    /// The content an answer carries; nil when anything in it is out of
    /// place (it is then not used at all).
    static func content(from message: DecoderMessage) -> ImageInfo.Content? {
        guard message.numbers.count == Slot.count, message[0] == DecoderReplyKind.imageInfo.rawValue else { return nil }
        let presence = message[Slot.presence]
        let known = Field.allCases.reduce(Int64(0)) { $0 | $1.bit }
        guard presence & ~known == 0, presence & Field.altitude.bit == 0 || presence & Field.position.bit != 0,
              let texts = texts(message, presence: presence) else { return nil }
        func has(_ field: Field) -> Bool { presence & field.bit != 0 }
        func number(_ field: Field, _ slot: Int, in range: ClosedRange<Int64>) -> Int?? {
            guard has(field) else { return .some(nil) }
            guard range.contains(message[slot]) else { return .none }
            return Int(message[slot])
        }
        func real(_ field: Field, _ slot: Int, _ valid: (Double) -> Bool) -> Double?? {
            guard has(field) else { return .some(nil) }
            let value = Double(bitPattern: UInt64(bitPattern: message[slot]))
            guard value.isFinite, valid(value) else { return .none }
            return value
        }
        let positive: (Double) -> Bool = { $0 > 0 }
        var content = ImageInfo.Content()
        var exif = ExifSummary()
        guard let format = number(.format, Slot.format, in: 0...Int64(ImageFormat.allCases.count - 1)),
              let width = number(.width, Slot.width, in: 0...maximumDimension),
              let height = number(.height, Slot.height, in: 0...maximumDimension),
              let exposureTime = real(.exposureTime, Slot.exposureTime, positive),
              let fNumber = real(.fNumber, Slot.fNumber, positive),
              let iso = number(.iso, Slot.iso, in: 1...Int64(UInt32.max)),
              let focalLength = real(.focalLength, Slot.focalLength, positive),
              let focalLength35mm = number(.focalLength35mm, Slot.focalLength35mm, in: 1...Int64(UInt32.max)),
              let orientation = number(.orientation, Slot.orientation, in: 1...8),
              let position = position(message, presence: presence) else { return nil }
        content.format = format.map { ImageFormat.allCases[$0] }
        (content.width, content.height) = (width, height)
        (exif.exposureTime, exif.fNumber, exif.iso) = (exposureTime, fNumber, iso)
        (exif.focalLength, exif.focalLength35mm) = (focalLength, focalLength35mm)
        exif.orientation = orientation.flatMap(ExifOrientation.init(rawValue:))
        exif.position = position
        (exif.dateTaken, exif.make, exif.model, exif.lens) = (texts[0], texts[1], texts[2], texts[3])
        (content.colorProfile, content.problem) = (texts[4], texts[5])
        // The process sends only a date the panel can show (ExifReader).
        if let date = exif.dateTaken, InfoFormatting.exifDate(date) == nil { return nil }
        content.exif = exif.isEmpty ? nil : exif
        return content
    }

    /// The GPS position: nil when out of range, `.some(nil)` when absent.
    private static func position(_ message: DecoderMessage, presence: Int64) -> GPSPosition?? {
        guard presence & Field.position.bit != 0 else { return .some(nil) }
        func real(_ slot: Int) -> Double { Double(bitPattern: UInt64(bitPattern: message[slot])) }
        let (latitude, longitude) = (real(Slot.latitude), real(Slot.longitude))
        guard latitude.isFinite, longitude.isFinite, latitude.magnitude <= 90, longitude.magnitude <= 180 else { return nil }
        var altitude: Double?
        if presence & Field.altitude.bit != 0 {
            altitude = real(Slot.altitude)
            guard altitude?.isFinite == true else { return nil }
        }
        return GPSPosition(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// The text fields, split by their lengths; nil when a length is out of
    /// range, set for an absent field, the lengths do not add up to the
    /// text, or a piece is not whole UTF-8.
    private static func texts(_ message: DecoderMessage, presence: Int64) -> [String?]? {
        let bytes = Array(message.text.utf8)
        var offset = 0
        var texts: [String?] = []
        for (index, field) in Field.texts.enumerated() {
            let length = message[Slot.firstLength + index]
            guard length >= 0, length <= Int64(maximumTextBytes) else { return nil }
            guard presence & field.bit != 0 else {
                guard length == 0 else { return nil }
                texts.append(nil)
                continue
            }
            guard length <= Int64(bytes.count - offset) else { return nil }
            let end = offset + Int(length)
            guard let text = String(validating: bytes[offset..<end], as: UTF8.self) else { return nil }
            texts.append(text)
            offset = end
        }
        return offset == bytes.count ? texts : nil
    }
}
