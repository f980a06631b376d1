import Foundation
import RxCore
@testable import RxTrace
import XCTest

final class InMemoryTraceRecorderTests: RxTraceTestCase {
    private struct Failure: Error, CustomStringConvertible {
        var description: String { "Failure" }
    }

    /// Records `body`'s Rx work with `recorder` installed, and returns the finished trace.
    private func trace(
        _ recorder: InMemoryTraceRecorder? = nil, _ body: () -> Void
    ) throws -> Database {
        let recorder = try recorder ?? InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        body()
        Instrumentation.bootstrapInternal(nil)
        return try recorder.finish()
    }

    func testRecords_fromTwoThreadsAtOnce_allArriveWithSerialIDsAndPerThreadChains() throws {
        let recorder = try InMemoryTraceRecorder()
        let iterations = 5_000
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                for index in 0..<iterations {
                    let object = recorder.objectInitialized(Int.self)
                    let outer = recorder.callEntered("outer", object: object, detail: nil, file: #fileID, line: #line)
                    let inner = recorder.callEntered("inner", object: object, detail: "\(index)", file: #fileID, line: #line)
                    recorder.eventDelivered(.next, value: .int(index), from: object, to: .none)
                    recorder.callExited(inner)
                    recorder.callExited(outer)
                    recorder.objectDeinitialized(object)
                }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "both threads finished recording")
        let database = try recorder.finish()

        let total = Int64(2 * iterations)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM thread"), 2)
        XCTAssertEqual(try database.column("SELECT name FROM thread ORDER BY id"), ["T1", "T2"])
        XCTAssertEqual(try database.integer("SELECT count(*) FROM object"), total)
        XCTAssertEqual(try database.integer("SELECT max(id) FROM object"), total, "object ids are serial from 1")
        XCTAssertEqual(try database.integer("SELECT count(*) FROM object WHERE end_ts IS NULL"), 0)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call"), 2 * total)
        XCTAssertEqual(try database.integer("SELECT max(id) FROM call"), 2 * total, "call ids are serial from 1")
        XCTAssertEqual(try database.integer("SELECT count(*) FROM event"), total)
        XCTAssertEqual(try database.integer("SELECT max(id) FROM event"), total, "event ids are serial from 1")
        XCTAssertEqual(try database.integer("SELECT record_count FROM run"), 7 * total)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call WHERE dur IS NULL OR dur < 0"), 0)
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM call WHERE depth = 0 AND parent_id IS NULL"), total,
            "every outer call is top level"
        )
        XCTAssertEqual(
            try database.integer(
                """
                SELECT count(*) FROM call AS inner JOIN call AS outer ON outer.id = inner.parent_id
                WHERE inner.depth = 1 AND outer.depth = 0 AND outer.thread_id = inner.thread_id
                    AND outer.object_id = inner.object_id AND inner.ts >= outer.ts
                    AND inner.ts + inner.dur <= outer.ts + outer.dur
                """
            ),
            total,
            "every inner call's parent is the outer call on its own thread, on the same object"
        )
        XCTAssertEqual(
            try database.integer(
                """
                SELECT count(*) FROM event JOIN call ON call.id = event.call_id
                WHERE call.depth = 1 AND call.thread_id = event.thread_id AND call.detail = event.value
                    AND call.object_id = event.source_object_id
                """
            ),
            total,
            "every event belongs to the inner call open on its thread"
        )
        XCTAssertEqual(
            try database.integer(
                """
                SELECT count(*) FROM (
                    SELECT ts < lag(ts) OVER (PARTITION BY thread_id ORDER BY id) AS is_backwards FROM call
                ) WHERE is_backwards
                """
            ),
            0,
            "on each thread, calls entered later have later timestamps"
        )
        XCTAssertEqual(
            try database.integer(
                """
                SELECT count(*) FROM (
                    SELECT value, lag(value) OVER (PARTITION BY thread_id ORDER BY id) AS previous FROM event
                ) WHERE CAST(value AS INTEGER) != CAST(previous AS INTEGER) + 1
                """
            ),
            0,
            "on each thread, events arrive in the order they were delivered"
        )
    }

    func testTinyBuffer_manyRecords_loseNothingAndTheProducerWaits() throws {
        let recorder = try InMemoryTraceRecorder(program: "tiny", isRecordingValues: true, bufferCapacity: 4)
        for _ in 0..<20_000 {
            let object = recorder.objectInitialized(String.self)
            recorder.objectDeinitialized(object)
        }
        let waits = recorder.session.producerWaitCount
        let statistics = recorder.session.bufferStatistics
        let database = try recorder.finish()

        XCTAssertEqual(try database.integer("SELECT count(*) FROM object WHERE end_ts IS NOT NULL"), 20_000)
        XCTAssertEqual(try database.integer("SELECT record_count FROM run"), 40_000)
        XCTAssertGreaterThan(waits, 0, "a producer 4 records ahead of the writer must have waited")
        XCTAssertEqual(statistics.capacity, 4)
        XCTAssertEqual(statistics.highWaterMark, 4, "the producer filled an array before it waited")
        XCTAssertGreaterThanOrEqual(statistics.producerWaits, waits)
    }

    func testSubscriptionRows_sameWhetherTheirEndsShareABatchOrNot_andTheFirstEndWins() throws {
        // Capacity 2 spreads a subscription's records over several batches (its row is inserted,
        // then updated); capacity 8,192 keeps them in one (its row is inserted once, complete).
        // The end is never before the start; records a few nanoseconds apart (as here, back to
        // back, or slowed down under the thread sanitizer's clock) can share a timestamp.
        for capacity in [2, 8_192] {
            let recorder = try InMemoryTraceRecorder(program: "ends", isRecordingValues: true, bufferCapacity: capacity)
            let observable = recorder.objectInitialized(Int.self)
            let observer = recorder.objectInitialized(Int.self)
            let disposable = recorder.objectInitialized(Int.self)
            let subscription = recorder.subscriptionStarted(
                observable: observable, observer: observer, at: CallSite(file: #fileID, line: 7)
            )
            recorder.subscriptionReturned(subscription, disposable: disposable)
            recorder.objectDisposed(disposable)
            recorder.subscriptionTerminated(subscription, by: .completed)
            recorder.objectDeinitialized(disposable)
            let database = try recorder.finish()

            XCTAssertEqual(
                try database.column(
                    """
                    SELECT line || ' ' || disposable_object_id || ' ' || end_kind || ' ' || (end_ts >= ts)
                    FROM subscription
                    """
                ),
                ["7 3 disposed 1"], "capacity \(capacity)"
            )
            XCTAssertEqual(
                try database.column("SELECT id || ' ' || ifnull(end_ts > 0, 'alive') FROM object ORDER BY id"),
                ["1 alive", "2 alive", "3 1"], "capacity \(capacity)"
            )
        }
    }

    func testRunRow_afterFinish_holdsHowTheRunStartedAndEnded() throws {
        let before = Date()
        let recorder = try InMemoryTraceRecorder(program: "run-row")
        let object = recorder.objectInitialized(Int.self)
        let database = try recorder.finish()
        let run = try XCTUnwrap(try database.rows("SELECT * FROM run").first)

        XCTAssertNotEqual(object, .none)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM run"), 1)
        XCTAssertEqual(run.integer("id"), 1)
        XCTAssertEqual(run.integer("schema_version"), Int64(TraceSchema.version))
        XCTAssertEqual(run.text("program"), "run-row")
        let startTime = try XCTUnwrap(run.text("start_time").flatMap { ISO8601DateFormatter().date(from: $0) })
        XCTAssertEqual(startTime.timeIntervalSince(before), 0, accuracy: 2)
        XCTAssertEqual(run.text("end_reason"), "finished")
        XCTAssertGreaterThan(try XCTUnwrap(run.integer("end_ts")), 0)
        XCTAssertEqual(run["signal_name"], .null)
        XCTAssertEqual(run.integer("is_recording_values"), 1)
        XCTAssertEqual(run.integer("resources_total_start"), Int64(Resources.total))
        XCTAssertEqual(run.integer("resources_total_end"), Int64(Resources.total))
        XCTAssertEqual(run.integer("record_count"), 1)
        XCTAssertEqual(try database.integer("PRAGMA application_id"), Int64(TraceSchema.applicationID))
        XCTAssertEqual(try database.integer("PRAGMA user_version"), Int64(TraceSchema.version))
    }

    func testJustMap_subscribed_recordsObjectsCallsEventsAndTheSubscriptionItCompleted() throws {
        let database = try trace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        let subscription = try XCTUnwrap(try database.rows("SELECT * FROM subscription").first)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM subscription"), 1)
        XCTAssertEqual(subscription.text("end_kind"), "completed")
        XCTAssertEqual(subscription.text("file"), "RxTraceTests/InMemoryTraceRecorderTests.swift")
        XCTAssertNotEqual(subscription["disposable_object_id"], .null, "the returned disposable is known")
        XCTAssertEqual(
            try database.column(
                "SELECT type.type_name FROM object JOIN type ON type.id = object.type_id WHERE object.id = "
                    + "(SELECT observable_object_id FROM subscription)"
            ),
            ["Map<Int, Int>"]
        )
        XCTAssertEqual(
            try database.column("SELECT name FROM call_flow WHERE id = (SELECT call_id FROM subscription)"),
            ["subscribe(onNext:onError:onCompleted:onDisposed:)"],
            "the subscription belongs to the subscribe call open when it started"
        )
        XCTAssertEqual(try database.column("SELECT kind || ' ' || ifnull(value, '') FROM event ORDER BY id"), [
            "next 1", "next 2", "completed ", "completed ",
        ])
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call WHERE dur IS NULL"), 0)
        XCTAssertEqual(try database.integer("SELECT count(DISTINCT type_name) FROM type"),
                       try database.integer("SELECT count(*) FROM type"), "each type is written once")
        XCTAssertEqual(try database.integer("SELECT count(*) FROM (SELECT DISTINCT name, file, line FROM step)"),
                       try database.integer("SELECT count(*) FROM step"), "each site is written once")
    }

    func testSubscription_sourceFails_endsByError() throws {
        let database = try trace {
            _ = Observable<Int>.create { observer in
                observer.onError(Failure())
                return Disposables.create()
            }.subscribe(onError: { _ in })
        }

        XCTAssertEqual(try database.column("SELECT end_kind FROM subscription"), ["error"])
        XCTAssertEqual(try database.column("SELECT value FROM event WHERE kind = 'error' LIMIT 1"), ["Failure"])
    }

    func testSubscription_returnedDisposableDisposed_endsByDispose() throws {
        let database = try trace {
            let subscription = Observable<Int>.create { _ in Disposables.create() }.subscribe(onNext: { _ in })
            subscription.dispose()
        }

        XCTAssertEqual(try database.column("SELECT end_kind FROM subscription"), ["disposed"])
        XCTAssertEqual(try database.integer("SELECT count(*) FROM open_subscription"), 0)
    }

    func testSubscription_neverEnded_isOpen() throws {
        var subscription: Disposable?
        let database = try trace {
            subscription = Observable<Int>.create { _ in Disposables.create() }.subscribe(onNext: { _ in })
        }
        subscription?.dispose()

        XCTAssertEqual(try database.column("SELECT end_kind FROM subscription"), [""])
        XCTAssertEqual(try database.integer("SELECT count(*) FROM open_subscription"), 1)
    }

    func testOpenSubscriptionView_listsEveryOpenSubscription_subjectsIncluded() throws {
        var kept: [Any] = []
        var subscriptions: [Disposable] = []
        let database = try trace {
            let publish = PublishSubject<Int>()
            let behavior = BehaviorSubject(value: 0)
            kept = [publish, behavior]
            subscriptions.append(publish.subscribe(onNext: { _ in }))
            subscriptions.append(behavior.subscribe(onNext: { _ in }))
            subscriptions.append(publish.map { $0 + 1 }.subscribe(onNext: { _ in }))
            subscriptions.append(Observable<Int>.never().subscribe(onNext: { _ in }))
            _ = Observable.just(1).subscribe(onNext: { _ in })
        }
        subscriptions.forEach { $0.dispose() }
        subscriptions = []
        XCTAssertEqual(kept.count, 2, "the subjects outlived the trace")
        kept = []

        XCTAssertEqual(
            try database.column("SELECT id FROM open_subscription ORDER BY id"),
            try database.column("SELECT id FROM subscription WHERE end_kind IS NULL ORDER BY id"),
            "the view lists exactly the subscriptions that never ended"
        )
        XCTAssertEqual(try database.column("SELECT observable_type_name FROM open_subscription ORDER BY id"), [
            "PublishSubject<Int>", "BehaviorSubject<Int>", "Map<Int, Int>", "NeverProducer<Int>",
        ])
        XCTAssertEqual(try database.integer("SELECT count(*) FROM leak WHERE kind = 'subscription'"), 4)
    }

    func testValuesOff_elements_recordNoValues() throws {
        let recorder = try InMemoryTraceRecorder(program: "values-off", isRecordingValues: false)
        let database = try trace(recorder) {
            _ = Observable.just(41).map { $0 + 1 }.subscribe(onNext: { _ in })
        }

        XCTAssertEqual(try database.integer("SELECT is_recording_values FROM run"), 0)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM event WHERE kind = 'next'"), 2)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM event WHERE value IS NOT NULL"), 0)
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM call WHERE detail LIKE '%41%' OR detail LIKE '%42%'"), 0
        )
    }

    func testCall_stillOpenAtFinish_isWrittenWithNoDuration() throws {
        let recorder = try InMemoryTraceRecorder()
        _ = recorder.callEntered("outer", object: .none, detail: nil, file: #fileID, line: #line)
        let inner = recorder.callEntered("inner", object: .none, detail: nil, file: #fileID, line: #line)
        recorder.callExited(inner)
        let database = try recorder.finish()

        XCTAssertEqual(
            try database.column("SELECT step.name || ':' || ifnull(dur, 'NULL') FROM call JOIN step ON step.id = step_id WHERE dur IS NULL"),
            ["outer:NULL"]
        )
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call WHERE dur IS NOT NULL"), 1)
    }

    func testCall_leftOpenInsideACallThatExits_isWrittenWithNoDuration() throws {
        let recorder = try InMemoryTraceRecorder()
        let outer = recorder.callEntered("outer", object: .none, detail: nil, file: #fileID, line: #line)
        _ = recorder.callEntered("inner", object: .none, detail: nil, file: #fileID, line: #line)
        recorder.callExited(outer)
        let database = try recorder.finish()

        XCTAssertEqual(
            try database.column(
                """
                SELECT inner_step.name || ' in ' || outer_step.name || ': ' || ifnull(inner.dur, 'no duration')
                FROM call AS inner JOIN step AS inner_step ON inner_step.id = inner.step_id
                    JOIN call AS outer ON outer.id = inner.parent_id JOIN step AS outer_step ON outer_step.id = outer.step_id
                WHERE inner.depth = 1
                """
            ),
            ["inner in outer: no duration"],
            "the inner call, which never exited, is written under its parent without a duration"
        )
        XCTAssertEqual(
            try database.column("SELECT step.name FROM call JOIN step ON step.id = step_id WHERE dur IS NOT NULL"),
            ["outer"]
        )
    }

    func testCallDeliveringItsEvent_isWrittenAsTheCallAndTheEventInsideIt() throws {
        let recorder = try InMemoryTraceRecorder()
        let sink = recorder.objectInitialized(Int.self)
        let observer = recorder.objectInitialized(String.self)
        let outer = recorder.callEntered("outer", object: .none, detail: nil, file: #fileID, line: #line)
        let forward = recorder.callEntered(
            "Sink.forwardOn", object: sink, detail: TraceDetail(event: .next, value: .int(7)), file: #fileID,
            line: #line, deliveringTo: observer)
        let inner = recorder.callEntered("inner", object: observer, detail: nil, file: #fileID, line: #line)
        recorder.callExited(inner)
        recorder.callExited(forward)
        let completed = recorder.callEntered(
            "Sink.forwardOn", object: sink, detail: TraceDetail(event: .completed, value: nil), file: #fileID,
            line: #line, deliveringTo: .none)
        recorder.callExited(completed)
        recorder.callExited(outer)
        let database = try recorder.finish()

        XCTAssertEqual(
            try database.column(
                """
                SELECT event.id || ' ' || event.kind || ' ' || ifnull(event.value, '-') || ' from ' || event.source_object_id
                    || ' to ' || ifnull(event.observer_object_id, 'none') || ' in ' || step.name || ' ' || call.id
                    || (CASE WHEN event.ts = call.ts AND event.thread_id = call.thread_id THEN ' at its entry' ELSE '' END)
                FROM event JOIN call ON call.id = event.call_id JOIN step ON step.id = call.step_id ORDER BY event.id
                """
            ),
            ["1 next 7 from 1 to 2 in Sink.forwardOn 2 at its entry", "2 completed - from 1 to none in Sink.forwardOn 4 at its entry"],
            "each call's record expands into the call and the event it delivered, inside it, in order"
        )
        XCTAssertEqual(
            try database.column("SELECT ifnull(detail, '-') FROM call ORDER BY id"), ["-", "next(7)", "-", "completed"]
        )
        XCTAssertEqual(
            try database.integer("SELECT record_count FROM run"), 2 + 8 + 2,
            "two objects, four calls entered and exited, and two events: the story, not the records it was kept in"
        )
    }

    func testSinkForwardOn_recordsEachEventItDeliversInsideItsStep() throws {
        let database = try trace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        XCTAssertEqual(
            try database.column(
                """
                SELECT event.kind || ' ' || ifnull(event.value, '') || ' in ' || step.name
                    || (CASE WHEN call.object_id = event.source_object_id THEN ', the step of its source' ELSE '' END)
                FROM event JOIN call ON call.id = event.call_id JOIN step ON step.id = call.step_id ORDER BY event.id
                """
            ),
            [
                "next 1 in Just.subscribe, the step of its source", "next 2 in Sink.forwardOn, the step of its source",
                "completed  in Just.subscribe, the step of its source",
                "completed  in Sink.forwardOn, the step of its source",
            ]
        )
    }

    func testCalls_nestedDeeperThanTheThreadsFirstRoom_keepTheirParentsAndDepths() throws {
        let recorder = try InMemoryTraceRecorder()
        let depth = 300
        var calls: [CallID] = []
        for level in 0..<depth {
            calls.append(recorder.callEntered("level", object: .none, detail: "\(level)", file: #fileID, line: #line))
        }
        for call in calls.reversed() {
            recorder.callExited(call)
        }
        let database = try recorder.finish()

        XCTAssertEqual(try database.integer("SELECT count(*) FROM call"), Int64(depth))
        XCTAssertEqual(
            try database.integer(
                """
                SELECT count(*) FROM call LEFT JOIN call AS parent ON parent.id = call.parent_id
                WHERE call.depth = CAST(call.detail AS INTEGER) AND call.dur IS NOT NULL
                    AND (call.depth = 0 AND call.parent_id IS NULL OR parent.depth = call.depth - 1)
                """
            ),
            Int64(depth),
            "every call sits one level below its parent, however deep"
        )
    }

    func testRecords_afterFinish_areIgnored() throws {
        let recorder = try InMemoryTraceRecorder()
        let database = try recorder.finish()

        XCTAssertEqual(recorder.objectInitialized(Int.self), .none)
        XCTAssertEqual(recorder.callEntered("late", object: .none, detail: nil, file: #fileID, line: #line), .none)
        recorder.flush()
        XCTAssertEqual(try database.integer("SELECT count(*) FROM object"), 0)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call"), 0)
        XCTAssertTrue(try recorder.finish() === database, "finishing again returns the same database")
    }
}
