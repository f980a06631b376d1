import RxCore
import RxTesting
import XCTest

final class ThrottleTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>?) -> TestableObservable<Int> {
        let events: [Recorded<Event<Int>>] = [
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6), .next(450, 7),
        ]
        return scheduler.createHotObservable(events + (end.map { [$0] } ?? []))
    }

    // MARK: - latest: false

    func testThrottle_NotLatest_SendsTheFirstElementOfEachWindowAndDropsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(500))

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testThrottle_NotLatest_NoEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: nil)

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testThrottle_NotLatest_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .error(410, TestError.boom), .next(450, 7),
        ])

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(410, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
    }

    func testThrottle_NotLatest_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    // MARK: - latest: true (the default)

    func testThrottle_SendsTheLatestHeldBackElementWhenTheWindowEnds_CompletionWaitsForIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(500))

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testThrottle_CompletionAfterTheLastWindowIsSentAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(900))

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 900)])
    }

    func testThrottle_HeldBackElementOfAWindowIsSentAtItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(300, 3)])

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(410, 3)], "2 is replaced by the newer 3")
    }

    func testThrottle_NoEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: nil)

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testThrottle_ErrorDropsTheHeldBackElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .error(350, TestError.boom),
        ])

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(350, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
    }

    func testThrottle_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testThrottle_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0)])

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testThrottle_DisposeCancelsTheHeldBackElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(600)])

        let res = scheduler.start(disposed: 300) { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1)], "2 was due at 410, after dispose")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
