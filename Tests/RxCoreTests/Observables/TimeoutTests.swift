import RxCore
import RxTesting
import XCTest

final class TimeoutTests: RxCoreTestCase {
    // MARK: - timeout(_:scheduler:)

    func testTimeout_EmptyCompletesBeforeTheTimeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(300)])

        let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTimeout_ErrorBeforeTheTimeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .error(300, TestError.boom)])

        let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTimeout_NeverWithATimeoutAfterTheDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded.next(150, 0)])

        let res = scheduler.start { xs.timeout(.seconds(1000), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testTimeout_ElementsWithinTheTimeoutPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(230, 2), .next(260, 3), .next(300, 4), .next(350, 5),
            .completed(400),
        ])

        let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [
            .next(210, 1), .next(230, 2), .next(260, 3), .next(300, 4), .next(350, 5), .completed(400),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testTimeout_NoFirstElementFailsWithTimeoutError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded.next(350, 1)])

        let res = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(300, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTimeout_GapBetweenElementsFailsWithTimeoutError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1), .next(340, 2), .next(460, 3), .completed(500)])

        let res = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, 1), .next(340, 2), .error(440, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 440)])
    }

    func testTimeout_DisposeBeforeTheTimeoutSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(500, 2)])

        let res = scheduler.start(disposed: 250) { xs.timeout(.seconds(100), scheduler: scheduler) }
        scheduler.advanceTo(1000)

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: - timeout(_:other:scheduler:)

    func testTimeout_SwitchesToTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(310, 3), .next(400, 4), .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])

        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, -1), .next(500, -2), .next(610, -3), .completed(620)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 620)])
    }

    func testTimeout_SwitchesAfterSomeElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(100, -1), .completed(200)])

        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .next(500, -1), .completed(600),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(400, 600)])
    }

    func testTimeout_OtherSequenceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1)])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])

        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(205, 1), .error(265, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 255)])
        XCTAssertEqual(ys.subscriptions, [Subscription(255, 265)])
    }

    func testTimeout_SourceEventAtTheTimeoutInstantWinsWhenScheduledFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1), .completed(350)])
        let ys = scheduler.createColdObservable([.next(10, -1), .completed(20)])

        // The hot observable scheduled its events before the timer existed; equal times run
        // in scheduling order, so the element at 300 beats the timer due at 300.
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 1), .completed(350)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testTimeout_DisposeAfterTheSwitchDisposesTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let ys = scheduler.createColdObservable([.next(10, -1), .next(100, -2)])

        let res = scheduler.start(disposed: 350) { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(310, -1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 350)])
    }
}
