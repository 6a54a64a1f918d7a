import CSDL2
import Gallery
import Glibc
import ImageDecoding
import Pager

/// What the actions do with the current image and the gallery beyond paging:
/// copy it, open it elsewhere, go to an image by number, the slideshow.
/// Each writes its event-log line, so the end-to-end tests see it.
extension BrowserSession {
    /// The image on the current page, when there is one.
    var currentEntry: ImageEntry? { gallery.entry(at: model.currentPage) }

    // MARK: - Copy

    /// Copy the path: the path, as text, on the clipboard (SDL's, which X11 and
    /// Wayland both serve); with marks, every marked path, one a line in
    /// gallery order.
    func copyPath(at time: Double) {
        if let layout = gallery.folder?.layout, !marks.isEmpty { return copyMarkedPaths(marks.paths(in: layout), at: time) }
        guard let entry = currentEntry else { return showNotice("No image here to copy", at: time) }
        guard SDL_SetClipboardText(entry.path) == 0 else {
            return showNotice("Could not copy: " + SDLError.last, at: time)
        }
        log?.write(.copied(what: "path", file: entry.path), time: time)
        showNotice("Copied the path of " + entry.name, at: time)
    }

    private func copyMarkedPaths(_ paths: [String], at time: Double) {
        guard SDL_SetClipboardText(paths.joined(separator: "\n")) == 0 else {
            return showNotice("Could not copy: " + SDLError.last, at: time)
        }
        for path in paths { log?.write(.copied(what: "marked", file: path), time: time) }
        showNotice("Copied the paths of \(paths.count) marked image" + (paths.count == 1 ? "" : "s"), at: time)
    }

    /// Copy the image: the file's bytes on the clipboard under its media type,
    /// served by `wl-copy` (Wayland) or `xclip` (X11): SDL 2's clipboard
    /// holds text only.
    func copyImage(at time: Double) {
        guard let entry = currentEntry else { return showNotice("No image here to copy", at: time) }
        guard let format = ContentSniffer.format(ofFile: entry.path), let type = format.mimeTypes.first else {
            return showNotice("Could not copy " + entry.name + ": not an image it can read", at: time)
        }
        let wayland = !(Browser.environment("WAYLAND_DISPLAY") ?? "").isEmpty
        let command = wayland ? ["sh", "-c", "exec wl-copy --type \"$0\" < \"$1\"", type, entry.path]
                              : ["xclip", "-selection", "clipboard", "-t", type, "-i", entry.path]
        guard ExternalCommand.start(command) else {
            return showNotice("Copying an image needs " + (wayland ? "wl-copy" : "xclip") + " (not installed)", at: time)
        }
        log?.write(.copied(what: "image", file: entry.path), time: time)
        showNotice("Copied " + entry.name + " (" + format.name + ")", at: time)
    }

    // MARK: - Open elsewhere

    /// Open with the default application: the image in the desktop's
    /// application for its type; open the folder: its folder in the file
    /// manager. Both through `xdg-open`.
    func openElsewhere(folder: Bool, at time: Double) {
        guard let entry = currentEntry else { return showNotice("No image here to open", at: time) }
        let target = folder ? LexicalPath.parent(entry.path) : entry.path
        guard ExternalCommand.start(["xdg-open", target]) else {
            return showNotice("Opening needs xdg-open (not installed)", at: time)
        }
        log?.write(.opened(file: target, folder: folder), time: time)
        showNotice("Opening " + (folder ? "the folder of " : "") + entry.name + "…", at: time)
    }

    // MARK: - Go to

    func beginGoTo(at time: Double) {
        guard case .folder = gallery.catalog else {
            return showNotice(gallery.catalog.isScanning ? "Go to works once the folder is scanned"
                                                         : "The demo has no numbers", at: time)
        }
        panels.goTo = GoToPrompt()
    }

    /// A key while the prompt is open; true when the prompt took it.
    func typeGoTo(_ key: BrowserKey, at time: Double) -> Bool {
        switch panels.typeGoTo(key) {
        case nil, .passThrough?:
            return false
        case .typing?, .cancelled?:
            return true
        case .go(let number)?:
            guard let layout = gallery.folder?.layout else { return true }
            guard let page = layout.page(ofOrdinal: number - 1) else {
                showNotice("No image \(number): there " + (layout.count == 1 ? "is 1" : "are \(layout.count)"), at: time)
                return true
            }
            log?.write(.goTo(image: number, page: page), time: time)
            model.go(to: page, animated: true, time: time)
            return true
        }
    }

    // MARK: - Slideshow

    /// Starts the slideshow, or, while the folder is still being scanned,
    /// has it start once the pages are known (``checkScan(at:)``).
    func startSlideshow(at time: Double) {
        if gallery.catalog.isScanning {
            slideshow.awaitGallery()
            return showNotice("The slideshow starts once the folder is scanned", at: time)
        }
        guard let layout = gallery.folder?.layout, layout.count > 1 else {
            slideshow.stop()   // a start that awaited the scan ends here too
            return showNotice("A slideshow needs a folder of images", at: time)
        }
        slideshow.start(at: time)
        screen.window.keepsDisplayAwake = true
        log?.write(.slideshow(running: true, interval: slideshow.interval, reason: nil), time: time)
        let stop = keyMap.keyLabel(of: .toggleSlideshow).map { $0 + " or any key" } ?? "any key"
        let which = marks.isEmpty ? "" : " of the \(marks.count) marked"
        showNotice("Slideshow" + which + ": an image every " + Self.seconds(slideshow.interval) + " — " + stop + " stops it", at: time)
    }

    /// Stops the slideshow, or forgets a start that awaits the scan.
    func stopSlideshow(reason: String, at time: Double) {
        if slideshow.isAwaitingGallery {
            slideshow.stop()
            return showNotice("Slideshow cancelled", at: time)
        }
        guard slideshow.isRunning else { return }
        slideshow.stop()
        screen.window.keepsDisplayAwake = false
        log?.write(.slideshow(running: false, interval: slideshow.interval, reason: reason), time: time)
        showNotice("Slideshow stopped", at: time)
    }

    /// Once per frame, after the frame took the finished decodes: the next
    /// image in reading order (with marks, the next marked image) when a step
    /// is due, held while that image is still decoding: in its slot, or,
    /// beyond the pool, decoding ahead (``slideshowPageAhead``). Whether it
    /// stepped.
    func stepSlideshow(at time: Double) -> Bool {
        guard slideshow.isDue(at: time), model.isSettled, let target = slideshowTarget() else { return false }
        if let slot = model.slots.slot(showing: target) {
            if !screen.contents[slot.id].isFinal { return false }   // held
        } else if let source = gallery.catalog.source(at: target), slotLoader.isDecodingAhead(source) {
            return false   // held
        }
        slideshow.stepped(at: time)
        if let here = gallery.folder?.layout.canonicalPage(model.currentPage), target.v == here.v, target.h == here.h + 1 {
            model.apply(.flip(.right), time: time)   // along the row: an ordinary flip
        } else {
            // A jump is a cut: an animated go slides in from the page before
            // the target (PagerModel.go), an image the show did not reach and
            // nothing decoded, so its placeholder would cross the screen.
            model.go(to: target, animated: false, time: time)
        }
        return true
    }

    /// The page the running slideshow steps to next; nil when it is stopped
    /// or has nowhere to go.
    func slideshowTarget() -> PageIndex? {
        guard slideshow.isRunning, let layout = gallery.folder?.layout,
              let ordinal = layout.ordinal(of: model.currentPage) else { return nil }
        let next = marks.isEmpty ? (ordinal + 1) % layout.count : marks.next(after: ordinal, in: layout, forward: true) ?? ordinal
        guard next != ordinal else { return nil }
        return layout.page(ofOrdinal: next)
    }

    /// The slideshow's next page when it lies beyond the pool (the next
    /// row's first image, the first after the last): decoded ahead, like
    /// the neighbour a flip goes to, so the jump shows no placeholder.
    var slideshowPageAhead: PageIndex? {
        slideshowTarget().flatMap { model.slots.slot(showing: $0) == nil ? $0 : nil }
    }

    /// `4 s`, `2.5 s`.
    static func seconds(_ value: Double) -> String { ConfigNumber.text(value) + " s" }
}
