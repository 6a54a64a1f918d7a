import ImageDecoding

/// A finished decode: the request as submitted and either the pixels or a
/// failure to show as an error page.
///
/// ```swift
/// switch result.outcome {
/// case .success(let image): upload(image, to: result.request.slot)
/// case .failure(let failure): showError(failure.description, in: result.request.slot)
/// }
/// ```
public struct DecodeResult: Sendable {
    /// The request exactly as submitted (slot, generation, source).
    public var request: DecodeRequest
    /// The pixels, or why there are none.
    public let outcome: Result<DecodedImage, DecodeFailure>
    /// The image's blurred, dimmed backdrop (``BlurredBackdrop``), made by the
    /// worker right after a successful decode; nil on failure.
    public let backdrop: DecodedImage?
    /// Source rows a streamed decode had read (``DecodeCancellation/rowsRead``);
    /// for the log line of a cancelled one.
    public var rowsRead = 0

    /// `DecodeResult(request: request, outcome: .failure(failure))`.
    public init(request: DecodeRequest, outcome: Result<DecodedImage, DecodeFailure>, backdrop: DecodedImage? = nil) {
        self.request = request
        self.outcome = outcome
        self.backdrop = backdrop
    }
}
