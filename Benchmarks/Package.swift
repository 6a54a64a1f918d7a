// swift-tools-version: 6.2
// Benchmarks for the Pager engine, kept out of the main package so that
// `swift build` / `swift test` never pay for ordo-one/benchmark.
//
//   cd Benchmarks && FOURWAY_INTERNAL_PRODUCTS=1 swift package --scratch-path ../.build-bench benchmark
//
// FOURWAY_INTERNAL_PRODUCTS=1 makes Fourway's Package.swift offer ImageDecoding,
// which DecodeBenchmarks needs and which is not part of the package's public surface.
import PackageDescription

let package = Package(
    name: "FourwayBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Fourway", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PagerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Pager", package: "Fourway"),
            ],
            path: "Benchmarks/PagerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // scripts/bench figure 4: scaled vs full-size JPEG decoding.
        .executableTarget(
            name: "DecodeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ImageDecoding", package: "Fourway"),
            ],
            path: "Benchmarks/DecodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
