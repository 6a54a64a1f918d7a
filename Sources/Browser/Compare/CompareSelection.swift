/// Which images the compare view shows, by reading-order position
/// (ordinal) in the gallery: the marked ones, at most ``most`` (the first
/// in gallery order), or, with fewer than two marked, the current image and
/// the one after it (round the end). Pure.
///
/// ```swift
/// CompareSelection.ordinals(marked: [], current: 3, count: 10)          // [3, 4]
/// CompareSelection.ordinals(marked: [1, 5, 7], current: 0, count: 10)   // [1, 5, 7]
/// CompareSelection.advanced([8, 9], by: 1, count: 10)                   // [9, 0]
/// ```
enum CompareSelection {
    /// The most images compared at once (a 2×2 grid).
    static let most = 4

    /// The ordinals to compare, in gallery order; nil when the gallery has
    /// fewer than two images.
    static func ordinals(marked: [Int], current: Int, count: Int) -> [Int]? {
        guard count >= 2 else { return nil }
        let inGallery = marked.filter { (0..<count).contains($0) }.sorted()
        if inGallery.count >= 2 { return Array(inGallery.prefix(most)) }
        let here = min(max(0, current), count - 1)
        return [here, (here + 1) % count]
    }

    /// Each cell's image moved `step` images on in the gallery (back when
    /// negative), round its ends; distinct ordinals stay distinct.
    static func advanced(_ ordinals: [Int], by step: Int, count: Int) -> [Int] {
        guard count > 0 else { return ordinals }
        return ordinals.map { (($0 + step) % count + count) % count }
    }
}
