import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// `RXTRACE_DETAIL=events` and `record(to:detail:)`: the same objects, subscriptions and
/// events as a full recording, without the calls; and the tick stamps the recorder turns into
/// ns.
final class RecordingDetailTests: RxTraceTestCase {
    private struct Failure: Error {}

    /// Records `body`'s Rx work at `detail`, and returns the finished trace.
    private func trace(_ detail: RecordingDetail, _ body: () -> Void) throws -> Database {
        let recorder = try InMemoryTraceRecorder(detail: detail)
        Instrumentation.bootstrapInternal(recorder)
        body()
        Instrumentation.bootstrapInternal(nil)
        return try recorder.finish()
    }

    /// A few chains that complete, fail, are disposed and stay open.
    private func work(keeping kept: inout [Disposable]) {
        _ = Observable.just(1).map { $0 * 2 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        _ = Observable<Int>.create { observer in
            observer.onNext(7)
            observer.onError(Failure())
            return Disposables.create()
        }.subscribe(onError: { _ in })
        let subject = PublishSubject<String>()
        let disposed = subject.map { $0.count }.subscribe(onNext: { _ in })
        kept.append(subject.subscribe(onNext: { _ in }))
        subject.onNext("ab")
        disposed.dispose()
        subject.onNext("abc")
    }

    private func rows(_ database: Database, _ query: String) throws -> [String] {
        try database.column(query)
    }

    func testEvents_recordsTheSameObjectsEventsAndSubscriptionsAsCalls_withoutAnyCall() throws {
        var kept: [Disposable] = []
        let full = try trace(.calls) { work(keeping: &kept) }
        let events = try trace(.events) { work(keeping: &kept) }
        kept.forEach { $0.dispose() }

        XCTAssertGreaterThan(try full.integer("SELECT count(*) FROM call"), 0)
        XCTAssertEqual(try events.integer("SELECT count(*) FROM call"), 0)
        XCTAssertEqual(try rows(events, "SELECT detail FROM run"), ["events"])
        XCTAssertEqual(try rows(full, "SELECT detail FROM run"), ["calls"])
        let objects = """
            SELECT object.id || ' ' || type_name || ' ' || ifnull(end_ts > start_ts, 'alive')
            FROM object JOIN type ON type.id = object.type_id ORDER BY object.id
            """
        XCTAssertEqual(try rows(events, objects), try rows(full, objects))
        let eventRows = """
            SELECT id || ' ' || kind || ' ' || ifnull(value, '-') || ' ' || source_object_id || '>' || observer_object_id
            FROM event ORDER BY id
            """
        XCTAssertEqual(try rows(events, eventRows), try rows(full, eventRows))
        let subscriptions = """
            SELECT id || ' ' || file || ':' || line || ' ' || ifnull(end_kind, 'open') || ' '
                || observable_object_id || ' ' || ifnull(disposable_object_id, '-')
            FROM subscription ORDER BY id
            """
        XCTAssertEqual(try rows(events, subscriptions), try rows(full, subscriptions))
        XCTAssertEqual(try events.integer("SELECT count(*) FROM event WHERE call_id IS NOT NULL"), 0)
        XCTAssertEqual(
            try events.integer("SELECT count(*) FROM subscription WHERE call_id IS NOT NULL OR end_call_id IS NOT NULL"),
            0
        )
        XCTAssertEqual(try events.integer("SELECT count(*) FROM object WHERE call_id IS NOT NULL"), 0)
        XCTAssertEqual(
            try events.integer("SELECT record_count FROM run") + (try full.integer("SELECT count(*) FROM call")) * 2,
            try full.integer("SELECT record_count FROM run"),
            "only the calls' enters and exits are left out"
        )
    }

    func testEvents_report_saysInOneLineThatThereAreNoFlows_andStillReportsLeaksAndSubscriptions() throws {
        let path = Fixture.temporaryTracePath("detail-events-report")
        let subject = PublishSubject<Int>()
        let recording = try record(to: path, program: "detail-events", detail: .events)
        let kept = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        subject.onNext(1)
        _ = Observable.just(2).subscribe(onNext: { _ in })
        try recording.stop()
        kept.dispose()

        let report = try TextReportRenderer.standardReport(ofTraceAt: path)
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("detail-events · 0 flows · 2 subscriptions · 0 calls · "), lines[0])
        XCTAssertEqual(lines.filter { $0 == TextReportRenderer.callsNotRecordedNote }.count, 1, report)
        XCTAssertTrue(report.contains("RecordingDetailTests.swift"), "the open subscription is in the leak report")

        let reader = try TraceReader(path: path)
        XCTAssertEqual(reader.run.detail, .events)
        var streamed = ""
        try TextReportRenderer().write(reader: reader, sections: .standard) { streamed += $0 }
        XCTAssertEqual(streamed, report, "the streamed report says the same")
        let summary = try SubscriptionSummary(reader: reader, id: 2)
        XCTAssertTrue(summary.text.contains("completed"), summary.text)
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertTrue(page.contains("<p class=\"note\">\(TextReportRenderer.callsNotRecordedNote)</p>"), "the page's header says so")
        var one = ""
        try TextReportRenderer().write(reader: reader, sections: .flows, subscription: 2) { one += $0 }
        XCTAssertTrue(one.contains(TextReportRenderer.callsNotRecordedNote), one)
        XCTAssertFalse(one.contains("No calls were recorded."), one)
    }

    func testEvents_captureNoEntryPointCallers_soNoObjectInitWalksTheStack_butTheSitesStillDo() throws {
        let recorder = try InMemoryTraceRecorder(detail: .events)
        Instrumentation.bootstrapInternal(recorder)
        let subject = PublishSubject<Int>()
        _ = subject.subscribe(onNext: { _ in })
        subject.onCompleted()
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()

        XCTAssertFalse(recorder.isRecordingCallers)
        XCTAssertTrue(try InMemoryTraceRecorder().isRecordingCallers, "the calls detail captures them")
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM object WHERE caller_stack_id IS NOT NULL")?.integer, 0)
        // Build and subscribe sites are shown at every detail: their stacks are captured.
        XCTAssertEqual(
            try database.scalar("SELECT count(*) FROM subscription WHERE caller_stack_id IS NOT NULL")?.integer, 1)
    }

    func testCalls_report_hasNoNoteAboutEvents() throws {
        let path = Fixture.temporaryTracePath("detail-calls-report")
        let recording = try record(to: path, program: "detail-calls")
        _ = Observable.just(2).subscribe(onNext: { _ in })
        try recording.stop()

        let report = try TextReportRenderer.standardReport(ofTraceAt: path)
        XCTAssertFalse(report.contains("RXTRACE_DETAIL"), report)
        XCTAssertEqual(try TraceReader(path: path).run.detail, .calls)
    }

    func testRXTRACE_DETAIL_isParsedStrictly() {
        XCTAssertEqual(RecordingDetail.parse(environmentValue: nil), .calls, "unset: everything is recorded")
        for setting in ["calls", "CALLS", "Calls"] {
            XCTAssertEqual(RecordingDetail.parse(environmentValue: setting), .calls, setting)
        }
        for setting in ["events", "EVENTS", "Events"] {
            XCTAssertEqual(RecordingDetail.parse(environmentValue: setting), .events, setting)
        }
        for setting in ["", "event", "all", "1", " events", "events ", "calls,events"] {
            XCTAssertNil(RecordingDetail.parse(environmentValue: setting), "'\(setting)'")
        }
    }

    func testRXTRACE_DETAIL_events_programRecordedFromTheEnvironment_hasEventsAndNoCalls() throws {
        let path = Fixture.temporaryTracePath("environment-detail")
        XCTAssertEqual(
            try Fixture.run(["environment"], environment: ["RXTRACE_FILE": path, "RXTRACE_DETAIL": "events"]),
            .exited(0)
        )
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.column("SELECT detail || ' ' || end_reason FROM run"), ["events exited"])
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM call"), 0)
        XCTAssertEqual(try trace.column("SELECT value FROM event WHERE kind = 'next' ORDER BY id"), ["1", "2", "1"])
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM subscription WHERE end_kind = 'completed'"), 2)
    }

    func testRXTRACE_DETAIL_notUnderstood_saysSoInOneLineAndDoesNotRecord() throws {
        let path = Fixture.temporaryTracePath("detail-unknown")

        let run = try Fixture.runCapturingStandardError(
            ["environment"], environment: ["RXTRACE_FILE": path, "RXTRACE_DETAIL": "event"]
        )

        XCTAssertEqual(run.ending, .exited(0))
        XCTAssertEqual(
            run.standardError,
            "RxTrace: not recording: RXTRACE_DETAIL is 'event'; use calls to record every step (call flows) "
                + "or events to record objects, subscriptions and events only\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    // MARK: - Tick stamps

    func testTickConverter_isExactAtEveryAnchor_andLinearBetweenThem() {
        let clock = TraceClock()
        guard clock.isCountingTicks else { return }
        var converter = TickConverter(clock: clock, start: .init(ticks: 1_000, nanoseconds: 10))
        converter.advance(to: .init(ticks: 301_000, nanoseconds: 100_010))
        XCTAssertEqual(converter.nanoseconds(1_000), 10)
        XCTAssertEqual(converter.nanoseconds(151_000), 50_010)
        XCTAssertEqual(converter.nanoseconds(301_000), 100_010)
        // The next batch's line starts where this one ended, at another rate.
        converter.advance(to: .init(ticks: 401_000, nanoseconds: 200_010))
        XCTAssertEqual(converter.nanoseconds(301_000), 100_010)
        XCTAssertEqual(converter.nanoseconds(351_000), 150_010)
        XCTAssertEqual(converter.nanoseconds(401_000), 200_010)
        // An anchor too close to the last one keeps the line as it was.
        converter.advance(to: .init(ticks: 401_010, nanoseconds: 200_020))
        XCTAssertEqual(converter.nanoseconds(401_000), 200_010)
    }

    func testTickConverter_withoutATickCounter_stampsAreMonotonicNanosecondsFromTheStart() {
        let clock = TraceClock(usingTickCounter: false)
        let converter = TickConverter(clock: clock, start: clock.anchor())
        let before = clock.now()
        let stamp = converter.nanoseconds(clock.ticks())
        let after = clock.now()
        XCTAssertLessThanOrEqual(before, stamp)
        XCTAssertLessThanOrEqual(stamp, after)
    }

    func testStamps_countFromTheRecordersStart() throws {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).subscribe(onNext: { _ in })
        clock_gettime(CLOCK_MONOTONIC, &end)
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()

        let elapsed = (Int64(end.tv_sec) - Int64(start.tv_sec)) * 1_000_000_000 + Int64(end.tv_nsec - start.tv_nsec)
        let first = try database.integer("SELECT min(ts) FROM call")
        XCTAssertGreaterThanOrEqual(first, 0)
        XCTAssertLessThanOrEqual(first, elapsed, "the first step ran before the wall clock says it did")
    }

    func testStamps_becomeNanosecondsThatGrowWithTheRun_andCoverAPause() throws {
        var before: timespec = timespec()
        var after: timespec = timespec()
        let database = try trace(.calls) {
            clock_gettime(CLOCK_MONOTONIC, &before)
            _ = Observable.just(1).subscribe(onNext: { _ in })
            usleep(20_000)
            _ = Observable.just(2).subscribe(onNext: { _ in })
            clock_gettime(CLOCK_MONOTONIC, &after)
        }

        let starts = try database.column("SELECT ts FROM subscription ORDER BY id").compactMap { Int64($0) }
        XCTAssertEqual(starts.count, 2)
        let elapsed = (Int64(after.tv_sec) - Int64(before.tv_sec)) * 1_000_000_000 + Int64(after.tv_nsec - before.tv_nsec)
        XCTAssertLessThanOrEqual(starts[1] - starts[0], elapsed, "no more time passed between them than the clock says")
        XCTAssertGreaterThanOrEqual(starts[1] - starts[0], 20_000_000, "the 20 ms pause is in the stamps")
        let end = try database.integer("SELECT end_ts FROM run")
        XCTAssertLessThanOrEqual(starts[1], end)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call WHERE dur < 0 OR ts < 0"), 0)
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM call AS inner JOIN call AS outer ON outer.id = inner.parent_id "
                + "WHERE inner.ts < outer.ts OR inner.ts + inner.dur > outer.ts + outer.dur"),
            0, "a call lies within its parent"
        )
    }
}
