#if canImport(Glibc)
import Glibc
#endif
import Gallery
import ImageDecoding

/// A turn whose lossless save would trim the partial edge blocks: the
/// second press of the save key on the same image, turned the same way,
/// saves it trimmed. Anything else (another image, another turn) asks again.
struct TurnSaveTrim: Equatable {
    let path: String
    let turn: ExifOrientation
}

/// Saving the view's turn into the file (Ctrl+S): the JPEG's blocks are
/// turned without loss (``LosslessTurn``, in this process: it writes a file,
/// and reads the image with a size limit), written beside the image and
/// synced (``TurnSaveFile``); then the image goes to the trash, the turned
/// file takes its name, and undo (`u`) puts the image back byte for byte.
/// Other formats cannot be turned without loss: the turn stays a view turn.
/// Any failure leaves the image as it was, with one notice saying why.
extension BrowserSession {
    /// The largest image file read to turn, bytes: a 500-megapixel JPEG is well under it.
    static let maximumTurnSaveBytes = 512 << 20

    func saveTurn(at time: Double) {
        guard options.allowsDelete else { return showNotice("Saving a turn is off with --no-delete", at: time) }
        guard case .folder(let layout, _) = gallery.catalog, !trashHistory.isRemoving, let entry = currentEntry else {
            return showNotice("No image here to save", at: time)
        }
        let turn = viewTurns.turn(of: entry.path)
        guard turn != .normal else { return showNotice(entry.name + " is not turned: nothing to save", at: time) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(entry.path, limit: Self.maximumTurnSaveBytes + 1)
        } catch {
            return showNotice(entry.name + ": not saved: " + error.message, at: time)
        }
        guard bytes.count <= Self.maximumTurnSaveBytes else {
            return showNotice(entry.name + ": not saved: over \(Self.maximumTurnSaveBytes >> 20) MB", at: time)
        }
        guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
            return showNotice(entry.name + ": only a JPEG can be turned without loss; the turn stays a view turn",
                              at: time)
        }
        let confirmed = turnSaveTrim == TurnSaveTrim(path: entry.path, turn: turn)
        turnSaveTrim = nil
        switch LosslessTurn.turn(jpeg: bytes, by: turn, trim: confirmed) {
        case .turned(let turned):
            writeTurn(turned, over: entry, turn: turn, layout: layout, at: time)
        case .imperfect(let width, let height):
            turnSaveTrim = TurnSaveTrim(path: entry.path, turn: turn)
            let key = keyMap.keyLabel(of: .saveTurn) ?? "the save key"
            showNotice(entry.name + ": its edge is not whole 8/16 px blocks; " + key + " again to save it trimmed to "
                       + "\(width)×\(height)", at: time)
        case .failed(let why):
            showNotice(entry.name + ": not saved: " + why, at: time)
        }
    }

    /// Writes `turned` beside the image, trashes the image, renames the
    /// turned file to its name; any failure undoes what was done.
    private func writeTurn(_ turned: [UInt8], over entry: ImageEntry, turn: ExifOrientation, layout: GalleryLayout,
                           at time: Double) {
        guard let trash = Trash.standard() else {
            return showNotice("No trash: neither XDG_DATA_HOME nor HOME is set", at: time)
        }
        let written: TurnSaveFile.Written
        switch TurnSaveFile.writeBeside(entry.path, bytes: turned) {
        case .success(let file): written = file
        case .failure(let failure): return refuseSave(entry, failure.reason, at: time)
        }
        let original: TrashedFile
        do {
            original = try trash.moveToTrash(entry.path)
        } catch {
            unlink(written.temporaryPath)
            return refuseSave(entry, "cannot move it to the trash: " + error.description, at: time)
        }
        if let failure = TurnSaveFile.install(written, at: entry.path) {
            unlink(written.temporaryPath)
            let back = (try? trash.restore(original)) != nil
            return refuseSave(entry, failure.reason + (back ? "" : "; the original is in the trash"), at: time)
        }
        // The turn is in the pixels now: the view shows the file as it is.
        viewTurns.forget(entry.path)
        gallery.watch?.expectOwn([original])
        trashHistory.record(savedTurn: original, replacedBy: written.identity, from: layout, at: model.currentPage)
        log?.write(.trashed(file: entry.path, trashedAs: original.trashedPath), time: time)
        slotLoader.reload(slot: model.slots.slot(column: 0, row: 0).id)
        showNotice("Saved " + entry.name + " " + Self.describe(turn) + "; the original is in the trash"
                   + (keyMap.keyLabel(of: .undo).map { " — \($0) to undo" } ?? ""), at: time)
    }

    private func refuseSave(_ entry: ImageEntry, _ why: String, at time: Double) {
        StandardError.line(entry.path + ": turn not saved: " + why)
        showNotice(entry.name + ": not saved, left as it was: " + why, at: time)
    }

    /// Undo of a saved turn: the original comes back from the trash over
    /// the turned file (one rename, so the name is never empty), if the
    /// file at its name is still the one the save wrote.
    func undoSavedTurn(_ last: TrashHistory.Entry, turned: TurnSaveFile.FileIdentity, at time: Double) {
        guard let file = last.files.first else { return }
        let name = LexicalPath.lastComponent(file.path)
        guard TurnSaveFile.FileIdentity.of(file.originalPath) == turned else {
            return showNotice("Not put back: " + name + " changed since its turn was saved", at: time)
        }
        guard TurnSaveFile.FileIdentity.of(file.trashedPath) != nil else {
            return showNotice("Not put back: " + name + " is no longer in the trash", at: time)
        }
        guard rename(file.trashedPath, file.originalPath) == 0 else {
            let why = TurnSaveFile.describe(errno, "cannot rename")
            StandardError.line(file.path + ": not put back: " + why)
            return showNotice("Not put back: " + name + ": " + why, at: time)
        }
        unlink(file.infoPath)
        TurnSaveFile.syncFolder(of: file.originalPath)
        trashHistory.restored()
        log?.write(.restored(file: file.path), time: time)
        slotLoader.reload(slot: model.slots.slot(column: 0, row: 0).id)
        showNotice("Put " + name + " back as it was", at: time)
    }
}
