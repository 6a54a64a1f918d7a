import Pager

/// Where to open the gallery (`fourway --start N|FILE`): the N-th image in
/// the order shown (from 1, as the HUD counts), or a file.
///
/// A file is found by its path (relative to the current directory) first,
/// then by its name alone (`--start IMG_0042.jpg`), then as the end of a
/// path (`--start trip/IMG_0042.jpg`). A name made of digits only is read as
/// N; write it `./12` to mean the file.
///
/// ```swift
/// let start = StartImage(argument: "12")            // .ordinal(12)
/// let page = StartImage(argument: "b.png").page(in: layout)
/// ```
public enum StartImage: Sendable, Equatable, CustomStringConvertible {
    /// 1-based position in reading order.
    case ordinal(Int)
    /// A path or a name.
    case file(String)

    /// Digits are an ordinal, anything else a file.
    public init(argument: String) {
        if !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(argument) {
            self = .ordinal(n)
        } else {
            self = .file(argument)
        }
    }

    /// `12` or the file as given.
    public var description: String {
        switch self {
        case .ordinal(let n): String(n)
        case .file(let path): path
        }
    }

    /// The page showing this image, or nil when the gallery has no such image.
    public func page(in layout: GalleryLayout) -> PageIndex? {
        switch self {
        case .ordinal(let n):
            return layout.page(ofOrdinal: n - 1)
        case .file(let path):
            if let page = layout.page(of: path) { return page }
            if let page = layout.page(where: { $0.name == path }) { return page }
            let suffix = path.hasPrefix("/") ? path : "/" + path
            return layout.page(where: { $0.path.hasSuffix(suffix) })
        }
    }

    /// Why ``page(in:)`` found nothing, one line for stderr.
    public func notFoundMessage(count: Int) -> String {
        switch self {
        case .ordinal(let n):
            "--start \(n): there \(count == 1 ? "is 1 image" : "are \(count) images"); give 1 to \(count)"
        case .file(let path):
            "--start \(path): no such image among the \(count) opened; give its path, its name or its number"
        }
    }
}
