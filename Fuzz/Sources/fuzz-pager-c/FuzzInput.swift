/// The fuzz bytes read as a stream of arguments, biased towards the values
/// that break arithmetic: NaN, ±infinity, ±1e308, ±0, denormals, the ends of
/// Int64. Past the end every read returns zero, so any byte string is a
/// whole session.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    static let specialDoubles: [Double] = [
        .nan, -.nan, .signalingNaN, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, 2.2250738585072009e-308, 1e-300, -1e-300, 1e18, -1e18, 9007199254740993,
        1.5e19, Double(Int64.max), Double(Int64.min), 0.5, 1, -1,
    ]

    /// A double: a special value, any bit pattern, or a plain number (-32768…32767.5, in halves).
    mutating func double() -> Double {
        let kind = byte()
        switch kind {
        case 0..<64: return Self.specialDoubles[Int(kind) % Self.specialDoubles.count]
        case 64..<96: return Double(bitPattern: uint64())
        default: return Double(Int16(truncatingIfNeeded: UInt16(byte()) << 8 | UInt16(byte()))) / 2
        }
    }

    /// A length that is usually sensible (a page, a viewport): 1…4096 px, or any double.
    mutating func length() -> Double {
        let kind = byte()
        if kind < 200 { return Double(UInt16(kind) << 4 | UInt16(byte() & 0x0F)) + 1 }
        return double()
    }

    static let specialIntegers: [Int64] = [
        .max, .min, .max - 1, .min + 1, 0, 1, -1, -2, 1 << 60, (1 << 60) + 1, -(1 << 60), -(1 << 60) - 1,
        Int64(Int32.max), Int64(Int32.min), 1 << 53, 1 << 32,
    ]

    /// An integer: a special value, any bit pattern, or a small count (-1…61).
    mutating func int64() -> Int64 {
        let kind = byte()
        switch kind {
        case 0..<64: return Self.specialIntegers[Int(kind) % Self.specialIntegers.count]
        case 64..<96: return Int64(bitPattern: uint64())
        default: return Int64(kind % 63) - 1
        }
    }

    mutating func int32() -> Int32 {
        let kind = byte()
        if kind < 32 { return Int32(truncatingIfNeeded: int64()) }
        return Int32(kind % 12) - 2
    }
}
