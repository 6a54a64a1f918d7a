// swift-tools-version: 6.2
// Fourway: an infinite four-direction pager engine (Pager, and its C interface
// fourway-pager) and the SDL2 image browser built on it (fourway).
// Licensed under the Apache License, Version 2.0 (see LICENSE).
//
// Platforms: Pager imports nothing, not even Foundation, and is meant for every
// platform Swift 6.2 runs on (it needs 6.2 for InlineArray: on Apple platforms
// that is macOS/iOS/tvOS/watchOS/visionOS 26). It is built and tested here on
// Linux (x86_64; debug, release, and Embedded Swift with -Osize: see
// Tests/embedded/run). The C interface and the browser are Linux only.
import PackageDescription

/// ImageDecoding (the decoders) and Gallery (folders, layouts, loading) are
/// not API: they are library products only for the fuzz and benchmark
/// packages (Fuzz/, Benchmarks/), whose scripts set FOURWAY_INTERNAL_PRODUCTS=1.
/// A package depending on Fourway sees Pager and fourway-pager.
let internalProducts: [Product] = Context.environment["FOURWAY_INTERNAL_PRODUCTS"] == "1"
    ? [.library(name: "ImageDecoding", targets: ["ImageDecoding"]), .library(name: "Gallery", targets: ["Gallery"])]
    : []

let package = Package(
    name: "Fourway",
    products: internalProducts + [
        // The engine: pure Swift, no dependencies, embeddable in any render loop.
        .library(name: "Pager", targets: ["Pager"]),
        // The engine for C and every language that calls C: `fourway/pager.h`
        // (Sources/CFourwayPager/include). `scripts/install-pager` builds the same
        // sources with Embedded Swift as libfourway-pager.so and .a (no runtime needed).
        .library(name: "fourway-pager", type: .dynamic, targets: ["FourwayPager"]),
        // Drives the engine from a JSON Lines script and prints its events.
        .executable(name: "pager-replay", targets: ["pager-replay"]),
        // The SDL2 image browser.
        .executable(name: "fourway", targets: ["fourway"]),
        // Its sandboxed decoder process, installed beside it: without SDL2,
        // it starts in a third of the browser's time.
        .executable(name: "fourway-decoder", targets: ["fourway-decoder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // `swift package generate-documentation` for Pager's DocC catalogue (scripts/docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Pager",
            // The toolchain lowers squareRoot() and rounded() to libm calls on
            // Linux; declare it so a Foundation-free embedder links too.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The C interface's header (and the layout checks of its types).
        .target(name: "CFourwayPager"),
        // The C interface's functions, `@_cdecl` over `PagerModel`.
        .target(name: "FourwayPager", dependencies: ["Pager", "CFourwayPager"]),
        .executableTarget(
            name: "pager-replay",
            dependencies: [
                "Pager",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // SDL2's headers. Not linked here (no pkgConfig, whose libs would be
        // linked into every program that imports it): the browser's targets
        // link SDL2; ImageDecoding opens it with dlopen when SDL_image is
        // first used (shim.h), so the decoder process starts without it.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // libexif, for the image-information panel's camera, exposure and GPS fields.
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // HEIC/HEIF and AVIF (libheif, with libde265 and dav1d/aom behind it),
        // loaded when first used (Sources/CHeif/shim.h); its header is in the
        // multiarch include folder the compiler searches anyway.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        // JPEG XL (libjxl and its thread pool). No pkgConfig: libjxl.pc's cflags
        // carry -D flags SwiftPM refuses (with a warning per build); the headers
        // are in /usr/include.
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        // Camera raw files (LibRaw, its thread-safe libraw_r), loaded when first
        // used (Sources/CRaw/shim.h); its headers are in /usr/include/libraw.
        .systemLibrary(name: "CRaw", providers: [.apt(["libraw-dev"])]),
        // SVG (librsvg, drawing with cairo), loaded when first used; its few
        // declarations are in Sources/CRsvg/shim.h, so no header is needed.
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-2"])]),
        // Embedded ICC profiles converted to sRGB.
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // Animated GIF frames (giflib has no pkg-config file in Debian 12).
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // Animated WebP frames and WebP's ICC chunk (libwebpdemux).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // PNG, TIFF and progressive JPEG read row by row and averaged down as
        // they stream (C: libpng reports errors with longjmp); a baseline
        // JPEG's scan read on two cores (its DC image, libjpeg's decode cut mid-scan).
        .target(
            name: "CStreamDecoders",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("tiff"), .linkedLibrary("jpeg"), .linkedLibrary("m")]
        ),
        // Image files to fitted, upright sRGB pixels: sniffing, header checks,
        // one decoder per format behind ImageFormatDecoder, in a DecoderRegistry;
        // animations' frames, colour profiles, regions. Needs no Pager.
        .target(name: "ImageDecoding", dependencies: ["CSDL2", "CTurboJPEG", "CHeif", "CJXL", "CRaw", "CRsvg", "CLCMS2", "CGIF",
                                                      "CWebP", "CStreamDecoders"]),
        // Folders, layouts, loading, thumbnails, trash, the information panel:
        // everything about images that is neither decoding nor drawing.
        // CTurboJPEG encodes the thumbnail cache; CExif reads the panel's EXIF.
        .target(name: "Gallery", dependencies: ["Pager", "ImageDecoding", "CTurboJPEG", "CExif"]),
        // The decoder process's kernel plumbing: descriptors over a Unix
        // socket, sealed memfds, namespaces, Landlock and a seccomp filter
        // (libseccomp).
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // Decoding in sandboxed decoder processes: the pool the browser
        // uses, and the process's own side (docs/SECURITY.md). Gallery: the
        // process reads the information panel's content (ImageInfo) too.
        .target(name: "IsolatedDecoding", dependencies: ["ImageDecoding", "Gallery", "CSandbox", "CStreamDecoders", "CMalloc"]),
        // The decoder process as a program of its own (Sources/fourway-decoder).
        .executableTarget(name: "fourway-decoder", dependencies: ["IsolatedDecoding"]),
        // The touchpad beside SDL: Wayland's wl_pointer and pointer-gestures
        // pinch on SDL's wl_display, X11's XInput 2 valuators and pinch on a
        // second connection (Sources/CTouchpadInput/README.md).
        .target(
            name: "CTouchpadInput",
            linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("X11"), .linkedLibrary("Xi"),
                             .linkedLibrary("pthread")]
        ),
        // The X screen saver's suspension lifted after SDL_EnableScreenSaver,
        // which without a D-Bus session bus leaves it
        // (Sources/CScreenSaver/include/screen_saver.h).
        .target(name: "CScreenSaver", linkerSettings: [.linkedLibrary("X11")]),
        // The SDL shell: window, event loop, textures, drawing, HUD.
        .target(name: "Browser", dependencies: ["Pager", "ImageDecoding", "IsolatedDecoding", "Gallery", "CSDL2",
                                                "CTouchpadInput", "CScreenSaver"],
                linkerSettings: [.linkedLibrary("SDL2")]),
        // glibc's malloc tuning for the browser's large pixel buffers.
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "fourway",
            dependencies: [
                "Browser",
                "ImageDecoding",
                "IsolatedDecoding",
                "Gallery",
                "Pager",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test images made by real encoders, and temporary folders, for the
        // decoders' and Gallery's tests.
        .target(name: "TestFixtures", dependencies: ["CSDL2", "CTurboJPEG", "CLCMS2"], path: "Tests/TestFixtures",
                linkerSettings: [.linkedLibrary("SDL2")]),
        .testTarget(name: "ImageDecodingTests",
                    dependencies: ["ImageDecoding", "TestFixtures", "CSDL2", "CTurboJPEG", "CLCMS2", "CGIF", "CWebP",
                                   "CStreamDecoders"]),
        .testTarget(name: "IsolatedDecodingTests",
                    dependencies: ["IsolatedDecoding", "ImageDecoding", "Gallery", "CSandbox", "TestFixtures"]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "ImageDecoding", "TestFixtures"]),
        .testTarget(name: "FourwayPagerTests", dependencies: ["FourwayPager", "CFourwayPager", "Pager"]),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "ImageDecoding", "Gallery", "Pager", "TestFixtures",
                                                       "CTouchpadInput"]),
        .testTarget(
            name: "PagerTests",
            dependencies: [
                "Pager",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
