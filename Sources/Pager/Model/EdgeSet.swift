/// A set of the grid's bounded edges, for options that differ per edge.
///
/// ```swift
/// var config = PagerConfiguration()
/// config.overshootEdges = [.left, .right]   // rows bounce, columns stop dead
/// EdgeSet.all.contains(EdgeSet(.top))       // true
/// ```
public struct EdgeSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// The set with the bits of `rawValue` (left 1, right 2, top 4, bottom 8).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set of the one edge `edge`.
    public init(_ edge: Edge) {
        switch edge {
        case .left: self = .left
        case .right: self = .right
        case .top: self = .top
        case .bottom: self = .bottom
        }
    }

    /// Before page `h = 0`.
    public static let left = EdgeSet(rawValue: 1 << 0)
    /// After the last page along `h`.
    public static let right = EdgeSet(rawValue: 1 << 1)
    /// Before page `v = 0`.
    public static let top = EdgeSet(rawValue: 1 << 2)
    /// After the last page along `v`.
    public static let bottom = EdgeSet(rawValue: 1 << 3)
    /// All four edges.
    public static let all: EdgeSet = [.left, .right, .top, .bottom]

    /// Whether `edge` is in the set.
    public func contains(_ edge: Edge) -> Bool { contains(EdgeSet(edge)) }
}
