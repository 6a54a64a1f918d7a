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
    public let request: DecodeRequest
    public let outcome: Result<DecodedImage, DecodeFailure>

    public init(request: DecodeRequest, outcome: Result<DecodedImage, DecodeFailure>) {
        self.request = request
        self.outcome = outcome
    }
}
