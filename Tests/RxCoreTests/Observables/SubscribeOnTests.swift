import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

final class SubscribeOnTests: RxCoreTestCase {
    // MARK: - On the test scheduler

    func testSubscribeOn_SubscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: [Int] = []
        var disposedAt: [Int] = []
        let xs = Observable<Int>.create { _ in
            subscribedAt.append(scheduler.clock)
            return Disposables.create { disposedAt.append(scheduler.clock) }
        }

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(subscribedAt, [201])
        XCTAssertEqual(disposedAt, [1001])
    }

    func testSubscribeOn_Completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(300, TestError.boom)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 1001)])
    }

    func testSubscribeOn_DisposedBeforeTheSubscribeRan_NeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribeCount = 0
        let xs = Observable<Int>.create { _ in
            subscribeCount += 1
            return Disposables.create()
        }

        let subscription = xs.subscribe(on: scheduler).subscribe()
        subscription.dispose()
        scheduler.start()

        XCTAssertEqual(subscribeCount, 0)
    }

    func testSubscribeOn_ReleasesEverythingOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [String] = []

        _ = Observable.just(1).subscribe(on: scheduler).subscribe(
            onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") }
        )
        XCTAssertEqual(events, [])
        scheduler.start()

        XCTAssertEqual(events, ["next 1", "completed"])
    }

    func testSubscribeOn_ReleasesEverythingOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        var errors: [String] = []

        _ = Observable<Int>.error(TestError.boom).subscribe(on: scheduler)
            .subscribe(onError: { errors.append("\($0)") })
        scheduler.start()

        XCTAssertEqual(errors, ["boom"])
    }

    // MARK: - Real threads

    func testSubscribeOn_SubscribesAndUnsubscribesOnTheSchedulersQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.subscribe") { queue in
            QueueName.mark(queue, as: "subscribe")
        }
        let log = SynchronizedLog<String>()
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let xs = Observable<Int>.create { observer in
            log.append("subscribed on \(QueueName.current ?? "?")")
            observer.onNext(1)
            subscribed.signal()
            return Disposables.create {
                log.append("disposed on \(QueueName.current ?? "?")")
                disposed.signal()
            }
        }

        let subscription = xs.subscribe(on: scheduler).subscribe(onNext: { log.append("next \($0) on \(QueueName.current ?? "?")") })
        waitForSignal(of: subscribed, "the subscription")
        // The dispose may reach the queue while the subscribe is still running there; the
        // subscribe then queues the source's dispose behind it, after anything queued now, so
        // the test waits for the dispose itself rather than for the queue to drain.
        subscription.dispose()
        waitForSignal(of: disposed, "the source's dispose")
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(log.values, ["subscribed on subscribe", "next 1 on subscribe", "disposed on subscribe"])
    }

    func testSubscribeOn_EventsArriveOnTheThreadTheSourceSendsThem() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.subscribe") { queue in
            QueueName.mark(queue, as: "subscribe")
        }
        let subject = PublishSubject<Int>()
        let log = SynchronizedLog<String>()

        let subscription = subject.subscribe(on: scheduler).subscribe(onNext: { log.append("\($0) on \(QueueName.current ?? "test")") })
        waitForQueuedWork(on: scheduler)
        subject.onNext(5)
        subscription.dispose()
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(log.values, ["5 on test"])
        XCTAssertFalse(subject.hasObservers)
    }
}
