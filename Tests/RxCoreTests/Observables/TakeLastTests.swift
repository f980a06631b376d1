import RxCore
import RxTesting
import XCTest

final class TakeLastTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), end,
        ])
    }

    func testTakeLast_SendsTheLastElementsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.next(300, 4), .next(300, 5), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLast_MoreThanTheSourceHad_SendsAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))

        let res = scheduler.start { xs.takeLast(10) }

        XCTAssertEqual(res.events, [.next(300, 2), .next(300, 3), .next(300, 4), .next(300, 5), .completed(300)])
    }

    func testTakeLast_Zero_OnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))

        let res = scheduler.start { xs.takeLast(0) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLast_Error_DropsTheKeptElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(300, TestError.boom))

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLast_Never_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3)])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testTakeLast_Dispose_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))

        let res = scheduler.start(disposed: 250) { xs.takeLast(2) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
