import RxCore
@testable import RxTrace
import XCTest

/// LeakFinder reports what a trace left behind: subscriptions neither disposed nor
/// terminated, with the line that subscribed, and objects alive at the end, grouped by type.
final class LeakFinderTests: RxTraceTestCase {
    func testSubscriptionNeverDisposedOnASubjectThatNeverCompletes_isReportedWithItsLineAndChain() throws {
        var subscribeLine: UInt = 0
        var keptAlive: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            subscribeLine = #line; keptAlive = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
        }
        // The trace is finished with the subscription open; end it now so this test leaks nothing.
        keptAlive?.dispose()

        let report = try LeakFinder(reader: reader).report()

        let open = try XCTUnwrap(report.openSubscriptions.first)
        XCTAssertEqual(report.openSubscriptions.count, 1)
        XCTAssertEqual(open.subscription.site, "RxTraceTests/LeakFinderTests.swift:\(subscribeLine)")
        XCTAssertEqual(open.builtAt, Assembly(name: "map", file: "RxTraceTests/LeakFinderTests.swift", line: Int(subscribeLine)))
        XCTAssertEqual(open.chain, [
            "PublishSubject<Int> #1",
            "Map<Int, Int> #2 (map at RxTraceTests/LeakFinderTests.swift:\(subscribeLine))",
            "AnonymousObserver<Int> #3",
        ])
        XCTAssertTrue(open.alive.contains("MapSink<…> #5"), "\(open.alive)")
        // The subject and `map`'s observable were released with the closure: a subject holds its
        // observers, not the other way round. What the open subscription keeps alive remains.
        XCTAssertEqual(report.liveObjects.map(\.typeName).sorted(), [
            "AnonymousObserver<Int>", "BinaryDisposable", "MapSink<Int, AnonymousObserver<Int>>", "SinkDisposer",
        ])
        XCTAssertFalse(report.isEmpty)
    }

    func testDisposedSubscription_isNotALeak_andEndsDisposed() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }

        XCTAssertTrue(try LeakFinder(reader: reader).report().isEmpty)
        XCTAssertEqual(try reader.subscriptions().map(\.endKind), ["disposed"])
    }

    func testSubscriptionWhoseSourceCompletes_isNotALeak_evenWithoutDispose() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        XCTAssertTrue(try LeakFinder(reader: reader).report().isEmpty)
        XCTAssertEqual(try reader.subscriptions().map(\.endKind), ["completed"])
    }

    func testSubscriptionEndedByAnError_endsWithError() throws {
        struct Failure: Error {}
        let reader = try recordedTrace {
            _ = Observable<Int>.error(Failure()).subscribe(onError: { _ in })
        }

        XCTAssertTrue(try LeakFinder(reader: reader).report().isEmpty)
        XCTAssertEqual(try reader.subscriptions().map(\.endKind), ["error"])
    }

    func testObjectsAliveAtTheEnd_areGroupedByType() throws {
        var subjects: [PublishSubject<Int>] = []
        let reader = try recordedTrace {
            subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        }
        subjects = []

        let report = try LeakFinder(reader: reader).report()

        XCTAssertEqual(report.liveObjects.map(\.typeName), ["PublishSubject<Int>"])
        XCTAssertEqual(report.liveObjects.first?.objectIDs, [1, 2])
        XCTAssertEqual(report.liveObjectCount, 2)
        XCTAssertTrue(report.openSubscriptions.isEmpty)
    }
}
