/// The fixed pool of nine slots, indexed by slot id (0…8).
///
/// ```swift
/// let centre = model.slots.slot(column: 0, row: 0)   // the current page's slot
/// ```
public struct SlotPool: RandomAccessCollection, Hashable, Sendable {
    /// How many slots every pool has: the 3×3 arrangement around the current page.
    ///
    /// ```swift
    /// var textures = [Texture?](repeating: nil, count: SlotPool.capacity)
    /// ```
    public static let capacity = 9

    private var storage: InlineArray<9, Slot>

    /// Slot `id` starts at column `id % 3 - 1`, row `id / 3 - 1`.
    init() {
        storage = InlineArray { id in Slot(id: id, column: id % 3 - 1, row: id / 3 - 1) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Self.capacity }

    /// Walks the slots in id order. Its own iterator, because the standard
    /// `IndexingIterator` allocated on every step when the engine's sources
    /// are compiled into the host's module (found by `Tests/allocations`).
    public struct Iterator: IteratorProtocol, Sendable {
        private let pool: SlotPool
        private var id = 0

        init(pool: SlotPool) { self.pool = pool }

        public mutating func next() -> Slot? {
            guard id < SlotPool.capacity else { return nil }
            defer { id += 1 }
            return pool.storage[id]
        }
    }

    public func makeIterator() -> Iterator { Iterator(pool: self) }

    /// The slot with this id.
    public internal(set) subscript(id: Int) -> Slot {
        get { storage[id] }
        set { storage[id] = newValue }
    }

    /// The slot at grid position (`column`, `row`), each -1…1.
    public func slot(column: Int, row: Int) -> Slot {
        for id in 0..<9 where storage[id].column == column && storage[id].row == row {
            return storage[id]
        }
        preconditionFailure("column and row must be in -1...1")
    }

    /// The slot showing `page`, if any.
    public func slot(showing page: PageIndex) -> Slot? {
        for id in 0..<9 where storage[id].page == page { return storage[id] }
        return nil
    }

    public static func == (lhs: SlotPool, rhs: SlotPool) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        for slot in self { hasher.combine(slot) }
    }
}
