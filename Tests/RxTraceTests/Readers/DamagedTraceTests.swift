import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The readers and renderers never recurse over a trace's calls and never follow a loop: a
/// call tree 10,000 deep reports like any other, and a loop of `parent_id`s in a damaged trace
/// is an error naming it.
final class DamagedTraceTests: RxTraceTestCase {
    /// A finished trace with no calls, for a test to fill in with SQL.
    private func emptyTrace(_ name: String) throws -> (path: String, database: Database) {
        let path = Fixture.temporaryTracePath(name)
        try record(to: path, program: name).stop()
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute(
            """
            INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main');
            INSERT INTO step (id, name, file, line) VALUES (1, 'step', 'App/Deep.swift', 7);
            INSERT INTO type (id, type_name) VALUES (1, 'Node');
            """
        )
        return (path, database)
    }

    /// Calls 1 … `depth`, each the parent of the next; an object made by the deepest.
    private func deepTrace(depth: Int) throws -> String {
        let (path, database) = try emptyTrace("deep")
        try database.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(depth))
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur)
            SELECT i, NULLIF(i - 1, 0), i - 1, 1, 1, i, 1 FROM n;
            INSERT INTO object (id, type_id, start_ts, end_ts, thread_id, call_id) VALUES (1, 1, \(depth), \(depth), 1, \(depth));
            """
        )
        return path
    }

    func testACallTree10000Deep_isReportedAsTextWithBoundedIndentation() throws {
        let reader = try TraceReader(path: try deepTrace(depth: 10_000))

        var text = ""
        try TextReportRenderer().write(reader: reader, sections: .standard) { text += $0 }

        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("step") && $0.hasSuffix("App/Deep.swift:7") }.count, 10_000)
        XCTAssertTrue(lines.contains { $0.contains("[depth 9999] step") })
        XCTAssertTrue(lines.contains { $0.contains("[depth 10000] init Node #1") })
        XCTAssertLessThan(lines.map(\.count).max() ?? 0, 250, "indentation stops growing")
    }

    func testSixHundredNestedCreates_recordedByAProgram_areReportedAsTextAndJSON() throws {
        let path = Fixture.temporaryTracePath("nested")
        XCTAssertEqual(try Fixture.run(["nested", path, "600"]), .exited(0))
        let reader = try TraceReader(path: path)
        XCTAssertGreaterThan(try reader.database.integer("SELECT max(depth) FROM call"), 3_000)

        var text = ""
        try TextReportRenderer().write(reader: reader, sections: .standard) { text += $0 }
        var json = ""
        try JSONReportRenderer().write(reader: reader, sections: .standard) { json += $0 }

        XCTAssertTrue(text.contains("No leaks"), String(text.suffix(300)))
        XCTAssertTrue(text.contains("[depth 3000] "))
        XCTAssertTrue(json.hasSuffix("}\n"))
    }

    func testAVersion2Trace_withoutRunFailure_isStillRead() throws {
        let (path, database) = try emptyTrace("version-2")
        try database.execute("ALTER TABLE run DROP COLUMN failure; PRAGMA user_version = 2; UPDATE run SET schema_version = 2")

        let reader = try TraceReader(path: path)

        XCTAssertEqual(reader.run.schemaVersion, 2)
        XCTAssertNil(reader.run.failure)
        XCTAssertEqual(reader.run.endDescription, "ended cleanly")
    }

    func testACallTree10000Deep_isReportedAsJSON() throws {
        let reader = try TraceReader(path: try deepTrace(depth: 10_000))

        let report = try TraceReport(reader: reader, sections: .flows)
        let json = try JSONReportRenderer().render(report)

        XCTAssertEqual(report.flows?.first?.steps.count, 10_001)
        XCTAssertEqual(report.flows?.first?.steps.last?.depth, 10_000)
        XCTAssertTrue(json.contains("\"depth\" : 9999"))
    }

    func testFlowSteps_drawTheTreeAsBefore() throws {
        let (path, database) = try emptyTrace("shape")
        // 1 ─┬─ 2 ── 3
        //    └─ 4
        try database.execute(
            """
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES
                (1, NULL, 0, 1, 1, 1, 9), (2, 1, 1, 1, 1, 2, 1), (3, 2, 2, 1, 1, 3, 1), (4, 1, 1, 1, 1, 4, 1);
            """
        )
        let flow = try XCTUnwrap(try FlowBuilder(reader: TraceReader(path: path)).flows().first)

        XCTAssertEqual(flow.steps.map(\.depth), [0, 1, 2, 1])
        XCTAssertEqual(
            FlowTreeRenderer().render(flow),
            """
            Flow 1 · step · thread main
            └─ step        App/Deep.swift:7
               ├─ step     App/Deep.swift:7
               │  └─ step  App/Deep.swift:7
               └─ step     App/Deep.swift:7
            """
        )
    }

    func testALoopOfParents_isADamagedTraceError_forTheLeaksAndTheSubscriptionsFlows() throws {
        let (path, database) = try emptyTrace("loop")
        // Call 1 was top level; damage made its child, call 2, its parent.
        try database.execute(
            """
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES
                (1, 2, 0, 1, 1, 1, 9), (2, 1, 1, 1, 1, 2, 1);
            INSERT INTO object (id, type_id, start_ts, thread_id, call_id) VALUES (1, 1, 2, 1, 2);
            INSERT INTO subscription (id, ts, thread_id, call_id, file, line) VALUES (1, 1, 1, 1, 'App/Main.swift', 3);
            """
        )
        let reader = try TraceReader(path: path)
        let expected = TraceFileError.damaged(path: path, reason: "call #1 is its own ancestor (a loop of parent_id)")

        XCTAssertThrowsError(try LeakFinder(reader: reader).report()) { XCTAssertEqual($0 as? TraceFileError, expected) }
        XCTAssertThrowsError(try FlowBuilder(reader: reader).flows(forSubscription: 1)) {
            XCTAssertEqual(
                $0 as? TraceFileError,
                .damaged(path: path, reason: "the parents of call #1 loop (a cycle of parent_id)")
            )
        }
        XCTAssertEqual(try FlowBuilder(reader: reader).flows(), [], "no top-level call is left to show")
    }

    func testAMissingParent_isADamagedTraceError() throws {
        let (path, database) = try emptyTrace("dangling")
        try database.execute(
            """
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES (1, 7, 1, 1, 1, 1, 9);
            INSERT INTO object (id, type_id, start_ts, thread_id, call_id) VALUES (1, 1, 2, 1, 1);
            """
        )
        let reader = try TraceReader(path: path)

        XCTAssertThrowsError(try LeakFinder(reader: reader).report()) {
            XCTAssertEqual(
                $0 as? TraceFileError,
                .damaged(path: path, reason: "call #1 has parent #7, which is not in the trace")
            )
        }
    }

    func testAFlowLimit_showsTheFirstFlowsAndSaysHowManyMore() throws {
        let reader = try recordedTrace {
            for value in 0..<5 {
                _ = Observable.just(value)
            }
        }

        let report = try TraceReport(reader: reader, sections: .flows, flowLimit: 2)
        var streamed = ""
        try TextReportRenderer().write(reader: reader, sections: .flows, flowLimit: 2) { streamed += $0 }

        XCTAssertEqual(report.flows?.map(\.number), [1, 2])
        XCTAssertEqual(report.flowsNotShown, 3)
        XCTAssertEqual(streamed, TextReportRenderer().render(report))
        XCTAssertTrue(
            streamed.hasSuffix(
                "\n\n… 3 more flows not shown: `rxtrace report --all` shows every flow, `--limit N` the first N.\n"
            ),
            streamed
        )
    }

    func testStreamedJSON_equalsTheRenderedReport_withAndWithoutALimit() throws {
        var leaked: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            leaked = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            _ = Observable.just(2).subscribe(onNext: { _ in })
        }
        // Open in the trace, which has the leaks section to show; disposed for the leak check.
        defer { leaked?.dispose() }
        let every: ReportSections = [.summary, .flows, .lifetimes, .leaks]

        for (sections, limit) in [(every, nil), (every, 2), (ReportSections.flows, 1), (.leaks, nil), (.summary, 3)] {
            var streamed = ""
            try JSONReportRenderer().write(reader: reader, sections: sections, flowLimit: limit) { streamed += $0 }
            let rendered = try JSONReportRenderer().render(
                TraceReport(reader: reader, sections: sections, flowLimit: limit)
            )
            XCTAssertEqual(streamed, rendered, "sections \(sections.rawValue), limit \(limit.map(String.init) ?? "none")")
        }
        var subscriptionOnly = ""
        try JSONReportRenderer().write(reader: reader, sections: .flows, subscription: 1) { subscriptionOnly += $0 }
        XCTAssertEqual(
            subscriptionOnly,
            try JSONReportRenderer().render(TraceReport(reader: reader, sections: .flows, subscription: 1))
        )
    }

    func testStreamedJSONLeaks_ofIdenticalTaggedAndNoFindings_equalTheEncodedReport() throws {
        var leaked: [Disposable] = []
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            for _ in 0..<3 { leaked.append(subject.map { $0 + 1 }.subscribe(onNext: { _ in })) }
            leaked.append(subject.traceTag("search").subscribe(onNext: { _ in }))
        }
        // Open in the trace; disposed for the leak check.
        defer { leaked.forEach { $0.dispose() } }
        let all = try LeakFinder(reader: reader).report()
        XCTAssertEqual(all.openSubscriptions.count, 4)

        for (tag, expected) in [(nil, all), ("search", all.only(taggedAs: "search"))] {
            var streamed = ""
            let summary = try JSONReportRenderer().write(reader: reader, sections: .leaks, tag: tag) { streamed += $0 }
            var report = try JSONReportRenderer().render(
                TraceReport(reader: reader, sections: .leaks, flowLimit: nil)
            )
            if tag != nil {
                // The report of one tag, as `report --tag search --format json` writes it.
                var tagged = try TraceReport(reader: reader, sections: .leaks)
                tagged.leaks = expected
                report = try JSONReportRenderer().render(tagged)
            }
            XCTAssertEqual(streamed, report, "tag \(tag ?? "none")")
            // The summary counts the objects alive at the end, whose groups were written as
            // they were found, and holds none of them.
            var counted = LeakSummary(expected)
            counted.liveObjects = []
            counted.liveObjectTally = LiveObjectTally(expected.liveObjects)
            XCTAssertEqual(summary, counted, "tag \(tag ?? "none")")
            XCTAssertEqual(summary?.liveObjectCount, expected.liveObjectCount)
        }
        let none = try recordedTrace { _ = Observable.just(1).subscribe(onNext: { _ in }) }
        var streamed = ""
        try JSONReportRenderer().write(reader: none, sections: .leaks) { streamed += $0 }
        XCTAssertEqual(streamed, try JSONReportRenderer().render(TraceReport(reader: none, sections: .leaks)))
    }

    func testStreamedJSON_ofATraceWithNoCalls_equalsTheRenderedReport() throws {
        let reader = try recordedTrace {}

        var streamed = ""
        try JSONReportRenderer().write(reader: reader, sections: [.flows, .summary]) { streamed += $0 }

        XCTAssertEqual(streamed, try JSONReportRenderer().render(TraceReport(reader: reader, sections: [.flows, .summary])))
    }
}
