import Glibc
import ImageDecoding
import Synchronization

/// Reads the display's ICC profile from the X server, the `_ICC_PROFILE`
/// property (type CARDINAL, format 8) of screen 0's root window (the "ICC
/// Profiles in X" specification; colord, xiccd and the desktops' colour
/// settings set it), and watches it change: a thread of its own waits for
/// `PropertyNotify` on the root window on a second X connection, keeps the
/// new bytes and wakes the loop, which takes them with ``takeChange()``.
///
/// Screen 0 only (`_ICC_PROFILE_1` and on, the other screens', are not read).
/// libX11 is opened with `dlopen` (SDL's X11 back end loads it anyway):
/// nothing links it, and without it or an X display there is no watcher and
/// the display is sRGB. Wayland has no colour-management protocol in Debian
/// 12: under XWayland the root window has no profile.
///
/// ```swift
/// let watcher = DisplayProfileWatcher.start { wakeMainLoop() }
/// let bytes = watcher?.initial ?? []   // [] when the display publishes no profile
/// // each turn of the loop:
/// if let changed = watcher?.takeChange() { /* convert to `changed` from now on */ }
/// ```
final class DisplayProfileWatcher: Sendable {
    /// The profile's bytes when the watcher started; empty without one.
    let initial: [UInt8]
    private let changed = Mutex<[UInt8]?>(nil)

    private init(initial: [UInt8]) {
        self.initial = initial
    }

    /// The profile's bytes after it last changed (empty: removed), once; nil
    /// when it has not changed since the last call.
    func takeChange() -> [UInt8]? {
        changed.withLock { bytes in
            defer { bytes = nil }
            return bytes
        }
    }

    /// Connects to `$DISPLAY`, reads the property now and starts watching
    /// it; `wake` runs on the watcher's thread after each change. Nil when
    /// there is no X display or no libX11. Call it before SDL starts: it
    /// makes libX11 thread-safe (`XInitThreads`), which must come first.
    static func start(wake: @escaping @Sendable () -> Void) -> DisplayProfileWatcher? {
        guard let display = getenv("DISPLAY"), display.pointee != 0, let x = XLibrary.load(),
              let connection = x.openDisplay(nil) else { return nil }
        let root = x.defaultRootWindow(connection)
        let atom = x.internAtom(connection, "_ICC_PROFILE", 0)
        // Listening before the first read, so no change falls in between.
        _ = x.selectInput(connection, root, XLibrary.propertyChangeMask)
        let watcher = DisplayProfileWatcher(initial: x.property(atom, of: root, on: connection))
        let handle = Connection(pointer: connection)
        WorkerThread.start(name: "fw-icc-watch") {
            watcher.watch(handle.pointer, root: root, atom: atom, x: x, wake: wake)
        }
        return watcher
    }

    /// The X connection, handed to the watcher's thread, which alone uses it from then on.
    private struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private func watch(_ connection: OpaquePointer, root: UInt, atom: UInt, x: XLibrary,
                       wake: @Sendable () -> Void) {
        // An XEvent is a union of 24 longs; a PropertyNotify's atom is its sixth word.
        var event = [Int](repeating: 0, count: 24)
        while true {
            event.withUnsafeMutableBytes { _ = x.nextEvent(connection, $0.baseAddress) }
            let type = event.withUnsafeBytes { $0.load(as: Int32.self) }
            guard type == XLibrary.propertyNotify, UInt(bitPattern: event[4]) == root,
                  UInt(bitPattern: event[5]) == atom else { continue }
            let bytes = x.property(atom, of: root, on: connection)
            changed.withLock { $0 = bytes }
            wake()
        }
    }
}

/// The few libX11 functions the watcher needs, looked up with `dlsym`.
private struct XLibrary: @unchecked Sendable {
    static let propertyChangeMask = 1 << 22
    static let propertyNotify: Int32 = 28
    /// The most of a profile read, in 32-bit units (16 MB): calibrated
    /// profiles with lookup tables are a few hundred kB.
    static let longestProfile = 4 << 20

    let openDisplay: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let defaultRootWindow: @convention(c) (OpaquePointer) -> UInt
    let internAtom: @convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32) -> UInt
    let selectInput: @convention(c) (OpaquePointer, UInt, Int) -> Int32
    let nextEvent: @convention(c) (OpaquePointer, UnsafeMutableRawPointer?) -> Int32
    let getWindowProperty: @convention(c) (OpaquePointer, UInt, UInt, Int, Int, Int32, UInt,
                                           UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>,
                                           UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>,
                                           UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Int32

    static func load() -> XLibrary? {
        guard let library = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        typealias InitThreads = @convention(c) () -> Int32
        guard let initThreads = symbol("XInitThreads", as: InitThreads.self),
              let open = symbol("XOpenDisplay", as: (@convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?).self),
              let root = symbol("XDefaultRootWindow", as: (@convention(c) (OpaquePointer) -> UInt).self),
              let intern = symbol("XInternAtom", as: (@convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32) -> UInt).self),
              let select = symbol("XSelectInput", as: (@convention(c) (OpaquePointer, UInt, Int) -> Int32).self),
              let next = symbol("XNextEvent", as: (@convention(c) (OpaquePointer, UnsafeMutableRawPointer?) -> Int32).self),
              let property = symbol("XGetWindowProperty", as: GetWindowProperty.self),
              let free = symbol("XFree", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)
        else { return nil }
        // SDL's connection and this one are used from two threads.
        _ = initThreads()
        return XLibrary(openDisplay: open, defaultRootWindow: root, internAtom: intern, selectInput: select,
                        nextEvent: next, getWindowProperty: property, free: free)
    }

    private typealias GetWindowProperty = @convention(c) (OpaquePointer, UInt, UInt, Int, Int, Int32, UInt,
                                                          UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>,
                                                          UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>,
                                                          UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32

    /// The property's bytes when it is 8-bit data; empty when it is absent
    /// or of another format.
    func property(_ atom: UInt, of window: UInt, on connection: OpaquePointer) -> [UInt8] {
        var type: UInt = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // AnyPropertyType (0); Success is 0.
        let status = getWindowProperty(connection, window, atom, 0, Self.longestProfile, 0, 0,
                                       &type, &format, &count, &after, &data)
        defer { if let data { _ = free(data) } }
        guard status == 0, format == 8, let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
