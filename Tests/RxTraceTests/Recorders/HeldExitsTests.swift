import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// A thread holds its calls' exits back and appends a run of them as one record
/// (``ExitedCalls``): the trace holds the same rows as with one record per exit, and an exit is
/// never held past the thread's next record, its outermost call's return, an entry point's
/// return, a `flush()` or the end on its thread.
final class HeldExitsTests: RxTraceTestCase {
    private func enter(_ recorder: SQLiteTraceRecorder, _ name: StaticString) -> CallID {
        recorder.callEntered(name, object: .none, detail: nil, file: #fileID, line: #line)
    }

    /// The calls' names and durations (`-` for none), by id.
    private func callsAndDurations(_ database: Database) throws -> [String] {
        try database.column(
            """
            SELECT step.name || ' at ' || depth || (CASE WHEN dur IS NULL THEN ' -' ELSE ' returned' END)
            FROM call JOIN step ON step.id = step_id ORDER BY call.id
            """)
    }

    func testFifteenNestedCallsReturningInARow_takeTwoRingRecords_andEachKeepsItsRowAndDuration() throws {
        let path = Fixture.temporaryTracePath("held-exits-run")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let calls = (0..<15).map { _ in enter(recorder, "step") }
        let before = recorder.bufferStatistics.appendedRecords
        for call in calls.reversed() {
            recorder.callExited(call)
        }
        let exitRecords = recorder.bufferStatistics.appendedRecords - before
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(
            exitRecords, 2, "thirteen exits fill one record; the outermost call's return appends the other two")
        XCTAssertEqual(try callsAndDurations(database), (0..<15).map { "step at \($0) returned" })
        XCTAssertEqual(try database.integer("SELECT record_count FROM run"), 30, "each exit still counts as a record")
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM call AS inner JOIN call AS outer ON outer.id = inner.parent_id "
                + "WHERE inner.ts + inner.dur > outer.ts + outer.dur"), 0,
            "every call returned before its parent, by the times each exit took when it happened")
    }

    func testACallEnteredAfterItsSiblingReturned_followsThatReturn_andBothKeepTheirDurations() throws {
        let path = Fixture.temporaryTracePath("held-exits-sibling")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let outer = enter(recorder, "outer")
        let first = enter(recorder, "first")
        let insideFirst = enter(recorder, "insideFirst")
        recorder.callExited(insideFirst)
        recorder.callExited(first)
        let second = enter(recorder, "second")
        recorder.callExited(second)
        recorder.callExited(outer)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(
            try callsAndDurations(database),
            ["outer at 0 returned", "first at 1 returned", "insideFirst at 2 returned", "second at 1 returned"])
        XCTAssertEqual(
            try database.column(
                "SELECT step.name FROM call JOIN step ON step.id = step_id WHERE parent_id = (SELECT min(id) FROM call)"),
            ["first", "second"], "the second call's parent is the outer call, not the first that had returned")
    }

    func testASiblingsReturn_ridesOnTheNextCallsEntry_oneRecordForBoth() throws {
        let path = Fixture.temporaryTracePath("held-exits-rides")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let outer = enter(recorder, "on")
        let first = enter(recorder, "synchronized_on")
        recorder.callExited(first)
        let before = recorder.bufferStatistics.appendedRecords
        let second = enter(recorder, "dispatch")
        let appended = recorder.bufferStatistics.appendedRecords - before
        recorder.callExited(second)
        recorder.callExited(outer)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(appended, 1, "the first call's return and the second's entry take one record")
        XCTAssertEqual(
            try callsAndDurations(database),
            ["on at 0 returned", "synchronized_on at 1 returned", "dispatch at 1 returned"])
        XCTAssertEqual(try database.integer("SELECT record_count FROM run"), 6, "the return still counts as a record")
        XCTAssertEqual(
            try database.integer(
                "SELECT count(*) FROM call AS a, call AS b WHERE a.id + 1 = b.id AND a.parent_id = b.parent_id "
                    + "AND a.ts + a.dur <= b.ts"), 1,
            "the first returned before the second was entered, at the time its exit took")
    }

    func testAReturnThatAlsoClosesCallsLeftOpenInside_isAppendedAsItsOwnRecord_beforeTheNextEntry() throws {
        let path = Fixture.temporaryTracePath("held-exits-closes-inner")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let outer = enter(recorder, "outer")
        let threw = enter(recorder, "threw")
        _ = enter(recorder, "neverReturned")
        recorder.callExited(threw)
        let before = recorder.bufferStatistics.appendedRecords
        let next = enter(recorder, "next")
        let appended = recorder.bufferStatistics.appendedRecords - before
        recorder.callExited(next)
        recorder.callExited(outer)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(appended, 2, "the return, which was not of the innermost call, then the entry")
        XCTAssertEqual(
            try callsAndDurations(database),
            ["outer at 0 returned", "threw at 1 returned", "neverReturned at 2 -", "next at 1 returned"])
    }

    func testRecordsAfterHeldExits_followThemOnTheirThread() throws {
        let path = Fixture.temporaryTracePath("held-exits-order")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let outer = enter(recorder, "outer")
        let object = recorder.objectInitialized(Int.self)
        let inner = enter(recorder, "inner")
        recorder.callExited(inner)
        recorder.eventDelivered(.next, value: .int(1), from: object, to: object)
        let afterEvent = enter(recorder, "afterEvent")
        recorder.callExited(afterEvent)
        recorder.objectDeinitialized(object)
        recorder.callExited(outer)
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(
            try callsAndDurations(database), ["outer at 0 returned", "inner at 1 returned", "afterEvent at 1 returned"])
        XCTAssertEqual(
            try database.column("SELECT step.name FROM event JOIN call ON call.id = event.call_id JOIN step ON step.id = step_id"),
            ["outer"], "the event happened in the outer call, after the inner one returned")
        XCTAssertEqual(
            try database.integer(
                "SELECT count(*) FROM object, call WHERE object.end_ts IS NOT NULL AND call.parent_id IS NOT NULL "
                    + "AND object.end_ts >= call.ts + call.dur"), 2)
    }

    func testExitsHeldInsideAnOpenCall_areWrittenByAFlushOnTheirThread() throws {
        let path = Fixture.temporaryTracePath("held-exits-flush")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let outer = enter(recorder, "outer")
        let inner = enter(recorder, "inner")
        recorder.callExited(inner)
        recorder.flush()
        let whileOpen = try callsAndDurations(try Database(path: path, mode: .readOnly))
        recorder.callExited(outer)
        try recorder.finish()

        XCTAssertEqual(whileOpen, ["inner at 1 returned"], "the returned call is written; the open one is not yet")
    }

    func testAnEntryPointsReturn_isAppendedAtOnce_thoughItsThreadIsStillInsideACall() throws {
        let path = Fixture.temporaryTracePath("held-exits-entry-point")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        let outer = enter(recorder, "onCore")
        let entryPoint = recorder.callEntered(
            "onNext", object: .none, detail: nil, file: #fileID, line: #line, callers: CallerAddresses())
        let inner = enter(recorder, "on")
        recorder.callExited(inner)
        recorder.callExited(entryPoint)
        // Another thread flushes: this thread's user code may run on for as long as it likes,
        // and its `onNext` has returned to it.
        let flushed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            recorder.flush()
            flushed.signal()
        }
        XCTAssertEqual(flushed.wait(timeout: .now() + 10), .success, "the other thread's flush returned")
        let whileOpen = try callsAndDurations(try Database(path: path, mode: .readOnly))
        recorder.callExited(outer)
        try recorder.finish()

        XCTAssertEqual(whileOpen, ["onNext at 1 returned", "on at 2 returned"])
    }

    func testTheEndOnTheThreadThatHoldsExits_writesThem() throws {
        let path = Fixture.temporaryTracePath("held-exits-terminate")
        let recorder = try SQLiteTraceRecorder(path: path, program: "held-exits")
        _ = enter(recorder, "outer")
        let inner = enter(recorder, "inner")
        recorder.callExited(inner)
        recorder.session.terminate(.exited, waitingAtMost: 10_000_000_000)
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try database.column("SELECT end_reason FROM run"), ["exited"])
        XCTAssertEqual(try callsAndDurations(database), ["outer at 0 -", "inner at 1 returned"])
    }
}
