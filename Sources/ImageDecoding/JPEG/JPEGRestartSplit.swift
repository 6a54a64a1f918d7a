#if canImport(Glibc)
import Glibc
#endif

/// A sequential JPEG cut in two at a restart marker, so that its halves
/// decode on two cores at once.
///
/// Huffman decoding is the cost of a JPEG at any scale (26 ms of a 12 MP
/// photo's 35 ms at 3/8) and is sequential: each code starts where the last
/// ended. A restart marker (`RSTn`, every `DRI` MCUs) resets the decoder's
/// state, so the data after one decodes on its own. Many cameras and phones
/// write them. The cut is made at an MCU row where a restart interval starts,
/// as near the middle as the interval allows, and where that interval's
/// number is a multiple of 8: the bottom half's markers then run RST0,
/// RST1, … from its start, exactly as libjpeg expects of a whole file.
///
/// Each half is a whole JPEG: the tables (DQT, DHT, DRI) and the frame and
/// scan headers, the frame's height set to the half's rows, then the half's
/// entropy-coded data (and EOI). The top half's height is a whole number of
/// MCU rows, so at any DCT scale it decodes to a whole number of rows, and
/// the two outputs stacked are the whole image at that scale (up to the
/// chroma upsampling of the two rows at the seam, which each half
/// extrapolates from its own side).
///
/// ```swift
/// if let split = bytes.withUnsafeBufferPointer({ JPEGRestartSplit.plan($0) }) {
///     split.topRows      // e.g. 1536 of 3000: decode split.top and split.bottom in parallel
/// }
/// ```
public struct JPEGRestartSplit: Sendable {
    /// A JPEG of the image's first `topRows` rows.
    public var top: [UInt8]
    /// A JPEG of the rows below them.
    public var bottom: [UInt8]
    /// How many of the image's rows (at full size) the top half holds.
    public var topRows: Int
    /// The image's size, px.
    public var width: Int
    public var height: Int

    /// Below this many pixels a decode is a few ms and a thread costs more than it saves.
    static let minimumPixels = 2_000_000
    /// How far from the middle the cut may be, as a fraction of the rows
    /// from either end: a cut at a quarter still saves a quarter of the time.
    static let mostUnevenCut = 0.25

    /// The two halves of the JPEG in `bytes`, or nil when it cannot be cut:
    /// not a single-scan sequential Huffman JPEG, no restart markers, markers
    /// not where the interval says, too small to be worth it, or no cut
    /// near enough the middle.
    public static func plan(_ bytes: UnsafeBufferPointer<UInt8>) -> JPEGRestartSplit? {
        let view = ByteView(bytes)
        guard view.matches([0xFF, 0xD8]) else { return nil }
        var tables: [Range<Int>] = []        // DQT, DHT, DRI: copied into both halves
        var frame: Range<Int>?               // SOF0/SOF1, marker included
        var scanHeader: Range<Int>?          // SOS, marker included
        var interval = 0
        var position = 2
        while scanHeader == nil {
            guard view.u8(position) == 0xFF else { return nil }
            var markerAt = position + 1
            while view.u8(markerAt) == 0xFF { markerAt += 1 }
            guard let marker = view.u8(markerAt), let length = view.u16be(markerAt + 1), length >= 2,
                  view.has(markerAt + 1, length) else { return nil }
            let segment = (markerAt - 1)..<(markerAt + 1 + length)
            switch marker {
            case 0xC0, 0xC1:
                guard frame == nil else { return nil }
                frame = segment
            case 0xC2...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                return nil                    // progressive, lossless or arithmetic
            case 0xDB, 0xC4: tables.append(segment)   // DQT, DHT
            case 0xDD:
                guard let value = view.u16be(markerAt + 3) else { return nil }
                interval = value
                tables.append(segment)
            case 0xDA: scanHeader = segment
            case 0xCC, 0xDC, 0xDE, 0xDF: return nil   // DAC, DNL, DHP, EXP
            case 0xEE: tables.append(segment)  // Adobe: names the colour transform
            default: break                     // other APPn, COM: not needed to decode
            }
            position = segment.upperBound
        }
        guard let frame, let scanHeader, interval > 0,
              let height = view.u16be(frame.lowerBound + 5), let width = view.u16be(frame.lowerBound + 7),
              // Grey or YCbCr; CMYK/YCCK files are rare and converted apart.
              let components = view.u8(frame.lowerBound + 9), components == 1 || components == 3,
              view.u8(scanHeader.lowerBound + 4) == components,   // one interleaved scan of every component
              height > 0, width > 0, width * height >= minimumPixels else { return nil }
        var maxH = 1, maxV = 1
        for index in 0..<components {
            guard let sampling = view.u8(frame.lowerBound + 11 + index * 3) else { return nil }
            maxH = max(maxH, sampling >> 4)
            maxV = max(maxV, sampling & 0x0F)
        }
        // A single component's scan has one block per MCU whatever its sampling.
        let mcuWidth = components == 1 ? 8 : 8 * maxH, mcuHeight = components == 1 ? 8 : 8 * maxV
        let mcusPerRow = (width + mcuWidth - 1) / mcuWidth
        let mcuRows = (height + mcuHeight - 1) / mcuHeight
        guard let cutRow = cutRow(mcuRows: mcuRows, mcusPerRow: mcusPerRow, interval: interval) else { return nil }
        let cutInterval = cutRow * mcusPerRow / interval
        guard let marker = restartMarker(number: cutInterval, in: view, from: scanHeader.upperBound) else { return nil }
        let topRows = cutRow * mcuHeight

        func header(rows: Int) -> [UInt8] {
            var out: [UInt8] = [0xFF, 0xD8]
            for table in tables { out += bytes[table] }
            var frameBytes = Array(bytes[frame])
            frameBytes[5] = UInt8(rows >> 8)
            frameBytes[6] = UInt8(rows & 0xFF)
            return out + frameBytes + bytes[scanHeader]
        }
        var top = header(rows: topRows)
        top += bytes[scanHeader.upperBound..<marker]
        top += [0xFF, 0xD9]
        var bottom = header(rows: height - topRows)
        bottom += bytes[(marker + 2)...]
        return JPEGRestartSplit(top: top, bottom: bottom, topRows: topRows, width: width, height: height)
    }

    /// The MCU row to cut at: a restart interval starts there, its number is
    /// a multiple of 8, and it is the nearest such row to the middle, within
    /// ``mostUnevenCut``; nil when there is none.
    static func cutRow(mcuRows: Int, mcusPerRow: Int, interval: Int) -> Int? {
        let low = max(1, Int(Double(mcuRows) * mostUnevenCut)), high = mcuRows - low
        guard low <= high else { return nil }
        let middle = mcuRows / 2
        return (low...high).filter { row in
            let mcus = row * mcusPerRow
            return mcus % interval == 0 && (mcus / interval) % 8 == 0
        }.min { abs($0 - middle) < abs($1 - middle) }
    }

    /// Where the marker that starts restart interval `number` (from 0) lies
    /// in the entropy-coded data from `start`: the `number`th RST marker,
    /// which must read RST((number − 1) mod 8). Nil when the data ends, another
    /// marker comes first, or the numbering is off.
    static func restartMarker(number: Int, in view: ByteView, from start: Int) -> Int? {
        guard number >= 1 else { return nil }
        var seen = 0
        var index = start
        let bytes = view.bytes
        guard let base = bytes.baseAddress else { return nil }
        while index + 1 < bytes.count {
            // memchr: the data is megabytes, and 0xFF is rare in it.
            guard let found = memchr(base + index, 0xFF, bytes.count - index) else { return nil }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == 0x00 {                    // a stuffed 0xFF data byte
                index += 2
                continue
            }
            if next == 0xFF {                    // fill before a marker
                index += 1
                continue
            }
            guard (0xD0...0xD7).contains(next) else { return nil }
            seen += 1
            if seen == number {
                return Int(next) == 0xD0 + (number - 1) % 8 ? index : nil
            }
            index += 2
        }
        return nil
    }
}
