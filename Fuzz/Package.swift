// swift-tools-version: 6.2
// libFuzzer targets for Fourway, kept out of the main package so that
// `swift build` / `swift test` never build them (they only link with
// `-sanitize=fuzzer`, which supplies `main`).
//
//   scripts/fuzz [SECONDS]          # builds, runs the five targets, reports
//
// or by hand:
//
//   cd Fuzz && FOURWAY_INTERNAL_PRODUCTS=1 swift build --scratch-path ../.build-fuzz -c release --sanitize fuzzer \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   ../.build-fuzz/release/fuzz-engine -max_len=2048 Seeds/fuzz-engine
//   ../.build-fuzz/release/fuzz-decoders -max_len=65536 -rss_limit_mb=2048 -malloc_limit_mb=1024 Seeds/fuzz-decoders
//
// `--sanitize fuzzer` stops SwiftPM renaming `main` (libFuzzer brings its
// own); the one -sanitize=fuzzer,address flag is what swiftc actually uses.
// FOURWAY_INTERNAL_PRODUCTS=1 makes Fourway's Package.swift offer ImageDecoding
// (fuzz-headers and fuzz-decoders need it), which is not part of the package's public surface.
import PackageDescription

let package = Package(
    name: "FourwayFuzz",
    dependencies: [
        .package(name: "Fourway", path: ".."),
    ],
    targets: [
        // The engine: bytes become a host session, invariants after every call.
        .executableTarget(
            name: "fuzz-engine",
            dependencies: [.product(name: "Pager", package: "Fourway")]
        ),
        // Our own parsers of untrusted bytes: content sniffing, header sizes, JPEG markers, EXIF.
        .executableTarget(
            name: "fuzz-headers",
            dependencies: [.product(name: "ImageDecoding", package: "Fourway")]
        ),
        // Whole files through every decoder of the registry, with the real libraries.
        .executableTarget(
            name: "fuzz-decoders",
            dependencies: [.product(name: "ImageDecoding", package: "Fourway")]
        ),
        // Baseline JPEG DC on one and two threads (jpeg_parallel_dc.c), and libjpeg cut mid-scan
        // (jpeg_entropy_split.c): equal results, no memory errors.
        .executableTarget(
            name: "fuzz-jpeg-dc",
            dependencies: [.product(name: "ImageDecoding", package: "Fourway")]
        ),
        // The engine's C interface (fourway/pager.h) with hostile doubles and integers.
        .executableTarget(
            name: "fuzz-pager-c",
            dependencies: [.product(name: "fourway-pager", package: "Fourway")]
        ),
    ]
)
