import ArgumentParser
import Browser
import Gallery
import Glibc
import ImageDecoding
import IsolatedDecoding
import Pager

extension BrowserOptions.Layout: ExpressibleByArgument {}
extension RendererPreference: ExpressibleByArgument {}
extension KeyFlipStyle: ExpressibleByArgument {}
extension VideoPreference: ExpressibleByArgument {}
extension ImageOrder.Key: ExpressibleByArgument {}

/// `fourway [PATH …] [options]`: the four-direction image browser.
@main
struct Fourway: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fourway",
        abstract: "Browse images by dragging pages in four directions.",
        usage: """
            fourway [PATH …] [options]
            find … -print0 | fourway -0 - [options]
            """,
        discussion: """
            Opens JPEG, PNG, WebP, GIF, BMP, TIFF, HEIC, AVIF, JPEG XL, SVG, QOI, TGA and
            more, each recognised by its content (a PNG named .jpg opens).

            With no path, opens an infinite demo gallery. A flat folder becomes a grid
            of pages; a folder of subfolders becomes one row per album (left/right in
            an album, up/down between albums). One IMAGE alone opens its folder at that
            image.

            Several paths, files and folders mixed, open in the order given: a folder
            gives its images (and its subfolders' albums, 4 levels deep unless
            --recursive), a file itself; an image given twice shows once. With more
            than one folder or run of files, each is a row (an album). - reads paths
            from standard input, one a line (NUL-separated with -0); relative paths are
            taken from the current directory. To open only the files named, give two or
            more, or list them: printf '%s\\n' photo.jpg | fourway -

            \(KeyMap.plainText())

            Exit codes: 0 quit normally; 1 failed while running; 2 bad option, events
            file or --start; 3 no path can be opened (not found, not a folder or image,
            no images in it, an empty list); 4 cannot start (no display, SDL or renderer
            failure, DejaVu font missing).
            """,
        // `--version`: the package's one version, as `fw_pager_version()` and
        // CHANGELOG.md's newest release say it.
        version: PagerLibrary.version.description)

    @Argument(help: ArgumentHelp("Folders and images, in the order to show them; - reads a list from standard input. None: the demo gallery.",
                                 valueName: "path"),
              completion: .file())
    var paths: [String] = []

    @Flag(name: [.customShort("0"), .customLong("null")],
          help: "With -: the list on standard input is NUL-separated (find -print0), not one path a line. With -o: so are the marked paths written.")
    var null = false

    @Flag(name: [.customShort("o"), .customLong("print-marked")],
          help: "When fourway quits, write the marked images' paths (m marks) to standard output, one a line in gallery order (NUL-terminated with -0); nothing else goes there.")
    var printMarked = false

    @Flag(name: .shortAndLong, inversion: .prefixedNo,
          help: "Take the images in every subfolder of the folders given, at any depth (default: \(FolderScanner.maximumAlbumDepth) levels).")
    var recursive: Bool?

    @Option(help: ArgumentHelp("The order, within each album. name (the default): natural order (img2 before img10); files given one by one keep the order given unless --sort is given. mtime: oldest first. size: smallest first. random: shuffled.",
                               valueName: "key"))
    var sort: ImageOrder.Key?

    @Flag(inversion: .prefixedNo, help: "Reverse the order (newest first with --sort mtime).")
    var reverse: Bool?

    @Option(help: ArgumentHelp("With --sort random: the shuffle's seed, to see the same order again (default: a new one, shown in the HUD).",
                               valueName: "N"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Open at the N-th image (from 1, as the HUD counts) or at FILE (a path, a file name, or the end of a path).",
                               valueName: "N|FILE"))
    var start: String?

    @Option(help: ArgumentHelp("Window size in pixels, WxH (default 1280x800).", valueName: "WxH"),
            transform: WindowSize.parse)
    var size: WindowSize?

    @Option(help: "Images per row in a grid (default: about √n).")
    var columns: Int?

    @Option(help: "How pages are laid out: \(BrowserOptions.Layout.allCases.map(\.rawValue).joined(separator: ", ")). auto: albums when subfolders hold images, else grid.")
    var layout: BrowserOptions.Layout?

    @Flag(inversion: .prefixedNo, help: "Make the bounded axes infinite: pages wrap around the row and column.")
    var wrap: Bool?

    @Option(help: ArgumentHelp("Write the engine's events to FILE as JSON Lines (the pager-replay format).", valueName: "FILE"),
            completion: .file())
    var events: String?

    @Option(help: "Renderer: auto (software under Xvfb or without a GPU, OpenGL on Wayland), gpu or software.")
    var renderer: RendererPreference?

    @Option(help: "Display system: auto (Wayland when WAYLAND_DISPLAY is set, falling back to X11 through Xwayland; else X11), x11 or wayland.")
    var video: VideoPreference?

    @Option(help: "How a key, a wheel notch or the slideshow turns a page: slide (a 120 ms ease-out; the default) or swap (the next image at once).")
    var keyFlip: KeyFlipStyle?

    @Flag(help: "Start fullscreen.")
    var fullscreen = false

    @Flag(inversion: .prefixedNo, help: "Show the HUD at start (i toggles it; default: shown).")
    var hud: Bool?

    @Flag(name: .customLong("no-cache"),
          help: "Do not read or write the cache of thumbnails, of each folder's first image and of turned views ($XDG_CACHE_HOME/fourway, else ~/.cache/fourway).")
    var noCache = false

    @Flag(inversion: .prefixedNo, help: "Draw a blurred, dimmed copy of each image behind its letterbox (b toggles it; default: drawn).")
    var backdrop: Bool?

    @Option(help: ArgumentHelp("How far the backdrop moves with the pages, 0 (still) to 1 (with them; default \(BrowserOptions.defaultParallax)).",
                               valueName: "FRACTION"))
    var parallax: Double?

    @Option(help: ArgumentHelp("Start a slideshow: the next image every SECONDS (at least \(Slideshow.minimumInterval); s starts and stops it, any input stops it).",
                               valueName: "SECONDS"))
    var slideshow: Double?

    @Flag(help: "With --events: also log each frame's work time (for scripts/bench).")
    var frameTimes = false

    @Flag(name: .customLong("no-delete"), help: "Delete does not move images to the trash (nothing changes any file then).")
    var noDelete = false

    @Flag(name: .customLong("no-watch"),
          help: "Do not watch the folder: images added, removed or rewritten while it is open are not shown (default: watched, with inotify).")
    var noWatch = false

    @Flag(help: "Print the effective configuration (the configuration file's settings, keys and commands: command.NAME = PROGRAM %f|%F|%d, key.command.NAME = KEY; and these options) as a starting file, and exit.")
    var printConfig = false

    /// For scripts/install: the desktop entry's `MimeType=` is this list.
    @Flag(help: ArgumentHelp("Print the media types of every format fourway opens, one a line, and exit.",
                             visibility: .hidden))
    var mimeTypes = false

    func validate() throws {
        if let columns, columns < 1 {
            throw ValidationError("--columns must be at least 1, got \(columns)")
        }
        if let parallax, !(0...1).contains(parallax) {
            throw ValidationError("--parallax must be between 0 and 1, got \(parallax)")
        }
        if let slideshow, !(slideshow >= Slideshow.minimumInterval && slideshow <= 86_400) {
            throw ValidationError("--slideshow takes seconds from \(Slideshow.minimumInterval) to 86400, got \(slideshow)")
        }
        if seed != nil && sort != .random {
            throw ValidationError("--seed applies to --sort random")
        }
        if let start {
            if paths.isEmpty { throw ValidationError("--start needs a folder or images; the demo gallery has no first image") }
            if start.isEmpty { throw ValidationError("--start is empty; give a number from 1 or a file") }
            if case .ordinal(let n) = StartImage(argument: start), n < 1 {
                throw ValidationError("--start counts from 1, got \(start)")
            }
        }
    }

    /// The checks of the paths, once ``PathRuns`` expanded them.
    func validatePaths() throws {
        if paths.contains("") {
            throw ValidationError("a path is empty; give a folder, an image, - for a list, or nothing for the demo")
        }
        if paths.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("- is given twice; standard input can be read once")
        }
        if null && !paths.contains("-") && !printMarked {
            throw ValidationError("--null applies to the list read with - or to --print-marked; give either")
        }
    }

    /// The order asked for (natural name order unless a sort or reverse
    /// is asked for, here or in the configuration file: `effective`).
    func order(_ effective: ConfigFile.Defaults) -> ImageOrder {
        ImageOrder(key: effective.sort ?? .name, reverse: effective.reverse ?? false,
                   sortsGivenFiles: effective.sort != nil, seed: seed ?? UInt64.random(in: 1...999_999))
    }

    /// The option defaults in force: these options over the file's.
    func effectiveDefaults(_ file: ConfigFile.Defaults) -> ConfigFile.Defaults {
        var effective = file
        effective.layout = layout ?? file.layout
        effective.sort = sort ?? file.sort
        effective.reverse = reverse ?? file.reverse
        effective.recursive = recursive ?? file.recursive
        effective.wrap = wrap ?? file.wrap
        effective.hud = hud ?? file.hud
        effective.backdrop = backdrop ?? file.backdrop
        effective.parallax = parallax ?? file.parallax
        effective.slideshowInterval = slideshow ?? file.slideshowInterval
        effective.renderer = renderer ?? file.renderer
        effective.watch = noWatch ? false : file.watch
        effective.video = video ?? file.video
        effective.keyFlip = keyFlip ?? file.keyFlip
        return effective
    }

    /// The options, with the paths of a `-` list read from standard input
    /// and the configuration file's defaults and keys under them; nil (with
    /// a line on stderr) when the list cannot be read.
    func options(config: ConfigFile) -> BrowserOptions? {
        let effective = effectiveDefaults(config.defaults)
        var options = BrowserOptions()
        if !paths.isEmpty {
            var expanded: [String] = []
            for path in paths {
                guard path == "-" else { expanded.append(path); continue }
                guard let list = PathList.read(fd: 0, separator: null ? .nul : .newline) else {
                    StandardError.line("-: cannot read standard input (\(String(cString: strerror(errno))))")
                    return nil
                }
                for name in list.unnamable {
                    StandardError.line(name + ": skipped: the path is not valid UTF-8 (rename the file to open it)")
                }
                expanded.append(contentsOf: list.paths)
            }
            options.request = OpenRequest(paths: expanded, opensFolderOfLoneImage: paths.count == 1 && paths[0] != "-",
                                          recursive: effective.recursive ?? false, order: order(effective))
        }
        options.start = start.map(StartImage.init(argument:))
        options.width = size?.width ?? 1280
        options.height = size?.height ?? 800
        options.columns = columns
        // What neither the command line nor the file sets keeps BrowserOptions' default.
        options.layout = effective.layout ?? options.layout
        options.wrap = effective.wrap ?? options.wrap
        options.eventsPath = events
        options.renderer = effective.renderer ?? options.renderer
        options.video = effective.video ?? options.video
        options.pager.touchpadDistance.horizontal = effective.touchpadDistanceHorizontal
            ?? options.pager.touchpadDistance.horizontal
        options.pager.touchpadDistance.vertical = effective.touchpadDistanceVertical ?? options.pager.touchpadDistance.vertical
        options.pager.allowsLongSwipes = effective.longSwipes ?? options.pager.allowsLongSwipes
        if let keyFlip = effective.keyFlip { options.pager.keyFlipAnimation = keyFlip.animation }
        options.keyHandlerSeparator = effective.keyHandlerSeparator ?? options.keyHandlerSeparator
        options.fullscreen = fullscreen
        options.showHUD = effective.hud ?? options.showHUD
        options.cache = !noCache
        options.showBackdrop = effective.backdrop ?? options.showBackdrop
        options.parallax = effective.parallax ?? options.parallax
        options.frameTimes = frameTimes
        options.slideshowInterval = effective.slideshowInterval ?? options.slideshowInterval
        options.startsSlideshow = slideshow != nil
        options.keyMap = config.keyMap(from: .standard)
        options.commands = config.commands
        options.allowsDelete = !noDelete
        options.watchesFolders = effective.watch ?? options.watchesFolders
        options.markedOutput = printMarked ? (null ? .nul : .lines) : nil
        return options
    }

    func run() throws {
        guard let options = options(config: ConfigFile()) else { throw ExitCode(BrowserExitCode.badPath) }
        let code = Browser.run(options)
        if code != BrowserExitCode.success { throw ExitCode(code) }
    }

    /// Like ArgumentParser's `main()`, but a bad argument gets one line on
    /// stderr (not the usage block) and exit code 2; `--help` is unchanged.
    static func main() {
        // The same program is the sandboxed decoder process (IsolatedDecoding).
        if CommandLine.arguments.dropFirst().first == DecoderService.argument {
            MallocTuning.keepDecodeBuffersOutOfTheHeap()
            DecoderService.main(arguments: Array(CommandLine.arguments.dropFirst(2)))
        }
        var command: Fourway
        do {
            // A glob of 20,000 paths parses in milliseconds this way (see PathRuns).
            let runs = PathRuns(Array(CommandLine.arguments.dropFirst()))
            command = try parse(runs.compact)
            command.paths = runs.expand(command.paths)
            try command.validatePaths()
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
        // The configuration file: its bad lines are named, and the rest applies.
        let configPath = ConfigFile.standardPath()
        let config = configPath.flatMap(ConfigFile.load(path:)) ?? ConfigFile()
        for problem in config.problems { StandardError.line(problem) }
        if command.printConfig {
            print(ConfigFile.printed(command.effectiveDefaults(config.defaults), keyMap: config.keyMap(from: .standard),
                                     commands: config.commands),
                  terminator: "")
            return
        }
        guard var options = command.options(config: config) else { Glibc.exit(BrowserExitCode.badPath) }
        if let configPath, configPath.isEmpty == false, config.settingsRead > 0 || !config.problems.isEmpty {
            options.configuration = (file: configPath, settings: config.settingsRead, problems: config.problems.count)
        }
        MallocTuning.keepDecodeBuffersOutOfTheHeap()
        Glibc.exit(Browser.run(options))
    }
}
