import RxCore
@testable import RxTrace
import XCTest

/// The run's end time is written once (``TraceReader/endNanoseconds()``): the run's own end when
/// it has one, else the latest time the trace holds, events included; the HTML page, the
/// exports and the reports all draw the run to it.
final class TraceReaderRunTests: RxTraceTestCase {
    /// A finished trace of a subject sending one element, with `change` applied to its database.
    private func trace(changedBy change: (Database) throws -> Void = { _ in }) throws -> TraceReader {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(nil) }
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        subject.onNext(1)
        subscription.dispose()
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()
        try change(database)
        return try TraceReader(database: database)
    }

    func testAFinishedRun_endsWhenItsRunRowSays() throws {
        let reader = try trace()

        let end = try XCTUnwrap(reader.run.endNanoseconds)
        XCTAssertEqual(try reader.endNanoseconds(), end)
    }

    func testARunCutShort_endsAtTheLatestTimeTheTraceHolds_eventsIncluded() throws {
        let late: Int64 = 9_000_000_000_000
        let reader = try trace { database in
            try database.execute("UPDATE run SET end_ts = NULL, end_reason = 'running'")
            try database.execute("UPDATE event SET ts = \(late) WHERE id = (SELECT max(id) FROM event)")
        }

        XCTAssertNil(reader.run.endNanoseconds)
        XCTAssertEqual(try reader.endNanoseconds(), late)
    }

    func testARunCutShort_endsAtItsLastCallOrObject_whenNoEventIsLater() throws {
        let reader = try trace { database in
            try database.execute("UPDATE run SET end_ts = NULL, end_reason = 'running'")
        }
        let calls = try reader.topLevelCalls().flatMap { try reader.callTree(under: $0.id) }
        let latestCall = calls.map { $0.startNanoseconds + ($0.durationNanoseconds ?? 0) }.max() ?? 0
        let latestObject = try reader.objects().map { $0.endNanoseconds ?? $0.startNanoseconds }.max() ?? 0
        let latestEvent = try reader.events().map(\.timeNanoseconds).max() ?? 0

        XCTAssertEqual(try reader.endNanoseconds(), max(latestCall, latestObject, latestEvent))
    }

    func testTheHTMLPage_drawsARunCutShortToTheReadersEnd() throws {
        let late: Int64 = 9_000_000_000_000
        let reader = try trace { database in
            try database.execute("UPDATE run SET end_ts = NULL, end_reason = 'running'")
            try database.execute("UPDATE event SET ts = \(late) WHERE id = (SELECT max(id) FROM event)")
        }

        let page = try HTMLReport(reader: reader, sources: SourceFiles(root: nil))

        XCTAssertEqual(page.endTime, late)
        XCTAssertEqual(page.resources.last?.time, late)
    }
}
