/// Whole numbers with their digits in groups of three, as messages show
/// them: the megapixel limits here, and file sizes and counts in Gallery's
/// information panel (`InfoFormatting.grouped`).
///
/// ```swift
/// DigitGrouping.grouped(1_234_567)   // "1,234,567"
/// ```
public enum DigitGrouping {
    /// `value` with a comma between each group of three digits: "1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
