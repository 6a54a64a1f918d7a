import Glibc

/// The X server's resource string (`XResourceManagerString`: what
/// `xrdb -query` prints, `Xft.dpi` among it), read on a connection of its
/// own. libX11 is opened with `dlopen`, as ``DisplayProfileWatcher`` does:
/// nothing links it.
///
/// ```swift
/// let dpi = XResources.read().flatMap(DisplayScale.xftDPI)   // 192 on a 2× desktop
/// ```
enum XResources {
    /// The resource string of `$DISPLAY`; nil without a display, libX11 or resources.
    static func read() -> String? {
        guard let display = getenv("DISPLAY"), display.pointee != 0,
              let library = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else { return nil }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Resources = @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
        typealias Close = @convention(c) (OpaquePointer) -> Int32
        guard let open = dlsym(library, "XOpenDisplay").map({ unsafeBitCast($0, to: Open.self) }),
              let resources = dlsym(library, "XResourceManagerString").map({ unsafeBitCast($0, to: Resources.self) }),
              let close = dlsym(library, "XCloseDisplay").map({ unsafeBitCast($0, to: Close.self) }),
              let connection = open(nil) else { return nil }
        defer { _ = close(connection) }
        return resources(connection).map { String(cString: $0) }
    }
}
