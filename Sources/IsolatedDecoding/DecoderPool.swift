#if canImport(Glibc)
import Glibc
#endif
import CSandbox
import CStreamDecoders
import Dispatch
import Gallery
import ImageDecoding
import Synchronization

/// Decodes in a small pool of sandboxed decoder processes (``DecoderService``),
/// started at once and reused: a caller takes a free process (waiting for
/// one when all are busy), hands it the file as a descriptor and gets the
/// pixels back in a sealed memfd. A process that crashes, passes its memory
/// budget or its time budget on one file is killed and replaced, and that
/// file's decode is a ``DecodeFailure`` saying what happened; the next
/// decode goes on as usual. A pool of ``DecoderService/Libraries/raster``
/// processes hands SVG files to a process of their own, started at the first.
///
/// ```swift
/// let pool = DecoderPool(processes: 2, niceness: 10)
/// FileDecoders.use(pool)
/// let image = try pool.decodeFile("/photos/a.jpg", maxWidth: 1280, maxHeight: 800, cancellation: nil)
/// ```
public final class DecoderPool: FileDecoding, @unchecked Sendable {
    /// The program started as a decoder process: `fourway-decoder` when it
    /// is installed beside this program (in its folder, or in
    /// `../libexec/fourway/` from it), else this program itself, which
    /// serves as one with ``DecoderService/argument`` (`fourway` does).
    public static let ownExecutable: String = decoderExecutable(besides: selfExecutable)

    /// This program: the decoder program when the one beside it speaks
    /// another ``DecoderWire/version``.
    public static let selfExecutable = "/proc/self/exe"

    /// The name of the decoder process's own program.
    public static let decoderProgram = "fourway-decoder"

    /// `fourway-decoder` beside the program `executable` links to, or
    /// `executable` itself when there is none.
    static func decoderExecutable(besides executable: String) -> String {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(executable, &target, target.count - 1)
        guard length > 0 else { return executable }
        let path = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return executable }
        let folder = String(path[..<slash])
        for candidate in ["\(folder)/\(decoderProgram)", "\(folder)/../libexec/fourway/\(decoderProgram)"]
        where access(candidate, X_OK) == 0 {
            return candidate
        }
        return executable
    }

    /// The program started: `executable`, until it turns out to speak
    /// another ``DecoderWire/version``; then `fallbackExecutable`.
    private let program: Mutex<String>
    private let fallbackExecutable: String?
    private var executable: String { program.withLock { $0 } }
    private let niceness: Int32
    private let libraries: DecoderService.Libraries
    private let budget: DecoderBudget
    /// The processes not lent out (nil: one to start when lent), every live
    /// process (for ``processIDs``), and whether the pool still decodes.
    private let state: Mutex<(free: [DecoderProcess?], all: [DecoderProcess], open: Bool)>
    private let available: DispatchSemaphore
    /// Hears once which sandbox layers the kernel refused, if any.
    private let onMissingLayers: @Sendable ([String]) -> Void
    private let reported = Atomic<Bool>(false)
    /// The process for the ``formatsOfTheirOwn`` when this pool's processes
    /// do not load their libraries (``DecoderService/Libraries/raster``): a
    /// pool of one, started at the first such file, which loads only what
    /// that file needs.
    private let ownFormatsPool: DecoderPool?

    /// The formats whose library a ``DecoderService/Libraries/raster``
    /// process does not load: their files go to a process of their own.
    public static let formatsOfTheirOwn: Set<ImageFormat> = [.svg]

    /// Starts `processes` decoder processes of `executable` at `niceness`.
    /// `fallbackExecutable` replaces `executable` if that speaks another
    /// ``DecoderWire/version`` (a `fourway-decoder` left from another build);
    /// by default this program, when it is not `executable` already.
    /// `onMissingLayers` hears once which sandbox layers the kernel refused.
    /// `libraries`: what each process loads before it locks itself in.
    /// `startsAtOnce` false starts none yet: ``startProcesses()`` does, or a
    /// decode that finds none.
    public init(processes: Int, niceness: Int32, libraries: DecoderService.Libraries = .all,
                executable: String = DecoderPool.ownExecutable, fallbackExecutable: String? = DecoderPool.selfExecutable,
                budget: DecoderBudget = .standard, startsAtOnce: Bool = true,
                onMissingLayers: @escaping @Sendable ([String]) -> Void = { _ in }) {
        program = Mutex(executable)
        self.fallbackExecutable = fallbackExecutable == executable ? nil : fallbackExecutable
        self.libraries = libraries
        self.niceness = niceness
        self.budget = budget
        self.onMissingLayers = onMissingLayers
        let count = max(1, processes)
        self.count = count
        let started: [DecoderProcess?] = (0..<count).map { _ in
            guard startsAtOnce else { return nil }
            return try? DecoderProcess(executable: executable, niceness: niceness, dataLimitBytes: budget.dataLimitBytes,
                                       libraries: libraries)
        }
        state = Mutex((free: started, all: started.compactMap { $0 }, open: true))
        available = DispatchSemaphore(value: count)
        ownFormatsPool = libraries == .raster
            ? DecoderPool(processes: 1, niceness: niceness, libraries: .firstFile, executable: executable,
                          fallbackExecutable: fallbackExecutable, budget: budget, startsAtOnce: false,
                          onMissingLayers: onMissingLayers)
            : nil
    }

    deinit { shutdown() }

    /// How many processes the pool holds.
    private let count: Int

    /// Starts the processes not started yet, one at a time as a decode would
    /// (so a decode meanwhile never finds the pool empty).
    public func startProcesses() {
        for _ in 0..<count {
            available.wait()
            let unstarted: Bool = state.withLock { state in
                guard state.open, let index = state.free.firstIndex(where: { $0 == nil }) else { return false }
                state.free.remove(at: index)
                return true
            }
            if unstarted {
                let process = try? start()
                state.withLock { $0.free.append(process) }
            }
            available.signal()
        }
    }

    /// The pids of the processes running now (for tests and `/proc` checks).
    public var processIDs: [pid_t] {
        state.withLock { $0.all.filter(\.isAlive).map(\.pid) } + (ownFormatsPool?.processIDs ?? [])
    }

    /// The sandbox layers of the processes that said hello (nil before any did).
    public var layers: SandboxLayers? { state.withLock { $0.all.compactMap(\.layers).first } }

    /// The libraries the processes that said hello loaded (nil before any did).
    public var loadedLibraries: [String]? {
        state.withLock { $0.all.first { $0.layers != nil }?.libraries }
    }

    /// Stops every process; later decodes fail.
    public func shutdown() {
        let processes: [DecoderProcess] = state.withLock { state in
            state.open = false
            defer { state.all = []; state.free = [] }
            return state.all
        }
        for process in processes { process.stop() }
        ownFormatsPool?.shutdown()
    }

    /// How long a caller waiting for a free process looks at its cancellation, ms.
    static let waitSlice = 20

    /// Runs `request` on `path` (whose name is `name`, its last component
    /// unless given) in a free process and reads its answer: in the process
    /// of the file's own format when it is one of the ``formatsOfTheirOwn``.
    private func run(_ request: DecoderRequest, path: String, name: String? = nil, targetPixels: Int,
                     cancellation: DecodeCancellation?) -> Result<DecoderReply, DecodeFailure> {
        // Opened here, with the user's rights: the process gets this descriptor and nothing else.
        let file = fw_open_image(path)
        guard file >= 0 else { return .failure(DecodeFailure(path: path, message: FileReader.openFailureMessage(errno))) }
        defer { close(file) }
        let pool = ownFormatsPool.flatMap { own in Self.hasAFormatOfItsOwn(file) ? own : nil } ?? self
        return pool.run(request, file: file, path: path, name: name, targetPixels: targetPixels,
                        cancellation: cancellation)
    }

    /// Whether the file open at `file` is of one of the ``formatsOfTheirOwn``,
    /// by its first bytes, as the folder's scan and the process itself tell.
    private static func hasAFormatOfItsOwn(_ file: Int32) -> Bool {
        ContentSniffer.format(ofFile: "/dev/fd/\(file)").map(formatsOfTheirOwn.contains) ?? false
    }

    /// Runs `request` on the file open at `file` in a free process.
    private func run(_ request: DecoderRequest, file: Int32, path: String, name: String?, targetPixels: Int,
                     cancellation: DecodeCancellation?) -> Result<DecoderReply, DecodeFailure> {
        while available.wait(timeout: .now() + .milliseconds(Self.waitSlice)) == .timedOut {
            if cancellation?.isCancelled == true { return .failure(.cancelled(path: path)) }
        }
        defer { available.signal() }
        let lent: DecoderProcess?? = state.withLock { $0.open ? $0.free.popLast() : nil }
        guard let lent else { return .failure(DecodeFailure(path: path, message: "the decoders are stopped")) }
        let acquired = lent.map { Result<DecoderProcess, DecodeFailure>.success($0) }
            ?? Result { () throws(DecodeFailure) in try start() }
        let process: DecoderProcess
        switch acquired {
        case .success(let started): process = started
        case .failure(let failure):
            state.withLock { $0.free.append(nil) }
            return .failure(DecodeFailure(path: path, message: failure.message))
        }
        let sentName = name ?? DecoderPool.fileName(path)
        let ask = { (process: DecoderProcess) in
            process.run(request, file: file, name: sentName, memoryBytes: self.budget.memoryBytes(forPixels: targetPixels),
                        seconds: self.budget.seconds, cancellation: cancellation)
        }
        var used = process
        var outcome = ask(used)
        // A process that had died while idle is no fault of this file: once more in a new one.
        if case .endedBeforeRequest = outcome, let fresh = try? start() {
            state.withLock { $0.all.removeAll { $0 === process } }
            used = fresh
            outcome = ask(used)
        }
        // A program of another build: once more in the fallback, which every later process runs.
        if case .otherVersion = outcome, turnToFallback(), let fresh = try? start() {
            state.withLock { $0.all.removeAll { $0 === used } }
            used = fresh
            outcome = ask(used)
        }
        giveBack(used)
        reportLayers(of: used)
        return DecoderReply.make(from: outcome, path: path)
    }

    /// Starts the fallback program from now on, after saying why on stderr
    /// (once per process). Whether there is one to start; true as well when another
    /// decode turned to it first.
    private func turnToFallback() -> Bool {
        guard let fallbackExecutable else { return false }
        let stale: String? = program.withLock { current in
            guard current != fallbackExecutable else { return nil }
            defer { current = fallbackExecutable }
            return current
        }
        if let stale, !Self.saidStale.exchange(true, ordering: .relaxed) {
            let instead = fallbackExecutable == Self.selfExecutable ? "fourway itself" : fallbackExecutable
            let line = "fourway: \(stale) is from another build (not decoder messages version "
                + "\(DecoderWire.version)); decoding in \(instead) instead\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
        return true
    }

    /// Whether a pool said on stderr that its program is from another build:
    /// once per process, however many pools find it.
    private static let saidStale = Atomic<Bool>(false)

    private func start() throws(DecodeFailure) -> DecoderProcess {
        let process = try DecoderProcess(executable: executable, niceness: niceness,
                                         dataLimitBytes: budget.dataLimitBytes, libraries: libraries)
        state.withLock { $0.all.append(process) }
        return process
    }

    /// Back to the free list; one that ended is replaced at once, so the next
    /// page does not wait for a process to start.
    private func giveBack(_ process: DecoderProcess) {
        var replacement: DecoderProcess? = process
        if !process.isAlive {
            state.withLock { $0.all.removeAll { $0 === process } }
            replacement = try? start()
        }
        let stopped: Bool = state.withLock { state in
            guard state.open else { return true }
            state.free.append(replacement)
            return false
        }
        if stopped { replacement?.stop() }
    }

    private func reportLayers(of process: DecoderProcess) {
        guard let layers = process.layers, !reported.exchange(true, ordering: .relaxed) else { return }
        let missing = layers.missingNames
        if !missing.isEmpty { onMissingLayers(missing) }
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    public func decodeFile(_ path: String, maxWidth: Int, maxHeight: Int,
                           cancellation: DecodeCancellation?) throws(DecodeFailure) -> DecodedImage {
        let box = max(1, maxWidth) * max(1, maxHeight)
        let outcome = run(.image(maxWidth: maxWidth, maxHeight: maxHeight), path: path, targetPixels: box,
                          cancellation: cancellation)
        switch outcome {
        case .success(let reply): return try reply.image(path: path, region: false).image
        case .failure(let failure): throw failure
        }
    }

    public func embeddedThumbnail(_ path: String) -> DecodedImage? {
        guard case .success(let reply) = run(.embeddedThumbnail, path: path, targetPixels: 0, cancellation: nil),
              reply.kind == .image else { return nil }
        return try? reply.image(path: path, region: false).image
    }

    /// In a process of its own, which keeps the file's frame reader.
    public func openAnimation(_ path: String) -> (any FrameSequence)? {
        IsolatedAnimation.open(path, executable: executable, budget: budget)
    }

    public func decodeRegion(_ path: String, region: PixelRect, scale: Double, maximumPixels: Int,
                             turn: ExifOrientation, turnedWidth: Int,
                             turnedHeight: Int) -> Result<DecodedRegion, DecodeFailure> {
        let request = DecoderRequest.region(x: region.x, y: region.y, width: region.width, height: region.height,
                                            scale: scale, maximumPixels: maximumPixels, turn: turn.rawValue,
                                            turnedWidth: turnedWidth, turnedHeight: turnedHeight)
        return run(request, path: path, targetPixels: maximumPixels, cancellation: nil).flatMap { reply in
            Result { () throws(DecodeFailure) in
                let part = try reply.image(path: path, region: true)
                guard let covered = part.region else {
                    throw DecodeFailure(path: path, message: "the decoder answered without a region")
                }
                return DecodedRegion(image: part.image, region: covered)
            }
        }
    }
}

/// The information panel's content read in a decoder process: the sniff,
/// the header and libexif's EXIF parse of a file never run in the browser.
extension DecoderPool: ImageInfoReading {
    /// The content the process answers, checked (``ImageInfoWire``); when it
    /// could not answer (crashed, over its budget) or answered nonsense, a
    /// content whose ``Gallery/ImageInfo/Content/problem`` says so.
    public func content(ofFile path: String, name: String) -> ImageInfo.Content {
        var failed = ImageInfo.Content()
        switch run(.imageInfo, path: path, name: name, targetPixels: 0, cancellation: nil) {
        case .success(let reply):
            if let fd = reply.pixelsFD { close(fd) }
            guard reply.kind == .imageInfo, let content = ImageInfoWire.content(from: reply.message) else {
                failed.problem = "the decoder answered nonsense"
                return failed
            }
            return content
        case .failure(let failure):
            failed.problem = failure.message
            return failed
        }
    }
}
