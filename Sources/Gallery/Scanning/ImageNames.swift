/// Many file names in one byte buffer: each name's UTF-8 bytes one after
/// another, and where each ends. A folder of a million images costs its
/// names' bytes plus 4 bytes each, not a `String` (and its allocation) per
/// name; a `String` is made only when a page asks for one.
///
/// ```swift
/// var names = ImageNames()
/// names.append("img2.jpg")
/// names.append("img10.jpg")
/// names[1]                                  // "img10.jpg"
/// let sorted = names.permuted(NaturalOrder.sortedIndices(names))
/// ```
public struct ImageNames: Sendable, Equatable {
    /// Every name's bytes, back to back.
    public private(set) var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (it starts where the previous one ends).
    public private(set) var ends: [UInt32] = []

    /// An empty store; `ImageNames(["a.jpg", "b.jpg"])` holds two names.
    public init(_ names: [String] = []) {
        for name in names { append(name) }
    }

    /// Number of names.
    public var count: Int { ends.count }

    /// Whether there are no names.
    public var isEmpty: Bool { ends.isEmpty }

    /// The name at `index` as a `String` (the bytes are valid UTF-8: the
    /// scanner keeps only such names, ``FolderScanner``).
    public subscript(index: Int) -> String {
        withName(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of `range` of the buffer.
    func range(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// Calls `body` with the name's bytes, without copying them.
    public func withName<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let range = range(of: index)
        return try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[range]))
        }
    }

    /// Adds a name given by its bytes.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: name)
        ends.append(UInt32(bytes.count))
    }

    /// Adds `name`.
    public mutating func append(_ name: String) {
        var name = name
        name.withUTF8 { append($0) }
    }

    /// Adds every name of `other`, in its order.
    public mutating func append(contentsOf other: ImageNames) {
        let base = UInt32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
    }

    /// Removes the last name (a scanner takes back a name it just added).
    public mutating func removeLast() {
        ends.removeLast()
        bytes.removeSubrange((ends.last.map(Int.init) ?? 0)...)
    }

    /// Removes the name at `index`; the names after it move down by one.
    public mutating func remove(at index: Int) {
        let range = range(of: index)
        bytes.removeSubrange(range)
        ends.remove(at: index)
        let length = UInt32(range.count)
        for i in index..<ends.count { ends[i] -= length }
    }

    /// Reserves room for `count` more names of about `averageLength` bytes.
    public mutating func reserveCapacity(names count: Int, bytes length: Int) {
        ends.reserveCapacity(ends.count + count)
        bytes.reserveCapacity(bytes.count + length)
    }

    /// A new store with the names in `order` (each index once, as
    /// ``NaturalOrder/sortedIndices(_:)-(ImageNames)`` returns), its buffers
    /// exactly the size they need.
    public func permuted(_ order: [UInt32]) -> ImageNames {
        var result = ImageNames()
        result.bytes.reserveCapacity(bytes.count)
        result.ends.reserveCapacity(order.count)
        bytes.withUnsafeBufferPointer { all in
            for index in order {
                let range = range(of: Int(index))
                result.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: all[range]))
                result.ends.append(UInt32(result.bytes.count))
            }
        }
        return result
    }

    /// The names `range` as a store of their own.
    public func slice(_ range: Range<Int>) -> ImageNames {
        permuted(range.map { UInt32($0) })
    }

    /// The buffers trimmed to their contents (a scanner's store grows by
    /// doubling; the one a gallery keeps for its lifetime should not).
    public func compacted() -> ImageNames {
        // Within 1/16 of its size is what `reserveCapacity` and malloc's
        // rounding leave: nothing worth a copy.
        if bytes.capacity - bytes.count <= bytes.count / 16 && ends.capacity - ends.count <= ends.count / 16 {
            return self
        }
        var result = ImageNames()
        result.bytes = Self.exactCopy(bytes)
        result.ends = Self.exactCopy(ends)
        return result
    }

    /// A copy whose capacity is its count (`Array(array)` would share the
    /// buffer, capacity and all).
    private static func exactCopy<T: BitwiseCopyable>(_ array: [T]) -> [T] {
        [T](unsafeUninitializedCapacity: array.count) { buffer, count in
            array.withUnsafeBufferPointer { source in
                if let base = buffer.baseAddress, let from = source.baseAddress {
                    base.initialize(from: from, count: source.count)
                }
            }
            count = array.count
        }
    }

    /// Bytes the two buffers have allocated (their capacity), for the
    /// structural memory check in the tests and the benchmarks.
    public var allocatedBytes: Int {
        bytes.capacity + ends.capacity * MemoryLayout<UInt32>.stride
    }
}
