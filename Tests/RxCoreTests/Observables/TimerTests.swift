import RxCore
import RxTesting
import XCTest

final class TimerTests: RxCoreTestCase {
    // MARK: - interval

    func testInterval_SendsACountEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int64>.interval(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [
            .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5), .next(900, 6),
        ])
    }

    func testInterval_ZeroPeriodSendsOnEveryTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 210) { Observable<Int64>.interval(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, (0...8).map { .next(201 + $0, Int64($0)) })
    }

    func testInterval_DisposeInTheMiddleStopsIt() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 450) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        scheduler.advanceTo(2000)

        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1)], "nothing after the dispose at 450")
    }

    func testInterval_EachSubscriptionCountsFromZeroOnItsOwnClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable<Int>.interval(.seconds(50), scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(100) { subscriptions.append(source.subscribe(first)) }
        scheduler.scheduleAt(175) { subscriptions.append(source.subscribe(second)) }
        scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        // At 300 the dispose, scheduled first, runs before the tick due then.
        XCTAssertEqual(first.events, [.next(150, 0), .next(200, 1), .next(250, 2)])
        XCTAssertEqual(second.events, [.next(225, 0), .next(275, 1)])
    }

    func testInterval_WrapsAroundInsteadOfTrappingOnOverflow() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 470) { Observable<UInt8>.interval(.seconds(0), scheduler: scheduler) }

        let values = res.events.compactMap { $0.value.element }
        XCTAssertEqual(values.count, 269, "one per tick from 201 to 469")
        XCTAssertEqual(Array(values[254...257]), [254, 255, 0, 1])
    }

    // MARK: - timer

    func testTimer_OneOffSendsZeroAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(500, 0), .completed(500)])
    }

    func testTimer_OneOffDisposedBeforeItFiresSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 400) { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testTimer_OneOffZeroDueTimeFiresOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int32>.timer(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 0), .completed(201)])
    }

    func testTimer_WithPeriodSendsAfterDueTimeThenEveryPeriod() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.timer(.seconds(300), period: .seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(500, 0), .next(600, 1), .next(700, 2), .next(800, 3), .next(900, 4)])
    }

    func testTimer_WithPeriodDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 650) {
            Observable<Int>.timer(.seconds(300), period: .seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(500, 0), .next(600, 1)])
    }

    func testTimer_ObserverDisposingOnAnElementGetsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        var received: [Int] = []
        var subscription: Disposable?

        scheduler.scheduleAt(100) {
            subscription = Observable<Int>.interval(.seconds(10), scheduler: scheduler)
                .subscribe(onNext: { element in
                    received.append(element)
                    if element == 2 {
                        subscription?.dispose()
                    }
                })
        }
        scheduler.start()

        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertEqual(scheduler.clock, 130, "no tick was left scheduled")
    }
}
