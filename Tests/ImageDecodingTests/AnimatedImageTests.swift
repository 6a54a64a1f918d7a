import Foundation
import TestFixtures
import Testing
@testable import ImageDecoding

@Suite struct AnimatedImageTests {
    typealias Color = ImageFixtures.Color
    typealias GIFFrame = AnimationFixtures.GIFFrame
    typealias APNGFrame = AnimationFixtures.APNGFrame

    static let whole = PixelRect(x: 0, y: 0, width: 4, height: 4)
    static let topLeft = PixelRect(x: 0, y: 0, width: 2, height: 2)

    /// Every frame of one play, full size (a 4×4 canvas fits any box).
    static func frames(_ bytes: [UInt8]) -> [DecodedImage] {
        guard let animation = AnimatedImage.open(bytes: bytes) else { return [] }
        return (0..<animation.summary.frameCount).compactMap { _ in
            animation.nextFrame(maxWidth: 100, maxHeight: 100)?.image
        }
    }

    static func color(_ image: DecodedImage, _ x: Int, _ y: Int) -> Color {
        let p = image.rgba(x: x, y: y)
        return Color(r: p.r, g: p.g, b: p.b, a: p.a)
    }

    // MARK: - GIF

    @Test func gifSummaryHasCanvasFramesDelaysAndLoops() throws {
        let bytes = AnimationFixtures.gif(width: 4, height: 3, frames: [
            .filled(PixelRect(x: 0, y: 0, width: 4, height: 3), 0, delay: 5),
            .filled(PixelRect(x: 0, y: 0, width: 4, height: 3), 1, delay: 25),
        ], loops: 0)
        let animation = try #require(AnimatedImage.open(bytes: bytes))
        #expect(animation.format == "GIF")
        #expect(animation.summary.width == 4 && animation.summary.height == 3)
        #expect(animation.summary.delays == [0.05, 0.25])
        #expect(animation.summary.loopCount == 0)
    }

    @Test func gifNetscapeLoopCountIsRepeatsAfterTheFirstPlay() throws {
        let frames: [GIFFrame] = [.filled(Self.whole, 0), .filled(Self.whole, 1)]
        let repeated = try #require(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 4, height: 4, frames: frames, loops: 2)))
        #expect(repeated.summary.loopCount == 3)
        let once = try #require(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 4, height: 4, frames: frames)))
        #expect(once.summary.loopCount == 1)
    }

    @Test func gifWithOneFrameIsNotAnimated() {
        #expect(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 4, height: 4, frames: [.filled(Self.whole, 0)])) == nil)
    }

    @Test func gifZeroDelayIsPlayedAtHundredMilliseconds() throws {
        let bytes = AnimationFixtures.gif(width: 4, height: 4, frames: [.filled(Self.whole, 0, delay: 0),
                                                                        .filled(Self.whole, 1, delay: 1)])
        #expect(try #require(AnimatedImage.open(bytes: bytes)).summary.delays == [0.1, 0.1])
    }

    @Test func gifFrameDrawsOverThePreviousOne() {
        let frames = Self.frames(AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.topLeft, 1),
        ]))
        #expect(frames.count == 2)
        #expect(Self.color(frames[1], 0, 0) == .blue)
        #expect(Self.color(frames[1], 3, 3) == .red)
    }

    @Test func gifDisposalToBackgroundClearsTheFrameRectangle() {
        let frames = Self.frames(AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.topLeft, 1, disposal: 2), .filled(PixelRect(x: 3, y: 3, width: 1, height: 1), 2),
        ]))
        #expect(frames.count == 3)
        #expect(Self.color(frames[2], 0, 0) == .clear)
        #expect(Self.color(frames[2], 2, 2) == .red)
        #expect(Self.color(frames[2], 3, 3) == .green)
    }

    @Test func gifDisposalToPreviousRestoresTheCanvasFromBefore() {
        let frames = Self.frames(AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.topLeft, 1, disposal: 3), .filled(PixelRect(x: 3, y: 3, width: 1, height: 1), 2),
        ]))
        #expect(frames.count == 3)
        #expect(Self.color(frames[1], 0, 0) == .blue)
        #expect(Self.color(frames[2], 0, 0) == .red)
        #expect(Self.color(frames[2], 3, 3) == .green)
    }

    @Test func gifTransparentIndexShowsWhatIsBelow() {
        var overlay = GIFFrame.filled(Self.whole, 1, transparent: 3)
        overlay.indices = [3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1]
        let frames = Self.frames(AnimationFixtures.gif(width: 4, height: 4, frames: [.filled(Self.whole, 0), overlay]))
        #expect(Self.color(frames[1], 0, 0) == .red)
        #expect(Self.color(frames[1], 1, 0) == .blue)
    }

    @Test func gifFirstFrameTransparentPixelsAreTransparent() {
        let frames = Self.frames(AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 3, transparent: 3), .filled(Self.topLeft, 0),
        ]))
        #expect(Self.color(frames[0], 0, 0) == .clear)
        #expect(Self.color(frames[1], 0, 0) == .red)
        #expect(Self.color(frames[1], 3, 3) == .clear)
    }

    @Test func gifFramesAreCountedWithoutDecodingTheirPixels() throws {
        // Sub-blocks of codes that are not in the LZW table: the record walk
        // skips them, a decode fails on them.
        var bytes = Array("GIF89a".utf8) + ImageFixtures.le16(4) + ImageFixtures.le16(4) + [0x91, 0, 0]
        for c in AnimationFixtures.palette { bytes += [c.r, c.g, c.b] }
        for _ in 0..<3 {
            bytes += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, 2, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0]
        }
        bytes.append(0x3B)
        let animation = try #require(AnimatedImage.open(bytes: bytes))
        #expect(animation.summary.frameCount == 3)
        #expect(animation.nextFrame(maxWidth: 10, maxHeight: 10) == nil)
    }

    @Test func gifWithFiveThousandFramesIsCountedAndPlays() throws {
        let frames = (0..<5000).map { GIFFrame.filled(PixelRect(x: $0 % 4, y: 0, width: 1, height: 1), $0 % 4) }
        let animation = try #require(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 4, height: 4, frames: frames, loops: 0)))
        #expect(animation.summary.frameCount == 5000)
        var last: AnimationFrame?
        for _ in 0..<5000 { last = animation.nextFrame(maxWidth: 4, maxHeight: 4) }
        #expect(last?.index == 4999)
        #expect(animation.nextFrame(maxWidth: 4, maxHeight: 4)?.index == 0)
    }

    @Test func truncatedGifPlaysTheFramesBeforeTheCut() throws {
        let whole = AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.whole, 1), .filled(Self.whole, 2),
        ])
        let animation = try #require(AnimatedImage.open(bytes: Array(whole.dropLast(8))))
        #expect(animation.summary.frameCount == 2)
        #expect(animation.summary.isBroken)
        #expect(animation.nextFrame(maxWidth: 4, maxHeight: 4) != nil)
        #expect(animation.nextFrame(maxWidth: 4, maxHeight: 4) != nil)
    }

    @Test func wholeGifIsNotBroken() throws {
        let animation = try #require(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.whole, 1)])))
        #expect(!animation.summary.isBroken)
    }

    @Test func canvasOverTheLimitIsNotPlayed() {
        // A 30000×30000 logical screen with two 4×4 frames: refused from the
        // header, before a canvas is allocated.
        let bytes = AnimationFixtures.gif(width: 30000, height: 30000, frames: [.filled(Self.whole, 0),
                                                                                .filled(Self.whole, 1)])
        #expect(AnimatedImage.canvasSize(bytes)! == (30000, 30000))
        #expect(AnimatedImage.open(bytes: bytes) == nil)
    }

    @Test func gifFrameOutsideTheCanvasEndsTheAnimationThere() throws {
        let animation = try #require(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.topLeft, 1), .filled(PixelRect(x: 3, y: 3, width: 2, height: 2), 2),
            .filled(Self.whole, 3),
        ])))
        #expect(animation.summary.frameCount == 2)
    }

    @Test func framesAreFittedToTheBoxAndWrapAfterTheLast() throws {
        let big = PixelRect(x: 0, y: 0, width: 40, height: 20)
        let animation = try #require(AnimatedImage.open(bytes: AnimationFixtures.gif(width: 40, height: 20, frames: [
            .filled(big, 0), .filled(big, 1),
        ])))
        let first = try #require(animation.nextFrame(maxWidth: 10, maxHeight: 10))
        #expect(first.image.width == 10 && first.image.height == 5)
        #expect(first.image.sourceWidth == 40 && first.image.sourceHeight == 20)
        #expect(animation.nextFrame(maxWidth: 10, maxHeight: 10)?.index == 1)
        let again = try #require(animation.nextFrame(maxWidth: 10, maxHeight: 10))
        #expect(again.index == 0 && Self.color(again.image, 5, 2) == .red)
    }

    @Test func everyCutOfAnAnimationOpensOrIsRefusedWithoutCrashing() throws {
        let folder = try TemporaryFolder("anim")
        let files = [
            AnimationFixtures.gif(width: 4, height: 4, frames: [.filled(Self.whole, 0), .filled(Self.topLeft, 1, disposal: 3),
                                                                .filled(Self.whole, 2, disposal: 2)], loops: 0),
            AnimationFixtures.apng(width: 4, height: 4, frames: [
                APNGFrame(rect: Self.whole, color: .red), APNGFrame(rect: Self.topLeft, color: .blue, dispose: 2, blend: 1),
                APNGFrame(rect: Self.whole, color: .green)]),
            try AnimationFixtures.webp(width: 4, height: 4, colors: [.red, .blue, .green], milliseconds: 50, loops: 0,
                                       in: folder),
        ]
        for file in files {
            for length in 0..<file.count {
                guard let animation = AnimatedImage.open(bytes: Array(file.prefix(length))) else { continue }
                #expect(animation.summary.frameCount >= 1)
                // Two plays: the frames that decode, then the wrap.
                for _ in 0..<(2 * animation.summary.frameCount) {
                    guard animation.nextFrame(maxWidth: 4, maxHeight: 4) != nil else { break }
                }
            }
        }
    }

    // MARK: - APNG

    @Test func apngSummaryHasFramesDelaysAndPlays() throws {
        let bytes = AnimationFixtures.apng(width: 4, height: 4, frames: [
            APNGFrame(rect: Self.whole, color: .red, delayNumerator: 1, delayDenominator: 4),
            APNGFrame(rect: Self.whole, color: .blue, delayNumerator: 30, delayDenominator: 0),
        ], plays: 2)
        let animation = try #require(AnimatedImage.open(bytes: bytes))
        #expect(animation.format == "APNG")
        #expect(animation.summary.delays == [0.25, 0.3])
        #expect(animation.summary.loopCount == 2)
    }

    @Test func apngBlendOverCompositesOnThePreviousFrame() {
        let frames = Self.frames(AnimationFixtures.apng(width: 4, height: 4, frames: [
            APNGFrame(rect: Self.whole, color: .red),
            APNGFrame(rect: Self.topLeft, color: Color(r: 0, g: 0, b: 255, a: 128), blend: 1),
        ]))
        #expect(frames.count == 2)
        let mixed = frames[1].rgba(x: 0, y: 0)
        #expect(mixed.a == 255 && abs(Int(mixed.r) - 127) <= 2 && abs(Int(mixed.b) - 128) <= 2)
        #expect(Self.color(frames[1], 3, 3) == .red)
    }

    @Test func apngBlendSourceReplacesThePixels() {
        let frames = Self.frames(AnimationFixtures.apng(width: 4, height: 4, frames: [
            APNGFrame(rect: Self.whole, color: .red),
            APNGFrame(rect: Self.topLeft, color: Color(r: 0, g: 0, b: 255, a: 128), blend: 0),
        ]))
        #expect(Self.color(frames[1], 0, 0) == Color(r: 0, g: 0, b: 255, a: 128))
    }

    @Test func apngDisposePreviousRestoresTheCanvasFromBefore() {
        let frames = Self.frames(AnimationFixtures.apng(width: 4, height: 4, frames: [
            APNGFrame(rect: Self.whole, color: .red),
            APNGFrame(rect: Self.topLeft, color: .blue, dispose: 2),
            APNGFrame(rect: PixelRect(x: 3, y: 3, width: 1, height: 1), color: .green),
        ]))
        #expect(frames.count == 3)
        #expect(Self.color(frames[1], 0, 0) == .blue)
        #expect(Self.color(frames[2], 0, 0) == .red)
        #expect(Self.color(frames[2], 3, 3) == .green)
    }

    @Test func apngDisposeBackgroundClearsTheFrameRectangle() {
        let frames = Self.frames(AnimationFixtures.apng(width: 4, height: 4, frames: [
            APNGFrame(rect: Self.whole, color: .red),
            APNGFrame(rect: Self.topLeft, color: .blue, dispose: 1),
            APNGFrame(rect: PixelRect(x: 3, y: 3, width: 1, height: 1), color: .green),
        ]))
        #expect(Self.color(frames[2], 0, 0) == .clear)
        #expect(Self.color(frames[2], 2, 2) == .red)
    }

    @Test func pngWithoutAnimationControlIsNotAnimated() {
        let folder = try? TemporaryFolder("anim")
        let path = folder!.file("still.png")
        ImageFixtures.writePNG(path, width: 4, height: 4, pixels: ImageFixtures.pixels(width: 4, height: 4) { _, _ in .red })
        #expect(AnimatedImage.open(path: path) == nil)
    }

    @Test func truncatedApngPlaysTheFramesBeforeTheCut() throws {
        let whole = AnimationFixtures.apng(width: 4, height: 4, frames: [
            APNGFrame(rect: Self.whole, color: .red), APNGFrame(rect: Self.whole, color: .blue),
            APNGFrame(rect: Self.whole, color: .green),
        ])
        let animation = try #require(AnimatedImage.open(bytes: Array(whole.dropLast(30))))
        #expect(animation.summary.frameCount == 2)
        #expect(animation.summary.isBroken)
    }

    // MARK: - WebP

    @Test func animatedWebPPlaysItsFramesWithDelaysAndLoops() throws {
        let folder = try TemporaryFolder("anim")
        let bytes = try AnimationFixtures.webp(width: 4, height: 4, colors: [.red, .blue, .green], milliseconds: 70,
                                               loops: 3, in: folder)
        let animation = try #require(AnimatedImage.open(bytes: bytes))
        #expect(animation.format == "WebP")
        #expect(animation.summary.delays == [0.07, 0.07, 0.07])
        #expect(animation.summary.loopCount == 3)
        let colors = (0..<3).compactMap { _ in animation.nextFrame(maxWidth: 4, maxHeight: 4) }.map { Self.color($0.image, 1, 1) }
        #expect(colors == [.red, .blue, .green])
    }

    @Test func animatedWebPStillDecodeIsItsFirstFrame() throws {
        let folder = try TemporaryFolder("anim")
        let bytes = try AnimationFixtures.webp(width: 40, height: 20, colors: [.blue, .red], milliseconds: 100, loops: 0,
                                               in: folder)
        let path = try folder.write("still-of.webp", bytes)
        let image = try ImageDecoder.decodeFile(path, maxWidth: 20, maxHeight: 20)
        #expect(image.width == 20 && image.height == 10 && image.format == "WebP")
        #expect(Self.color(image, 10, 5) == .blue)
    }

    /// Two 1 × 1 frames on a canvas the VP8X header says is 10000 × 10000:
    /// refused with its size, not handed to SDL_image (which allocated the
    /// whole canvas, 400 MB, before failing on the animation).
    @Test func anAnimatedWebPWhoseCanvasIsTooLargeToPlayIsRefusedWithItsSize() throws {
        let folder = try TemporaryFolder("anim")
        var bytes = try AnimationFixtures.webp(width: 1, height: 1, colors: [.blue, .red], milliseconds: 100, loops: 0,
                                               in: folder)
        #expect(Array(bytes[12..<16]) == Array("VP8X".utf8))
        bytes.replaceSubrange(24..<30, with: [0x0F, 0x27, 0x00, 0x0F, 0x27, 0x00])   // 9999 + 1, twice
        let path = try folder.write("huge-canvas.webp", bytes)
        #expect(ImageDecoderTests.failure(path) == "animated WebP is 10000×10000, over the 25-megapixel limit")
    }

    @Test func stillWebPIsNotAnimated() throws {
        let still = try #require(ImageFixtures.webp(width: 4, height: 4,
                                                    pixels: ImageFixtures.pixels(width: 4, height: 4) { _, _ in .red }))
        #expect(!AnimatedImage.mayBeAnimated(head: still))
        #expect(AnimatedImage.open(bytes: still) == nil)
    }

    @Test func openByPathReadsAnAnimatedFile() throws {
        let folder = try TemporaryFolder("anim")
        let path = try folder.write("a.gif", AnimationFixtures.gif(width: 4, height: 4, frames: [
            .filled(Self.whole, 0), .filled(Self.whole, 1)]))
        #expect(AnimatedImage.open(path: path)?.summary.frameCount == 2)
    }
}
