import CSDL2
import Gallery
import Pager

/// The session's drops under way and the gallery a drop replaced.
struct SessionDrops {
    var gathering = DropGathering()
    /// This machine's host name, for `file://HOST/` URIs; read once.
    let hostName = SDLDrop.hostName()
    /// The catalog a dropped folder's scan replaced, back on screen if that
    /// scan finds nothing to open; nil once the scan succeeded.
    var replaced: PageCatalog?
}

/// Files, folders and URI lists dropped on the window (XDND on X11,
/// `wl_data_device` on Wayland, through SDL's drop events) open as the same
/// paths given on the command line would: one image opens its folder at
/// it, several open those, a folder opens that folder, scanned with its
/// progress shown. The gallery before is replaced, the marks cleared, and a
/// notice says so and names what was dropped that is not a local file.
extension BrowserSession {
    /// Takes one of SDL's drop events; a whole drop opens.
    func takeDrop(_ event: SDL_Event, at time: Double) {
        guard let dropEvent = SDLDrop.event(event),
              let dropped = drops.gathering.take(dropEvent, hostName: drops.hostName) else { return }
        schedule.mark(.input)
        openDropped(dropped, at: time)
    }

    /// Opens `dropped`'s paths in place of the gallery.
    func openDropped(_ dropped: DroppedURIList, at time: Double) {
        guard !dropped.paths.isEmpty else {
            if !dropped.notLocal.isEmpty {
                showNotice(Self.dropNotice(opened: nil, marksCleared: 0, notLocal: dropped.notLocal), at: time)
            }
            return
        }
        // Recursion and order are the command line's: only the paths change.
        let asked = options.request ?? OpenRequest(paths: [])
        let request = OpenRequest(paths: dropped.paths, recursive: asked.recursive, order: asked.order)
        // Without the first-image cache: its guess would need the first
        // image's own decode (Browser.startOpening), which only the start has.
        let plan = OpeningPlan(request: request, start: nil, usesCache: false, probe: FileSystemProbe())
        let type = wakeEventType
        let scan = FolderScan(request: plan.request, niceness: plan.scanNiceness) { BrowserSession.wake(type) }
        if overview.isShowing { overview.shutdown() }
        gallery.watch?.watcher?.stop()
        drops.replaced = gallery.catalog
        gallery = SessionGallery(catalog: .scanning(title: plan.title), scan: scan, start: plan.start, options: options)
        gallery.request = request
        input.translator.navigation = gallery.catalog.navigation
        screen.window.setTitle("fourway — " + plan.title)
        model.go(to: PageIndex(h: 0, v: 0), animated: false, time: time)
        model.setBounds(horizontal: 0, vertical: 0, time: time)
        let cleared = marks.count
        if cleared > 0 {
            marks.clear()
            logMarks("clear", at: time)
        }
        slotLoader.loadAll()
        showNotice(Self.dropNotice(opened: plan.title, marksCleared: cleared, notLocal: dropped.notLocal), at: time)
    }

    /// A dropped folder's scan found nothing to open: the notice says why,
    /// and the gallery before the drop comes back. False when the scan
    /// that failed was not a drop's (the command line's: the session ends).
    func dropScanFailed(_ error: GalleryError, at time: Double) -> Bool {
        guard let replaced = drops.replaced else { return false }
        drops.replaced = nil
        StandardError.line(error.description)
        gallery = SessionGallery(catalog: replaced, scan: nil, start: nil, options: options)
        gallery.request = nil   // its folder's watch stopped with the drop
        input.translator.navigation = gallery.catalog.navigation
        if case .folder = replaced {
            applyGallery(at: time)
        } else {
            screen.window.setTitle("fourway — " + replaced.title)
            model.setBounds(horizontal: nil, vertical: nil, time: time)
            slotLoader.loadAll()
        }
        showNotice("Nothing opened from the drop: " + error.description, at: time)
        return true
    }

    /// The notice after a drop: what opened (nil: nothing did), how many
    /// marks went, and what was not opened for naming no local file (the
    /// first three, then how many more).
    static func dropNotice(opened: String?, marksCleared: Int, notLocal: [String]) -> String {
        var parts: [String] = []
        if let opened {
            parts.append("Opened the drop: " + opened)
            if marksCleared > 0 { parts.append("\(marksCleared) mark\(marksCleared == 1 ? "" : "s") cleared") }
        }
        if !notLocal.isEmpty {
            var named = notLocal.prefix(3).joined(separator: ", ")
            if notLocal.count > 3 { named += " and \(notLocal.count - 3) more" }
            parts.append("Not a local file, not opened: " + named)
        }
        return parts.joined(separator: "; ")
    }
}
