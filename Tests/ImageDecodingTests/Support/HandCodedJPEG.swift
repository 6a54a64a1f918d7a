/// A progressive JPEG written bit by bit: an 8×8 grey image of one block,
/// its scans given as symbols of Huffman tables made for them. For data no
/// encoder writes (a damaged scan that libjpeg still reads to the end), to
/// check that our reader reads it as libjpeg does.
///
/// ```swift
/// let bytes = HandCodedJPEG.greyBlock(quantiser: 40, scans: [
///     .init(spectrum: 0...0, high: 0, low: 0, table: [0x00: 1], symbols: [.code(0x00)]),
/// ])
/// ```
enum HandCodedJPEG {
    /// One thing written into a scan: a Huffman code, or raw bits after it.
    enum Piece {
        case code(UInt8)
        case bits(UInt32, count: Int)
    }

    /// One scan of the one component: its band `spectrum` (Ss...Se), its
    /// successive approximation bits `high`/`low` (Ah/Al), the Huffman table
    /// it uses (symbol → code length; codes are given in the order of
    /// length, then of symbol, as a DHT segment gives them) and its data.
    struct Scan {
        var spectrum: ClosedRange<UInt8>
        var high: UInt8
        var low: UInt8
        var table: [UInt8: Int]
        var symbols: [Piece]
    }

    /// SOI, a quantisation table of `quantiser` everywhere, SOF2 for one
    /// 8×8 grey component, each scan after the DHT it needs, EOI.
    static func greyBlock(quantiser: UInt8, scans: [Scan]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xDB, [0x00] + [UInt8](repeating: quantiser, count: 64))
        out += segment(0xC2, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])
        for scan in scans {
            let isDC = scan.spectrum.lowerBound == 0
            let (lengths, codes) = canonical(scan.table)
            out += segment(0xC4, [isDC ? 0x00 : 0x10] + lengths.counts + lengths.symbols)
            out += segment(0xDA, [1, 1, 0x00, scan.spectrum.lowerBound, scan.spectrum.upperBound,
                                  scan.high << 4 | scan.low])
            out += entropyCoded(scan.symbols, codes: codes)
        }
        return out + [0xFF, 0xD9]
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// The DHT counts and symbol list, and each symbol's canonical code
    /// (JPEG's Annex C: codes in order of length, incremented, shifted left
    /// at each longer length).
    private static func canonical(_ table: [UInt8: Int])
        -> (lengths: (counts: [UInt8], symbols: [UInt8]), codes: [UInt8: (code: UInt32, length: Int)]) {
        let ordered = table.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        var counts = [UInt8](repeating: 0, count: 16)
        var codes: [UInt8: (code: UInt32, length: Int)] = [:]
        var code: UInt32 = 0, length = 1
        for (symbol, symbolLength) in ordered {
            code <<= UInt32(symbolLength - length)
            length = symbolLength
            counts[length - 1] += 1
            codes[symbol] = (code, length)
            code += 1
        }
        return ((counts, ordered.map(\.key)), codes)
    }

    /// The pieces as bits, then as a scan's bytes (``packed(_:)``).
    private static func entropyCoded(_ pieces: [Piece], codes: [UInt8: (code: UInt32, length: Int)]) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: UInt32, _ count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> UInt32(i) & 1 == 1) }
        }
        for piece in pieces {
            switch piece {
            case .code(let symbol): put(codes[symbol]!.code, codes[symbol]!.length)
            case .bits(let value, let count): put(value, count)
            }
        }
        return packed(bits)
    }

    /// A scan's bytes from its bits: padded with ones, a zero byte stuffed after each 0xFF.
    static func packed(_ bits: [Bool]) -> [UInt8] {
        var bits = bits
        while bits.count % 8 != 0 { bits.append(true) }
        var out: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
            out.append(byte)
            if byte == 0xFF { out.append(0x00) }
        }
        return out
    }
}
