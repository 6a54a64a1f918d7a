import ArgumentParser
import Browser
import CMalloc
import Gallery
import Glibc

extension BrowserOptions.Layout: ExpressibleByArgument {}
extension RendererPreference: ExpressibleByArgument {}

/// `fourway [FOLDER|IMAGE] [options]`: the four-direction image browser.
@main
struct Fourway: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fourway",
        abstract: "Browse a folder of images by dragging pages in four directions.",
        discussion: """
            With no path, opens an infinite demo gallery. A flat folder becomes a grid
            of pages; a folder of subfolders becomes one row per album (left/right in
            an album, up/down between albums). IMAGE opens its folder at that image.

            \(KeyMap.plainText())

            Exit codes: 0 quit normally; 1 failed while running; 2 bad option or
            events file; 3 path not found, not a folder or image, or no images in it;
            4 cannot start (no display, SDL or renderer failure, DejaVu font missing).
            """)

    @Argument(help: "A folder of images, or an image file (opens its folder at it). None: the demo gallery.")
    var path: String?

    @Option(help: ArgumentHelp("Window size in pixels, WxH (default 1280x800).", valueName: "WxH"),
            transform: WindowSize.parse)
    var size: WindowSize?

    @Option(help: "Images per row in a grid (default: about √n).")
    var columns: Int?

    @Option(help: "How pages are laid out: \(BrowserOptions.Layout.allCases.map(\.rawValue).joined(separator: ", ")). auto: albums when subfolders hold images, else grid.")
    var layout: BrowserOptions.Layout = .auto

    @Flag(help: "Make the bounded axes infinite: pages wrap around the row and column.")
    var wrap = false

    @Option(help: ArgumentHelp("Write the engine's events to FILE as JSON Lines (the pager-replay format).", valueName: "FILE"))
    var events: String?

    @Option(help: "Renderer: auto (software under Xvfb or without a GPU), gpu or software.")
    var renderer: RendererPreference = .auto

    @Flag(help: "Start fullscreen.")
    var fullscreen = false

    @Flag(inversion: .prefixedNo, help: "Show the HUD at start (i toggles it).")
    var hud = true

    @Flag(name: .customLong("no-cache"),
          help: "Do not read or write the cache of thumbnails and of each folder's first image ($XDG_CACHE_HOME/fourway, else ~/.cache/fourway).")
    var noCache = false

    @Flag(inversion: .prefixedNo, help: "Draw a blurred, dimmed copy of each image behind its letterbox (b toggles it).")
    var backdrop = true

    @Option(help: ArgumentHelp("How far the backdrop moves with the pages, 0 (still) to 1 (with them).",
                               valueName: "FRACTION"))
    var parallax: Double = BrowserOptions.defaultParallax

    @Flag(help: "With --events: also log each frame's work time (for scripts/bench).")
    var frameTimes = false

    /// For scripts/install: the desktop entry's `MimeType=` is this list.
    @Flag(help: ArgumentHelp("Print the media types of every format fourway opens, one a line, and exit.",
                             visibility: .hidden))
    var mimeTypes = false

    func validate() throws {
        if let columns, columns < 1 {
            throw ValidationError("--columns must be at least 1, got \(columns)")
        }
        if !(0...1).contains(parallax) {
            throw ValidationError("--parallax must be between 0 and 1, got \(parallax)")
        }
        if let path, path.isEmpty {
            throw ValidationError("the path is empty; give a folder, an image, or nothing for the demo")
        }
    }

    var options: BrowserOptions {
        var options = BrowserOptions()
        options.path = path
        options.width = size?.width ?? 1280
        options.height = size?.height ?? 800
        options.columns = columns
        options.layout = layout
        options.wrap = wrap
        options.eventsPath = events
        options.renderer = renderer
        options.fullscreen = fullscreen
        options.showHUD = hud
        options.cache = !noCache
        options.showBackdrop = backdrop
        options.parallax = parallax
        options.frameTimes = frameTimes
        return options
    }

    func run() throws {
        let code = Browser.run(options)
        if code != BrowserExitCode.success { throw ExitCode(code) }
    }

    /// Pixel buffers above this go straight to mmap and back to the system when freed, bytes.
    static let mmapThreshold: Int32 = 128 * 1024

    /// glibc raises its mmap threshold after the first large free, so later
    /// decoded images (megabytes each) stay in the heap after they are freed:
    /// a 10-minute soak plateaued at ~130 MB RSS, ~52 MB with a fixed threshold.
    static func keepDecodeBuffersOutOfTheHeap() {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        _ = mallopt(M_ARENA_MAX, mallocArenas)
    }

    /// glibc malloc arenas, count: by default each decoding thread gets its
    /// own, and every arena keeps its own freed memory; two keep that small
    /// (the big pixel buffers are mmapped anyway).
    static let mallocArenas: Int32 = 2

    /// Like ArgumentParser's `main()`, but a bad argument gets one line on
    /// stderr (not the usage block) and exit code 2; `--help` is unchanged.
    static func main() {
        let command: Fourway
        do {
            command = try parse()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }   // --help
            let message = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
            let text = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            StandardError.line("\(text) (see fourway --help)")
            Glibc.exit(BrowserExitCode.usage)
        }
        if command.mimeTypes {
            for type in ImageFormat.decodableMimeTypes { print(type) }
            return
        }
        keepDecodeBuffersOutOfTheHeap()
        Glibc.exit(Browser.run(command.options))
    }
}
