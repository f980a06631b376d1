import RxCore
import RxTesting
import XCTest

final class WindowTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, first: Recorded<Event<Int>>? = nil, end: Recorded<Event<Int>>)
        -> TestableObservable<Int>
    {
        scheduler.createHotObservable((first.map { [$0] } ?? []) + [
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            .next(420, 8), .next(470, 9), end,
        ])
    }

    /// Each window's elements, tagged with the window's index, merged into one sequence.
    private func tagged(_ windows: Observable<Observable<Int>>) -> Observable<String> {
        windows.enumerated().flatMap { pair in pair.element.map { "\(pair.index) \($0)" } }
    }

    func testWindowWithTimeOrCount_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start { self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)) }

        XCTAssertEqual(res.events, [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .completed(600),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testWindowWithTimeOrCount_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(600, TestError.boom))

        let res = scheduler.start { self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)) }

        XCTAssertEqual(res.events, [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .error(600, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testWindowWithTimeOrCount_Disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, first: .next(105, 0), end: .completed(600))

        let res = scheduler.start(disposed: 370) {
            self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
        }

        XCTAssertEqual(res.events, [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
    }

    func testWindowWithTimeOrCount_SendsTheFirstWindowAtSubscriptionAndOneMorePerBoundary() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(330)])

        let res = scheduler.start {
            xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler).map { _ in "window" }
        }

        // At 200 (subscription), 220 (full), 270 and 320 (timers), then completion.
        XCTAssertEqual(res.events, [
            .next(200, "window"), .next(220, "window"), .next(270, "window"), .next(320, "window"), .completed(330),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)])
    }

    func testWindowWithTimeOrCount_AnObservedWindowKeepsTheSourceAfterTheOuterSubscriptionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(310, 3), .completed(400)])
        let windows = xs.window(timeSpan: .seconds(1000), count: 10, scheduler: scheduler)
        let inner = scheduler.createObserver(Int.self)
        var outerSubscription: Disposable?
        var innerSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = windows.subscribe(onNext: { window in
                if innerSubscription == nil {
                    innerSubscription = window.subscribe(inner)
                }
            })
        }
        scheduler.scheduleAt(250) { outerSubscription?.dispose() }
        scheduler.scheduleAt(300) { innerSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(inner.events, [.next(210, 1), .next(260, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWindowWithTimeOrCount_AWindowSubscribedLateSeesOnlyLaterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let windows = xs.window(timeSpan: .seconds(1000), count: 10, scheduler: scheduler)
        let inner = scheduler.createObserver(Int.self)
        var firstWindow: Observable<Int>?

        scheduler.scheduleAt(200) { _ = windows.subscribe(onNext: { window in firstWindow = window }) }
        scheduler.scheduleAt(220) { _ = firstWindow?.subscribe(inner) }
        scheduler.start()
        firstWindow = nil

        XCTAssertEqual(inner.events, [.next(230, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWindowWithTimeOrCount_ReleasesEverythingOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)

        _ = Observable.just(1).window(timeSpan: .seconds(0), count: 10, scheduler: scheduler).map { _ in "window" }
            .subscribe(observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, "window"), .completed(0)])
    }

    func testWindowWithTimeOrCount_ReleasesEverythingOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)

        _ = Observable<Int>.error(TestError.boom).window(timeSpan: .seconds(0), count: 10, scheduler: scheduler)
            .map { _ in "window" }.subscribe(observer)
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, "window"), .error(0, TestError.boom)])
    }
}
