import RxCore
import RxTesting
import XCTest

final class DematerializeTests: RxCoreTestCase {
    func testDematerialize_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, Event.next(1))])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testDematerialize_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, Event.next(41)), .next(210, Event.next(42)), .next(220, Event.next(43)), .completed(250),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 42), .next(220, 43), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDematerialize_CompletedElement_EndsTheSequenceAndTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(42)), .next(220, Event<Int>.completed), .next(230, Event.next(43)), .completed(250),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 42), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerialize_ErrorElement_EndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(42)), .next(220, Event<Int>.error(TestError.boom)), .next(230, Event.next(43)),
            .completed(250),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 42), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerialize_SourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(42)), .error(250, TestError.other)])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 42), .error(250, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDematerialize_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(42)), .next(220, Event.next(43)), .completed(250)])

        let res = scheduler.start(disposed: 215) { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 42)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
