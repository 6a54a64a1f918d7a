import Foundation
import Pager
import Testing
@testable import Browser

@Suite("Renderer choice, event log, titles")
struct SessionPartsTests {
    @Test("auto takes software when headless, under Xvfb or without a GPU; gpu otherwise")
    func rendererChoice() {
        func facts(_ driver: String, gpu: Bool, xvfb: Bool) -> RendererChoice.Facts {
            RendererChoice.Facts(videoDriver: driver, hasGPUDevice: gpu, displayIsXvfb: xvfb)
        }
        #expect(RendererChoice.resolve(.auto, facts("x11", gpu: true, xvfb: false)) == .gpu)
        #expect(RendererChoice.resolve(.auto, facts("wayland", gpu: true, xvfb: false)) == .gpu)
        #expect(RendererChoice.resolve(.auto, facts("x11", gpu: true, xvfb: true)) == .software)
        #expect(RendererChoice.resolve(.auto, facts("x11", gpu: false, xvfb: false)) == .software)
        #expect(RendererChoice.resolve(.auto, facts("dummy", gpu: true, xvfb: false)) == .software)
        #expect(RendererChoice.resolve(.gpu, facts("x11", gpu: false, xvfb: true)) == .gpu)
        #expect(RendererChoice.resolve(.software, facts("x11", gpu: true, xvfb: false)) == .software)
        // Wayland: OpenGL even without a render node (Mesa's llvmpipe); its
        // software renderer presents through OpenGL anyway.
        #expect(RendererChoice.resolve(.auto, facts("wayland", gpu: false, xvfb: false)) == .gpu)
        #expect(RendererChoice.resolve(.software, facts("wayland", gpu: false, xvfb: false)) == .software)
    }

    @Test("DISPLAY numbers: local forms only")
    func displayNumbers() {
        #expect(RendererChoice.displayNumber(":99") == 99)
        #expect(RendererChoice.displayNumber(":0.0") == 0)
        #expect(RendererChoice.displayNumber("unix:3") == 3)
        #expect(RendererChoice.displayNumber("remote:0") == nil)
        #expect(RendererChoice.displayNumber(nil) == nil)
        #expect(RendererChoice.displayNumber("") == nil)
    }

    @Test("The event log writes engine events in the replay format and browser lines in the same style")
    func eventLog() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fourway-log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let log = try EventLog(path: path)
            log.write(PagerEvent(time: 0.25, kind: .pageChanged(from: PageIndex(h: 0, v: 0), to: PageIndex(h: 1, v: 0))))
            log.write(.firstFrame, time: 0.1234567)
            log.write(.notice(text: "a \"quoted\"\nline\\"), time: 2)
            log.flush()
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            {"t":0.25,"event":"page-changed","from":[0,0],"to":[1,0]}
            {"t":0.123457,"event":"first-frame"}
            {"t":2,"event":"notice","text":"a \\"quoted\\"\\nline\\\\"}

            """)
        for line in text.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
    }

    @Test("An unwritable events file is a clear failure")
    func unwritableLog() {
        #expect(throws: BrowserFailure.self) { try EventLog(path: "/nonexistent-dir/events.jsonl") }
    }

    @Test("A folder's entries are listed without . and ..; a missing folder has none")
    func folderEntriesAreListed() {
        #expect(RendererChoice.entryNames("/proc").contains("self"))
        #expect(!RendererChoice.entryNames("/proc").contains("."))
        #expect(RendererChoice.entryNames("/nonexistent-dir").isEmpty)
    }

    @Test("A /proc file, which reports no size, is read to its end")
    func procFileIsReadWhole() {
        #expect(RendererChoice.contents("/proc/self/cmdline").count > 1)
    }
}
