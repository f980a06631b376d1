import RxCore
import RxTesting
import XCTest

final class MapTests: RxCoreTestCase {
    func testMap_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testMap_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 2), .next(230, 4), .next(240, 8), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .error(300, TestError.boom), .next(310, 2),
        ])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 2), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(290, 2), .completed(300),
        ])

        let res = scheduler.start(disposed: 250) { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMap_EventAtTheDisposalTimeArrivesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(290, 1), .completed(300)])

        // The hot observable scheduled its events when it was created, before `start`
        // scheduled the disposal; equal times run in scheduling order.
        let res = scheduler.start(disposed: 290) { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 0), .next(290, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testMap_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .completed(300),
        ])

        let res = scheduler.start {
            xs.map { element -> Int in
                if element < 2 { return element * 2 }
                throw TestError.boom
            }
        }

        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 2), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMap_ChangesTheElementType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])

        let res = scheduler.start { xs.map { "#\($0)" } }

        XCTAssertEqual(res.events, [.next(210, "#1"), .next(220, "#2"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
