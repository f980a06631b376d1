import RxCore
import RxTesting
import XCTest

final class WithLatestFromTests: RxCoreTestCase {
    func testWithLatestFrom_CombinesEachElementWithTheSecondsLatest_DroppingThoseBeforeItsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6),
            .next(410, 7), .next(420, 8), .next(470, 9), .next(550, 10), .completed(590),
        ])
        let ys = scheduler.createHotObservable([.next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400)])
        var selectorCalls = 0

        let res = scheduler.start {
            xs.withLatestFrom(ys) { (x: Int, y: String) -> String in
                selectorCalls += 1
                return "\(x)\(y)"
            }
        }

        XCTAssertEqual(res.events, [
            .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .next(410, "7qux"),
            .next(420, "8qux"), .next(470, "9qux"), .next(550, "10qux"), .completed(590),
        ])
        XCTAssertEqual(selectorCalls, 7, "one call per result, none before the second sent")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 590)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 400)], "the second completing ends only its subscription")
    }

    func testWithLatestFrom_FirstCompletingEndsBothSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 3), .next(260, 4), .completed(390)])
        let ys = scheduler.createHotObservable([.next(245, "bar"), .next(255, "foo"), .completed(400)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(250, "3bar"), .next(260, "4foo"), .completed(390)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 390)])
    }

    func testWithLatestFrom_SubscribesToTheSecondFirst_SoItsCurrentValueIsSeen() {
        let xs = BehaviorSubject(value: 3)
        let ys = BehaviorSubject(value: 5)
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" }.take(1) }

        XCTAssertEqual(res.events, [.next(200, "35"), .completed(200)])
    }

    func testWithLatestFrom_DefaultFormSendsTheSecondsLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 3), .next(260, 4), .next(340, 6), .completed(590)])
        let ys = scheduler.createHotObservable([.next(255, "bar"), .next(330, "foo"), .completed(400)])

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(260, "bar"), .next(340, "foo"), .completed(590)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 400)])
    }

    func testWithLatestFrom_ErrorFromTheFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 4), .error(300, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(255, "bar")])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(260, "4bar"), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testWithLatestFrom_ErrorFromTheSecondEndsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 4), .next(380, 5), .completed(390)])
        let ys = scheduler.createHotObservable([.next(255, "bar"), .error(370, TestError.boom)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(260, "4bar"), .error(370, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 370)])
    }

    func testWithLatestFrom_SelectorThrowingEndsBothSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 4), .next(310, 5), .next(340, 6), .completed(390)])
        let ys = scheduler.createHotObservable([.next(255, "bar"), .completed(400)])
        var selectorCalls = 0

        let res = scheduler.start {
            xs.withLatestFrom(ys) { (x: Int, y: String) throws -> String in
                selectorCalls += 1
                if x == 5 {
                    throw TestError.other
                }
                return "\(x)\(y)"
            }
        }

        XCTAssertEqual(res.events, [.next(260, "4bar"), .error(310, TestError.other)])
        XCTAssertEqual(selectorCalls, 2)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 310)])
    }

    func testWithLatestFrom_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 4), .next(310, 5)])
        let ys = scheduler.createHotObservable([.next(255, "bar"), .next(305, "foo")])

        let res = scheduler.start(disposed: 300) { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(260, "4bar")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }
}
