import RxCore
import RxTesting
import XCTest

final class SkipTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), end,
        ])
    }

    func testSkip_Zero_ForwardsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.skip(0) }

        XCTAssertEqual(res.events, [
            .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1), .completed(690),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 690)])
    }

    func testSkip_Some() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.skip(3) }

        XCTAssertEqual(res.events, [.next(280, 1), .next(300, -1), .completed(690)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 690)])
    }

    func testSkip_MoreThanTheSourceHas_OnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start { xs.skip(20) }

        XCTAssertEqual(res.events, [.completed(690)])
    }

    func testSkip_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(690, TestError.boom))

        let res = scheduler.start { xs.skip(4) }

        XCTAssertEqual(res.events, [.next(300, -1), .error(690, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 690)])
    }

    func testSkip_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(690))

        let res = scheduler.start(disposed: 285) { xs.skip(2) }

        XCTAssertEqual(res.events, [.next(270, 7), .next(280, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 285)])
    }

    func testSkipTime_DropsWhatArrivesBeforeTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])

        let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSkipTime_LongerThanTheSource_OnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSkipTime_ErrorBeforeTheTimer_IsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipTime_Zero_ForwardsFromTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(200, 0), .next(210, 1), .completed(230)])

        let res = scheduler.start { xs.skip(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
    }

    func testSkipTime_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3), .completed(270)])

        let res = scheduler.start(disposed: 250) { xs.skip(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
