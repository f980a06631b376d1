// swift-tools-version: 6.1
// A package that uses RxTesting the way an app's tests would, run by
// scripts/check-leak-fixture.sh: one of its tests leaks a subscription and must fail with the
// leak report, the other runs beside it and must pass. The script puts a link to the RxTrace
// package next to this one, as `../RxTrace`.
import PackageDescription

let package = Package(
    name: "LeakCheckFixture",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../RxTrace"),
    ],
    targets: [
        .testTarget(
            name: "LeakCheckFixtureTests",
            dependencies: [
                .product(name: "RxCore", package: "RxTrace"),
                .product(name: "RxTesting", package: "RxTrace"),
            ]
        ),
    ]
)
