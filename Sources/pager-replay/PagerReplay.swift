import ArgumentParser
import Foundation
import Pager

/// `pager-replay`: drives a `PagerModel` from a JSON Lines script and prints
/// what it does, one JSON object per line. Tools and tests use it to embed
/// and watch the engine without writing Swift.
///
/// ```sh
/// printf '%s\n' '{"t":0,"flip":"right"}' | pager-replay --h-pages 3
/// # {"t":0,"event":"page-will-change","from":[0,0],"to":[1,0]} …
/// ```
@main
struct PagerReplay: ParsableCommand {
    /// Exit code for a malformed script line (bad flags exit through ArgumentParser).
    static let scriptErrorExitCode: Int32 = 2
    /// The highest frame rate accepted, frames per second: the run steps up to
    /// 60 simulated seconds after the last input, so this bounds the output.
    static let maximumFramesPerSecond = 10_000.0

    static let configuration = CommandConfiguration(
        commandName: "pager-replay",
        abstract: "Drive the Pager engine from a JSON Lines script and print its events as JSON Lines.",
        discussion: """
            Input lines (t in seconds, never decreasing): {"t":0,"down":[640,400]} \
            {"t":0.016,"move":[600,401]} {"t":0.1,"up":[400,405]} {"t":0.2,"interrupt":"focus-lost"} \
            {"t":0.3,"scroll":[-12.5,0]} {"t":0.4,"scroll-end":true} {"t":0.5,"flip":"right"} \
            {"t":0.6,"go":[3,-2]} (optional "animated":false) {"t":0.7,"resize":[1024,768]} \
            {"t":0.8,"bounds":[null,7]}. Between inputs and after the last one the model is \
            advanced at --fps until it settles (at most 60 s after an input). A malformed line \
            stops the run with "pager-replay: line N: ..." on stderr and exit code 2.
            """
    )

    @Option(help: "Page (viewport) width in px.")
    var width: Double = 1280

    @Option(help: "Page (viewport) height in px.")
    var height: Double = 800

    @Option(name: .customLong("h-pages"), help: "Horizontal pages: inf, 0 (axis disabled) or N.")
    var horizontalPages: PageCountArgument = .infinite

    @Option(name: .customLong("v-pages"), help: "Vertical pages: inf, 0 (axis disabled) or N.")
    var verticalPages: PageCountArgument = .infinite

    @Option(parsing: .unconditional, help: "Initial page as H,V (clamped into the bounds).")
    var start: StartPageArgument = StartPageArgument(h: 0, v: 0)

    @Option(help: ArgumentHelp(
        "The bounded edges that rubber-band and bounce: all, none or a list of left, right, top, bottom. At the others a drag stops dead.",
        valueName: "EDGES"))
    var overshoot = EdgeSetArgument(edges: .all)

    @Option(name: .customLong("row-lengths"), help: ArgumentHelp(
        "Ragged rows: the pages of each row, N,N,… (with --v-pages equal to their count).",
        valueName: "N,N,…"))
    var rowLengths: RowLengthsArgument?

    @Option(help: "Gap between pages in px (slots sit one page + gap apart).")
    var spacing: Double = 0

    @Option(help: "Axes that run against the screen: h (right to left), v (bottom up) or hv.")
    var reversed = ReversedAxesArgument.none

    @Flag(name: .customLong("long-swipes"),
          help: "A release may travel several pages, as far as its projection reaches (see --max-swipe-pages).")
    var longSwipes = false

    @Option(name: .customLong("max-swipe-pages"), help: "With --long-swipes: the most pages one release travels.")
    var maximumSwipePages = PagerConfiguration().maximumLongSwipePages

    @Option(help: "Frames per second at which the model is advanced.")
    var fps: Double = 120

    @Flag(help: "Also print one frame line (page, offset, phase) per step.")
    var frames = false

    @Argument(help: "The script (JSON Lines); standard input when omitted.")
    var script: String?

    func validate() throws {
        guard width.isFinite, width > 0 else { throw ValidationError("--width must be a positive number of px.") }
        guard height.isFinite, height > 0 else { throw ValidationError("--height must be a positive number of px.") }
        if let rowLengths, verticalPages.pageCount != rowLengths.lengths.count {
            throw ValidationError("--row-lengths gives \(rowLengths.lengths.count) rows: --v-pages must be \(rowLengths.lengths.count).")
        }
        guard spacing.isFinite, spacing >= 0 else { throw ValidationError("--spacing must be a number of px >= 0.") }
        guard maximumSwipePages >= 1 else { throw ValidationError("--max-swipe-pages must be at least 1.") }
        guard fps.isFinite, fps > 0, fps <= Self.maximumFramesPerSecond else {
            throw ValidationError("--fps must be above 0 and at most \(Int(Self.maximumFramesPerSecond)).")
        }
        if let script, !FileManager.default.isReadableFile(atPath: script) {
            throw ValidationError("cannot read the script '\(script)'.")
        }
    }

    func run() throws {
        let lines: ScriptLines
        if let script {
            guard let data = FileManager.default.contents(atPath: script) else {
                throw ValidationError("cannot read the script '\(script)'.")
            }
            lines = ScriptLines(text: String(decoding: data, as: UTF8.self))
        } else {
            lines = ScriptLines(readingStandardInput: ())
        }
        var configuration = PagerConfiguration()
        configuration.overshootEdges = overshoot.edges
        configuration.allowsLongSwipes = longSwipes
        configuration.spacing = spacing
        configuration.horizontalReversed = reversed.horizontal
        configuration.verticalReversed = reversed.vertical
        configuration.maximumLongSwipePages = maximumSwipePages
        let initialPage = PageIndex(h: start.h, v: start.v)
        let model = rowLengths.map {
            PagerModel(pageWidth: width, pageHeight: height, rowLengths: $0.lengths,
                       initialPage: initialPage, configuration: configuration)
        } ?? PagerModel(
            pageWidth: width, pageHeight: height,
            horizontalPages: horizontalPages.pageCount, verticalPages: verticalPages.pageCount,
            initialPage: initialPage, configuration: configuration)
        var replay = Replay(model: model, framesPerSecond: fps, printsFrames: frames) { print($0) }
        var parser = ScriptParser()
        var lineNumber = 0
        for text in lines {
            lineNumber += 1
            do throws(ScriptError) {
                guard let input = try parser.parse(text) else { continue }
                replay.apply(input)
                // A tool feeding a pipe line by line sees each input's events at once.
                if script == nil { fflush(nil) }
            } catch {
                fflush(nil)  // what ran before the bad line is already printed; keep it before the error
                FileHandle.standardError.write(Data("pager-replay: line \(lineNumber): \(error.message)\n".utf8))
                throw ExitCode(Self.scriptErrorExitCode)
            }
        }
        replay.finish()
        fflush(nil)
    }
}
