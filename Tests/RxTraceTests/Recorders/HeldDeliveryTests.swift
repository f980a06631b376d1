import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// While calls are recorded, a thread holds an event it delivers to an instrumented observer
/// (``HeldDelivery``): when the next thing it records is that observer's step receiving the same
/// event, one record stands for both, and the trace holds the same rows (the event a nanosecond
/// before its receiving call's entry, so it comes first wherever moments are ordered by time);
/// anything else the thread records appends the event first.
final class HeldDeliveryTests: RxTraceTestCase {
    private struct Objects {
        let subject: ObjectID
        let observer: ObjectID
    }

    private func makeObjects(_ recorder: SQLiteTraceRecorder) -> Objects {
        Objects(subject: recorder.objectInitialized(Int.self), observer: recorder.objectInitialized(Int.self))
    }

    private func enter(
        _ recorder: SQLiteTraceRecorder, _ name: StaticString, on object: ObjectID = .none, detail: TraceDetail? = nil
    ) -> CallID {
        recorder.callEntered(name, object: object, detail: detail, file: #fileID, line: #line)
    }

    private func next(_ value: Int) -> TraceDetail {
        TraceDetail(event: .next, value: .int(value))
    }

    /// Each event as `value from → to in step`, by id.
    private func events(_ database: Database) throws -> [String] {
        try database.column(
            """
            SELECT coalesce(value, '-') || ' ' || source_object_id || '→' || observer_object_id || ' in '
                || coalesce(step.name, '-')
            FROM event LEFT JOIN call ON call.id = event.call_id LEFT JOIN step ON step.id = call.step_id ORDER BY event.id
            """)
    }

    func testAnEventFollowedByItsObserversReceivingStep_takesOneRecord_andKeepsItsRowInTheDeliveringCall() throws {
        let path = Fixture.temporaryTracePath("held-delivery-received")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-delivery")
        let objects = makeObjects(recorder)
        let dispatch = enter(recorder, "dispatch")
        let before = recorder.bufferStatistics.appendedRecords
        recorder.eventDelivered(.next, value: .int(7), from: objects.subject, to: objects.observer)
        let received = enter(recorder, "ObserverBase.on", on: objects.observer, detail: next(7))
        let appended = recorder.bufferStatistics.appendedRecords - before
        recorder.callExited(received)
        recorder.callExited(dispatch)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(appended, 1, "the event and the call that received it take one record")
        XCTAssertEqual(try events(database), ["7 1→2 in dispatch"])
        XCTAssertEqual(
            try database.integer(
                """
                SELECT count(*) FROM event JOIN call ON call.object_id = event.observer_object_id
                WHERE event.ts = call.ts - 1
                """),
            1, "the event is dated a nanosecond before its receiving call's entry")
        XCTAssertEqual(try database.integer("SELECT record_count FROM run"), 7, "two objects, two calls, two exits, one event")
        let moments = try TraceReader(path: path).moments(limit: 100).filter { $0.kind == .call || $0.kind == .event }
        XCTAssertEqual(
            moments.map(\.kind), [.call, .event, .call],
            "the walkthrough shows dispatch, then the event it delivered, then the call that received it")
    }

    func testAnEventFollowedByAnythingElse_isAppendedFirst_asItsOwnRecord() throws {
        let path = Fixture.temporaryTracePath("held-delivery-not-received")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-delivery")
        let objects = makeObjects(recorder)
        let dispatch = enter(recorder, "dispatch")
        var appended: [Int] = []
        for follow in [
            { _ = self.enter(recorder, "Other.on", on: objects.subject, detail: self.next(1)) },
            { _ = self.enter(recorder, "ObserverBase.on", on: objects.observer, detail: self.next(2)) },
            { _ = self.enter(recorder, "ObserverBase.on", on: objects.observer, detail: "not an event") },
            { recorder.objectDisposed(objects.observer) },
        ] {
            let before = recorder.bufferStatistics.appendedRecords
            recorder.eventDelivered(.next, value: .int(1), from: objects.subject, to: objects.observer)
            follow()
            appended.append(Int(recorder.bufferStatistics.appendedRecords - before))
        }
        recorder.callExited(dispatch)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(
            appended, [2, 2, 2, 2],
            "a step on another object, another value, a detail that is not the event, a disposal: each follows the event")
        XCTAssertEqual(
            try events(database), ["1 1→2 in dispatch", "1 1→2 in Other.on", "1 1→2 in ObserverBase.on", "1 1→2 in ObserverBase.on"],
            "each event in the call open when it was delivered")
    }

    func testAnEventFollowedByAReturn_isWrittenBeforeTheReturn_inTheCallItWasDeliveredIn() throws {
        let path = Fixture.temporaryTracePath("held-delivery-return")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-delivery")
        let objects = makeObjects(recorder)
        let dispatch = enter(recorder, "dispatch")
        recorder.eventDelivered(.completed, value: nil, from: objects.subject, to: objects.observer)
        recorder.callExited(dispatch)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try events(database), ["- 1→2 in dispatch"])
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM event, call WHERE event.ts <= call.ts + call.dur"), 1,
            "delivered before its call returned")
    }

    func testAHeldEvent_isWrittenByAFlushOnItsThread_andByTheEndOnIt() throws {
        let path = Fixture.temporaryTracePath("held-delivery-flush")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-delivery")
        let objects = makeObjects(recorder)
        _ = enter(recorder, "dispatch")
        recorder.eventDelivered(.next, value: .int(1), from: objects.subject, to: objects.observer)
        recorder.flush()
        let afterFlush = try events(try Database(path: path, mode: .readOnly))
        recorder.eventDelivered(.next, value: .int(2), from: objects.subject, to: objects.observer)
        recorder.session.terminate(.exited, waitingAtMost: 10_000_000_000)
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(afterFlush, ["1 1→2 in -"], "written, in a call still open (its row comes when it returns)")
        XCTAssertEqual(try events(database), ["1 1→2 in dispatch", "2 1→2 in dispatch"])
    }

    func testWithTheCallsLeftOut_anEventIsAppendedAtOnce() throws {
        let path = Fixture.temporaryTracePath("held-delivery-events")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-delivery", detail: .events)
        let objects = makeObjects(recorder)
        let before = recorder.bufferStatistics.appendedRecords
        recorder.eventDelivered(.next, value: .int(1), from: objects.subject, to: objects.observer)

        XCTAssertEqual(recorder.bufferStatistics.appendedRecords - before, 1)
        try recorder.finish()
    }

    func testAnEventToAnObserverWithNoID_isAppendedAtOnce() throws {
        let path = Fixture.temporaryTracePath("held-delivery-no-id")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-delivery")
        let objects = makeObjects(recorder)
        let dispatch = enter(recorder, "dispatch")
        let before = recorder.bufferStatistics.appendedRecords
        recorder.eventDelivered(.next, value: .int(1), from: objects.subject, to: .none)

        XCTAssertEqual(recorder.bufferStatistics.appendedRecords - before, 1, "no step of an observer without an id can receive it")
        recorder.callExited(dispatch)
        try recorder.finish()
    }
}
