import Glibc
import Gallery
import ImageDecoding
import IsolatedDecoding

/// The browser's sandboxed decoder processes (docs/SECURITY.md), reused. Pages, prefetch,
/// the overview's thumbnails and a zoom's sharp regions share the pool of
/// ``pagePool()``, as does the information panel; the first image has a process of its own at the
/// start-up's priority (``firstImagePool()``), stopped once it is decoded.
///
/// `FOURWAY_DECODE_IN_PROCESS=1` decodes in the browser's own process as
/// before the sandbox (for measuring what the processes cost; never for use).
enum DecoderProcesses {
    /// The environment variable that turns the decoder processes off.
    static let inProcessVariable = "FOURWAY_DECODE_IN_PROCESS"

    static var areWanted: Bool { getenv(inProcessVariable).map { String(cString: $0) } != "1" }

    /// As many processes as page decode workers, at their niceness, with
    /// every library but librsvg (an SVG goes to a process of its own, started
    /// at the first, ``IsolatedDecoding/DecoderService/Libraries/raster``), installed
    /// for every decode of the process (``FileDecoders``) and for what the
    /// information panel reads of a file (``ImageInfoReaders``). None is
    /// started yet: loading every library in two processes while the first
    /// image decodes made it 30–40 ms later (docs/benchmarks.md); the browser
    /// starts them once the first image is decoded (the other pages wait for
    /// it anyway), or the first decode that finds none does.
    static func pagePool() -> DecoderPool? {
        guard areWanted else { return nil }
        let pool = DecoderPool(processes: SlotLoader.workerCount, niceness: WorkerThread.backgroundNiceness,
                               libraries: .raster, startsAtOnce: false, onMissingLayers: reportMissing)
        FileDecoders.use(pool)
        ImageInfoReaders.use(pool)
        return pool
    }

    /// One process at the start-up's niceness (0) for the first image, which
    /// loads only what the first file's format needs.
    static func firstImagePool() -> DecoderPool? {
        guard areWanted else { return nil }
        return DecoderPool(processes: 1, niceness: 0, libraries: .firstFile, onMissingLayers: reportMissing)
    }

    /// One line when the kernel refused some of the sandbox's layers; decoding goes on.
    @Sendable static func reportMissing(_ layers: [String]) {
        StandardError.line("fourway: the decoder processes run without: \(layers.joined(separator: ", ")) "
                           + "(the kernel refused them)")
    }
}
