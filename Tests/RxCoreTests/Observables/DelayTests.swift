import RxCore
import RxTesting
import XCTest

final class DelayTests: RxCoreTestCase {
    private func fourElementsThen(_ stop: Recorded<Event<Int>>) -> [Recorded<Event<Int>>] {
        [.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), stop]
    }

    func testDelay_ShiftsElementsAndCompletionByTheDelay() {
        for (delay, expected) in [
            (100, [Recorded.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)]),
            (50, [.next(300, 2), .next(400, 3), .next(500, 4), .completed(600)]),
            (150, [.next(400, 2), .next(500, 3), .next(600, 4), .completed(700)]),
        ] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(fourElementsThen(.completed(550)))

            let res = scheduler.start { xs.delay(.seconds(delay), scheduler: scheduler) }

            XCTAssertEqual(res.events, expected, "delay \(delay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)], "delay \(delay)")
        }
    }

    func testDelay_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded.next(150, 1)])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testDelay_EmptyDelaysTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)], "the source is released at its completion")
    }

    func testDelay_ErrorIsNotDelayed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDelay_ErrorAfterTheQueueDrainedArrivesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(fourElementsThen(.error(550, TestError.boom)))

        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 2), .next(400, 3), .next(500, 4), .error(550, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    }

    func testDelay_ErrorDropsTheElementsStillWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(fourElementsThen(.error(550, TestError.boom)))

        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(400, 2), .next(500, 3), .error(550, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    }

    func testDelay_ElementsCloserThanTheDelayKeepTheirSpacing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(230, 3), .next(231, 4), .completed(240),
        ])

        let res = scheduler.start { xs.delay(.seconds(42), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(252, 1), .next(257, 2), .next(272, 3), .next(273, 4), .completed(282)])
    }

    func testDelay_ElementsAtTheSameTimeLeaveOneTickApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(300)])

        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }

        // Each later element waits for a drain step of its own; with no delay left, the
        // TestScheduler runs that step one tick later, as RxSwift's does.
        XCTAssertEqual(res.events, [.next(230, 1), .next(231, 2), .next(232, 3), .completed(320)])
    }

    func testDelay_DisposeDropsWhatIsStillWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(fourElementsThen(.completed(550)))

        let res = scheduler.start(disposed: 420) { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, 2)], "3, due at 450, was waiting at the dispose")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 420)])
    }

    func testDelay_ColdSourceShiftedFromSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])

        let res = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(215, "a"), .next(225, "b"), .completed(235)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDelay_ZeroDelayRunsOneTickLaterOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.delay(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(221)])
    }

    func testDelay_SynchronousSourceIsDelayedFromTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3).delay(.seconds(10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(211, 2), .next(212, 3), .completed(213)])
    }

    func testDelay_ErrorSentWhileAnElementIsDeliveredFollowsItAndDropsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable!

        scheduler.scheduleAt(200) {
            subscription = subject.delay(.seconds(10), scheduler: scheduler).subscribe(
                AnyObserver { event in
                    observer.on(event)
                    if case .next(1) = event {
                        subject.onError(TestError.boom)
                    }
                }
            )
        }
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(215) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subscription.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(220, 1), .error(220, TestError.boom)], "2 was still waiting")
        XCTAssertFalse(subject.hasObservers)
    }
}
