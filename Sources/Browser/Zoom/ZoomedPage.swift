import CSDL2
import Gallery
import ImageDecoding
import Pager

/// The shell's side of zoom: tells the engine the current page's content
/// (fitted size and 1:1 scale) and draws that page scaled and panned where the
/// engine says, clipped to the page. No zoom behaviour lives here.
///
/// ```swift
/// let zoomed = ZoomedPage(renderer: renderer)
/// zoomed.updateContent(model: &model, contents: contents, pageSize: (1280, 800), time: now)
/// pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport)
/// zoomed.draw(model: model, contents: contents, viewport: viewport)
/// ```
final class ZoomedPage {
    private let renderer: OpaquePointer
    /// The sharper decode of the visible region, when zoomed past the decoded pixels.
    private let sharp: SharpRegion

    /// `wake` is called from the sharp decode's worker thread when a region is ready.
    private let log: EventLog?
    /// Zoom gestures from SDL events, with Ctrl's state kept in event order.

    init(renderer: OpaquePointer, log: EventLog?, wake: @escaping @Sendable () -> Void) {
        self.renderer = renderer
        self.log = log
        self.sharp = SharpRegion(wake: wake)
    }

    /// Forgets the sharp region (the display's colour profile changed): a
    /// zoomed page asks for it again, in the new profile.
    func dropRegion() {
        sharp.drop()
    }

    /// Stops the sharp decode's worker and frees its texture (before the renderer goes away).
    func shutdown() {
        sharp.shutdown()
    }

    /// Gives the engine the current page's content when it differs from what
    /// the engine has: the image as fitted on the page, and the scale at which
    /// it shows its own pixels. Placeholders and error pages zoom as a whole page.
    /// Then keeps the sharp region of `source` (the current page's file) up to date.
    /// `turn`: how the user turned the image's view; its sharp regions come
    /// turned too. Asked only when a region is requested, not every frame.
    func updateContent(model: inout PagerModel, contents: SlotContents, pageSize: (width: Int, height: Int),
                       source: PageSource?, turn: () -> ExifOrientation = { .normal }, time: Double) {
        let slot = model.slots.slot(column: 0, row: 0)
        let page = PixelRect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        var content = (width: Double(page.width), height: Double(page.height), pixelScale: 1.0)
        if case .image(let image) = contents[slot.id], !image.scalable {
            let fitted = Letterbox.fit(sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight, in: page)
            if fitted.width > 0 && fitted.height > 0 {
                content = (Double(fitted.width), Double(fitted.height), Double(image.sourceWidth) / Double(fitted.width))
            }
        }
        let zoom = model.zoom
        if zoom.contentWidth != content.width || zoom.contentHeight != content.height || zoom.pixelScale != content.pixelScale {
            model.setZoomContent(width: content.width, height: content.height, pixelScale: content.pixelScale, time: time)
        }
        var image: ImageTexture?
        if case .image(let texture) = contents[slot.id], !texture.scalable { image = texture }
        let visible = Rect(x: max(0, slot.frame.x), y: max(0, slot.frame.y),
                           width: min(Double(page.width), slot.frame.x + slot.frame.width) - max(0, slot.frame.x),
                           height: min(Double(page.height), slot.frame.y + slot.frame.height) - max(0, slot.frame.y))
        let arrived = sharp.update(page: slot.page, source: source, image: image, frame: model.zoom.contentFrame(in: slot.frame),
                     visible: visible, zoomed: model.zoom.isZoomed, zoomSettled: model.zoom.isSettled,
                     windowPixels: page.width * page.height, renderer: renderer, turn: turn)
        if let arrived {
            log?.write(.sharpRegion(page: arrived.page, region: arrived.plan.region,
                                    textureWidth: arrived.textureWidth, textureHeight: arrived.textureHeight), time: time)
        }
    }

    /// Draws the current page's image again, zoomed, over what the page
    /// renderer drew (the zoomed image always covers the fitted one).
    /// Returns where the zoomed picture shows (nil when it was not drawn),
    /// for what goes on it, such as the mark's badge.
    @discardableResult
    func draw(model: PagerModel, contents: SlotContents, viewport: PixelRect) -> PixelRect? {
        let zoom = model.zoom
        guard zoom.scale > 1 + zoom.configuration.fitTolerance else { return nil }
        let slot = model.slots.slot(column: 0, row: 0)
        guard case .image(let image) = contents[slot.id], slot.page != nil else { return nil }
        let page = PixelRect(snapping: slot.frame)
        let clip = Self.intersection(page, viewport)
        guard clip.width > 0, clip.height > 0 else { return nil }
        let frame = zoom.contentFrame(in: slot.frame)
        var sdlClip = SDL_Rect(x: Int32(clip.x), y: Int32(clip.y), w: Int32(clip.width), h: Int32(clip.height))
        SDL_RenderSetClipRect(renderer, &sdlClip)
        var regionFrame: Rect?
        let sharpRegion = sharp.region(for: slot.page)
        if let sharpRegion {
            // The region's place inside the whole image, in the image's own pixels.
            let region = sharpRegion.plan.region
            let sx = frame.width / Double(image.sourceWidth)
            let sy = frame.height / Double(image.sourceHeight)
            regionFrame = Rect(x: frame.x + Double(region.x) * sx, y: frame.y + Double(region.y) * sy,
                               width: Double(region.width) * sx, height: Double(region.height) * sy)
        }
        // The soft image only where the sharp region does not cover the page: a
        // scaled full-window copy is the most expensive thing a frame draws.
        if regionFrame.map({ !Self.covers($0, clip) }) ?? true {
            drawPart(of: image.texture, width: image.width, height: image.height, mappedTo: frame, clip: clip)
        }
        if let sharpRegion, let regionFrame {
            drawPart(of: sharpRegion.texture, width: sharpRegion.textureWidth, height: sharpRegion.textureHeight,
                     mappedTo: regionFrame, clip: clip)
        }
        SDL_RenderSetClipRect(renderer, nil)
        return Self.intersection(PixelRect(snapping: frame), clip)
    }

    /// Copies the part of `texture` (of `width`×`height` texels, drawn over
    /// `frame`) that falls inside `clip`: whole texels, so the mapping is exact
    /// and the clip rectangle trims the fraction at the border.
    private func drawPart(of texture: OpaquePointer, width: Int, height: Int, mappedTo frame: Rect, clip: PixelRect) {
        guard width > 0, height > 0, frame.width > 0, frame.height > 0 else { return }
        let texelWidth = frame.width / Double(width)
        let texelHeight = frame.height / Double(height)
        let left = max(0, Int(((Double(clip.x) - frame.x) / texelWidth).rounded(.down)))
        let top = max(0, Int(((Double(clip.y) - frame.y) / texelHeight).rounded(.down)))
        let right = min(width, Int(((Double(clip.maxX) - frame.x) / texelWidth).rounded(.up)))
        let bottom = min(height, Int(((Double(clip.maxY) - frame.y) / texelHeight).rounded(.up)))
        guard right > left, bottom > top else { return }
        var source = SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top))
        if abs(texelWidth - 1) < Self.unscaledTolerance && abs(texelHeight - 1) < Self.unscaledTolerance {
            // Texels and pixels one to one: whole pixels let the renderer copy without scaling.
            var target = SDL_Rect(x: Int32((frame.x + Double(left)).rounded()), y: Int32((frame.y + Double(top)).rounded()),
                                  w: source.w, h: source.h)
            SDL_RenderCopy(renderer, texture, &source, &target)
            return
        }
        var target = SDL_FRect(x: Float(frame.x + Double(left) * texelWidth), y: Float(frame.y + Double(top) * texelHeight),
                               w: Float(Double(right - left) * texelWidth), h: Float(Double(bottom - top) * texelHeight))
        SDL_RenderCopyF(renderer, texture, &source, &target)
    }

    /// The HUD's zoom line while zoomed: the scale in image pixels per screen pixel, as a percentage.
    ///
    /// ```swift
    /// ZoomedPage.hudLine(model.zoom)   // "zoom 200%"
    /// ```
    static func hudLine(_ zoom: PageZoom) -> String? {
        guard zoom.isZoomed else { return nil }
        let percent = Int((zoom.targetScale / zoom.pixelScale * 100).rounded())
        return "zoom \(percent)%"
    }

    /// Texel sizes this close to one pixel are drawn unscaled, on whole pixels.
    static let unscaledTolerance = 0.001

    private static func covers(_ rect: Rect, _ clip: PixelRect) -> Bool {
        rect.x <= Double(clip.x) && rect.y <= Double(clip.y)
            && rect.x + rect.width >= Double(clip.maxX) && rect.y + rect.height >= Double(clip.maxY)
    }

    private static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = max(a.x, b.x), y = max(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(0, min(a.maxX, b.maxX) - x), height: max(0, min(a.maxY, b.maxY) - y))
    }
}
