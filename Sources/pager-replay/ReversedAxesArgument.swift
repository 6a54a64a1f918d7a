import ArgumentParser

/// `--reversed`: the axes that run against the screen, `h`, `v` or `hv`.
///
/// ```sh
/// pager-replay --reversed h   # right-to-left: page 1 is left of page 0
/// ```
struct ReversedAxesArgument: ExpressibleByArgument, CustomStringConvertible {
    var horizontal: Bool
    var vertical: Bool

    static let none = ReversedAxesArgument(horizontal: false, vertical: false)

    init(horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    init?(argument: String) {
        switch argument {
        case "h": self.init(horizontal: true, vertical: false)
        case "v": self.init(horizontal: false, vertical: true)
        case "hv": self.init(horizontal: true, vertical: true)
        default: return nil
        }
    }

    var description: String {
        switch (horizontal, vertical) {
        case (false, false): "none"
        case (true, false): "h"
        case (false, true): "v"
        case (true, true): "hv"
        }
    }
}
