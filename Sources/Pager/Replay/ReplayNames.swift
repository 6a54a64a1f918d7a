// The short names the JSON Lines format uses for the engine's enums, in both
// directions, so that a script's words and the printed words are one list.

extension Axis {
    /// `h` or `v`, as in `{"event":"axis-locked","axis":"h"}`.
    ///
    /// ```swift
    /// Axis.vertical.replayName   // "v"
    /// ```
    public var replayName: String { self == .horizontal ? "h" : "v" }
}

extension Edge {
    /// `left`, `right`, `top` or `bottom`, as in `{"event":"bounced","edge":"left"}`.
    ///
    /// ```swift
    /// Edge.bottom.replayName   // "bottom"
    /// ```
    public var replayName: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        }
    }
}

extension FlipDirection {
    /// `left`, `right`, `up` or `down`, as in `{"t":0.5,"flip":"right"}`.
    ///
    /// ```swift
    /// FlipDirection.up.replayName   // "up"
    /// ```
    public var replayName: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        }
    }

    /// The direction named `name`, or `nil` for any other word.
    ///
    /// ```swift
    /// FlipDirection(replayName: "right")   // .right
    /// FlipDirection(replayName: "Right")   // nil: names are lower case
    /// ```
    public init?(replayName name: String) {
        guard let match = Self.allCases.first(where: { $0.replayName == name }) else { return nil }
        self = match
    }
}
