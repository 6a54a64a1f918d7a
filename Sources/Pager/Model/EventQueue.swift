/// A fixed-capacity ring of events. Allocated once; when a host never drains
/// it, the oldest events are dropped rather than growing without bound.
struct EventQueue: Sendable {
    static let capacity = 256

    private var storage: [PagerEvent]
    private var head = 0
    private(set) var count = 0
    /// Events lost because the host did not drain the queue in time.
    private(set) var dropped = 0

    init() {
        storage = Array(repeating: PagerEvent(time: 0, kind: .dragBegan), count: Self.capacity)
    }

    mutating func push(_ event: PagerEvent) {
        if count == Self.capacity {
            head = (head + 1) % Self.capacity
            count -= 1
            dropped += 1
        }
        storage[(head + count) % Self.capacity] = event
        count += 1
    }

    mutating func pop() -> PagerEvent? {
        guard count > 0 else { return nil }
        let event = storage[head]
        head = (head + 1) % Self.capacity
        count -= 1
        return event
    }
}
