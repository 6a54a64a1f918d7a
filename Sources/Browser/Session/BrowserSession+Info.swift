import Gallery
import Pager

/// The image information panel (Shift+I): the file, its size and
/// dimensions, and what its EXIF says (``ImageInfo``: at most its first
/// 256 KB are read, on the main thread, a few milliseconds). It follows the
/// pager: when the pages settle on another image, it shows that one's.
extension BrowserSession {
    func toggleInfo(at time: Double) {
        if infoPanel != nil {
            infoPanel = nil
            return
        }
        guard let entry = currentEntry else { return showNotice("No image here", at: time) }
        showInfo(of: entry, at: time)
    }

    /// On settling: the panel, if shown, for the image now on screen.
    func refreshInfo(at time: Double) {
        guard let shown = infoPanel else { return }
        guard let entry = currentEntry else {
            infoPanel = nil
            return
        }
        if entry.path != shown.path { showInfo(of: entry, at: time) }
    }

    private func showInfo(of entry: ImageEntry, at time: Double) {
        let lines = ImageInfo.read(path: entry.path).lines
        infoPanel = (entry.path, lines.map { $0.label + "\t" + $0.value })
        log?.write(.infoShown(file: entry.path, lines: lines.map(\.text)), time: time)
    }
}
