import CWebP

/// An animated WebP's frames through libwebpdemux's `WebPAnimDecoder`, which
/// composites them (blending and disposal) itself; the delays come from the
/// demuxer's frame headers, without decoding.
///
/// ```swift
/// if let reader = WebPFrameReader(bytes: bytes) {
///     reader.summary.loopCount        // the ANIM chunk's loop_count (0: forever)
///     let first = reader.nextFrame()
/// }
/// ```
final class WebPFrameReader: AnimationFrameSource {
    let summary: AnimationSummary
    /// The file, where the decoder can keep pointing into it.
    private let data: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    private var decoded = 0

    /// nil when `bytes` is not an animated WebP with a frame.
    init?(bytes: [UInt8]) {
        let data = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = data.initialize(from: bytes)
        var webp = WebPData(bytes: data.baseAddress, size: bytes.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { data.deallocate(); return nil }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else { data.deallocate(); return nil }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 1,
              let demuxer = WebPAnimDecoderGetDemuxer(decoder) else {
            WebPAnimDecoderDelete(decoder)
            data.deallocate()
            return nil
        }
        var delays: [Double] = []
        var iterator = WebPIterator()
        if WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
            repeat { delays.append(FrameDelay.seconds(milliseconds: Int(iterator.duration))) }
                while WebPDemuxNextFrame(&iterator) != 0
            WebPDemuxReleaseIterator(&iterator)
        }
        guard !delays.isEmpty else {
            WebPAnimDecoderDelete(decoder)
            data.deallocate()
            return nil
        }
        self.data = data
        self.decoder = decoder
        summary = AnimationSummary(width: Int(info.canvas_width), height: Int(info.canvas_height), delays: delays,
                                   loopCount: Int(info.loop_count))
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        data.deallocate()
    }

    func rewind() {
        WebPAnimDecoderReset(decoder)
        decoded = 0
    }

    func nextFrame() -> PixelBuffer? {
        guard decoded < summary.frameCount, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else { return nil }
        decoded += 1
        let count = summary.width * summary.height * 4
        return PixelBuffer(width: summary.width, height: summary.height,
                           pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }
}
