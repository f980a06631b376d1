import RxCore
import RxTesting
import XCTest

final class FilterTests: RxCoreTestCase {
    func testFilter_Complete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6), .next(390, 7),
            .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600), .next(610, 12),
        ])

        let res = scheduler.start { xs.filter { $0 % 2 == 1 } }

        XCTAssertEqual(res.events, [
            .next(230, 3), .next(340, 5), .next(390, 7), .next(470, 9), .next(580, 11), .completed(600),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testFilter_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(230, 3), .next(270, 4), .next(340, 5), .error(400, TestError.boom), .next(410, 7),
        ])

        let res = scheduler.start { xs.filter { $0 % 2 == 1 } }

        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .error(400, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testFilter_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(230, 3), .next(270, 4), .next(340, 5), .next(390, 7), .completed(600),
        ])

        let res = scheduler.start(disposed: 350) { xs.filter { $0 % 2 == 1 } }

        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
    }

    func testFilter_PredicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(230, 3), .next(270, 4), .next(340, 5), .completed(600),
        ])

        let res = scheduler.start {
            xs.filter { element -> Bool in
                if element == 4 { throw TestError.other }
                return true
            }
        }

        XCTAssertEqual(res.events, [.next(230, 3), .error(270, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testFilter_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.filter { _ in true } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
}
