#if canImport(Glibc)
import Glibc
#endif
import IsolatedDecoding

/// `fourway-decoder --decoder-process NICENESS DATA_LIMIT LIBRARIES WIRE_VERSION`: the
/// sandboxed decoder process (``DecoderService``) as a program of its own,
/// which the browser starts in place of itself when it is installed beside
/// it (``DecoderPool/ownExecutable``).
///
/// It links the decoders' libraries and the Swift runtime, not SDL2 and the
/// 45 libraries behind it, nor Foundation and the argument parser: the
/// dynamic loader and the kernel's page faults for those made every decoder
/// process start as slowly as the browser, about 10 ms before its first
/// decode (docs/benchmarks.md, "The decoder process's start").
@main
enum FourwayDecoder {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, arguments[1] == DecoderService.argument else {
            let line = "fourway-decoder: started by fourway, not by hand (\(DecoderService.argument) NICENESS DATA_LIMIT LIBRARIES WIRE_VERSION)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        MallocTuning.keepDecodeBuffersOutOfTheHeap()
        DecoderService.main(arguments: Array(arguments.dropFirst(2)))
    }
}
