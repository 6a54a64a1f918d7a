import ArgumentParser
import Pager

/// `--overshoot`: the bounded edges that overshoot, as a comma list of
/// `left`, `right`, `top`, `bottom`, or `all` / `none`.
///
/// ```sh
/// pager-replay --h-pages 3 --overshoot right,top,bottom   # the left edge stops dead
/// ```
struct EdgeSetArgument: ExpressibleByArgument, CustomStringConvertible {
    var edges: EdgeSet

    init(edges: EdgeSet) {
        self.edges = edges
    }

    init?(argument: String) {
        switch argument {
        case "all": edges = .all
        case "none": edges = []
        default:
            var edges: EdgeSet = []
            for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
                guard let edge = Edge.allCases.first(where: { $0.replayName == name }) else { return nil }
                edges.insert(EdgeSet(edge))
            }
            self.edges = edges
        }
    }

    var description: String {
        if edges == .all { return "all" }
        if edges.isEmpty { return "none" }
        return Edge.allCases.filter { edges.contains($0) }.map(\.replayName).joined(separator: ",")
    }
}
