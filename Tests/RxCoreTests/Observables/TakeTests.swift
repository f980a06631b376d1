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

    func testTakeTime_Zero_CompletesOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testTakeTime_Some_CompletesWhenTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testTakeTime_SourceEndsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeTime_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.boom)])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testTakeTime_Never_CompletesWhenTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeTime_Dispose_CancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start(disposed: 215) { xs.take(for: .seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
