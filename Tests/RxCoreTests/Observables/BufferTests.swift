import RxCore
import RxTesting
import XCTest

final class BufferTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            .next(420, 8), .next(470, 9), end,
        ])
    }

    func testBufferWithTimeOrCount_Basic_SendsWhenFullOrWhenTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [
            .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
            .next(580, []), .next(600, []), .completed(600),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testBufferWithTimeOrCount_Error_DropsTheOpenBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(600, TestError.boom))

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [
            .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
            .next(580, []), .error(600, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testBufferWithTimeOrCount_Disposed_StopsTheTimersToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start(disposed: 370) { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
    }

    func testBufferWithTimeOrCount_Never_SendsAnEmptyBufferEveryTimeSpan() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start(disposed: 450) { xs.buffer(timeSpan: .seconds(100), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, []), .next(400, [])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testBufferWithTimeOrCount_AFullBufferRestartsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1), .next(260, 2), .next(330, 3), .completed(400)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 2, scheduler: scheduler) }

        // The first timer (due at 300) belongs to the window the full buffer closed at 260.
        XCTAssertEqual(res.events, [.next(260, [1, 2]), .next(360, [3]), .next(400, []), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testBufferWithTimeOrCount_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, []), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testBufferWithTimeOrCount_ReleasesEverythingOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver([Int].self)

        _ = Observable.just(1).buffer(timeSpan: .seconds(0), count: 10, scheduler: scheduler).subscribe(observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, [1]), .completed(0)])
    }

    func testBufferWithTimeOrCount_ReleasesEverythingOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver([Int].self)

        _ = Observable<Int>.error(TestError.boom).buffer(timeSpan: .seconds(0), count: 10, scheduler: scheduler)
            .subscribe(observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.error(0, TestError.boom)])
    }
}
