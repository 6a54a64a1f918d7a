/// The JSON Lines that `pager-replay` prints and that hosts write for their
/// event logs (`fourway --events FILE`), built without Foundation so that the
/// engine and every tool print byte-identical lines.
///
/// Numbers are rounded (times to microseconds, offsets to thousandths of a
/// pixel) and printed in their shortest decimal form, never with an exponent:
///
/// ```swift
/// ReplayFormat.time(0.11600000000000001)          // "0.116"
/// ReplayFormat.pixels(-640.00004)                  // "-640"
/// ReplayFormat.page(PageIndex(h: 2, v: -1))        // "[2,-1]"
/// ReplayFormat.frameLine(time: 0.5, page: PageIndex(h: 1, v: 0),
///                        offset: Point(x: -12.5, y: 0), phase: .animating)
/// // {"t":0.5,"frame":{"page":[1,0],"offset":[-12.5,0],"phase":"animating"}}
/// ```
public enum ReplayFormat {
    /// Decimals kept for times: microseconds.
    public static let timeDecimals = 6
    /// Decimals kept for offsets: thousandths of a pixel.
    public static let pixelDecimals = 3
    /// Decimals kept for zoom scales (relative to fit).
    public static let scaleDecimals = 4

    /// A time in seconds, rounded to microseconds.
    ///
    /// ```swift
    /// ReplayFormat.time(0.1 + 0.2)   // "0.3"
    /// ```
    public static func time(_ seconds: Double) -> String {
        number(seconds, decimals: timeDecimals)
    }

    /// A length in pixels, rounded to thousandths of a pixel.
    ///
    /// ```swift
    /// ReplayFormat.pixels(-383.99996)   // "-384"
    /// ```
    public static func pixels(_ value: Double) -> String {
        number(value, decimals: pixelDecimals)
    }

    /// `value` rounded to `decimals` places (half away from zero) in its
    /// shortest decimal form: no trailing zeros, no exponent, no `-0`.
    /// Non-finite values have no JSON form and print as `null`.
    ///
    /// ```swift
    /// ReplayFormat.number(2.50, decimals: 3)      // "2.5"
    /// ReplayFormat.number(-0.0001, decimals: 3)   // "0"
    /// ReplayFormat.number(7, decimals: 6)         // "7"
    /// ```
    public static func number(_ value: Double, decimals: Int) -> String {
        var text = ""
        write(number: value, decimals: decimals, to: &text)
        return text
    }

    /// `number(_:decimals:)` written to `output` in pieces that fit a small
    /// string, so that writing into a buffer allocates nothing (the C
    /// interface's `fw_pager_event_json`).
    ///
    /// ```swift
    /// var line = "{\"x\":"
    /// ReplayFormat.write(number: -12.5, decimals: 3, to: &line)   // {"x":-12.5
    /// ```
    public static func write<Output: TextOutputStream>(number value: Double, decimals: Int, to output: inout Output) {
        guard value.isFinite else { return output.write("null") }
        let decimals = min(max(decimals, 0), maximumDecimals)
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = value * Double(scale)
        // Beyond 2^53 a Double has no fractional digits left to print; the
        // standard description is exact and still valid JSON there.
        guard scaled.magnitude < largestExactInteger else { return writeShortest(value, to: &output) }
        let magnitude = roundedMagnitude(scaled)
        if magnitude == 0 { return output.write("0") }
        if scaled < 0 { output.write("-") }
        writeDigits(of: magnitude / scale, to: &output)
        var fraction = magnitude % scale
        if fraction != 0 {
            var digits = decimals
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            output.write(".")
            var leadingZeros = digits - digitCount(of: fraction)
            while leadingZeros > 0 {
                output.write("0")
                leadingZeros -= 1
            }
            writeDigits(of: fraction, to: &output)
        }
    }

    /// A page as a two-element array `[h,v]`, or `null` for no page.
    ///
    /// ```swift
    /// ReplayFormat.page(PageIndex(h: 3, v: -2))   // "[3,-2]"
    /// ReplayFormat.page(nil)                      // "null"
    /// ```
    public static func page(_ page: PageIndex?) -> String {
        var text = ""
        write(page: page, to: &text)
        return text
    }

    /// `page(_:)` written to `output`, allocating nothing for any page.
    ///
    /// ```swift
    /// var line = ""
    /// ReplayFormat.write(page: PageIndex(h: 3, v: -2), to: &line)   // [3,-2]
    /// ```
    public static func write<Output: TextOutputStream>(page: PageIndex?, to output: inout Output) {
        guard let page else { return output.write("null") }
        output.write("[")
        write(integer: page.h, to: &output)
        output.write(",")
        write(integer: page.v, to: &output)
        output.write("]")
    }

    /// An integer in decimal, digit by digit (`String(Int)` allocates past 15 digits).
    static func write<Output: TextOutputStream>(integer value: Int, to output: inout Output) {
        if value < 0 { output.write("-") }
        writeDigits(of: value.magnitude, to: &output)
    }

    private static func writeDigits<Output: TextOutputStream>(of value: some UnsignedInteger, to output: inout Output) {
        let value = UInt64(value)
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        repeat {
            output.write(decimalDigit(Int(value / divisor % 10)))
            divisor /= 10
        } while divisor > 0
    }

    private static func digitCount(of value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// One `--frames` line: the time of the step, the current page, the
    /// offset and the phase's stable name.
    ///
    /// ```swift
    /// ReplayFormat.frameLine(time: 0.008333, page: PageIndex(h: 0, v: 0),
    ///                        offset: Point(x: -40, y: 0), phase: .dragging(.horizontal))
    /// // {"t":0.008333,"frame":{"page":[0,0],"offset":[-40,0],"phase":"dragging-h"}}
    /// ```
    public static func frameLine(time: Double, page: PageIndex, offset: Point, phase: PagerPhase) -> String {
        "{\"t\":" + self.time(time)
            + ",\"frame\":{\"page\":" + self.page(page)
            + ",\"offset\":[" + pixels(offset.x) + "," + pixels(offset.y)
            + "],\"phase\":\"" + phase.name + "\"}}"
    }

    /// `|value|` rounded half away from zero, for `|value| < 2^53`. Done by
    /// hand because `Double.rounded()` calls libm's `round`, which a host that
    /// links neither Foundation nor libm would fail to link.
    private static func roundedMagnitude(_ value: Double) -> UInt64 {
        let magnitude = value.magnitude
        let whole = UInt64(magnitude)  // truncates: an instruction, not a libm call
        return magnitude - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// More decimals than this cannot be told apart in a `Double` of any useful size.
    private static let maximumDecimals = 15
    /// 2^53: the first integer a `Double` cannot follow by one.
    private static let largestExactInteger: Double = 9_007_199_254_740_992
}

extension PagerModel {
    /// The `--frames` line for the model's state now, stamped with `time`
    /// (the time of the step the host just took).
    ///
    /// ```swift
    /// model.advance(to: now)
    /// log.write(model.frameLine(time: now))
    /// // {"t":1.25,"frame":{"page":[1,0],"offset":[0,0],"phase":"idle"}}
    /// ```
    public func frameLine(time: Double) -> String {
        ReplayFormat.frameLine(time: time, page: currentPage, offset: offset, phase: phase)
    }
}
