#if canImport(Glibc)
import Glibc
#endif

/// The order images are shown in (`fourway --sort KEY [--reverse]`).
///
/// Sorting happens inside each run of images: a folder's own images, each
/// album, each run of files given one by one. Rows stay what they are (one
/// per album in the albums layout) and albums stay in natural order of their
/// names; `reverse` turns every run, and the albums' order, backwards.
///
/// - `name` (the default): natural order (`img2` before `img10`). Files given
///   one by one keep the order they were given in unless a `--sort` was
///   asked for (``sortsGivenFiles``): a shell glob is sorted already, and a
///   list is in its maker's order on purpose.
/// - `mtime`: oldest first (the order the photos were taken, for a camera's
///   files); `--reverse` for the newest first.
/// - `size`: smallest first.
/// - `random`: shuffled with ``seed`` (the same seed, the same order).
///
/// Ties in `mtime` and `size` keep natural name order. Files that vanish
/// before they are looked at sort as time 0 and size 0.
///
/// ```swift
/// var order = ImageOrder(key: .mtime)
/// order.reverse = true
/// let newestFirst = order.apply(to: contents)
/// order.description   // "mtime, reversed"
/// ```
public struct ImageOrder: Sendable, Hashable, CustomStringConvertible {
    /// What images are sorted by.
    public enum Key: String, Sendable, CaseIterable {
        case name, mtime, size, random
    }

    public var key: Key
    /// Every run backwards, and the albums' order.
    public var reverse: Bool
    /// Whether files given one by one are sorted too (a `--sort` was given).
    public var sortsGivenFiles: Bool
    /// The shuffle's seed for `random`.
    public var seed: UInt64

    /// `ImageOrder()` is the default: natural name order.
    public init(key: Key = .name, reverse: Bool = false, sortsGivenFiles: Bool = false, seed: UInt64 = 0) {
        self.key = key
        self.reverse = reverse
        self.sortsGivenFiles = sortsGivenFiles
        self.seed = seed
    }

    /// Whether this is the order a folder's listing is already in, so the
    /// first image in natural order is the first page.
    public var isNaturalOrder: Bool { key == .name && !reverse }

    /// `name`, `mtime, reversed`, `random (seed 42)`: for the HUD and the
    /// `gallery` log line.
    public var description: String {
        var text = key.rawValue
        if key == .random { text += " (seed \(seed))" }
        if reverse { text += ", reversed" }
        return text
    }

    /// `contents` with every run sorted (see the type's description).
    public func apply(to contents: FolderContents) -> FolderContents {
        if isNaturalOrder { return contents }
        var shuffler = makeShuffler()
        let loose = sorted(contents.looseImages, given: false, shuffler: &shuffler)
        var albums = contents.albums.map { Album(name: $0.name, images: sorted($0.images, given: false, shuffler: &shuffler)) }
        if reverse { albums.reverse() }
        return contents.with(looseImages: loose, albums: albums)
    }

    /// The generator for `random`: one for all the runs of a gallery, so
    /// two runs of the same length are not shuffled alike.
    func makeShuffler() -> SplitMix64 { SplitMix64(seed: seed) }

    /// One run in this order. `given`: files given one by one, in the order
    /// given; the other runs come from a folder listing in natural order.
    func sorted(_ run: [ImageEntry], given: Bool, shuffler: inout SplitMix64) -> [ImageEntry] {
        var result: [ImageEntry]
        switch key {
        case .name:
            // A listing is in natural order already; files given keep the
            // order given unless a sort was asked for.
            result = given && sortsGivenFiles ? NaturalOrder.sortedIndices(run.map(\.name)).map { run[$0] } : run
        case .mtime, .size:
            result = sortedByStatus(run, natural: given ? NaturalOrder.sortedIndices(run.map(\.name)) : Array(run.indices))
        case .random:
            result = run
            result.shuffle(using: &shuffler)
        }
        if reverse { result.reverse() }
        return result
    }

    /// Sorted by modification time or size; ties in `natural` order (the
    /// run's indices in natural name order).
    private func sortedByStatus(_ run: [ImageEntry], natural: [Int]) -> [ImageEntry] {
        var rank = [Int](repeating: 0, count: run.count)
        for (position, index) in natural.enumerated() { rank[index] = position }
        let keys: [Int64] = run.map { entry in
            var info = stat()
            guard stat(entry.path, &info) == 0 else { return 0 }
            switch key {
            case .mtime: return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            default: return Int64(info.st_size)
            }
        }
        let order = run.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a] < keys[b] : rank[a] < rank[b]
        }
        return order.map { run[$0] }
    }
}

/// A small, fast generator whose sequence is fixed by its seed (Steele,
/// Lea and Flood's SplitMix64), so a `--sort random --seed N` order can be
/// shown again.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
