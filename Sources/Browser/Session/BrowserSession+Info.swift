import Gallery
import Pager

/// The image information panel (``InfoPanel``): the file, its size and
/// dimensions, and what its EXIF says (``ImageInfo``: at most its first
/// 256 KB are read, in a decoder process (``DecoderProcesses/pagePool()``)
/// while the main thread waits, a few milliseconds). It follows the
/// pager: when the pages settle on another image, it shows that one's.
extension BrowserSession {
    func toggleInfo(at time: Double) {
        if panels.info.isShowing { return panels.info.hide() }
        guard let entry = currentEntry else { return showNotice("No image here", at: time) }
        showInfo(of: entry.path, at: time)
    }

    /// On settling: the panel, if shown, for the image now on screen.
    func refreshInfo(at time: Double) {
        if let path = panels.info.settled(onImage: currentEntry?.path) { showInfo(of: path, at: time) }
    }

    private func showInfo(of path: String, at time: Double) {
        let lines = ImageInfo.read(path: path).lines
        panels.info.show(path: path, lines: lines)
        log?.write(.infoShown(file: path, lines: lines.map(\.text)), time: time)
    }
}
