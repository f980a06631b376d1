import RxCore
import RxTesting
import XCTest

final class SampleTests: RxCoreTestCase {
    func testSample_SendsTheLatestElementOnEachTick_NothingWhenNoneArrived() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .completed(400),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"),
            .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testSample_SamplerCompletingIsATick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 3), .next(310, 6), .next(360, 7), .completed(400)])
        let ys = scheduler.createHotObservable([.next(250, "foo"), .next(320, "baz"), .completed(500)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 6), .next(500, 7), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testSample_SourceCompletionEndsTheResultOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 3), .next(290, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 4), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testSample_DefaultValueIsSentOnTicksWithoutANewElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "a"), .next(250, "b"), .next(260, "c"), .next(320, "d"), .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys, defaultValue: -1) }

        XCTAssertEqual(res.events, [
            .next(210, -1), .next(250, 3), .next(260, -1), .next(320, -1), .completed(320),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testSample_ErrorFromTheSampler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .next(290, 4), .completed(400)])
        let ys = scheduler.createHotObservable([.next(250, "foo"), .error(320, TestError.boom)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .error(320, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testSample_ErrorFromTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 3), .next(300, 5), .next(310, 6), .error(320, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(250, "foo"), .next(300, "baz"), .completed(400)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(300, 5), .error(320, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testSample_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 3), .next(280, 4)])
        let ys = scheduler.createHotObservable([.next(250, "foo"), .next(290, "bar")])

        let res = scheduler.start(disposed: 285) { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 285)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 285)])
    }
}
