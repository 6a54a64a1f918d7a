#if canImport(Glibc)
import Glibc
#endif

/// What one decode in a decoder process may cost before the process is
/// killed and the page becomes an error page: resident memory, sized from
/// the picture asked for and the machine, and time.
///
/// ```swift
/// let budget = DecoderBudget.standard
/// budget.memoryBytes(forPixels: 1280 * 800)   // 576 MiB on a machine of 24 GiB
/// ```
public struct DecoderBudget: Sendable, Equatable {
    /// Resident memory every decode may use whatever its target, bytes: a
    /// 12 MP HEIC's full decode (its planes and the RGBA copy), a 50 MP raw
    /// file developed at half size, a 100 MP JPEG decoded at 1/8, with room.
    public var baseMemoryBytes: Int
    /// More per byte of the picture asked for (RGBA): a region or a large
    /// window decodes more pixels, and a decode holds a few copies of them.
    public var memoryPerTargetByte: Int
    /// The most any decode may use, bytes: a quarter of the machine's memory.
    public var memoryCeilingBytes: Int
    /// The longest one decode may run, seconds: a 50 MP raw development is
    /// 1–2 s here; a file that keeps a decoder busy ten times longer is not a
    /// picture anyone waits for.
    public var seconds: Double

    /// `DecoderBudget(baseMemoryBytes: 512 << 20, memoryPerTargetByte: 16, memoryCeilingBytes: 4 << 30, seconds: 20)`.
    public init(baseMemoryBytes: Int, memoryPerTargetByte: Int, memoryCeilingBytes: Int, seconds: Double) {
        self.baseMemoryBytes = baseMemoryBytes
        self.memoryPerTargetByte = memoryPerTargetByte
        self.memoryCeilingBytes = memoryCeilingBytes
        self.seconds = seconds
    }

    /// The budget for this machine.
    public static var standard: DecoderBudget {
        let physical = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        return DecoderBudget(baseMemoryBytes: 512 << 20, memoryPerTargetByte: 16,
                             memoryCeilingBytes: max(256 << 20, physical / 4), seconds: 20)
    }

    /// The resident memory a decode of `pixels` output pixels may use, bytes.
    public func memoryBytes(forPixels pixels: Int) -> Int {
        let (perPixel, overflow) = memoryPerTargetByte.multipliedReportingOverflow(by: 4)
        let (extra, overflow2) = perPixel.multipliedReportingOverflow(by: max(0, pixels))
        if overflow || overflow2 { return memoryCeilingBytes }
        return min(memoryCeilingBytes, baseMemoryBytes + extra)
    }

    /// The address-space data limit the process sets on itself (RLIMIT_DATA):
    /// the most any decode may use and a margin, so a single huge allocation
    /// fails at once instead of being written page by page.
    public var dataLimitBytes: Int { memoryCeilingBytes + memoryCeilingBytes / 2 }
}
