import Foundation
@testable import RxTrace
import XCTest

final class AutostartTests: RxTraceTestCase {
    func testRXTRACE_FILE_programWithoutRecordingCode_isRecordedUntilExit() throws {
        let path = Fixture.temporaryTracePath("environment")
        XCTAssertEqual(try Fixture.run(["environment"], environment: ["RXTRACE_FILE": path]), .exited(0))
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.column("SELECT program || ' ' || end_reason FROM run"), ["rxtrace-fixture exited"])
        XCTAssertEqual(try trace.column("SELECT name FROM thread"), ["main"])
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM subscription WHERE end_kind = 'completed'"), 2)
        XCTAssertEqual(try trace.column("SELECT value FROM event WHERE kind = 'next' ORDER BY id"), ["1", "2", "1"])
    }

    func testRXTRACE_FILE_swiftTestsListingRun_recordsNothing() throws {
        let path = Fixture.temporaryTracePath("listing")
        XCTAssertEqual(
            try Fixture.run(["environment", "--dump-tests-json"], environment: ["RXTRACE_FILE": path]), .exited(0)
        )

        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the listing would replace the tests' trace")
    }

    func testRXTRACE_FILE_swiftTestingRun_recordsBesideTheXCTestRunsTrace() throws {
        let path = Fixture.temporaryTracePath("swift-testing")
        let sibling = String(path.dropLast(".sqlite".count)) + ".swift-testing.sqlite"
        try? FileManager.default.removeItem(atPath: sibling)
        defer { try? FileManager.default.removeItem(atPath: sibling) }

        XCTAssertEqual(try Fixture.run(["environment"], environment: ["RXTRACE_FILE": path]), .exited(0))
        XCTAssertEqual(
            try Fixture.run(["environment", "--testing-library", "swift-testing"], environment: ["RXTRACE_FILE": path]),
            .exited(0)
        )

        XCTAssertEqual(try Database(path: path, mode: .readOnly).integer("SELECT count(*) FROM subscription"), 2)
        XCTAssertEqual(try Database(path: sibling, mode: .readOnly).integer("SELECT count(*) FROM subscription"), 2)
    }

    func testAutostartRun_tellsTheRunsOfSwiftTestApart() {
        XCTAssertEqual(AutostartRun(arguments: ["app"]).tracePath(for: "t.sqlite"), "t.sqlite")
        XCTAssertEqual(AutostartRun(arguments: ["Tests.xctest", "Tests.A/testB"]).tracePath(for: "t.sqlite"), "t.sqlite")
        XCTAssertNil(AutostartRun(arguments: ["Tests.xctest", "--dump-tests-json"]).tracePath(for: "t.sqlite"))
        XCTAssertNil(AutostartRun(arguments: ["Tests.xctest", "--list-tests"]).tracePath(for: "t.sqlite"))
        let swiftTesting = AutostartRun(arguments: ["Tests.xctest", "--testing-library", "swift-testing"])
        XCTAssertEqual(swiftTesting.tracePath(for: "/tmp/run.d/t.sqlite"), "/tmp/run.d/t.swift-testing.sqlite")
        XCTAssertEqual(swiftTesting.tracePath(for: "trace"), "trace.swift-testing")
    }

    func testRXTRACE_VALUES_0_programRecordedFromTheEnvironment_hasNoElementValues() throws {
        let path = Fixture.temporaryTracePath("environment-values")
        XCTAssertEqual(
            try Fixture.run(["environment"], environment: ["RXTRACE_FILE": path, "RXTRACE_VALUES": "0"]), .exited(0)
        )
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.integer("SELECT is_recording_values FROM run"), 0)
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM event WHERE kind = 'next'"), 3)
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM event WHERE value IS NOT NULL"), 0)
    }

    func testTopLevelDisposeBagInMainSwift_holdsItsSubscriptionUntilExit_andTheReportSaysItIsNoLeak() throws {
        let path = Fixture.temporaryTracePath("global-bag")
        XCTAssertEqual(try Fixture.run(["global-bag"], environment: ["RXTRACE_FILE": path]), .exited(0))
        let reader = try TraceReader(path: path)

        let report = try LeakFinder(reader: reader).report()
        let text = LeakReportRenderer().render(report)

        XCTAssertTrue(report.isEmpty, text)
        XCTAssertEqual(report.aliveAtExit?.map(\.madeAt.file), ["rxtrace_fixture/main.swift"])
        XCTAssertEqual(report.aliveAtExit?.first?.subscriptions.count, 1)
        XCTAssertTrue(text.contains("No leaks: every subscription ended or is held by a global's DisposeBag"), text)
        XCTAssertTrue(text.contains("Alive at exit by design, not leaks"), text)
        XCTAssertTrue(text.contains("DisposeBag #1 made at rxtrace_fixture/main.swift:"), text)
        XCTAssertTrue(
            text.contains("  verdict        global by design: a global's DisposeBag holds them until the program exits"),
            "what the bag holds carries a verdict too: \(text)")
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertTrue(page.contains("<h3>Alive at exit by design</h3>"), "the page keeps them apart too")
        XCTAssertFalse(page.contains("class=\"has-leaks\""))
    }
}
