/// One drop on the window out of SDL's events: SDL sends `SDL_DROPBEGIN`,
/// then one `SDL_DROPFILE` per file (or `SDL_DROPTEXT` per line of text),
/// then `SDL_DROPCOMPLETE`; the files of one drop open together, as the
/// paths of one command line do. An item outside a begin and a complete
/// (an SDL that does not send them) is a drop by itself.
///
/// ```swift
/// var gathering = DropGathering()
/// gathering.take(.begin, hostName: nil)              // nil: the drop goes on
/// gathering.take(.file("/p/a.jpg"), hostName: nil)   // nil
/// gathering.take(.complete, hostName: nil)           // paths ["/p/a.jpg"]
/// ```
struct DropGathering {
    /// A drop's event, in SDL's order.
    enum Event: Equatable {
        case begin
        /// A dropped file's name (SDL decoded its `file://` URI), or a URI
        /// SDL passed on as it was.
        case file(String)
        /// Dropped text: a URI list, or a line of one.
        case text(String)
        case complete
    }

    /// What the drop under way holds so far; nil between drops.
    private(set) var underWay: DroppedURIList?

    /// Takes one of a drop's events; returns the whole drop when it is over.
    mutating func take(_ event: Event, hostName: String?) -> DroppedURIList? {
        switch event {
        case .begin:
            underWay = DroppedURIList()
            return nil
        case .file(let name):
            var item = DroppedURIList()
            item.add(name, hostName: hostName)
            return gather(item)
        case .text(let text):
            return gather(DroppedURIList.parse(text, hostName: hostName))
        case .complete:
            defer { underWay = nil }
            return underWay
        }
    }

    private mutating func gather(_ items: DroppedURIList) -> DroppedURIList? {
        guard underWay != nil else { return items }
        underWay?.append(items)
        return nil
    }
}
