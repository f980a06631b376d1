import Foundation
import RxCore
import RxTesting
import XCTest

final class TestSchedulerTests: RxTestingTestCase {
    func testDocumentationExample() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStart_CreatesSubscribesAndDisposesAtTheDefaultTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        let res = scheduler.start { () -> Observable<Int> in
            log.append("created@\(scheduler.clock)")
            return Observable.create { _ in
                log.append("subscribed@\(scheduler.clock)")
                return Disposables.create { log.append("disposed@\(scheduler.clock)") }
            }
        }

        XCTAssertEqual(log, ["created@100", "subscribed@200", "disposed@1000"])
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(TestScheduler.Defaults.created, 100)
        XCTAssertEqual(TestScheduler.Defaults.subscribed, 200)
        XCTAssertEqual(TestScheduler.Defaults.disposed, 1000)
    }

    func testStart_WithExplicitTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(310, 2), .next(410, 3), .next(510, 4)])

        let res = scheduler.start(created: 50, subscribed: 300, disposed: 500) { xs }

        XCTAssertEqual(res.events, [.next(310, 2), .next(410, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 500)])
    }

    func testStart_WithDisposedTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])

        let res = scheduler.start(disposed: 250) { xs }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testHotObservable_SendsAtAbsoluteTimesToWhoeverIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(310, 3), .completed(400),
        ])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { _ = xs.subscribe(early) }
        var lateSubscription: Disposable?
        scheduler.scheduleAt(300) { lateSubscription = xs.subscribe(late) }
        scheduler.scheduleAt(350) { lateSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(150, 1), .next(210, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(late.events, [.next(310, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100), Subscription(300, 350)])
        XCTAssertEqual(xs.recordedEvents, [.next(150, 1), .next(210, 2), .next(310, 3), .completed(400)])
    }

    func testColdObservable_SendsAtOffsetsFromEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)

        scheduler.scheduleAt(100) { _ = xs.subscribe(first) }
        var secondSubscription: Disposable?
        scheduler.scheduleAt(200) { secondSubscription = xs.subscribe(second) }
        scheduler.scheduleAt(215) { secondSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(110, "a"), .next(120, "b"), .completed(130)])
        XCTAssertEqual(second.events, [.next(210, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(100), Subscription(200, 215)])
    }

    func testScheduleAt_RunsActionsAtTheirTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [Int] = []

        scheduler.scheduleAt(30) { ranAt.append(scheduler.clock) }
        scheduler.scheduleAt(10) { ranAt.append(scheduler.clock) }
        scheduler.start()

        XCTAssertEqual(ranAt, [10, 30])
    }

    func testSchedule_SimulatesProcessingDelayByDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [Int] = []

        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [101])
    }

    func testSchedule_WithoutProcessingDelayRunsAtTheSameTime() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var ranAt: [Int] = []

        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [100])
    }

    func testScheduleRelative_UsesTheResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        var ranAt: [Int] = []

        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [120])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 12))
    }

    func testAdvanceTo_DeliversOnlyWhatIsDue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.createObserver(Int.self)
        let subscription = xs.subscribe(observer)

        scheduler.advanceTo(20)
        XCTAssertEqual(observer.events, [.next(10, 1), .next(20, 2)])
        scheduler.advanceTo(30)

        XCTAssertEqual(observer.events, [.next(10, 1), .next(20, 2), .completed(30)])
        subscription.dispose()
        XCTAssertEqual(xs.subscriptions, [Subscription(0, 30)])
    }

    func testAdvanceTo_PendingHotEventsDoNotKeepTheSchedulerAlive() {
        let before = Resources.total
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(10, 1), .next(500, 2)])
            let observer = scheduler.createObserver(Int.self)
            let subscription = xs.subscribe(observer)
            scheduler.advanceTo(100)
            subscription.dispose()
            XCTAssertEqual(observer.events, [.next(10, 1)])
        }
        XCTAssertEqual(Resources.total, before, "the scheduler and its pending work were released")
    }

    func testAdvanceTo_PendingColdEventsOfADisposedSubscriptionDoNotKeepTheSchedulerAlive() {
        let before = Resources.total
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(500, 2)])
            let observer = scheduler.createObserver(Int.self)
            let subscription = xs.map { $0 + 1 }.subscribe(observer)
            scheduler.advanceTo(100)
            subscription.dispose()
            XCTAssertEqual(observer.events, [.next(10, 2)])
        }
        XCTAssertEqual(Resources.total, before, "the scheduler and its pending work were released")
    }

    func testStop_EndsStartEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1), .next(30, 2)])
        let observer = scheduler.createObserver(Int.self)
        _ = xs.subscribe(observer)

        scheduler.scheduleAt(20) { scheduler.stop() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 1)])
        XCTAssertEqual(scheduler.clock, 20)

        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 1), .next(30, 2)])
    }

    func testSleep_MovesTheClock() {
        let scheduler = TestScheduler(initialClock: 5)

        scheduler.sleep(10)

        XCTAssertEqual(scheduler.clock, 15)
    }

    func testTestScheduler_IsCountedInResourcesTotal() {
        let before = Resources.total
        var scheduler: TestScheduler? = TestScheduler(initialClock: 0)

        XCTAssertEqual(Resources.total, before + 1)
        scheduler = nil
        XCTAssertNil(scheduler)
        XCTAssertEqual(Resources.total, before)
    }

    func testStart_TheSequenceSchedulesOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }
}

extension TestSchedulerTests {
    func testStart_WithTraits_RecordsTheirEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let single = scheduler.start { xs.asSingle() }
        let maybe = TestScheduler(initialClock: 0).start { Maybe<Int>.empty() }
        let completable = TestScheduler(initialClock: 0).start { Completable.error(TestError.boom) }
        let infallible = TestScheduler(initialClock: 0).start { Infallible.of(1, 2) }

        XCTAssertEqual(single.events, [.next(220, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(maybe.events, [.completed(200)])
        XCTAssertEqual(completable.events, [.error(200, TestError.boom)])
        XCTAssertEqual(infallible.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testStart_WithATrait_DisposesItAtTheDisposedTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .completed(100)])

        let res = scheduler.start(disposed: 250) { xs.asMaybe() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
