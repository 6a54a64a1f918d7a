import CStreamDecoders

/// A way to stop a decode that is running on another thread, and how far it
/// got. The streamed readers (PNG and TIFF row by row, a large progressive
/// JPEG's DC) look at it between rows and stop with a failure whose
/// ``DecodeFailure/isCancelled`` is true; the other decoders finish as usual.
///
/// ```swift
/// let cancellation = DecodeCancellation()
/// // on a worker: try ImageDecoder.decodeFile(path, maxWidth: 1280, maxHeight: 800, cancellation: cancellation)
/// cancellation.cancel()          // from any thread: the decode stops at its next row
/// cancellation.rowsRead          // rows the streamed reader had read
/// ```
public final class DecodeCancellation: @unchecked Sendable {
    /// Shared with the C readers, which poll it (atomics on both sides).
    let state: UnsafeMutablePointer<fw_cancel>

    /// Whether `state` is this object's own (false: memory shared with
    /// another process, which the owner of the mapping unmaps).
    private let ownsState: Bool

    /// Not cancelled, no rows read.
    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: fw_cancel())
        ownsState = true
    }

    /// Over `state`, memory shared with another process: a sandboxed decoder
    /// process polls the word its parent sets (`IsolatedDecoding`).
    package init(sharing state: UnsafeMutablePointer<fw_cancel>) {
        self.state = state
        ownsState = false
    }

    deinit { if ownsState { state.deallocate() } }

    /// Sets the rows read as another process's decode reported them.
    package func record(rowsRead rows: Int) {
        state.pointee.rows = Int32(clamping: rows)
    }

    /// Asks the decode to stop; safe from any thread, at any time.
    public func cancel() { fw_cancel_request(state) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { fw_cancel_stopped(state) != 0 }

    /// Source rows a streamed reader has read so far (a progressive JPEG's:
    /// rows of 8 px blocks); 0 for the other decoders.
    public var rowsRead: Int { Int(fw_cancel_rows(state)) }
}
