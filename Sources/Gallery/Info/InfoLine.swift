/// One line of the image-information panel: a label and its value, drawn
/// in two columns.
///
/// ```swift
/// InfoLine("Size", "5.7 MB (5,712,345 bytes)").text   // "Size: 5.7 MB (5,712,345 bytes)"
/// ```
public struct InfoLine: Sendable, Equatable, CustomStringConvertible {
    /// "Name", "Folder", "Size", "Modified", "Dimensions", "Format", "Taken",
    /// "Camera", "Lens", "Exposure", "Position", "Orientation" or "Problem".
    public var label: String
    /// What is known, formatted for people.
    public var value: String

    /// `InfoLine("Format", "JPEG")`.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }

    /// "Label: value", for logs and tests.
    public var text: String { "\(label): \(value)" }

    public var description: String { text }
}
