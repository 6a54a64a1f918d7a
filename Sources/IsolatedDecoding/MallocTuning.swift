#if canImport(Glibc)
import Glibc
#endif
import CMalloc

/// glibc malloc's settings for a process that holds decoded pixels: the
/// browser and every decoder process, set first thing in `main`.
///
/// ```swift
/// MallocTuning.keepDecodeBuffersOutOfTheHeap()
/// DecoderService.main(arguments: Array(CommandLine.arguments.dropFirst(2)))
/// ```
public enum MallocTuning {
    /// Pixel buffers above this go straight to mmap and back to the system when freed, bytes.
    static let mmapThreshold: Int32 = 128 * 1024

    /// glibc malloc arenas, count: by default each decoding thread gets its
    /// own, and every arena keeps its own freed memory; two keep that small
    /// (the big pixel buffers are mmapped anyway).
    static let mallocArenas: Int32 = 2

    /// glibc raises its mmap threshold after the first large free, so later
    /// decoded images (megabytes each) stay in the heap after they are freed:
    /// a 10-minute soak plateaued at ~130 MB RSS, ~52 MB with a fixed threshold.
    /// The decoder processes too: there the heap's holes between a decode's
    /// freed buffers raised the peak, a 12 MP HEIC's from 78 to 83 MB (and a
    /// buffer mmapped again costs its page faults, 3–4 ms on a 12 MP JPEG's
    /// 45 ms decode at 1/2).
    public static func keepDecodeBuffersOutOfTheHeap() {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        _ = mallopt(M_ARENA_MAX, mallocArenas)
    }
}
