import CSDL2
import Foundation
import Gallery
import ImageDecoding
import Pager
import Testing
import TestFixtures
@testable import Browser

/// The player on SDL's software renderer with a real worker thread: the
/// time it is given is made up (no clock), and each step waits, by polling,
/// for the worker to have what it needs, so nothing depends on speed.
@Suite("Animation player", .serialized)
struct AnimationPlayerTests {
    static let width = 400
    static let height = 250

    /// A row of an animated GIF (red, green, blue; 100 ms each, forever)
    /// then a still GIF, in a fresh folder.
    final class Row {
        let folder: String
        let catalog: PageCatalog
        let animated: String

        init() throws {
            let folder = NSTemporaryDirectory() + "fourway-anim-\(getpid())-\(UUID().uuidString.prefix(8))"
            self.folder = folder
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            animated = folder + "/a.gif"
            try Data(Self.gif(frames: [0, 1, 2])).write(to: URL(fileURLWithPath: folder + "/a.gif"))
            try Data(Self.gif(frames: [0])).write(to: URL(fileURLWithPath: folder + "/b.gif"))
            let entries = ["a.gif", "b.gif"].map { ImageEntry(path: folder + "/" + $0, name: $0, album: nil) }
            let contents = FolderContents(root: folder, title: "anim", looseImages: entries, albums: [], skipped: 0)
            catalog = .folder(GalleryLayout(contents: contents, style: .row), title: "anim")
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// A 40×20 GIF89a, one frame per palette index (0 red, 1 green, 2 blue),
        /// 10 cs each, looping; LZW with a clear code every two pixels.
        static func gif(frames: [Int]) -> [UInt8] {
            let le16 = ImageFixtures.le16
            var out = Array("GIF89a".utf8) + le16(40) + le16(20) + [0x91, 0, 0]
            out += [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
            for index in frames {
                out += [0x21, 0xF9, 4, 0, 10, 0, 0, 0, 0x2C] + le16(0) + le16(0) + le16(40) + le16(20) + [0, 2]
                out += ImageFixtures.subBlocks(ImageFixtures.lzw(Array(repeating: index, count: 40 * 20)))
                out.append(0)
            }
            return out + [0x3B]
        }
    }

    /// Calls `update` at `time` until `done` or 10 s of real time pass.
    static func update(_ player: AnimationPlayer, _ canvas: OffscreenCanvas, _ model: PagerModel, _ row: Row,
                       at time: Double, until done: () -> Bool) -> Bool {
        for _ in 0..<1000 {
            player.update(model: model, catalog: row.catalog, contents: canvas.contents,
                          generations: [Int](repeating: 0, count: SlotPool.capacity),
                          pageSize: (width, height), turns: ViewTurns(file: nil), held: false, time: time)
            if done() { return true }
            usleep(10_000)
        }
        return false
    }

    /// The slot on screen showing `path`'s still, as the slot loader leaves it.
    static func showStill(_ path: String, in canvas: OffscreenCanvas, slot: Int) throws {
        let still = try ImageDecoder.decodeFile(path, maxWidth: width, maxHeight: height)
        #expect(canvas.contents.setImage(slot, still))
    }

    static func centre(_ canvas: OffscreenCanvas, _ model: PagerModel) -> UInt32 {
        canvas.draw(model)
        return canvas.readPixels()[(height / 2) * width + width / 2] & 0xFFFFFF
    }

    @Test func hudCountsTheFrameOnScreen() throws {
        let row = try Row()
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 2,
                               verticalPages: 1)
        try Self.showStill(row.animated, in: canvas, slot: model.slots.slot(column: 0, row: 0).id)
        let player = AnimationPlayer(log: nil) {}
        defer { player.shutdown() }
        #expect(Self.update(player, canvas, model, row, at: 0) { player.hudLine == "frame 1/3" })
        #expect(Self.update(player, canvas, model, row, at: 0.1) { player.hudLine == "frame 2/3" })
        #expect(Self.update(player, canvas, model, row, at: 0.2) { player.hudLine == "frame 3/3" })
        #expect(Self.update(player, canvas, model, row, at: 0.35) { player.hudLine == "frame 1/3" })
    }

    @Test func dueFrameReplacesThePagesPicture() throws {
        let row = try Row()
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 2,
                               verticalPages: 1)
        try Self.showStill(row.animated, in: canvas, slot: model.slots.slot(column: 0, row: 0).id)
        let player = AnimationPlayer(log: nil) {}
        defer { player.shutdown() }
        #expect(Self.update(player, canvas, model, row, at: 0) { player.hudLine != nil })
        #expect(Self.centre(canvas, model) == 0xFF0000)
        #expect(Self.update(player, canvas, model, row, at: 0.1) { player.hudLine == "frame 2/3" })
        #expect(Self.centre(canvas, model) == 0x00FF00)
    }

    @Test func pausedByTheKeyNoFrameComesUntilToggledAgain() throws {
        let row = try Row()
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 2,
                               verticalPages: 1)
        try Self.showStill(row.animated, in: canvas, slot: model.slots.slot(column: 0, row: 0).id)
        let player = AnimationPlayer(log: nil) {}
        defer { player.shutdown() }
        #expect(Self.update(player, canvas, model, row, at: 0) { player.hudLine != nil })
        #expect(player.toggle(time: 0.05) == "Animation paused")
        var calls = 0
        _ = Self.update(player, canvas, model, row, at: 5) { calls += 1; return calls == 20 }
        #expect(player.hudLine == "frame 1/3 (paused)")
        #expect(player.toggle(time: 5) == "Animation playing")
        // What was left of frame 0's delay (50 ms) counts from the resume.
        #expect(player.wait(at: 5).map { abs($0 - 0.05) < 1e-9 } == true)
        #expect(Self.update(player, canvas, model, row, at: 5.05) { player.hudLine == "frame 2/3" })
    }

    @Test func stillPageHasNoAnimation() throws {
        let row = try Row()
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        var model = PagerModel(pageWidth: Double(Self.width), pageHeight: Double(Self.height), horizontalPages: 2,
                               verticalPages: 1)
        _ = model.apply(.go(PageIndex(h: 1, v: 0), animated: false), time: 0)
        model.advance(to: 0)
        #expect(model.currentPage == PageIndex(h: 1, v: 0))
        try Self.showStill(row.folder + "/b.gif", in: canvas, slot: model.slots.slot(column: 0, row: 0).id)
        let player = AnimationPlayer(log: nil) {}
        defer { player.shutdown() }
        var calls = 0
        _ = Self.update(player, canvas, model, row, at: 0) { calls += 1; return calls == 30 }
        #expect(player.hudLine == nil)
        #expect(player.wait(at: 0) == nil)
        #expect(player.toggle(time: 0) == "No animation plays on this page")
    }
}
