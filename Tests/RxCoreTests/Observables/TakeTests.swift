import RxCore
import RxTesting
import XCTest

final class TakeTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .next(370, 11), end,
        ])
    }

    func testTake_SourceCompletesBeforeTheCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.take(20) }

        XCTAssertEqual(res.events, [
            .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1), .next(310, 3),
            .next(340, 8), .next(370, 11), .completed(690),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 690)])
    }

    func testTake_CompletesRightAfterTheLastElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 9), .next(230, 13), .next(270, 7), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testTake_One() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.take(1) }

        XCTAssertEqual(res.events, [.next(210, 9), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testTake_Zero_CompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.take(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testTake_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(690, TestError.boom))

        let res = scheduler.start { xs.take(20) }

        XCTAssertEqual(res.events.last, .error(690, TestError.boom))
        XCTAssertEqual(res.events.count, 9)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 690)])
    }

    func testTake_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start(disposed: 250) { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 9), .next(230, 13)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTake_StopsAnEndlessSchedulerSequence() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(1...1_000_000, scheduler: scheduler).take(2) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(202)])
    }
}
