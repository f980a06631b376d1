// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RxTrace",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxTrace", targets: ["RxTrace"]),
        .library(name: "RxTesting", targets: ["RxTesting"]),
        .library(name: "RxExamples", targets: ["RxExamples"]),
        // The same modules under RxSwift's names, for code that should compile unchanged.
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxCocoa", targets: ["RxCocoa"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        .executable(name: "rxtrace", targets: ["rxtrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: - System library

        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // MARK: - Libraries

        .target(name: "RxCore", dependencies: ["CRxCore"]),
        // RxCore's C: the return addresses of the code that called an entry point (onNext,
        // dispose()), which a trace turns into the user's line.
        .target(name: "CRxCore"),
        // RxSwift's RxRelay as a module of its own, so `import RxRelay` stays as it is.
        .target(name: "RxRelay", dependencies: ["RxCore"]),
        .target(name: "RxTrace", dependencies: ["RxCore", "CSQLite", "CRxTrace"]),
        // RxTrace's C: the load-time constructor behind RXTRACE_FILE, and gettid.
        .target(name: "CRxTrace"),
        .target(name: "RxExamples", dependencies: ["RxCore", "RxRelay"]),
        .target(name: "RxTesting", dependencies: ["RxCore", "RxTrace"]),

        // RxSwift's module names, each re-exporting what it maps to (README, "Using it from
        // your package"): `RxSwift.Observable` resolves, and no import line has to change.
        .target(name: "RxSwift", dependencies: ["RxCore"]),
        .target(name: "RxCocoa", dependencies: ["RxCore", "RxRelay"]),
        .target(name: "RxTest", dependencies: ["RxTesting"]),
        .target(name: "RxBlocking", dependencies: ["RxTesting"]),

        // MARK: - Command-line tool

        .executableTarget(
            name: "rxtrace",
            dependencies: [
                "RxCore", "RxTrace", "RxExamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Test fixtures

        // A small program the recorder tests run as a child process: it records through
        // `RXTRACE_FILE` or `record(to:)` and then ends normally, by `exit`, by `fatalError` or
        // by a signal, so the tests can open what it left behind.
        .executableTarget(
            name: "rxtrace-fixture",
            dependencies: ["RxCore", "RxTrace"],
            path: "Tests/Fixtures/rxtrace-fixture"
        ),

        // A small app written as RxSwift apps are (view models with relays, a Driver,
        // flatMapLatest to a Single, a bag per owner), with each classic leak in it: RxTraceTests'
        // ClassicLeakTests record each one and read its leak report. A target, not a package
        // of its own, so that nothing is built twice.
        .target(
            name: "LeakFixtureApp",
            dependencies: ["RxCore", "RxRelay"],
            path: "Tests/Fixtures/LeakFixtureApp"
        ),

        // MARK: - Tests

        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTesting", "RxTrace"]),
        .testTarget(
            name: "RxRelayTests",
            dependencies: ["RxCore", "RxRelay", "RxTesting", "RxTrace", "RxSwift", "RxCocoa", "RxTest", "RxBlocking"]
        ),
        .testTarget(name: "RxTestingTests", dependencies: ["RxCore", "RxTrace", "RxTesting"]),
        .testTarget(
            name: "RxTraceTests",
            dependencies: ["RxCore", "RxRelay", "RxTrace", "RxTesting", "rxtrace-fixture", "LeakFixtureApp"],
            // Read from the source tree by path, not bundled.
            exclude: ["Fuzz/Regressions", "Rendering/Snapshots", "Rendering/RxSwift-6.10.2-files.txt"]
        ),
        .testTarget(name: "RxExamplesTests", dependencies: ["RxCore", "RxTrace", "RxExamples"]),
        .testTarget(name: "RxTraceCLITests", dependencies: ["rxtrace", "RxTrace"], exclude: ["Snapshots"]),
    ]
)
