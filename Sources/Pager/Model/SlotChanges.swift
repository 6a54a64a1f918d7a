/// Which slots received which page in one recycling step, at most nine.
///
/// Stored inline so that reporting a recycle never allocates.
///
/// ```swift
/// for change in changes { loader.load(change.page, into: change.slot) }
/// ```
public struct SlotChanges: RandomAccessCollection, Hashable, Sendable {
    /// A slot id and the page it shows now (`nil` when outside the bounds).
    public struct Change: Hashable, Sendable {
        /// The slot's id, 0…8.
        public var slot: Int
        /// The page the slot shows now; `nil` outside the bounds.
        public var page: PageIndex?

        /// Slot `slot` now shows `page`.
        public init(slot: Int, page: PageIndex?) {
            self.slot = slot
            self.page = page
        }
    }

    private var storage: InlineArray<9, Change> = .init(repeating: Change(slot: 0, page: nil))
    public private(set) var count: Int = 0

    /// No changes.
    public init() {}

    /// `changes`, at most nine (tests and hosts build them; the model reports its own).
    public init(_ changes: [Change]) {
        for change in changes { append(change) }
    }

    /// Adds one change; at most nine fit (one per slot).
    ///
    /// ```swift
    /// var changes = SlotChanges()
    /// changes.append(.init(slot: 2, page: PageIndex(h: 2, v: 0)))
    /// ```
    public mutating func append(_ change: Change) {
        precondition(count < 9, "at most nine slots change at once")
        storage[count] = change
        count += 1
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> Change {
        precondition(position >= 0 && position < count, "index out of range")
        return storage[position]
    }

    public static func == (lhs: SlotChanges, rhs: SlotChanges) -> Bool {
        lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for change in self { hasher.combine(change) }
    }
}
