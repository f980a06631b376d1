import RxCore
import RxTesting
import XCTest

/// The time operators of `Single`, `Maybe` and `Completable`, on the TestScheduler: each sends
/// what the observable operator it wraps sends, at the same virtual times.
final class PrimitiveSequenceTimeTests: RxCoreTestCase {
    // MARK: - delay

    func testSingleDelay_ShiftsTheSuccessByTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])

        let res = scheduler.start { xs.asSingle().delay(.seconds(100), scheduler: scheduler) }

        // The completion, due at the same time as the element, goes out one tick after it, as
        // in RxSwift: `delay` sends it from a step of its own, scheduled when the element went.
        XCTAssertEqual(res.events, [.next(350, 1), .completed(351)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleJustDelay_AsRxSwiftsTestPinsIt() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(202, 1), .completed(203)])
    }

    func testSingleDelay_ErrorIsNotDelayed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(50, TestError.boom)])

        let res = scheduler.start { xs.asSingle().delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleDelay_DisposedWhileTheSuccessWaits_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])

        let res = scheduler.start(disposed: 300) { xs.asSingle().delay(.seconds(100), scheduler: scheduler) }
        scheduler.advanceTo(1000)

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMaybeDelay_ShiftsTheCompletionByTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.completed(50)])

        let res = scheduler.start { xs.asMaybe().delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(350)])
    }

    func testCompletableDelay_ShiftsTheCompletionByTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(50)])

        let res = scheduler.start { xs.asCompletable().delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(350)])
    }

    // MARK: - delaySubscription

    func testSingleDelaySubscription_SubscribesTheSourceAfterTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])

        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 1), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 280)])
    }

    func testMaybeDelaySubscription_DisposedBeforeTheDelay_NeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])

        let res = scheduler.start(disposed: 220) { xs.asMaybe().delaySubscription(.seconds(30), scheduler: scheduler) }
        scheduler.advanceTo(1000)

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testCompletableDelaySubscription_SubscribesTheSourceAfterTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])

        let res = scheduler.start { xs.asCompletable().delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 240)])
    }

    // MARK: - timeout

    func testSingleTimeout_SuccessBeforeTheTimeout_PassesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])

        let res = scheduler.start { xs.asSingle().timeout(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleTimeout_NothingBeforeTheTimeout_FailsWithTimeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(150, 1), .completed(150)])

        let res = scheduler.start { xs.asSingle().timeout(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(300, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMaybeTimeout_NothingBeforeTheTimeout_FailsWithTimeout() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe<Int>.never().timeout(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(300, RxError.timeout)])
    }

    func testCompletableTimeout_CompletionBeforeTheTimeout_PassesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(50)])

        let res = scheduler.start { xs.asCompletable().timeout(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(250)])
    }

    func testSingleTimeoutOther_NothingBeforeTheTimeout_SwitchesToTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(150, 1), .completed(150)])
        let ys = scheduler.createColdObservable([.next(20, 2), .completed(20)])

        let res = scheduler.start {
            xs.asSingle().timeout(.seconds(100), other: ys.asSingle(), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(320, 2), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 320)])
    }

    func testSingleTimeoutOther_SuccessBeforeTheTimeout_NeverSubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let ys = scheduler.createColdObservable([.next(20, 2), .completed(20)])

        let res = scheduler.start {
            xs.asSingle().timeout(.seconds(100), other: ys.asSingle(), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testMaybeTimeoutOther_NothingBeforeTheTimeout_SwitchesToTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.completed(20)])

        let res = scheduler.start {
            Maybe<Int>.never().timeout(.seconds(100), other: ys.asMaybe(), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.completed(320)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 320)])
    }

    // MARK: - timer

    func testSingleTimer_SendsZeroAfterTheDueTime_ThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single<Int>.timer(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 0), .completed(300)])
    }

    func testMaybeTimer_SendsZeroAfterTheDueTime_ThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe<Int64>.timer(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, 0), .completed(250)])
    }

    func testSingleTimer_DisposedBeforeTheDueTime_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 250) { Single<Int>.timer(.seconds(100), scheduler: scheduler) }
        scheduler.advanceTo(1000)

        XCTAssertEqual(res.events, [])
    }

    // MARK: - just(_:scheduler:)

    func testSingleJustScheduled_SendsTheElementAndTheCompletionOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testMaybeJustScheduled_SendsTheElementAndTheCompletionOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.just("a", scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, "a"), .completed(202)])
    }

    func testSingleJustScheduled_SubscribeOnSuccess_CalledOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var successes: [Int] = []
        var disposals = 0

        _ = Single.just(7, scheduler: scheduler).subscribe(
            onSuccess: { successes.append($0) },
            onDisposed: { disposals += 1 }
        )
        XCTAssertEqual(successes, [], "nothing before the scheduler runs")
        scheduler.start()

        XCTAssertEqual(successes, [7])
        XCTAssertEqual(disposals, 1)
    }

    func testSingleJustScheduled_DisposedBeforeTheScheduler_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var successes = 0

        let subscription = Single.just(7, scheduler: scheduler).subscribe(onSuccess: { _ in successes += 1 })
        subscription.dispose()
        scheduler.start()

        XCTAssertEqual(successes, 0)
    }
}
