import RxCore
import RxTesting
import XCTest

final class AmbTests: RxCoreTestCase {
    func testAmb_NeverNeverSendsNothingAndKeepsBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let ys = scheduler.createHotObservable([.next(150, 2)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testAmb_LeftReactsFirstAndTheRightIsDisposedThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 2), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, 9), .completed(260)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
    }

    func testAmb_RightReactsFirstAndTheLeftIsDisposedThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let ys = scheduler.createHotObservable([.next(215, 5), .next(235, 6), .completed(300)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.next(215, 5), .next(235, 6), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testAmb_AnErrorFirstWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])
        let ys = scheduler.createHotObservable([.next(230, 1), .completed(240)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testAmb_ACompletionFirstWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createHotObservable([.completed(205, Int.self)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.completed(205)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 205)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 205)])
    }

    func testAmb_ErrorFromTheWinnerAfterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.other)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(240)])

        let res = scheduler.start { xs.amb(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
    }

    func testAmb_DisposeBeforeEitherReactsEndsBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])
        let ys = scheduler.createHotObservable([.next(310, 2)])

        let res = scheduler.start(disposed: 250) { xs.amb(ys) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testAmb_DisposeAfterTheWinnerChoseStopsItsEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(270)])
        let ys = scheduler.createHotObservable([.next(220, 9)])

        let res = scheduler.start(disposed: 250) { xs.amb(ys) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
    }

    func testAmb_SynchronousLeftWinsWhileSubscribingAndTheRightIsDisposedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 9)])

        let res = scheduler.start { Observable.just(1).amb(ys) }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 200)])
    }

    // MARK: static amb

    func testStaticAmb_TheFirstOfManyToReactWinsAndTheOthersAreDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let zs = scheduler.createHotObservable([.next(210, 3), .next(250, 4), .completed(260)])

        let res = scheduler.start { Observable.amb([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 3), .next(250, 4), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 260)])
    }

    func testStaticAmb_AMiddleSequenceCanWin() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let zs = scheduler.createHotObservable([.next(225, 3), .completed(260)])

        let res = scheduler.start { Observable.amb([xs, ys, zs].map { $0.asObservable() }) }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 220)])
    }

    func testStaticAmb_NoSequenceNeverSendsAnything() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }

        XCTAssertEqual(res.events, [])
    }
}
