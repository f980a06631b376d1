import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The indexes built at the end of a recording: the rows' `call_id` indexes and `call_parent`
/// hold only rows made inside a call, every way the readers look rows up by their call still
/// goes through them, and the top-level calls are found through `call_root`, or in an older
/// trace through `call_parent`'s NULLs, with the same answers.
final class TraceIndexTests: RxTraceTestCase {
    func testCallIDIndexes_holdOnlyRowsMadeInsideACall() throws {
        let database = try recordedTrace(detail: .calls)

        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM event INDEXED BY event_call WHERE call_id IS NOT NULL"),
            try database.integer("SELECT count(*) FROM event WHERE call_id IS NOT NULL"))
        XCTAssertGreaterThan(try database.integer("SELECT count(*) FROM object WHERE call_id IS NULL"), 0)
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM object INDEXED BY object_call WHERE call_id IS NOT NULL"),
            try database.integer("SELECT count(*) FROM object WHERE call_id IS NOT NULL"))
        for index in ["object_call", "event_call", "subscription_call"] {
            XCTAssertEqual(
                try database.rows("SELECT sql FROM sqlite_schema WHERE name = ?", [.text(index)]).first?.text("sql")?
                    .hasSuffix("WHERE call_id IS NOT NULL"), true, index)
        }
    }

    func testReadersLookupsByCall_useTheCallIDIndexes() throws {
        let database = try recordedTrace(detail: .calls)
        let lookups = [
            ("event_call", "SELECT count(*) FROM event WHERE call_id IN (SELECT 1 UNION SELECT 2)"),
            ("event_call", "SELECT id FROM event WHERE call_id BETWEEN 1 AND 9 ORDER BY id"),
            ("event_call", "SELECT max(hop.id) FROM event AS hop WHERE hop.call_id = 3 AND hop.id <= 9"),
            ("object_call", "SELECT id FROM object WHERE object.call_id = 3 ORDER BY object.id"),
            (
                "object_call",
                "SELECT id FROM object WHERE object.call_id IN (SELECT value FROM json_each('[1,2]')) ORDER BY id"
            ),
            ("subscription_call", "SELECT id FROM subscription WHERE call_id BETWEEN 1 AND 9 ORDER BY id"),
            (
                "subscription_call",
                "SELECT (SELECT min(subscription.id) FROM subscription WHERE subscription.call_id = call.id) FROM call"
            ),
        ]
        for (index, query) in lookups {
            let plan = try database.rows("EXPLAIN QUERY PLAN \(query)").compactMap { $0.text("detail") }
            XCTAssertTrue(
                plan.contains { $0.contains("INDEX \(index) (call_id") }, "\(query) does not use \(index): \(plan)")
        }
    }

    func testEventsDetail_leavesTheEventIndexEmpty() throws {
        let database = try recordedTrace(detail: .events)

        XCTAssertGreaterThan(try database.integer("SELECT count(*) FROM event"), 0)
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM event INDEXED BY event_call WHERE call_id IS NOT NULL"), 0)
    }

    func testCallParent_holdsOnlyCallsInsideACall_andCallRootOnlyTheTopLevelCalls() throws {
        let database = try recordedTrace(detail: .calls)

        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM call INDEXED BY call_parent WHERE parent_id IS NOT NULL"),
            try database.integer("SELECT count(*) FROM call WHERE parent_id IS NOT NULL"))
        XCTAssertEqual(
            try database.column("SELECT id FROM call INDEXED BY call_root WHERE parent_id IS NULL ORDER BY id"),
            try database.column("SELECT id FROM call NOT INDEXED WHERE parent_id IS NULL ORDER BY id"))
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call WHERE parent_id IS NULL"), 20)
        XCTAssertEqual(
            try database.rows("SELECT sql FROM sqlite_schema WHERE name = 'call_parent'").first?.text("sql")?
                .hasSuffix("WHERE parent_id IS NOT NULL"), true)
    }

    /// Each query the readers find the top-level calls with (``TraceReader/topLevelCalls()``,
    /// ``TraceReader/topLevelCallCount()``, ``TraceReader/flowNumbers(ofTopLevelCalls:)``,
    /// ``TraceReader/callTreeSize(under:)``, ``TraceReader/topLevelCalls(onObjects:)``) reads
    /// `call_root`, not every call: the counts and the next call on a thread from the index
    /// alone; and a call's children are still found through `call_parent`.
    func testReadersLookupsOfTopLevelCalls_useTheRootIndex() throws {
        let database = try recordedTrace(detail: .calls)
        let lookups = [
            ("INDEX call_root", "SELECT * FROM \(TraceReader.callFlow) WHERE parent_id IS NULL ORDER BY id"),
            ("COVERING INDEX call_root", "SELECT count(*) FROM call WHERE parent_id IS NULL"),
            (
                "COVERING INDEX call_root (id>? AND id<?)",
                "SELECT count(*) FROM call WHERE parent_id IS NULL AND id > 3 AND id <= 9"
            ),
            (
                "COVERING INDEX call_root (id>?)",
                "SELECT min(id) FROM call WHERE parent_id IS NULL AND thread_id = 1 AND id > 3"
            ),
            (
                "INDEX call_root",
                "SELECT * FROM \(TraceReader.callFlow) WHERE parent_id IS NULL AND object_id IN (1,2) ORDER BY id"
            ),
            (
                "COVERING INDEX call_parent (parent_id=? AND rowid>?)",
                "SELECT min(id) FROM call WHERE parent_id = 3 AND id > 4"
            ),
            (
                "COVERING INDEX call_parent (parent_id=?)",
                """
                WITH RECURSIVE tree(id) AS (
                    SELECT 3 UNION SELECT call.id FROM call JOIN tree ON call.parent_id = tree.id
                )
                SELECT id FROM tree
                """
            ),
        ]
        for (index, query) in lookups {
            let plan = try database.rows("EXPLAIN QUERY PLAN \(query)").compactMap { $0.text("detail") }
            XCTAssertTrue(plan.contains { $0.contains(index) }, "\(query) does not use \(index): \(plan)")
            XCTAssertFalse(plan.contains { $0.hasPrefix("SCAN call") && !$0.contains("INDEX") }, "\(query): \(plan)")
        }
    }

    func testTopLevelCalls_areTheSame_inATraceWhoseCallParentKeepsItsNULLs() throws {
        let path = try recordedTracePath(detail: .calls, withCallsOnASecondThread: true)
        let olderPath = Fixture.temporaryTracePath("indexes-older")
        try FileManager.default.copyItem(atPath: path, toPath: olderPath)
        let older = try Database(path: olderPath, mode: .readWriteCreate)
        try older.execute(
            """
            DROP INDEX call_parent;
            DROP INDEX call_root;
            CREATE INDEX call_parent ON call(parent_id);
            CREATE INDEX call_root_object ON call(object_id) WHERE parent_id IS NULL;
            """
        )
        let reader = try TraceReader(path: path)
        let olderReader = try TraceReader(path: olderPath)
        let objects = try older.column("SELECT DISTINCT object_id FROM call WHERE parent_id IS NULL ORDER BY 1")
            .compactMap { Int64($0) }

        let roots = try reader.topLevelCalls()
        XCTAssertEqual(roots.count, 30)
        XCTAssertEqual(roots, try olderReader.topLevelCalls())
        XCTAssertEqual(try reader.topLevelCallCount(), try olderReader.topLevelCallCount())
        XCTAssertEqual(
            try reader.flowNumbers(ofTopLevelCalls: roots.map(\.id)),
            try olderReader.flowNumbers(ofTopLevelCalls: roots.map(\.id)))
        XCTAssertEqual(
            try reader.topLevelCalls(onObjects: Array(objects.prefix(3))),
            try olderReader.topLevelCalls(onObjects: Array(objects.prefix(3))))
        XCTAssertEqual(try reader.topLevelCalls(onObjects: Array(objects.prefix(3))).count, 3)
        for root in roots {
            XCTAssertEqual(try reader.callTreeSize(under: root.id), try olderReader.callTreeSize(under: root.id))
            XCTAssertEqual(try reader.callTree(under: root.id), try olderReader.callTree(under: root.id))
            XCTAssertEqual(
                try reader.callTree(under: root.id, limit: 2), try olderReader.callTree(under: root.id, limit: 2))
        }
        XCTAssertEqual(try reader.flowSizesThroughParents(), try olderReader.flowSizesThroughParents())
        XCTAssertEqual(try reader.flowSizes(), try olderReader.flowSizes())
        XCTAssertEqual(Set(try reader.flowSizes().values), [2, 3])
    }

    /// A finished trace of a subject with a `map` chain, some of it made outside any call.
    private func recordedTrace(detail: RecordingDetail) throws -> Database {
        try Database(path: recordedTracePath(detail: detail), mode: .readOnly)
    }

    /// The path of a finished trace of a subject with a `map` chain, some of it made outside
    /// any call: 20 top-level calls, each on its own subject with one call inside; with
    /// `withCallsOnASecondThread`, 10 more on a second thread, each with two calls inside.
    private func recordedTracePath(detail: RecordingDetail, withCallsOnASecondThread: Bool = false) throws -> String {
        let path = Fixture.temporaryTracePath("indexes-\(detail.rawValue)")
        let recorder = try SQLiteTraceRecorder(path: path, program: "indexes", detail: detail)
        for element in 0..<20 {
            let subject = recorder.objectInitialized(PublishSubject<Int>.self)
            let sink = recorder.objectInitialized(Int.self)
            let subscription = recorder.subscriptionStarted(
                observable: subject, observer: sink, at: CallSite(file: #fileID, line: 1))
            let call = recorder.callEntered("Subject.on", object: subject, detail: nil, file: #fileID, line: 2)
            _ = recorder.objectInitialized(String.self)
            let inner = recorder.callEntered("Map.on", object: sink, detail: nil, file: #fileID, line: 3)
            recorder.eventDelivered(.next, value: TraceValue(element), from: subject, to: sink)
            recorder.callExited(inner)
            recorder.callExited(call)
            recorder.subscriptionTerminated(subscription, by: .completed)
        }
        if withCallsOnASecondThread {
            let done = DispatchSemaphore(value: 0)
            Thread {
                for _ in 0..<10 {
                    let subject = recorder.objectInitialized(PublishSubject<Int>.self)
                    let call = recorder.callEntered("Subject.on", object: subject, detail: nil, file: #fileID, line: 4)
                    let first = recorder.callEntered("Map.on", object: subject, detail: nil, file: #fileID, line: 5)
                    let nested = recorder.callEntered("Filter.on", object: subject, detail: nil, file: #fileID, line: 6)
                    recorder.callExited(nested)
                    recorder.callExited(first)
                    recorder.callExited(call)
                }
                done.signal()
            }.start()
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the second thread's calls were recorded")
        }
        try recorder.finish()
        return path
    }
}
