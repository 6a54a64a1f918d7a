import CHeif
import CJXL
import CRaw
import CRsvg

/// Loads the decoding libraries and runs each one's set-up once: what a
/// sandboxed decoder process does before it locks itself in, since afterwards
/// it may open no file (a library, a plugin, a font, a configuration file).
/// In the browser's own process the libraries are loaded on first use instead
/// (a JPEG never pays for libheif).
///
/// Loading them all takes about 120 ms here (librsvg's GLib, Pango and
/// fontconfig about half, libheif and libjxl 20–30 ms each): a process for
/// every format pays it while the window opens; the first image's process
/// loads only what its file's format needs (``load(for:)``).
///
/// ```swift
/// DecoderLibraries.loadAll()            // ["libheif", "libjxl", "LibRaw", "librsvg", "SDL_image"]
/// DecoderLibraries.load(for: .jpeg)     // ["SDL_image"]: libjpeg-turbo is linked already
/// ```
public enum DecoderLibraries {
    /// A small SVG with text: drawing it loads librsvg's GLib, Pango and
    /// cairo, reads fontconfig's configuration and cache, and opens the sans
    /// font, so SVGs with text still draw it once files are out of reach.
    static let warmUpSVG = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">\
        <rect width="40" height="20" fill="#fff"/><text x="2" y="15" font-family="sans-serif" \
        font-size="12">Ag</text></svg>
        """.utf8)

    /// One library: its name, the formats that need it (nil: every format,
    /// as the last resort of the registry), and what loads it (true when it
    /// loaded).
    struct Library: Sendable {
        let name: String
        let formats: Set<ImageFormat>?
        let load: @Sendable () -> Bool
    }

    static let libraries: [Library] = [
        Library(name: "libheif", formats: [.heic, .avif]) { fw_heif_is_available() != 0 && HEIFDecoder.initialized },
        Library(name: "libjxl", formats: [.jxl]) {
            guard fw_jxl_is_available() != 0 else { return false }
            _ = fw_jxl_symbol(FW_JXL_THREADS_LIBRARY, fw_jxl_threads_library_slot(), "JxlThreadParallelRunnerCreate")
            return true
        },
        Library(name: "LibRaw", formats: [.cameraRaw]) {
            guard fw_raw_is_available() != 0 else { return false }
            if let raw = fw_libraw_init(0) { fw_libraw_close(raw) }
            return true
        },
        Library(name: "librsvg", formats: [.svg]) {
            guard fw_rsvg_is_available() != 0 else { return false }
            if let document = try? SVGDocument(warmUpSVG, path: "warm-up.svg") {
                _ = try? document.render(width: 40, height: 20, viewport: (0, 0, 40, 20))
            }
            return true
        },
        Library(name: "SDL_image", formats: nil) { SDLImageDecoder.initFlags != 0 },
    ]

    /// Loads and sets up every library; the names of those that loaded.
    @discardableResult
    public static func loadAll() -> [String] {
        libraries.filter { $0.load() }.map(\.name)
    }

    /// Loads and sets up every library but those needed only by `formats`
    /// (``loadAll()`` but them); the names of those that loaded.
    ///
    /// ```swift
    /// DecoderLibraries.loadAll(but: [.svg])   // ["libheif", "libjxl", "LibRaw", "SDL_image"]
    /// ```
    @discardableResult
    public static func loadAll(but formats: Set<ImageFormat>) -> [String] {
        libraries.filter { library in
            library.formats.map { !$0.isSubset(of: formats) } ?? true
        }.filter { $0.load() }.map(\.name)
    }

    /// Formats that never reach the last resort: ``JPEGDecoder`` decodes
    /// every JPEG or says why not, and passes none on to SDL_image. SDL_image
    /// brings SDL2 and the 45 libraries behind it, 5–6 ms of the first
    /// image's process start when that process has no SDL2 of its own
    /// (Sources/fourway-decoder).
    static let formatsWithoutLastResort: Set<ImageFormat> = [.jpeg]

    /// Loads what a file of `format` (nil: not known) may need: its own
    /// library and the last resort (not for ``formatsWithoutLastResort``);
    /// the names of those that loaded.
    @discardableResult
    public static func load(for format: ImageFormat?) -> [String] {
        libraries.filter { library in
            guard let formats = library.formats else {
                return !(format.map(formatsWithoutLastResort.contains) ?? false)
            }
            return format.map(formats.contains) ?? false
        }.filter { $0.load() }.map(\.name)
    }
}
