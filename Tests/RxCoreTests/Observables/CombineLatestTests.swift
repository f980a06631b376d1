import RxCore
import RxTesting
import XCTest

final class CombineLatestTests: RxCoreTestCase {
    func testCombineLatest_NeverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 1000)])
    }

    func testCombineLatest_EmptyEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(210)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
    }

    func testCombineLatest_EmptyReturn_CompletesWhenTheOtherSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 215)])
    }

    func testCombineLatest_CombinesOnEveryElementOnceBothHaveSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .next(225, 4), .completed(230)])
        let e1 = scheduler.createHotObservable([
            .next(150, 1), .next(220, 3), .next(230, 5), .next(235, 6), .completed(240),
        ])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [
            .next(220, 5), .next(225, 7), .next(230, 9), .next(235, 10), .completed(240),
        ])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatest_TupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let e1 = scheduler.createHotObservable([.next(220, "a"), .next(230, "b"), .completed(240)])

        let res = scheduler.start { Observable.combineLatest(e0, e1).map { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "1b"), .completed(250)])
    }

    func testCombineLatest_ErrorFromEitherSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .error(240, TestError.boom)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 12), .error(240, TestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatest_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])

        let res = scheduler.start {
            Observable.combineLatest(e0, e1) { (_: Int, _: Int) throws -> Int in throw TestError.other }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatest_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let e1 = scheduler.createHotObservable([.next(220, 1), .next(250, 3)])

        let res = scheduler.start(disposed: 245) { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 3)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 245)])
    }
}
