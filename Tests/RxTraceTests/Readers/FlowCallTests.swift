import Foundation
@testable import RxTrace
import XCTest

/// A report's calls read straight into what a flow shows of them (``FlowCall``s, through
/// ``TraceReader/flowCallTrees(under:limit:names:)``) are the calls read as ``CallRecord``s
/// and turned into labels and locations; the flows built from them are the flows built one at
/// a time.
final class FlowCallTests: RxTraceTestCase {
    private var traces: [URL] {
        get throws { try CommittedTraces.all() }
    }

    /// The trees of every window of `reader`'s top-level calls both ways; fails where they differ.
    private func assertWindowsReadAlike(_ reader: TraceReader, limit: Int, _ name: String) throws -> Int {
        let roots = try reader.topLevelCalls().map(\.id)
        let names = TraceReader.FlowCallNames(reader: reader)
        var calls = 0
        for start in stride(from: 0, to: roots.count, by: FlowWindow.size) {
            let window = Array(roots[start..<min(start + FlowWindow.size, roots.count)])

            let read = try reader.flowCallTrees(under: window, limit: limit, names: names)

            let expected = try reader.callTrees(under: window, limit: limit)?.mapValues { $0.map(FlowCall.init) }
            XCTAssertEqual(read, expected, "\(name), the window from flow \(start + 1)")
            calls += read?.values.map(\.count).reduce(0, +) ?? 0
        }
        return calls
    }

    func testTheCallsOfEveryWindow_areTheirRecordsLabelsAndLocations_onEveryCommittedTrace() throws {
        var calls = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)

            calls += try assertWindowsReadAlike(reader, limit: FlowBuilder.defaultCallLimit + 1, trace.lastPathComponent)
            _ = try assertWindowsReadAlike(reader, limit: 3, trace.lastPathComponent + " (3 calls a tree)")
        }
        XCTAssertGreaterThan(calls, 1_000)
    }

    func testTheFlowsBuiltAWindowAtATime_areTheFlowsBuiltOneAtATime_onEveryCommittedTrace() throws {
        var flows = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let builder = FlowBuilder(reader: reader)
            var oneAtATime: [Flow] = []
            var number = 0
            try reader.forEachTopLevelCall { root, subscriptionID in
                number += 1
                oneAtATime.append(
                    try builder.flow(
                        number: number, root: root, subscription: try subscriptionID.flatMap { try reader.subscription($0) }
                    ))
            }

            var windowed: [Flow] = []
            try builder.forEachFlow(foldingBookkeeping: false) { windowed.append($0) }

            XCTAssertEqual(windowed, oneAtATime, trace.lastPathComponent)
            flows += windowed.count
        }
        XCTAssertGreaterThan(flows, 100)
    }

    /// A trace of one flow whose calls carry every kind of detail and object a label writes
    /// differently, with `details` as the calls' details under the root.
    private func traceOfLabels(details: [String?]) throws -> TraceReader {
        let path = Fixture.temporaryTracePath("labels")
        try record(to: path, program: "labels").stop()
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute(
            """
            INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main'), (2, 2, 'T1');
            INSERT INTO step (id, name, file, line) VALUES (1, 'Step.run', 'RxCore/Step.swift', 7),
                (2, 'Other…Step', 'RxCore/Ünïcode.swift', 12);
            INSERT INTO type (id, type_name) VALUES (1, 'Map<Int, Int>'), (2, 'MapSink<Int, AnyObserver<Int>>');
            INSERT INTO object (id, type_id, start_ts, thread_id) VALUES (1, 1, 0, 1), (2, 2, 0, 1), (3, 99, 0, 1);
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, object_id, ts, dur) VALUES
                (1, NULL, 0, 1, 1, NULL, 1, 100), (2, NULL, 0, 2, 2, 2, 2, 1);
            """
        )
        let insert = try database.prepare(
            "INSERT INTO call (id, parent_id, depth, thread_id, step_id, object_id, detail, ts, dur) VALUES (?, 1, 1, 1, ?, ?, ?, ?, 1)"
        )
        for (offset, detail) in details.enumerated() {
            let id = Int64(offset + 3)
            try insert.bind([
                .integer(id), .integer(id % 2 + 1), id % 5 == 0 ? .null : .integer(id % 4),
                detail.map(SQLValue.text) ?? .null, .integer(id),
            ])
            try insert.run()
        }
        return try TraceReader(path: path)
    }

    func testEveryKindOfDetailAndObject_isLabelledAsItsRecordIs() throws {
        let details: [String?] = [
            nil, "", "next", "next(1)", "nextx", "error", "error(Failure)", "completed", "completed!",
            "key 3, observer #7", "next(\"ünïcode\")", "next(\u{1B}]0;owned\u{07})", String(repeating: "x", count: 5_000),
            "next(" + String(repeating: "é", count: 3_000) + ")", "\u{202E}", "0",
        ]
        let reader = try traceOfLabels(details: details)
        let names = TraceReader.FlowCallNames(reader: reader)

        let read = try XCTUnwrap(try reader.flowCallTrees(under: [1, 2], limit: 100, names: names))

        let records = try XCTUnwrap(try reader.callTrees(under: [1, 2], limit: 100))
        XCTAssertEqual(read, records.mapValues { $0.map(FlowCall.init) })
        XCTAssertEqual(read[1]?.count, details.count + 1)
        let labels = read[1]?.map(\.label) ?? []
        let shown = labels.map { $0.prefix(60) }
        XCTAssertTrue(labels.contains("Step.run(.next(1)) [MapSink<…> #2]"), "\(shown)")
        XCTAssertTrue(labels.contains("Other…Step(nextx) [object #3]"), "\(shown)")
        XCTAssertTrue(labels.contains("Step.run() [object #0]"), "\(shown)")
        XCTAssertTrue(labels.contains { $0.hasSuffix("… (904 more bytes))") }, "\(shown)")
    }

    func testACallWhoseThreadIsMissing_makesTheWindowReadAsTheRecordsAre() throws {
        let reader = try traceOfLabels(details: ["next(1)", "completed"])
        let database = try Database(path: reader.path, mode: .readWriteCreate)
        try database.execute("UPDATE call SET thread_id = 7 WHERE id = 4")
        let damaged = try TraceReader(path: reader.path)

        let read = try damaged.flowCallTrees(under: [1, 2], limit: 100, names: .init(reader: damaged))

        XCTAssertEqual(read, try damaged.callTrees(under: [1, 2], limit: 100)?.mapValues { $0.map(FlowCall.init) })
    }

    func testAWindowsObjects_areThoseItsCallsCreated_whetherOthersLieAmongThemOrNot() throws {
        let reader = try traceOfLabels(details: ["next(1)", "next(2)", "completed"])
        let database = try Database(path: reader.path, mode: .readWriteCreate)
        // Calls 1, 3 and 5 create an object each, one after the other; 3,000 more are made
        // outside any call, and call 4 creates one after them all.
        try database.execute(
            """
            INSERT INTO object (id, type_id, start_ts, thread_id, call_id)
                VALUES (10, 1, 1, 1, 1), (11, 2, 3, 1, 3), (12, 1, 5, 1, 5);
            WITH RECURSIVE n(i) AS (SELECT 13 UNION ALL SELECT i + 1 FROM n WHERE i < 3012)
            INSERT INTO object (id, type_id, start_ts, thread_id) SELECT i, 1, 6, 1 FROM n;
            INSERT INTO object (id, type_id, start_ts, thread_id, call_id) VALUES (4000, 2, 7, 1, 4);
            """
        )
        let trace = try TraceReader(path: reader.path)
        func ids(_ objects: [ObjectRecord]) -> [Int64] { objects.map(\.id).sorted() }

        let together = try trace.objects(createdByWindowCalls: [1, 3, 5])
        let apart = try trace.objects(createdByWindowCalls: [1, 3, 4, 5])

        XCTAssertEqual(ids(together), [10, 11, 12])
        XCTAssertEqual(ids(apart), [10, 11, 12, 4000])
        XCTAssertEqual(together.sorted { $0.id < $1.id }, try trace.objects(createdByAnyOf: [1, 3, 5]))
        XCTAssertEqual(apart.sorted { $0.id < $1.id }, try trace.objects(createdByAnyOf: [1, 3, 4, 5]))
    }

    func testATreesStepsLaidOut_doNotDependOnTheOrderItsCallsCameIn() throws {
        let reader = try traceOfLabels(details: ["next(1)", "next(2)", "completed"])
        let calls = try XCTUnwrap(try reader.flowCallTrees(under: [1], limit: 100, names: .init(reader: reader))?[1])

        let steps = FlowBuilder.steps(root: calls[0], calls: calls, objects: [])

        XCTAssertEqual(FlowBuilder.steps(root: calls[0], calls: calls.reversed() + calls, objects: []), steps)
        XCTAssertEqual(steps.map(\.callID), [1, 3, 4, 5])
        XCTAssertEqual(steps.map(\.depth), [0, 1, 1, 1])
    }

    func testTheStepsToLayOut_areTheStepsLaidOut_inTheirOrder_onEveryCommittedTrace() throws {
        var steps = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            for callLimit in [FlowBuilder.defaultCallLimit, 3] {
                _ = try FlowBuilder(reader: reader, callLimit: callLimit).forEachFlowToLayOut(
                    limit: nil, tag: nil, foldingBookkeeping: false
                ) { flow in
                    var toLayOut: [(kind: FlowStep.Kind, depth: Int, label: String, id: Int64?)] = []
                    let hasParts = flow.forEachStepToLayOut { call, depth in
                        let label = call.withLabelBytes { String(decoding: $0, as: UTF8.self) }
                        toLayOut.append((.call, depth, label, call.id))
                        return true
                    } object: { object, depth in
                        toLayOut.append((.`init`, depth, "init " + object.label, object.id))
                        return true
                    }
                    let laidOut = flow.laidOut().steps
                    let name = "\(trace.lastPathComponent), flow \(flow.heading.number)"
                    XCTAssertTrue(hasParts, name)
                    XCTAssertEqual(toLayOut.map(\.kind), laidOut.map(\.kind), name)
                    XCTAssertEqual(toLayOut.map(\.depth), laidOut.map(\.depth), name)
                    XCTAssertEqual(toLayOut.map(\.label), laidOut.map(\.label), name)
                    XCTAssertEqual(toLayOut.map(\.id), laidOut.map { $0.callID ?? $0.objectID }, name)
                    steps += laidOut.count
                }
            }
        }
        XCTAssertGreaterThan(steps, 1_000)
    }

    func testStepsToLayOut_stopWhereAsked() throws {
        let reader = try traceOfLabels(details: ["next(1)", "next(2)", "completed"])
        let calls = try XCTUnwrap(try reader.flowCallTrees(under: [1], limit: 100, names: .init(reader: reader))?[1])
        let flow = FlowToLayOut(
            heading: Flow(number: 1, title: "t", threadName: "main", steps: []), root: calls[0], calls: calls,
            objects: [], hops: [:])
        var seen: [Int64] = []

        _ = flow.forEachStepToLayOut { call, _ in
            seen.append(call.id)
            return seen.count < 2
        } object: { _, _ in true }

        XCTAssertEqual(seen, [1, 3])
    }
}
