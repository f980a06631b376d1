import RxCore
import RxTesting
import XCTest

/// The time operators of `Infallible`, on the TestScheduler: each sends what the observable
/// operator it wraps sends, at the same virtual times.
final class InfallibleTimeTests: RxCoreTestCase {
    // MARK: - interval and timer

    func testInterval_SendsACountEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 550) { Infallible<Int>.interval(.seconds(100), scheduler: scheduler) }
        scheduler.advanceTo(2000)

        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .next(500, 2)], "nothing after the dispose")
    }

    func testTimer_WithoutAPeriod_SendsZeroThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Infallible<Int>.timer(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 0), .completed(300)])
    }

    func testTimer_WithAPeriod_SendsZeroAfterTheDueTimeThenEveryPeriod() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 500) {
            Infallible<Int64>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(250, 0), .next(350, 1), .next(450, 2)])
    }

    // MARK: - just(_:scheduler:)

    func testJustScheduled_SendsTheElementAndTheCompletionOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Infallible.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    // MARK: - delay

    func testDelay_ShiftsElementsAndCompletionByTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: -1).delay(.seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(310, 1), .next(320, 2), .completed(350)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDelay_DisposedWhileElementsWait_SendsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(270)])

        let res = scheduler.start(disposed: 320) {
            xs.asInfallible(onErrorJustReturn: -1).delay(.seconds(100), scheduler: scheduler)
        }
        scheduler.advanceTo(1000)

        XCTAssertEqual(res.events, [.next(310, 1)])
    }

    // MARK: - delaySubscription

    func testDelaySubscription_SubscribesTheSourceAfterTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: -1).delaySubscription(.seconds(30), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(240, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 250)])
    }
}
