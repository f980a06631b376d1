import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The indexes built at the end of a recording: the rows' `call_id` indexes hold only rows made
/// inside a call, and every way the readers look rows up by their call still goes through them.
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

    /// A finished trace of a subject with a `map` chain, some of it made outside any call.
    private func recordedTrace(detail: RecordingDetail) throws -> Database {
        let path = Fixture.temporaryTracePath("indexes-\(detail.rawValue)")
        let recorder = try SQLiteTraceRecorder(path: path, program: "indexes", detail: detail)
        for element in 0..<20 {
            let subject = recorder.objectInitialized(PublishSubject<Int>.self)
            let sink = recorder.objectInitialized(Int.self)
            let subscription = recorder.subscriptionStarted(
                observable: subject, observer: sink, at: CallSite(file: #fileID, line: 1))
            let call = recorder.callEntered("Subject.on", object: subject, detail: nil, file: #fileID, line: 2)
            _ = recorder.objectInitialized(String.self)
            recorder.eventDelivered(.next, value: TraceValue(element), from: subject, to: sink)
            recorder.callExited(call)
            recorder.subscriptionTerminated(subscription, by: .completed)
        }
        try recorder.finish()
        return try Database(path: path, mode: .readOnly)
    }
}
