import CSDL2
import Gallery
import ImageDecoding
import Pager

/// The frame: pages, zoomed page, album headers, scan preview, HUD, notice
/// and help, drawn from the engine's state; and the readiness lines about
/// what a frame showed.
extension BrowserSession {
    /// Draws the frame for `time` into the renderer, up to the last pixel
    /// (`SDL_RenderFlush`: the software renderer otherwise draws inside
    /// `SDL_RenderPresent`), so that the present itself, on the pacer's beat,
    /// only copies it to the window. Returns whether it shows the pages
    /// (not the overview).
    func render(at time: Double) -> Bool {
        defer { SDL_RenderFlush(window.renderer) }
        let viewport = PixelRect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        if overview.isShowing {
            overview.draw(viewport: viewport, showHUD: showHUD, time: time)
            drawPanels(viewport: viewport)
            return false
        }
        pages.draw(slots: model.slots, contents: contents, text: text, viewport: viewport, backdrop: scenery.backdrop,
                   turning: turningSlot(at: time))
        zoomedPage.draw(model: model, contents: contents, viewport: viewport)
        scenery.drawHeaders(model: model, catalog: catalog, pages: pages, text: text, viewport: viewport)
        let current = model.slots.slot(column: 0, row: 0)
        drewFirstImagePreview = false
        drewFirstThumbnail = nil
        if catalog.isScanning, let first = slotLoader.firstImage, let image = first.preview {
            scanPreview.draw(image, pages: pages, viewport: viewport)
            // What the screen shows is the first page's image: the
            // `first-frame` line need not wait for the scan to sort the folder.
            drewFirstImagePreview = first.previewIsCertain
        } else if let sketch = firstImageSketch(current: current) {
            scanPreview.draw(sketch, pages: pages, viewport: viewport)
            if slotLoader.firstImage?.previewIsCertain == true { drewFirstThumbnail = (sketch.width, sketch.height) }
        } else {
            scanPreview.release()
        }
        if case .scanning(let title) = catalog {
            overlay.drawHUD(["Scanning \(title)…", "\(scan?.progress ?? 0) images found"], viewport: viewport)
        } else if showHUD {
            var size: (Int, Int, String)?
            if case .image(let image) = contents[current.id] {
                size = (image.sourceWidth, image.sourceHeight, image.format)
            }
            overlay.drawHUD(catalog.hudLines(at: model.currentPage, image: size, order: order)
                            + (ZoomedPage.hudLine(model.zoom).map { [$0] } ?? [])
                            + (animation.hudLine.map { [$0] } ?? [])
                            + (slideshow.isRunning ? ["slideshow: every " + Self.seconds(slideshow.interval)] : []),
                            viewport: viewport)
        }
        if let notice {
            let left = notice.until - time
            if left <= 0 {
                self.notice = nil
            } else {
                overlay.drawNotice(notice.text, alpha: min(1, left / Self.noticeFade), viewport: viewport)
            }
        }
        drawPanels(viewport: viewport)
        return true
    }

    /// What the user opened over the pages or the overview alike: the
    /// information panel, the go-to prompt and the help, in that order.
    private func drawPanels(viewport: PixelRect) {
        if let infoPanel { overlay.drawPanel(infoPanel.lines, viewport: viewport) }
        if let goToPrompt { overlay.drawNotice(goToPrompt.text, alpha: 1, viewport: viewport) }
        if showHelp { overlay.drawHelp(keyMap: input.keyMap, viewport: viewport) }
    }

    /// The first image's embedded thumbnail, to draw in its place while its
    /// decode runs: while the folder is scanned, or while the page on screen
    /// waits for that decode at rest (a page the user moves to or drags
    /// shows the pager's own slots).
    private func firstImageSketch(current: Slot) -> DecodedImage? {
        guard let first = slotLoader.firstImage else { return nil }
        if !catalog.isScanning {
            guard model.isSettled, case .loading = contents[current.id] else { return nil }
        }
        return first.sketch(slot: current.id, generation: slotLoader.generations[current.id])
    }

    /// After a frame of pages is drawn, before it waits for its beat: what
    /// it shows is settled now (input taken during the wait may already
    /// move the pager), so the readiness lines are made from it here.
    func frameDrawn(at time: Double) {
        readiness.frameDrawn(slots: model.slots, contents: contents, generations: slotLoader.generations,
                             time: time, log: log)
        let current = model.slots.slot(column: 0, row: 0)
        if firstFrame == .waiting, drewFirstImagePreview {
            firstFrame = .drawn
        }
        if firstFrame == .waiting, current.page != nil {
            switch contents[current.id] {
            case .image, .failed: firstFrame = .drawn
            default: break
            }
        }
    }

    /// After a frame of pages was shown at `time`, its own work `work` s.
    func framePresented(work: Double, at time: Double) {
        readiness.framePresented(work: work, time: time, log: log)
        if let size = drewFirstThumbnail, !loggedFirstThumbnail, firstFrame == .waiting {
            loggedFirstThumbnail = true
            log?.write(.firstThumbnail(width: size.width, height: size.height), time: time)
        }
        if firstFrame == .drawn {
            firstFrame = .logged
            log?.write(.firstFrame, time: time)
        }
    }
}
