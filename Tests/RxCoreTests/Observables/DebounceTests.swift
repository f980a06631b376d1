import RxCore
import RxTesting
import XCTest

final class DebounceTests: RxCoreTestCase {
    func testDebounce_ElementsFurtherApartThanTheDueTimeAllPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .completed(300),
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1), .next(260, 2), .next(290, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDebounce_ANewerElementCancelsTheWaitingOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(250, 3), .next(280, 4), .completed(290),
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, 2), .next(270, 3), .next(290, 4), .completed(290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testDebounce_CompletionSendsTheWaitingElementFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(235, 3), .completed(235)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testDebounce_ErrorDropsTheWaitingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDebounce_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(300)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDebounce_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testDebounce_DisposeCancelsTheWaitingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1)], "2 was due at 260, after dispose")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
