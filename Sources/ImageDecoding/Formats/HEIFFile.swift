import CHeif

/// A HEIF file (HEIC, AVIF) opened by libheif from memory: its context and
/// its primary image's handle, released together when it goes. The bytes
/// are not copied: they must outlive it (open it inside the caller's
/// `withUnsafeBufferPointer`).
///
/// ```swift
/// try bytes.withUnsafeBufferPointer { buffer throws(DecodeFailure) in
///     let file = try HEIFFile(buffer, structure: structure, name: "HEIC", path: path)
///     fw_heif_image_handle_get_width(file.primary)   // 4032
/// }
/// ```
final class HEIFFile {
    let context: OpaquePointer
    /// The primary image's handle (`pitm`).
    let primary: OpaquePointer

    init(_ buffer: UnsafeBufferPointer<UInt8>, structure: HEIFStructure, name: String, path: String) throws(DecodeFailure) {
        _ = HEIFDecoder.initialized
        guard let context = fw_heif_context_alloc() else {
            // libheif is loaded at the first HEIC or AVIF (Sources/CHeif/shim.h).
            let reason = fw_heif_is_available() != 0 ? "could not start" : "is not installed (libheif1 is missing)"
            throw DecodeFailure(path: path, message: "\(name) decoder \(reason)")
        }
        fw_heif_context_set_max_decoding_threads(context, HEIFDecoder.tileThreads)
        let read = fw_heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
        // libheif's error messages live in the context: read them before it goes.
        if read.code != heif_error_Ok {
            let message = HEIFDecoder.codecProblem(structure, name: name)
                ?? HEIFDecoder.failureMessage(read, name: name, structure: structure)
            fw_heif_context_free(context)
            throw DecodeFailure(path: path, message: message)
        }
        var handle: OpaquePointer?
        let primary = fw_heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else {
            let message = HEIFDecoder.codecProblem(structure, name: name)
                ?? HEIFDecoder.failureMessage(primary, name: name, structure: structure)
            fw_heif_context_free(context)
            throw DecodeFailure(path: path, message: message)
        }
        self.context = context
        self.primary = handle
    }

    deinit {
        fw_heif_image_handle_release(primary)
        fw_heif_context_free(context)
    }
}
