// swift-tools-version: 6.1
// The benchmarks of issue 3: RxCore against OpenCombine and a hand-written closure baseline,
// allocation counts, the recorder's cost and the report's speed on a large trace.
//
// A package of its own, so that the root package's `swift test` never builds it. Run it with
// `Benchmarks/run.sh` (release builds); see README.md.
import PackageDescription

/// The root package's identity: a `.package(path:)` dependency is named after its folder,
/// whatever the clone is called.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "RxTrace")

let package = Package(
    name: "RxTraceBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // MARK: - Workloads

        // Every workload in three variants (RxCore, OpenCombine, closures), each returning a
        // checksum of what its subscriber received.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "RxCore", package: root),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),

        // MARK: - Allocation counting

        // malloc & co. defined in C, counting with an atomic and forwarding to glibc's
        // `__libc_*`; linked into `rxtrace-bench-allocations` only.
        .target(name: "CAllocationCounter"),

        // MARK: - Executables

        // The runner: times every cell interleaved, runs the allocation counter, the recorder
        // and SQLite measurements and the report on a large trace, and prints one table.
        .executableTarget(
            name: "rxtrace-bench",
            dependencies: [
                "Workloads",
                .product(name: "RxCore", package: root),
                .product(name: "RxTrace", package: root),
            ]
        ),
        // Counts heap allocations per operation of each workload; the runner starts it.
        .executableTarget(
            name: "rxtrace-bench-allocations",
            dependencies: ["Workloads", "CAllocationCounter"]
        ),
    ]
)
