import RxCore
import RxTesting
import XCTest

final class MergeTests: RxCoreTestCase {
    /// Two cold inner sequences sent by a hot outer one at 300 and 350; the outer completes
    /// at 400, as both inners do.
    private func makeSources(
        _ scheduler: TestScheduler, secondInnerEnd: Recorded<Event<Int>> = .completed(50)
    ) -> (xs: TestableObservable<TestableObservable<Int>>, ys1: TestableObservable<Int>, ys2: TestableObservable<Int>) {
        let ys1 = scheduler.createColdObservable([.next(10, 102), .next(90, 103), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(20, 202), secondInnerEnd])
        let early = scheduler.createColdObservable([.next(10, -1)])
        let xs = scheduler.createHotObservable([.next(150, early), .next(300, ys1), .next(350, ys2), .completed(400)])
        return (xs, ys1, ys2)
    }

    func testFlatMap_Complete() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler)

        let res = scheduler.start { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(370, 202), .next(390, 103), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(350, 400)])
    }

    func testFlatMap_CompletesOnlyWhenOuterAndAllInnersComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(100, 5), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.flatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(310, 5), .completed(410)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 410)])
    }

    func testFlatMap_InnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler, secondInnerEnd: .error(25, TestError.boom))

        let res = scheduler.start { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(370, 202), .error(375, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 375)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 375)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(350, 375)])
    }

    func testFlatMap_OuterErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 102), .next(90, 103), .completed(100)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .error(320, TestError.other)])

        let res = scheduler.start { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .error(320, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 320)])
    }

    func testFlatMap_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler)
        var invoked = 0

        let res = scheduler.start {
            xs.flatMap { inner -> TestableObservable<Int> in
                invoked += 1
                if invoked == 2 { throw TestError.boom }
                return inner
            }
        }

        XCTAssertEqual(res.events, [.next(310, 102), .error(350, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 350)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testFlatMap_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler)

        let res = scheduler.start(disposed: 380) { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(370, 202)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 380)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 380)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(350, 380)])
    }

    func testFlatMap_SynchronousInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.flatMap { Observable.of($0 * 10, $0 * 10 + 1) } }

        XCTAssertEqual(res.events, [
            .next(210, 10), .next(210, 11), .next(220, 20), .next(220, 21), .completed(230),
        ])
    }
}
