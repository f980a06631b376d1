import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

/// An object a `drive(with:)` subscription holds weakly.
private final class Owner {}

final class DriverTests: RxCoreTestCase {
    /// A cold source that fails at 50; its driver returns -1 instead. Subscribers come at 200
    /// and 225, leave at 235 and 260; a third subscribes at 260 and leaves at 285.
    func testDriver_NeverErrorsAndReplaysTheLatestElementToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .error(50, TestError.boom),
        ])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        let observer3 = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []

        scheduler.scheduleAt(200) { disposables.append(driver.asObservable().subscribe(observer1)) }
        scheduler.scheduleAt(225) { disposables.append(driver.asObservable().subscribe(observer2)) }
        scheduler.scheduleAt(235) { disposables[0].dispose() }
        scheduler.scheduleAt(260) {
            disposables[1].dispose()
            disposables.append(driver.asObservable().subscribe(observer3))
        }
        scheduler.scheduleAt(285) { disposables[2].dispose() }
        scheduler.start()

        // Each event reaches the observers one tick after the source sent it: it went through
        // the (mocked) main scheduler, where the TestScheduler simulates a processing delay.
        // The late subscriber at 225 gets the latest element, 1, at once.
        XCTAssertEqual(observer1.events, [.next(211, 0), .next(221, 1), .next(231, 2)])
        XCTAssertEqual(observer2.events, [.next(225, 1), .next(231, 2), .next(241, 3), .next(251, -1), .completed(251)])
        XCTAssertEqual(observer3.events, [.next(271, 0), .next(281, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(260, 285)])
    }

    func testDriver_DeliversOnTheMockedSchedulerNotOnTheCallersThread() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = subject.asDriver(onErrorJustReturn: -1) }
        var received: [Int] = []

        let subscription = driver.drive(onNext: { received.append($0) })
        subject.onNext(1)
        XCTAssertEqual(received, [], "the element waits on the scheduler")

        scheduler.start()
        XCTAssertEqual(received, [1])
        subscription.dispose()
    }

    func testDriver_DeliversOnTheMainQueueByDefault() {
        let subject = PublishSubject<Int>()
        let driver = subject.asDriver(onErrorJustReturn: -1)
        let done = expectation(description: "completed")
        var received: [String] = []

        let subscription = driver.drive(
            onNext: { received.append("\($0) on main: \(Thread.isMainThread)") },
            onCompleted: { done.fulfill() }
        )
        DispatchQueue.global().async {
            subject.onNext(1)
            subject.onError(TestError.boom)
        }

        wait(for: [done], timeout: 5)
        XCTAssertEqual(received, ["1 on main: true", "-1 on main: true"])
        subscription.dispose()
    }

    func testSharingSchedulerMock_RestoresTheMainSchedulerAfterwards() {
        let scheduler = TestScheduler(initialClock: 0)
        var madeInside: SchedulerType?

        SharingScheduler.mock(scheduler: scheduler) { madeInside = SharingScheduler.make() }

        XCTAssertTrue(madeInside as AnyObject === scheduler)
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    func testSharingSchedulerMock_RethrowsTheActionsErrorAndRestoresTheMainScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var madeInside: SchedulerType?

        XCTAssertThrowsError(
            try SharingScheduler.mock(scheduler: scheduler) {
                madeInside = SharingScheduler.make()
                throw TestError.boom
            }
        ) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }

        XCTAssertTrue(madeInside as AnyObject === scheduler)
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    func testSharingSchedulerMock_TakesAThrowingActionThatDoesNotThrow() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        /// A factory that may throw, as a test's setup code can.
        func makeDriver() throws -> Driver<Int> { xs.asDriver(onErrorJustReturn: -1) }
        var driver: Driver<Int>!

        try SharingScheduler.mock(makeScheduler: { scheduler }) { driver = try makeDriver() }
        let res = scheduler.start { driver.asObservable() }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(221)])
    }

    // MARK: - Conversions

    func testAsDriver_OnErrorDriveWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])

        let res = SharingScheduler.mockStart(scheduler) { xs.asDriver(onErrorDriveWith: Driver.just(-1)) }

        // The error reaches `catch` at 231, which subscribes to `Driver.just`, itself
        // subscribed through the scheduler at 232.
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .next(232, -1), .completed(232)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAsDriver_OnErrorRecoverIsCalledOncePerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        var recoveries: [String] = []

        let res = SharingScheduler.mockStart(scheduler) { () -> Driver<Int> in
            // Built here, while the scheduler is mocked; the closure runs at 231.
            let recovery = Driver.just(7)
            return xs.asDriver(onErrorRecover: { error in
                recoveries.append("\(error)")
                return recovery
            })
        }

        XCTAssertEqual(res.events, [.next(211, 1), .next(232, 7), .completed(232)])
        XCTAssertEqual(recoveries, ["boom"])
    }

    func testAsDriver_EmptyRecoveryCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = SharingScheduler.mockStart(scheduler) { () -> Driver<Int> in
            let recovery = Driver<Int>.empty()
            return xs.asDriver(onErrorRecover: { _ in recovery })
        }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(232)])
    }

    func testAsSharedSequence_WithTheDriverStrategyIsADriver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = SharingScheduler.mockStart(scheduler) {
            xs.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: -1).asDriver()
        }

        XCTAssertEqual(res.events, [.next(211, 1), .next(221, -1), .completed(221)])
    }

    // MARK: - Factories

    func testDriverFactories_DeliverOnTheSharingScheduler() {
        func events<Element>(_ create: @escaping () -> Driver<Element>) -> [Recorded<Event<Element>>] {
            SharingScheduler.mockStart(TestScheduler(initialClock: 0), create).events
        }

        XCTAssertEqual(events { Driver.just(1) }, [.next(201, 1), .completed(201)])
        XCTAssertEqual(events { Driver<Int>.empty() }, [.completed(201)])
        XCTAssertEqual(events { Driver<Int>.never() }, [])
        XCTAssertEqual(events { Driver.of(1, 2) }, [.next(201, 1), .next(202, 2), .completed(203)])
        XCTAssertEqual(events { Driver.from([3, 4]) }, [.next(201, 3), .next(202, 4), .completed(203)])
        XCTAssertEqual(events { Driver.from(5...6) }, [.next(201, 5), .next(202, 6), .completed(203)])
        XCTAssertEqual(events { Driver.from(optional: 9) }, [.next(201, 9), .completed(202)])
        XCTAssertEqual(events { Driver<Int>.from(optional: nil) }, [.completed(201)])
    }

    func testDriverDeferred_CallsTheFactoryOncePerConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        var factoryCalls = 0
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            let inner = Driver.just(5)
            driver = Driver.deferred {
                factoryCalls += 1
                return inner
            }
        }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = driver.drive(first)
            _ = driver.drive(second)
        }
        scheduler.scheduleAt(300) { _ = driver.drive(first) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(201, 5), .completed(201), .next(301, 5), .completed(301)])
        XCTAssertEqual(second.events, [.next(201, 5), .completed(201)])
        XCTAssertEqual(factoryCalls, 2, "once for the shared subscription at 200, once again at 300")
    }

    func testDriverInterval_TicksOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = SharingScheduler.mockStart(scheduler, disposed: 351) { Driver<Int>.interval(.seconds(50)) }

        XCTAssertEqual(res.events, [.next(250, 0), .next(300, 1), .next(350, 2)])
    }

    func testDriverTimer_StartsAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = SharingScheduler.mockStart(scheduler, disposed: 331) { Driver<Int>.timer(.seconds(100), period: .seconds(10)) }

        XCTAssertEqual(res.events, [.next(300, 0), .next(310, 1), .next(320, 2), .next(330, 3)])
    }

    // MARK: - drive

    func testDrive_SeveralObserversGetEveryEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = driver.drive(first, second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(second.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDrive_OptionalObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        let observer = scheduler.createObserver(Int?.self)

        scheduler.scheduleAt(200) { _ = driver.drive(observer) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(211, 1), .completed(221)])
    }

    func testDrive_ClosuresAreCalledOncePerEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        var log: [String] = []

        scheduler.scheduleAt(200) {
            _ = driver.drive(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        }
        scheduler.start()

        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testDrive_NothingArrivesAfterDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        var log: [String] = []
        var subscription: Disposable!

        scheduler.scheduleAt(200) {
            subscription = driver.drive(onNext: { log.append("next \($0)") }, onDisposed: { log.append("disposed") })
        }
        scheduler.scheduleAt(220) { subscription.dispose() }
        scheduler.start()

        XCTAssertEqual(log, ["next 1", "disposed"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDriveWith_PassesTheObjectWhileItIsAlive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        var owner: Owner? = Owner()
        var log: [String] = []

        scheduler.scheduleAt(200) {
            _ = driver.drive(
                with: owner!,
                onNext: { _, element in log.append("next \(element)") },
                onCompleted: { _ in log.append("completed") },
                onDisposed: { _ in log.append("disposed") }
            )
        }
        scheduler.scheduleAt(220) { owner = nil }
        scheduler.start()

        XCTAssertEqual(log, ["next 1"])
    }

    func testDrive_WithNoArgumentsSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }

        scheduler.scheduleAt(200) { _ = driver.drive() }
        scheduler.start()

        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDrive_BinderFunctionsGetTheObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = Driver.just(4) }
        var transformations = 0

        scheduler.scheduleAt(200) {
            let subscription: Disposable = driver.drive { (source: Observable<Int>) -> Disposable in
                transformations += 1
                return source.subscribe(observer)
            }
            _ = subscription
            _ = driver.drive({ source in { (offset: Int) in source.map { $0 + offset }.subscribe(observer) } }, curriedArgument: 10)
        }
        scheduler.start()

        XCTAssertEqual(transformations, 1)
        XCTAssertEqual(observer.events, [.next(201, 4), .completed(201), .next(201, 14), .completed(201)])
    }
}

extension SharingScheduler {
    /// `scheduler.start(disposed:)` with the built-in sharing strategies using `scheduler`
    /// while `create` builds the sequence (at 100).
    static func mockStart<Element, Sequence: ObservableConvertibleType>(
        _ scheduler: TestScheduler, disposed: TestTime = TestScheduler.Defaults.disposed,
        _ create: @escaping () -> Sequence
    ) -> TestableObserver<Element> where Sequence.Element == Element {
        scheduler.start(disposed: disposed) {
            var sequence: Sequence!
            SharingScheduler.mock(scheduler: scheduler) { sequence = create() }
            return sequence!
        }
    }
}
