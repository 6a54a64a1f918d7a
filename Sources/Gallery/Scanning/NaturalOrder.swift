/// Natural, case-insensitive ordering of file names: digit runs compare by
/// their numeric value, so `img2` comes before `img10`, and `IMG_1` sits next
/// to `img_1`.
///
/// The order is total (ties between names that differ only in case or in
/// leading zeros are broken by the raw bytes), so the result never depends
/// on the order `readdir` returned.
///
/// ```swift
/// let sorted = NaturalOrder.sorted(["img10.jpg", "IMG2.jpg", "img1.jpg"])
/// // ["img1.jpg", "IMG2.jpg", "img10.jpg"]
/// ```
public enum NaturalOrder {
    /// `names` in natural order.
    public static func sorted(_ names: [String]) -> [String] {
        sortedIndices(names).map { names[$0] }
    }

    /// True when `a` comes before `b` in natural order.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        if isASCII(a) && isASCII(b) {
            // ASCII names are compared in place, folding as they are read:
            // no key is made.
            return a.withUTF8 { x in b.withUTF8 { y in compare(raw: x, raw: y) } } < 0
        }
        return compare(Key(a), Key(b)) < 0
    }

    /// The name that comes first in natural order (nil for none), in one
    /// pass: what a viewer shows first, known before the whole folder is
    /// sorted.
    ///
    /// ```swift
    /// NaturalOrder.first(["img10.jpg", "IMG2.jpg", "img1.jpg"])   // "img1.jpg"
    /// ```
    public static func first(_ names: [String]) -> String? {
        guard var best = names.first else { return nil }
        for name in names.dropFirst() where precedes(name, best) { best = name }
        return best
    }

    /// The positions of `names` in natural order. Keys are computed once per
    /// name, which keeps 100,000 names well under 100 ms.
    static func sortedIndices(_ names: [String]) -> [Int] {
        let keys = names.map(Key.init)
        return names.indices.sorted { compare(keys[$0], keys[$1]) < 0 }
    }

    /// The positions of the names in `names` in natural order, the same
    /// order ``sorted(_:)`` gives their `String`s. No key is made per name:
    /// ASCII names are compared in the store, folded as they are read; only
    /// names beyond ASCII get their lowercased form, in one second store.
    ///
    /// ```swift
    /// let names = ImageNames(["img10.jpg", "IMG2.jpg", "img1.jpg"])
    /// NaturalOrder.sortedIndices(names)   // [2, 1, 0]
    /// ```
    public static func sortedIndices(_ names: ImageNames) -> [UInt32] {
        let folding = Folding(names)
        var order = (0..<UInt32(names.count)).map { $0 }
        names.bytes.withUnsafeBufferPointer { raw in
            folding.lowered.bytes.withUnsafeBufferPointer { lowered in
                order.sort { a, b in
                    folding.compare(Int(a), Int(b), raw: raw, names: names, lowered: lowered) < 0
                }
            }
        }
        return order
    }

    /// The position of the name that comes first in natural order (nil for
    /// none), in one pass over the store.
    public static func firstIndex(_ names: ImageNames) -> Int? {
        guard !names.isEmpty else { return nil }
        let folding = Folding(names)
        return names.bytes.withUnsafeBufferPointer { raw in
            folding.lowered.bytes.withUnsafeBufferPointer { lowered in
                var best = 0
                for index in 1..<names.count
                where folding.compare(index, best, raw: raw, names: names, lowered: lowered) < 0 {
                    best = index
                }
                return best
            }
        }
    }

    /// The folded form of each name of a store, as ``Key`` makes it: ASCII
    /// names are their own (folded while compared), the others' lowercased
    /// bytes are kept in `lowered`, found through `loweredIndex`.
    private struct Folding {
        /// Per name: -1 for ASCII, else its index in `lowered`.
        var loweredIndex: [Int32]
        var lowered = ImageNames()

        init(_ names: ImageNames) {
            loweredIndex = []
            if names.bytes.allSatisfy({ $0 < 0x80 }) { return }
            loweredIndex = [Int32](repeating: -1, count: names.count)
            for index in 0..<names.count {
                let isASCII = names.withName(at: index) { $0.allSatisfy { $0 < 0x80 } }
                if isASCII { continue }
                loweredIndex[index] = Int32(lowered.count)
                lowered.append(names[index].lowercased())
            }
        }

        /// -1, 0 or 1: `compare(Key(a), Key(b))` without the keys.
        func compare(_ a: Int, _ b: Int, raw: UnsafeBufferPointer<UInt8>, names: ImageNames,
                     lowered bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let x = UnsafeBufferPointer(rebasing: raw[names.range(of: a)])
            let y = UnsafeBufferPointer(rebasing: raw[names.range(of: b)])
            let foldedX = folded(a, raw: x, lowered: bytes), foldedY = folded(b, raw: y, lowered: bytes)
            let order = NaturalOrder.compareFolded(foldedX, foldedY)
            if order != 0 { return order }
            return NaturalOrder.compareBytes(x, y)
        }

        private func folded(_ index: Int, raw: UnsafeBufferPointer<UInt8>,
                            lowered bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            guard !loweredIndex.isEmpty, loweredIndex[index] >= 0 else { return raw }
            return UnsafeBufferPointer(rebasing: bytes[lowered.range(of: Int(loweredIndex[index]))])
        }
    }

    /// A name prepared for comparison: case-folded bytes plus the raw bytes
    /// for the final tie-break.
    struct Key {
        let folded: [UInt8]
        let raw: [UInt8]

        init(_ name: String) {
            raw = Array(name.utf8)
            if raw.allSatisfy({ $0 < 0x80 }) {
                folded = raw.map(NaturalOrder.foldASCII)
            } else {
                folded = Array(name.lowercased().utf8)
            }
        }
    }

    private static func isASCII(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// A–Z to a–z; every other byte (digits, UTF-8 beyond ASCII) unchanged,
    /// so folding bytes that are already folded changes nothing.
    private static func foldASCII(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// -1, 0 or 1.
    static func compare(_ a: Key, _ b: Key) -> Int {
        let order = a.folded.withUnsafeBufferPointer { x in b.folded.withUnsafeBufferPointer { y in compareFolded(x, y) } }
        if order != 0 { return order }
        return compareBytes(a.raw, b.raw)
    }

    /// `compare` for two ASCII names' own bytes.
    private static func compare(raw a: UnsafeBufferPointer<UInt8>, raw b: UnsafeBufferPointer<UInt8>) -> Int {
        let order = compareFolded(a, b)
        if order != 0 { return order }
        return compareBytes(a, b)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Compares with ASCII letters folded as they are read (see `foldASCII`).
    static func compareFolded(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        // Fewer leading zeros first when the numbers are equal ("1" before "01");
        // only consulted when everything else is equal.
        var zeroBias = 0
        while i < a.count && j < b.count {
            let x = foldASCII(a[i]), y = foldASCII(b[j])
            if isDigit(x) && isDigit(y) {
                var zi = i, zj = j
                while zi < a.count && a[zi] == 0x30 { zi += 1 }
                while zj < b.count && b[zj] == 0x30 { zj += 1 }
                var ei = zi, ej = zj
                while ei < a.count && isDigit(a[ei]) { ei += 1 }
                while ej < b.count && isDigit(b[ej]) { ej += 1 }
                let lengthA = ei - zi, lengthB = ej - zj
                if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
                var k = 0
                while k < lengthA {
                    let p = a[zi + k], q = b[zj + k]
                    if p != q { return p < q ? -1 : 1 }
                    k += 1
                }
                if zeroBias == 0 && (zi - i) != (zj - j) { zeroBias = (zi - i) < (zj - j) ? -1 : 1 }
                i = ei
                j = ej
                continue
            }
            if x != y { return x < y ? -1 : 1 }
            i += 1
            j += 1
        }
        let restA = a.count - i, restB = b.count - j
        if restA != restB { return restA < restB ? -1 : 1 }
        return zeroBias
    }

    static func compareBytes<C: Collection<UInt8>>(_ a: C, _ b: C) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
