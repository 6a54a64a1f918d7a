/// One message between the browser and a decoder process: a few integers
/// and one line of text, as little-endian 64-bit words then UTF-8. Both ends
/// check everything they read: a decoder process may have been taken over by
/// the file it decodes, so its answers are hostile until checked too.
///
/// ```swift
/// let bytes = DecoderMessage(numbers: [1, 1280, 800], text: "a.jpg").encoded()
/// DecoderMessage(decoding: bytes)?.numbers   // [1, 1280, 800]
/// ```
struct DecoderMessage: Equatable {
    /// The largest message either side sends or accepts, bytes.
    static let maximumBytes = 8192
    /// The most numbers in a message.
    static let maximumNumbers = 32

    var numbers: [Int64]
    var text: String

    init(numbers: [Int64], text: String = "") {
        self.numbers = numbers
        self.text = text
    }

    /// The number at `index`, 0 when the message has fewer.
    subscript(_ index: Int) -> Int64 { index < numbers.count ? numbers[index] : 0 }

    /// Count, numbers, text; the text cut to fit ``maximumBytes``.
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        let count = min(numbers.count, Self.maximumNumbers)
        Self.append(Int64(count), to: &bytes)
        for number in numbers.prefix(count) { Self.append(number, to: &bytes) }
        bytes.append(contentsOf: Array(text.utf8).prefix(Self.maximumBytes - bytes.count))
        return bytes
    }

    /// Decodes `bytes`; nil when they are not a message.
    init?(decoding bytes: some Collection<UInt8>) {
        let all = Array(bytes)
        guard all.count >= 8, all.count <= Self.maximumBytes else { return nil }
        let count = Self.word(all, at: 0)
        guard count >= 0, count <= Int64(Self.maximumNumbers), all.count >= 8 * (Int(count) + 1) else { return nil }
        numbers = (0..<Int(count)).map { Self.word(all, at: 8 * ($0 + 1)) }
        text = String(decoding: all[(8 * (Int(count) + 1))...], as: UTF8.self)
    }

    private static func append(_ value: Int64, to bytes: inout [UInt8]) {
        let bits = UInt64(bitPattern: value)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> Int64 {
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        return Int64(bitPattern: bits)
    }
}

/// The version of the messages between the browser and its decoder
/// processes. The browser starts a process with it as the last argument; a
/// process of another version (a `fourway-decoder` left from another build)
/// exits at once with ``otherVersionStatus``, before it reads a message, and
/// the pool decodes in the browser's own program instead.
///
/// Bump it with any change to what ``DecoderRequest/message(name:profile:profileAttached:)``
/// writes or a process answers: `DecoderWireVersionTests` holds the bytes of
/// this version's requests.
///
/// ```swift
/// ["fourway-decoder", "--decoder-process", "10", "0", "all", String(DecoderWire.version)]
/// ```
public enum DecoderWire {
    public static let version = 1
    /// The exit status of a process started with another version.
    public static let otherVersionStatus: Int32 = 86
}

/// What the browser asks of a decoder process; the file goes with it as a
/// descriptor, and the display's profile as a sealed memfd when it changed.
enum DecoderRequest: Equatable {
    /// ``ImageDecoding/FileDecoding/decodeFile(_:maxWidth:maxHeight:cancellation:)``.
    case image(maxWidth: Int, maxHeight: Int)
    /// The file's embedded thumbnail (EXIF, HEIF item).
    case embeddedThumbnail
    /// A region at a scale, as the view turned it.
    case region(x: Int, y: Int, width: Int, height: Int, scale: Double, maximumPixels: Int,
                turn: Int, turnedWidth: Int, turnedHeight: Int)
    /// Opens the file as an animation, which the process keeps for the
    /// ``nextFrame(maxWidth:maxHeight:turn:)`` requests after it.
    case openAnimation
    /// The opened animation's next frame (no file goes with it).
    case nextFrame(maxWidth: Int, maxHeight: Int, turn: Int)
    /// What the information panel reads from the file's bytes
    /// (`Gallery`'s `ImageInfo.Content`), answered as ``ImageInfoWire`` says.
    case imageInfo

    /// Whether a file's descriptor goes with the request.
    var takesFile: Bool {
        if case .nextFrame = self { return false }
        return true
    }

    /// The request's message; `name` is the file's name (a format without a
    /// signature, TGA, is known by it), `profile` the display profile's
    /// identity and whether its bytes go with it.
    func message(name: String, profile: UInt64, profileAttached: Bool) -> DecoderMessage {
        var numbers: [Int64]
        switch self {
        case .image(let w, let h): numbers = [1, Int64(w), Int64(h), 0, 0, 0, 0, 0, 0, 0, 0, 0]
        case .embeddedThumbnail: numbers = [2] + Array(repeating: 0, count: 11)
        case .region(let x, let y, let w, let h, let scale, let maximum, let turn, let tw, let th):
            numbers = [3, 0, 0, Int64(x), Int64(y), Int64(w), Int64(h), Int64(bitPattern: scale.bitPattern),
                       Int64(maximum), Int64(turn), Int64(tw), Int64(th)]
        case .openAnimation: numbers = [4] + Array(repeating: 0, count: 11)
        case .nextFrame(let w, let h, let turn):
            numbers = [5, Int64(w), Int64(h), 0, 0, 0, 0, 0, 0, Int64(turn), 0, 0]
        case .imageInfo: numbers = [6] + Array(repeating: 0, count: 11)
        }
        numbers += [Int64(bitPattern: profile), profileAttached ? 1 : 0]
        return DecoderMessage(numbers: numbers, text: name)
    }

    /// The request a message carries; nil when it is none.
    init?(_ message: DecoderMessage) {
        func int(_ i: Int) -> Int { Int(clamping: message[i]) }
        switch message[0] {
        case 1: self = .image(maxWidth: int(1), maxHeight: int(2))
        case 2: self = .embeddedThumbnail
        case 3:
            self = .region(x: int(3), y: int(4), width: int(5), height: int(6),
                           scale: Double(bitPattern: UInt64(bitPattern: message[7])), maximumPixels: int(8),
                           turn: int(9), turnedWidth: int(10), turnedHeight: int(11))
        case 4: self = .openAnimation
        case 5: self = .nextFrame(maxWidth: int(1), maxHeight: int(2), turn: int(9))
        case 6: self = .imageInfo
        default: return nil
        }
    }

    /// Index of the display profile's identity in the request's numbers.
    static let profileIdentityIndex = 12
    /// Index of the flag saying the profile's bytes are attached.
    static let profileAttachedIndex = 13
}

/// What a decoder process answers.
enum DecoderReplyKind: Int64 {
    /// Pixels, in the attached sealed memfd.
    case image = 0
    /// A ``ImageDecoding/DecodeFailure``'s message (and whether it was cancelled).
    case failure = 1
    /// Nothing to give (no embedded thumbnail).
    case nothing = 2
    /// The first message of a process: its sandbox's layers and libraries.
    case hello = 3
    /// An animation opened: its summary, the delays in the attached sealed memfd.
    case animation = 4
    /// The information panel's content of a file (``ImageInfoWire``).
    case imageInfo = 5
}
