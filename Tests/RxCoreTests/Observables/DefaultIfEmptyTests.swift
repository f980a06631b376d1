import RxCore
import RxTesting
import XCTest

final class DefaultIfEmptyTests: RxCoreTestCase {
    func testDefaultIfEmpty_Source_Empty_SendsTheDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(201, Int.self)])

        let res = scheduler.start { xs.ifEmpty(default: 11) }

        XCTAssertEqual(res.events, [.next(201, 11), .completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testDefaultIfEmpty_Source_NotEmpty_ForwardsTheSourceOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .completed(215)])

        let res = scheduler.start { xs.ifEmpty(default: 11) }

        XCTAssertEqual(res.events, [.next(205, 1), .next(210, 2), .completed(215)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testDefaultIfEmpty_Source_Errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(201, TestError.boom, Int.self)])

        let res = scheduler.start { xs.ifEmpty(default: 11) }

        XCTAssertEqual(res.events, [.error(201, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testDefaultIfEmpty_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.ifEmpty(default: 11) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testDefaultIfEmpty_Dispose_SendsNoDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start(disposed: 250) { xs.ifEmpty(default: 11) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
