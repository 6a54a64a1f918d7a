import CSDL2
import Dispatch
import Gallery
import ImageDecoding
import Pager
import Synchronization

/// A sharper decode of part of the current page's image, uploaded as a texture.
struct RegionTexture {
    let texture: OpaquePointer
    /// The page it belongs to.
    let page: PageIndex
    /// What it covers, in the image's own upright pixels, and its scale.
    let plan: SharpRegionPlan
    /// The texture's size, px.
    let textureWidth: Int
    let textureHeight: Int
}

/// Keeps the current page sharp while zoomed: asks ``SharpRegionPlanner``
/// what is needed, decodes it off the main thread (one worker, the latest
/// request wins), shows the blurry window-sized image until the sharp region
/// arrives, and drops the region when the zoom goes back to fit or the page
/// changes. Main thread only, except the worker.
///
/// ```swift
/// let sharp = SharpRegion(wake: { BrowserSession.wake(type) })
/// sharp.update(page: page, source: source, image: texture, frame: frame, visible: visible,
///              zoomSettled: true, windowPixels: 900 * 600, renderer: renderer)
/// ```
final class SharpRegion {
    private var current: RegionTexture?
    /// The request in flight and its number; results of older numbers are dropped.
    private var requested: (page: PageIndex, plan: SharpRegionPlan, number: Int)?
    private var nextNumber = 0
    private let worker: RegionWorker

    init(wake: @escaping @Sendable () -> Void) {
        worker = RegionWorker(onResult: wake)
    }

    /// The sharp region to draw for `page`, if one is ready.
    func region(for page: PageIndex?) -> RegionTexture? {
        guard let current, current.page == page else { return nil }
        return current
    }

    /// Once per frame, for the current page. `frame` is where the whole image
    /// is drawn, `visible` the part of the screen it may show on.
    /// Returns the region that arrived in this call, if one did.
    @discardableResult
    func update(page: PageIndex?, source: PageSource?, image: ImageTexture?, frame: Rect, visible: Rect,
                zoomed: Bool, zoomSettled: Bool, windowPixels: Int, renderer: OpaquePointer,
                turn: () -> ExifOrientation = { .normal }) -> RegionTexture? {
        let arrived = receive(renderer: renderer)
        guard zoomed, let page, let image, case .file(let entry) = source else {
            drop()
            return nil
        }
        if let current, current.page != page { drop() }
        if let requested, requested.page != page { self.requested = nil }
        guard zoomSettled,
              let needed = SharpRegionPlanner.plan(frame: frame, visible: visible, sourceWidth: image.sourceWidth,
                                                   sourceHeight: image.sourceHeight, decodedWidth: image.width,
                                                   windowPixels: windowPixels),
              let shown = SharpRegionPlanner.visibleRegion(frame: frame, visible: visible, sourceWidth: image.sourceWidth,
                                                           sourceHeight: image.sourceHeight)
        else { return arrived }
        if let current, SharpRegionPlanner.serves(current.plan, visible: shown, needed: needed) { return arrived }
        if let requested, SharpRegionPlanner.serves(requested.plan, visible: shown, needed: needed) { return arrived }
        nextNumber += 1
        requested = (page, needed, nextNumber)
        worker.submit(RegionRequest(number: nextNumber, path: entry.path, plan: needed,
                                    maximumPixels: Int(SharpRegionPlanner.pixelBudget * Double(windowPixels)),
                                    turn: turn(), turnedWidth: image.sourceWidth, turnedHeight: image.sourceHeight))
        return arrived
    }

    /// Frees the texture and forgets the request (zoom back at fit, page changed, shutdown).
    func drop() {
        if let current { SDL_DestroyTexture(current.texture) }
        current = nil
        requested = nil
    }

    /// Stops the worker; call before the renderer goes away, then `drop()`.
    func shutdown() {
        worker.shutdown()
        drop()
    }

    private func receive(renderer: OpaquePointer) -> RegionTexture? {
        guard let result = worker.take(), let requested, result.number == requested.number else { return nil }
        self.requested = nil
        guard case .success(let part) = result.outcome,
              let texture = SlotContents.makeTexture(renderer, part.image) else { return nil }
        // A JPEG has no transparency: copying without blending is several times faster in software.
        if part.image.format == "JPEG" { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
        if let current { SDL_DestroyTexture(current.texture) }
        current = RegionTexture(texture: texture, page: requested.page,
                                plan: SharpRegionPlan(region: part.region, scale: requested.plan.scale),
                                textureWidth: part.image.width, textureHeight: part.image.height)
        return current
    }
}

struct RegionRequest: Sendable {
    let number: Int
    let path: String
    let plan: SharpRegionPlan
    let maximumPixels: Int
    /// The view's turn (`r`), and the turned image's size the plan is in.
    var turn: ExifOrientation = .normal
    var turnedWidth = 0
    var turnedHeight = 0
}

struct RegionResult: Sendable {
    let number: Int
    let outcome: Result<DecodedRegion, DecodeFailure>
}

/// One thread that decodes regions; a new request replaces one not yet started.
final class RegionWorker: Sendable {
    /// Stack size of the worker thread, bytes.
    static let stackBytes = 4 << 20

    private struct State {
        var pending: RegionRequest?
        var finished: RegionResult?
        var open = true
    }

    private let state = Mutex(State())
    /// Counts wake-ups; it may run ahead of the work (a request replaced
    /// before the worker woke), and a worker that finds nothing waits again.
    private let wake = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(onResult: @escaping @Sendable () -> Void) {
        WorkerThread.start(stackBytes: Self.stackBytes, niceness: WorkerThread.backgroundNiceness) { [self] in
            while let request = next() {
                let outcome = FileDecoders.current.decodeRegion(
                    request.path, region: request.plan.region, scale: request.plan.scale,
                    maximumPixels: request.maximumPixels, turn: request.turn, turnedWidth: request.turnedWidth,
                    turnedHeight: request.turnedHeight)
                let deliver: Bool = state.withLock { state in
                    if state.open { state.finished = RegionResult(number: request.number, outcome: outcome) }
                    return state.open
                }
                if deliver { onResult() }
            }
            done.signal()
        }
    }

    func submit(_ request: RegionRequest) {
        state.withLock { $0.pending = request }
        wake.signal()
    }

    /// The latest finished result, once.
    func take() -> RegionResult? {
        state.withLock { state in
            let result = state.finished
            state.finished = nil
            return result
        }
    }

    /// Drops what is queued, waits for a running decode to finish, ends the thread.
    func shutdown() {
        let wasOpen: Bool = state.withLock { state in
            let wasOpen = state.open
            state.open = false
            state.pending = nil
            return wasOpen
        }
        guard wasOpen else { return }
        wake.signal()
        done.wait()
    }

    /// Blocks until there is a request; nil once shut down.
    private func next() -> RegionRequest? {
        while true {
            wake.wait()
            let (request, open): (RegionRequest?, Bool) = state.withLock { state in
                guard state.open else { return (nil, false) }
                let request = state.pending
                state.pending = nil
                return (request, true)
            }
            if !open { return nil }
            if let request { return request }
        }
    }
}
