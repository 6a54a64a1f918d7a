import Gallery

/// The images the user marked (`m`), to act on together: print on quit
/// (`--print-marked`), move to the trash, copy, play in the slideshow.
/// Held by path, not by page, so a mark stays with its image whatever the
/// layout does to pages (a sort, a turn, an image trashed before it);
/// the gallery's order is asked of the layout each time.
///
/// ```swift
/// var marks = Marks()
/// marks.toggle("/p/a.jpg")                 // true: now marked
/// marks.paths(in: layout)                  // ["/p/a.jpg"], in gallery order
/// marks.next(after: 0, in: layout, forward: true)   // the next marked image's ordinal
/// ```
struct Marks: Equatable {
    /// The marked paths.
    private(set) var marked: Set<String> = []

    /// `Marks(["/p/a.jpg"])`: those paths marked.
    init(_ paths: some Sequence<String> = [String]()) {
        marked = Set(paths)
    }

    var count: Int { marked.count }
    var isEmpty: Bool { marked.isEmpty }

    func contains(_ path: String) -> Bool { marked.contains(path) }

    /// "3 marked", "None marked": the HUD's line and the notice.
    var summary: String { marked.isEmpty ? "None marked" : "\(marked.count) marked" }

    /// Marks `path` when it is not, unmarks it when it is; returns whether it is marked now.
    @discardableResult
    mutating func toggle(_ path: String) -> Bool {
        if marked.remove(path) != nil { return false }
        marked.insert(path)
        return true
    }

    mutating func mark(_ paths: some Sequence<String>) { marked.formUnion(paths) }

    mutating func unmark(_ paths: some Sequence<String>) { marked.subtract(paths) }

    mutating func clear() { marked.removeAll() }

    /// Files changed on disk (the folder watch): a mark follows its image
    /// through each rename, in order, and goes with an image removed.
    mutating func follow(renamed: [(from: String, to: String)], removed: [String]) {
        for (from, to) in renamed where marked.remove(from) != nil { marked.insert(to) }
        unmark(removed)
    }

    /// Every image of `layout` not marked becomes marked, and every marked one not.
    mutating func invert(in layout: GalleryLayout) {
        marked = Set(Self.allPaths(in: layout).filter { !marked.contains($0) })
    }

    /// The marked images' paths in the gallery's reading order.
    func paths(in layout: GalleryLayout) -> [String] {
        marked.isEmpty ? [] : Self.allPaths(in: layout).filter(marked.contains)
    }

    /// The reading-order positions of the marked images.
    func ordinals(in layout: GalleryLayout) -> [Int] {
        guard !marked.isEmpty else { return [] }
        return Self.allPaths(in: layout).enumerated().filter { marked.contains($0.element) }.map(\.offset)
    }

    /// The ordinal of the next marked image after `ordinal` (forward) or
    /// before it, going round the gallery's end; `ordinal` itself only when
    /// it is the one marked image. Nil when none is marked.
    func next(after ordinal: Int, in layout: GalleryLayout, forward: Bool) -> Int? {
        let ordinals = ordinals(in: layout)
        guard !ordinals.isEmpty else { return nil }
        if forward { return ordinals.first { $0 > ordinal } ?? ordinals.first }
        return ordinals.last { $0 < ordinal } ?? ordinals.last
    }

    /// Every image's path in `layout`, in reading order.
    static func allPaths(in layout: GalleryLayout) -> [String] {
        (0..<layout.count).compactMap { layout.page(ofOrdinal: $0).flatMap(layout.entry(at:))?.path }
    }
}
