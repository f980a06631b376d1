import RxCore
import RxTesting
import XCTest

final class StartWithTests: RxCoreTestCase {
    func testStartWith_SendsTheElementsWhenSubscribedThenTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let res = scheduler.start { xs.startWith(7, 8) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(200, 8), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStartWith_NoElementsIsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith() }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStartWith_NeverSourceKeepsTheSubscriptionOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.startWith(7) }

        XCTAssertEqual(res.events, [.next(200, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testStartWith_SourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])

        let res = scheduler.start { xs.startWith(7) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(210, 2), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testStartWith_DisposeEndsTheSourceAndNothingFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3), .completed(250)])

        let res = scheduler.start(disposed: 220) { xs.startWith(7) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testStartWith_ChainedPutsTheOuterElementsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3), .completed(250)])

        let res = scheduler.start { xs.startWith(2).startWith(0, 1) }

        XCTAssertEqual(res.events, [.next(200, 0), .next(200, 1), .next(200, 2), .next(210, 3), .completed(250)])
    }

    func testStartWith_EverySubscriptionGetsTheElements() {
        let sequence = Observable.of(3, 4).startWith(1, 2)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()

        sequence.subscribe(first).dispose()
        sequence.subscribe(second).dispose()

        XCTAssertEqual(first.events, [.next(1), .next(2), .next(3), .next(4), .completed])
        XCTAssertEqual(second.events, first.events)
    }
}
