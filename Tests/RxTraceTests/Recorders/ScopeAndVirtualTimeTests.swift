import RxCore
import RxTesting
@testable import RxTrace
import XCTest

/// What a trace keeps of the scope (test) that made each object and subscription, and of the
/// virtual clock under a test scheduler.
final class ScopeAndVirtualTimeTests: RxTraceTestCase {
    /// Records `body` into an in-memory trace, then puts back the recorder that was installed.
    private func trace(_ body: () -> Void) throws -> TraceReader {
        let previous = Instrumentation.recorder
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        body()
        Instrumentation.bootstrapInternal(previous)
        return try TraceReader(database: try recorder.finish())
    }

    func testScope_IsRecordedOnObjectsAndSubscriptions_AndTheLeakReportFiltersByIt() throws {
        let leaking = TraceScope(name: "LeakingTests.testLeak")
        let clean = TraceScope(name: "CleanTests.testClean")
        var subject: PublishSubject<Int>?

        let reader = try trace {
            TraceScope.$current.withValue(leaking) {
                let leaky = PublishSubject<Int>()
                _ = leaky.map { $0 + 1 }.subscribe(onNext: { _ in })
                subject = leaky
            }
            TraceScope.$current.withValue(clean) {
                Observable.just(1).subscribe(onNext: { _ in }).dispose()
            }
        }
        subject?.onCompleted()
        subject = nil

        let scopes = try reader.database.rows("SELECT id, name FROM scope ORDER BY id")
        XCTAssertEqual(scopes.map { $0.integer("id") }, [leaking.id, clean.id])
        XCTAssertEqual(scopes.map { $0.text("name") }, [leaking.name, clean.name])
        XCTAssertEqual(Set(try reader.subscriptions().map(\.scopeID)), [leaking.id, clean.id])
        XCTAssertTrue(try reader.objects().allSatisfy { $0.scopeID == leaking.id || $0.scopeID == clean.id })

        let leakingReport = try LeakFinder(reader: reader).report(scope: leaking.id)
        XCTAssertEqual(leakingReport.openSubscriptions.count, 1)
        XCTAssertFalse(leakingReport.liveObjects.isEmpty)
        XCTAssertTrue(try LeakFinder(reader: reader).report(scope: clean.id).isEmpty)
    }

    func testVirtualTime_IsRecordedWhileATestSchedulerRunsWork() throws {
        var subscriptionTime: Int64?
        let reader = try trace {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(310, 1), .completed(320)])
            scheduler.scheduleAt(300) { _ = xs.map { $0 * 2 }.subscribe(onNext: { _ in }) }
            scheduler.start()
            subscriptionTime = 300
        }

        let subscription = try XCTUnwrap(try reader.subscriptions().first)
        XCTAssertEqual(subscription.virtualTime, subscriptionTime)
        let eventTimes = try reader.database.rows("SELECT DISTINCT virtual_ts FROM event ORDER BY virtual_ts")
        XCTAssertEqual(eventTimes.map { $0.integer("virtual_ts") }, [310, 320])
        let untimedCalls = try reader.database.rows(
            "SELECT count(*) AS n FROM call JOIN step ON step.id = call.step_id WHERE step.name = 'MapSink.on' AND virtual_ts IS NULL"
        )
        XCTAssertEqual(untimedCalls.first?.integer("n"), 0)
        XCTAssertTrue(try reader.objects().contains { $0.typeName == "TestScheduler" && $0.virtualTime == nil })
    }
}
