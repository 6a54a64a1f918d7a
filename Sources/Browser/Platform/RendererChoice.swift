import Glibc

/// Picks the renderer for `--renderer auto`.
///
/// Under Xvfb the "GPU" renderer is OpenGL on llvmpipe: +100 MB of memory
/// and +50 ms at start for nothing, since it rasterises on the CPU anyway.
/// So `auto` takes the software renderer when SDL's video driver is
/// `dummy`/`offscreen`, when the machine has no GPU render node
/// (`/dev/dri/renderD*`), or when `DISPLAY` is served by a local Xvfb;
/// the GPU renderer (with vsync) otherwise. On Wayland `auto` is always
/// the GPU renderer: SDL's Wayland driver has no window surface of its own
/// (its software renderer presents through OpenGL anyway), and only OpenGL
/// draws in device pixels at a HiDPI output's scale.
///
/// ```swift
/// let facts = RendererChoice.Facts(videoDriver: "x11", hasGPUDevice: false, displayIsXvfb: true)
/// RendererChoice.resolve(.auto, facts)   // .software
/// ```
public enum RendererChoice {
    public enum Kind: String, Sendable, Hashable {
        case gpu, software
    }

    /// What the machine looks like.
    public struct Facts: Sendable, Hashable {
        public var videoDriver: String
        public var hasGPUDevice: Bool
        public var displayIsXvfb: Bool

        public init(videoDriver: String, hasGPUDevice: Bool, displayIsXvfb: Bool) {
            self.videoDriver = videoDriver
            self.hasGPUDevice = hasGPUDevice
            self.displayIsXvfb = displayIsXvfb
        }
    }

    public static func resolve(_ preference: RendererPreference, _ facts: Facts) -> Kind {
        switch preference {
        case .gpu: return .gpu
        case .software: return .software
        case .auto:
            if facts.videoDriver == "wayland" { return .gpu }
            let headless = facts.videoDriver == "dummy" || facts.videoDriver == "offscreen"
            return headless || !facts.hasGPUDevice || facts.displayIsXvfb ? .software : .gpu
        }
    }

    /// Looks at this machine. `videoDriver` is SDL's current video driver.
    public static func facts(videoDriver: String) -> Facts {
        Facts(videoDriver: videoDriver, hasGPUDevice: hasRenderNode(),
              displayIsXvfb: videoDriver == "x11" && isXvfb(display: Browser.environment("DISPLAY")))
    }

    static func hasRenderNode() -> Bool {
        let nodes = entryNames("/dev/dri")
        return nodes.contains { $0.hasPrefix("renderD") }
    }

    /// The display number in `DISPLAY` (`:99`, `:99.0`, `unix:99`); `nil`
    /// for a remote display (`host:0`), which no local process can serve.
    static func displayNumber(_ display: String?) -> Int? {
        guard let display, let colon = display.lastIndex(of: ":") else { return nil }
        let host = display[..<colon]
        guard host.isEmpty || host == "unix" || host == "localhost" else { return nil }
        let rest = display[display.index(after: colon)...]
        return Int(rest.split(separator: ".", maxSplits: 1).first ?? "")
    }

    /// Whether a local `Xvfb` process serves `display`: its command line
    /// names `:N` (or none, which means `:0`).
    static func isXvfb(display: String?) -> Bool {
        guard let number = displayNumber(display) else { return false }
        let processes = entryNames("/proc")
        for pid in processes where pid.allSatisfy(\.isNumber) {
            let data = contents("/proc/" + pid + "/cmdline")
            guard !data.isEmpty else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let program = arguments.first, program.split(separator: "/").last == "Xvfb" else { continue }
            let displays = arguments.dropFirst().filter { $0.hasPrefix(":") }.compactMap { Int($0.dropFirst()) }
            if displays.contains(number) || (displays.isEmpty && number == 0) { return true }
        }
        return false
    }

    /// The names in folder `path` (without `.` and `..`); empty when it cannot be read.
    static func entryNames(_ path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The bytes of file `path` (read to its end, as `/proc` files report no
    /// size); empty when it cannot be read.
    static func contents(_ path: String) -> [UInt8] {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return [] }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
