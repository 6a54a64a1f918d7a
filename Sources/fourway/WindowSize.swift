import ArgumentParser

/// `--size WxH`: the window size in screen pixels, e.g. `1280x800` (an `×`
/// works too).
///
/// ```swift
/// WindowSize(argument: "1024x768")   // WindowSize(width: 1024, height: 768)
/// WindowSize(argument: "big")        // nil
/// ```
struct WindowSize: Hashable {
    /// Smallest and largest accepted side, px.
    static let sides = 64...16384

    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased()
            .split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              Self.sides.contains(width), Self.sides.contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    /// For `@Option(transform:)`: a clear message instead of "invalid value".
    static func parse(_ argument: String) throws -> WindowSize {
        guard let size = WindowSize(argument: argument) else {
            throw ValidationError("expected WxH with each side \(sides.lowerBound)…\(sides.upperBound), e.g. 1280x800")
        }
        return size
    }
}
