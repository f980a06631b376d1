// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer target over the trace readers. `scripts/fuzz.sh` builds it in a scratch folder,
// next to a link named RxTrace to this repository and with copies of the fuzz test's
// TraceDamage.swift, FuzzCase.swift and ReaderCheck.swift beside Fuzzer.swift, using
// `-sanitize=fuzzer,address`; see Documentation/Fuzzing.md.
let package = Package(
    name: "TraceFuzzer",
    dependencies: [
        .package(path: "../RxTrace"),
    ],
    targets: [
        // Declares libFuzzer's driver, which the fuzz target's entry point calls.
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "rxtrace-fuzz",
            dependencies: ["CFuzzerDriver", .product(name: "RxTrace", package: "RxTrace")]
        ),
    ]
)
