import ArgumentParser

/// `--h-pages` / `--v-pages`: `inf` (infinite), `0` (axis disabled) or a page count.
///
/// ```sh
/// pager-replay --h-pages inf --v-pages 7
/// ```
struct PageCountArgument: ExpressibleByArgument, CustomStringConvertible {
    /// `nil` for infinite, as `PagerModel` takes it.
    var pageCount: Int?

    static let infinite = PageCountArgument(pageCount: nil)

    init(pageCount: Int?) {
        self.pageCount = pageCount
    }

    init?(argument: String) {
        if argument == "inf" {
            pageCount = nil
        } else if let count = Int(argument), count >= 0 {
            pageCount = count
        } else {
            return nil
        }
    }

    var description: String { pageCount.map(String.init) ?? "inf" }
}

/// `--start H,V`: the initial page; negative indices are allowed (`--start -3,2`).
struct StartPageArgument: ExpressibleByArgument, CustomStringConvertible {
    var h: Int
    var v: Int

    init(h: Int, v: Int) {
        self.h = h
        self.v = v
    }

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let v = Int(parts[1]) else { return nil }
        self.init(h: h, v: v)
    }

    var description: String { "\(h),\(v)" }
}
