import RxCore
import RxTesting
import XCTest

final class ZipTests: RxCoreTestCase {
    func testZip_NeverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 1000)])
    }

    func testZip_EmptyEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(210)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
    }

    func testZip_PairsElementsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(215, "a"), .next(250, "b"), .completed(400)])

        let res = scheduler.start { Observable.zip(e0, e1) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(215, "1a"), .next(250, "2b"), .completed(400)])
    }

    func testZip_TupleForm() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")).map { "\($0)\($1)" }
        }

        XCTAssertEqual(res.events, [.next(200, "1a"), .next(200, "2b"), .completed(200)])
    }

    func testZip_CompletesOnlyWhenEverySourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let e1 = scheduler.createHotObservable([.next(230, 2), .completed(260)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(260)], "as in RxSwift 6, zip waits for every source")
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 260)])
    }

    func testZip_ErrorFromEitherSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let e1 = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
    }

    func testZip_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start {
            Observable.zip(e0, e1) { (_: Int, _: Int) throws -> Int in throw TestError.other }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testZip_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .next(250, 20)])

        let res = scheduler.start(disposed: 240) { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }
}
