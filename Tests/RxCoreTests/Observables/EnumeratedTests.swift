import RxCore
import RxTesting
import XCTest

final class EnumeratedTests: RxCoreTestCase {
    func testEnumerated_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, "a")])

        let res = scheduler.start { xs.enumerated().map { "\($0.index) \($0.element)" } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testEnumerated_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, "a"), .completed(300)])

        let res = scheduler.start { xs.enumerated().map { "\($0.index) \($0.element)" } }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEnumerated_Values_CountFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "a"), .next(210, "b"), .next(220, "c"), .next(230, "d"), .completed(300),
        ])

        let res = scheduler.start { xs.enumerated().map { "\($0.index) \($0.element)" } }

        XCTAssertEqual(res.events, [.next(210, "0 b"), .next(220, "1 c"), .next(230, "2 d"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEnumerated_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "b"), .error(250, TestError.boom), .next(260, "c")])

        let res = scheduler.start { xs.enumerated().map { "\($0.index) \($0.element)" } }

        XCTAssertEqual(res.events, [.next(210, "0 b"), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEnumerated_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "b"), .next(220, "c"), .next(240, "d"), .completed(300)])

        let res = scheduler.start(disposed: 230) { xs.enumerated().map { "\($0.index) \($0.element)" } }

        XCTAssertEqual(res.events, [.next(210, "0 b"), .next(220, "1 c")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testEnumerated_EachSubscriptionCountsFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let enumerated = xs.enumerated().map { $0.index }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = enumerated.subscribe(first) }
        scheduler.scheduleAt(215) { _ = enumerated.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 0), .next(220, 1), .completed(230)])
        XCTAssertEqual(second.events, [.next(225, 0), .next(235, 1), .completed(245)])
    }
}
