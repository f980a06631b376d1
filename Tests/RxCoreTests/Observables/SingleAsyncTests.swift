import RxCore
import RxTesting
import XCTest

final class SingleAsyncTests: RxCoreTestCase {
    func testSingle_Empty_FailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingle_One_ForwardsItWhenItArrives() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingle_Many_FailsAtTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSingle_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.boom)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testSingle_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(270)])

        let res = scheduler.start(disposed: 250) { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSinglePredicate_OneMatch_PredicateCalledOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        var predicateCalls = 0

        let res = scheduler.start {
            xs.single { element in
                predicateCalls += 1
                return element == 4
            }
        }

        XCTAssertEqual(res.events, [.next(230, 4), .completed(250)])
        XCTAssertEqual(predicateCalls, 4)
    }

    func testSinglePredicate_NoMatch_FailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.single { $0 > 10 } }

        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
    }

    func testSinglePredicate_TwoMatches_FailsAtTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])

        let res = scheduler.start { xs.single { $0 % 2 == 0 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSinglePredicate_Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start {
            xs.single { element in
                if element == 3 { throw TestError.boom }
                return true
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
