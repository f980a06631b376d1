import Foundation
@testable import RxTrace
import XCTest

/// Each test runs `rxtrace-fixture` in a child process, ends it one way, and opens the trace
/// it left behind.
final class TerminationTests: RxTraceTestCase {
    /// The work every fixture mode does: two completed subscriptions.
    private func assertHoldsTheFixturesWork(_ trace: Database, file: StaticString = #filePath, line: UInt = #line) throws {
        // The subscribe lines were captured as stacks: a run cut short never wrote their lines
        // into the file, and a reader finds them in memory.
        let reader = try TraceReader(database: trace)
        XCTAssertEqual(
            try reader.database.column(
                "SELECT file || ' ' || ifnull(end_kind, 'open') FROM subscription ORDER BY id LIMIT 2"),
            ["rxtrace_fixture/main.swift completed", "rxtrace_fixture/main.swift completed"], file: file, line: line
        )
        XCTAssertGreaterThan(try trace.integer("SELECT count(*) FROM call"), 30, file: file, line: line)
        XCTAssertGreaterThanOrEqual(
            try trace.integer("SELECT record_count FROM run"),
            try trace.integer(
                """
                SELECT (SELECT count(*) FROM object) + (SELECT count(*) FROM object WHERE end_ts IS NOT NULL)
                    + (SELECT 2 * count(*) FROM call WHERE dur IS NOT NULL) + (SELECT count(*) FROM call WHERE dur IS NULL)
                    + (SELECT count(*) FROM event) + (SELECT count(*) FROM subscription)
                    + (SELECT count(*) FROM subscription WHERE disposable_object_id IS NOT NULL)
                    + (SELECT count(*) FROM subscription WHERE end_kind IS NOT NULL)
                """
            ),
            "record_count counts every record written: each row, each end, and disposals",
            file: file, line: line
        )
    }

    func testFinish_childStopsTheRecording_traceEndsFinished() throws {
        let path = Fixture.temporaryTracePath("child-finish")
        XCTAssertEqual(try Fixture.run(["finish", path]), .exited(0))
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.column("SELECT program || ' ' || end_reason FROM run"), ["fixture-finish finished"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        try assertHoldsTheFixturesWork(trace)
    }

    func testExit_childCallsExitWhileRecording_traceEndsExitedAndComplete() throws {
        let path = Fixture.temporaryTracePath("child-exit")
        XCTAssertEqual(try Fixture.run(["exit", path]), .exited(0))
        let trace = try Database(path: path, mode: .readOnly)
        let run = try XCTUnwrap(try trace.rows("SELECT * FROM run").first)

        XCTAssertEqual(run.text("end_reason"), "exited")
        XCTAssertNotEqual(run["end_ts"], .null)
        XCTAssertNotEqual(run["resources_total_end"], .null)
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'call_parent'"), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        try assertHoldsTheFixturesWork(trace)
    }

    func testFatalError_insideOnNext_traceIsReadableSaysSIGILLAndKeepsTheOpenCalls() throws {
        let path = Fixture.temporaryTracePath("child-fatal")
        XCTAssertEqual(try Fixture.run(["fatal", path]), .signaled(SIGILL), "fatalError traps with SIGILL on x86-64")
        let trace = try Database(path: path, mode: .readOnly)
        let run = try XCTUnwrap(try trace.rows("SELECT * FROM run").first)

        XCTAssertEqual(run.text("end_reason"), "signal")
        XCTAssertEqual(run.text("signal_name"), "SIGILL")
        XCTAssertEqual(run["end_ts"], .null, "a run cut short has no end time")
        XCTAssertEqual(run["resources_total_end"], .null)
        try assertHoldsTheFixturesWork(trace)
        XCTAssertEqual(
            try trace.column("SELECT ifnull(end_kind, 'open') FROM subscription WHERE id = 3"),
            ["open"], "the subscription whose onNext crashed never ended"
        )
        XCTAssertEqual(
            try trace.column("SELECT name FROM call_flow WHERE dur IS NULL ORDER BY depth LIMIT 1"),
            ["subscribe(onNext:onError:onCompleted:onDisposed:)"],
            "the calls open at the crash are written, with no duration, outermost first"
        )
    }

    func testFatalError_theReportOfTheTraceSaysItWasCutShortAndShowsTheOpenSubscription() throws {
        let path = Fixture.temporaryTracePath("child-fatal-report")
        XCTAssertEqual(try Fixture.run(["fatal", path]), .signaled(SIGILL))

        let report = try TextReportRenderer.standardReport(ofTraceAt: path)

        let summary = try XCTUnwrap(report.split(separator: "\n").first)
        XCTAssertTrue(summary.hasSuffix("cut short by SIGILL"), String(summary))
        XCTAssertTrue(report.contains("Subscription #3 to "), report)
        XCTAssertTrue(report.contains("subscribed at  rxtrace_fixture/main.swift:"), report)
    }

    func testSIGTERM_whileRecording_traceIsReadableAndSaysSIGTERM() throws {
        let path = Fixture.temporaryTracePath("child-signal")
        XCTAssertEqual(try Fixture.run(["signal", path]), .signaled(SIGTERM), "the signal still ends the process")
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.column("SELECT end_reason || ' ' || signal_name FROM run"), ["signal SIGTERM"])
        try assertHoldsTheFixturesWork(trace)
    }

    func testSIGTERM_whileThreeThreadsProduceNonstop_traceIsCompletedWithoutDeadlock() throws {
        let path = Fixture.temporaryTracePath("child-busy")
        XCTAssertEqual(try Fixture.run(["busy", path]), .signaled(SIGTERM))
        let trace = try Database(path: path, mode: .readOnly)

        // Leaving WAL is the writer's last step: a handler that stopped waiting first would
        // have let the signal end the process with the trace still in WAL mode. (Read from the
        // trace, not from the clock: the run's wall time moves with the machine's load.)
        XCTAssertEqual(try trace.column("PRAGMA journal_mode"), ["delete"], "the handler waited for the whole end")
        XCTAssertEqual(try trace.column("SELECT end_reason || ' ' || signal_name FROM run"), ["signal SIGTERM"])
        XCTAssertGreaterThan(try trace.integer("SELECT count(*) FROM subscription WHERE end_kind = 'completed'"), 10)
        XCTAssertEqual(try trace.integer("SELECT max(id) FROM call"), try trace.integer("SELECT count(*) FROM call"),
                       "every call entered before the end is written, open or not")
    }

    func testThreads_fourChildThreads_eachGetsItsOwnNameAndCallTrees() throws {
        let path = Fixture.temporaryTracePath("child-threads")
        XCTAssertEqual(try Fixture.run(["threads", path, "4"]), .exited(0))
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.column("SELECT name FROM thread ORDER BY id"), ["T1", "T2", "T3", "T4"])
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM subscription WHERE end_kind = 'completed'"), 800)
        XCTAssertEqual(
            try trace.integer(
                "SELECT count(*) FROM call AS child JOIN call AS parent ON parent.id = child.parent_id "
                    + "WHERE parent.thread_id != child.thread_id OR child.depth != parent.depth + 1"
            ),
            0
        )
    }
}
