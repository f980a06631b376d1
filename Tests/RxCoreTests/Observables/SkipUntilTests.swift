import RxCore
import RxTesting
import XCTest

final class SkipUntilTests: RxCoreTestCase {
    func testSkipUntil_SomeDataNext_ForwardsFromTheOthersFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, "a"), .next(225, "b"), .next(235, "c"), .completed(250)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntil_SomeDataError_OthersErrorEndsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.error(225, TestError.boom)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(225, TestError.boom, Int.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntil_ErrorBeforeTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        let other = scheduler.createHotObservable([.next(230, 1)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_SourceCompletesBeforeTheOther_EndsWithoutCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let other = scheduler.createHotObservable([.next(230, 1)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_OtherCompletesWithoutElements_NeverOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3), .completed(250)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.completed(225)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntil_NeverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let other = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 1000)])
    }

    func testSkipUntil_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .next(260, 4), .completed(270)])
        let other = scheduler.createHotObservable([.next(220, 1)])

        let res = scheduler.start(disposed: 250) { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_OtherEmitsWhileSubscribed_OpensAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])

        let res = scheduler.start { xs.skip(until: Observable.just(0)) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
    }
}
