import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

final class ObserveOnTests: RxCoreTestCase {
    // MARK: - The generic path, on the test scheduler

    // `observe(on:)` subscribes to `asObservable()`, which wraps a testable observable in
    // `create`, whose sink lets go of the source as soon as the source stops; so, as in RxSwift,
    // the source's subscription ends when it sends its stop event, before it is delivered.

    func testObserveOn_TestScheduler_DeliversEachEventOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .completed(230),
        ])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .next(221, 3), .completed(231)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testObserveOn_TestScheduler_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testObserveOn_TestScheduler_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .error(220, TestError.boom), .next(230, 3),
        ])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .error(221, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testObserveOn_TestScheduler_DisposeInTheMiddle_DropsWhatWasStillQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(250, 3), .next(260, 4), .completed(300),
        ])

        // The element sent at 250 waits for the tick at 251, after the dispose at 250.
        let res = scheduler.start(disposed: 250) { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testObserveOn_TestScheduler_EventsArrivingTogether_AreDeliveredInOrderOnePerStep() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testObserveOn_TestScheduler_ReleasesEverythingOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [String] = []

        _ = Observable.just(1).observe(on: scheduler).subscribe(
            onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") }
        )
        XCTAssertEqual(events, [])
        scheduler.start()

        XCTAssertEqual(events, ["next 1", "completed"])
    }

    func testObserveOn_TestScheduler_ReleasesEverythingOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        var errors: [String] = []

        _ = Observable<Int>.error(TestError.boom).observe(on: scheduler).subscribe(onError: { errors.append("\($0)") })
        scheduler.start()

        XCTAssertEqual(errors, ["boom"])
    }

    // MARK: - Which implementation

    func testObserveOn_SerialDispatchQueueScheduler_TakesTheSerialPath() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.observe")
        let before = Resources.numberOfSerialDispatchQueueObservables

        var observable: Observable<Int>? = Observable.just(0).observe(on: scheduler)
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before + 1)
        XCTAssertNotNil(observable)
        observable = nil

        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before)
    }

    func testObserveOn_OtherSchedulers_TakeTheGenericPath() {
        let before = Resources.numberOfSerialDispatchQueueObservables
        let observables = [
            Observable.just(0).observe(on: TestScheduler(initialClock: 0)),
            Observable.just(0).observe(on: ConcurrentDispatchQueueScheduler(qos: .default)),
            Observable.just(0).observe(on: OperationQueueScheduler(operationQueue: OperationQueue())),
        ]

        XCTAssertEqual(observables.count, 3)
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before)
    }

    // MARK: - Real threads

    /// Sends 0..<count then completes through `observe(on:)`, and checks that everything
    /// arrives, in order, on the queue named `queueName`.
    private func checkDeliversInOrderOnTheQueue(
        _ scheduler: ImmediateSchedulerType, queueName: String, count: Int = 100, line: UInt = #line
    ) {
        let subject = PublishSubject<Int>()
        let events = SynchronizedLog<String>()
        let queues = SynchronizedLog<String?>()
        let overlaps = SynchronizedLog<Int>()
        let delivering = NSLock()
        let completed = DispatchSemaphore(value: 0)

        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { element in
                if !delivering.try() {
                    overlaps.append(element)
                    return
                }
                events.append("\(element)")
                queues.append(QueueName.current)
                delivering.unlock()
            },
            onCompleted: {
                events.append("completed")
                queues.append(QueueName.current)
                completed.signal()
            }
        )
        for element in 0..<count {
            subject.onNext(element)
        }
        subject.onCompleted()
        waitForSignal(of: completed, "completion", line: line)

        XCTAssertEqual(events.values, (0..<count).map { "\($0)" } + ["completed"], line: line)
        XCTAssertEqual(Set(queues.values), [queueName], line: line)
        XCTAssertEqual(overlaps.values, [], line: line)
        XCTAssertFalse(subject.hasObservers, line: line)
        subscription.dispose()
    }

    func testObserveOn_SerialPath_DeliversEveryEventInOrderOnTheQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.serial") { queue in
            QueueName.mark(queue, as: "serial")
        }
        checkDeliversInOrderOnTheQueue(scheduler, queueName: "serial")
    }

    func testObserveOn_GenericPath_ConcurrentQueue_DeliversEveryEventInOrderOneAtATime() {
        let queue = DispatchQueue(label: "rxcore.tests.concurrent", attributes: .concurrent)
        QueueName.mark(queue, as: "concurrent")
        checkDeliversInOrderOnTheQueue(ConcurrentDispatchQueueScheduler(queue: queue), queueName: "concurrent")
    }

    func testObserveOn_GenericPath_OperationQueue_DeliversEveryEventInOrderOneAtATime() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 8
        let target = DispatchQueue(label: "rxcore.tests.operations", attributes: .concurrent)
        QueueName.mark(target, as: "operations")
        operationQueue.underlyingQueue = target
        checkDeliversInOrderOnTheQueue(OperationQueueScheduler(operationQueue: operationQueue), queueName: "operations")
    }

    func testObserveOn_Error_ArrivesOnTheQueueAndEndsTheSubscription() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.error") { queue in
            QueueName.mark(queue, as: "error")
        }
        let subject = PublishSubject<Int>()
        let events = SynchronizedLog<String>()
        let failed = DispatchSemaphore(value: 0)

        _ = subject.observe(on: scheduler).subscribe(
            onNext: { events.append("next \($0)") },
            onError: { error in
                events.append("error \(error) on \(QueueName.current ?? "?")")
                failed.signal()
            }
        )
        subject.onNext(1)
        subject.onError(TestError.boom)
        waitForSignal(of: failed, "the error")

        XCTAssertEqual(events.values, ["next 1", "error boom on error"])
        XCTAssertFalse(subject.hasObservers)
    }

    /// Blocks delivery of the first element on the scheduler, sends `pending` behind it,
    /// disposes, then lets the first delivery finish: nothing sent before the dispose but not
    /// yet delivered may arrive.
    private func checkNothingArrivesAfterDispose(
        _ scheduler: ImmediateSchedulerType, pending: Event<Int>, line: UInt = #line
    ) {
        let subject = PublishSubject<Int>()
        let events = SynchronizedLog<String>()
        let blocking = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        let firstDelivered = DispatchSemaphore(value: 0)

        let subscription = subject.observe(on: scheduler).subscribe { event in
            if case .next(0) = event {
                blocking.signal()
                _ = unblock.wait(timeout: .now() + 5)
            }
            events.append("\(event)")
            if case .next(0) = event {
                firstDelivered.signal()
            }
        }
        subject.onNext(0)
        waitForSignal(of: blocking, "the first delivery to start", line: line)
        subject.on(pending)
        subscription.dispose()
        unblock.signal()
        waitForSignal(of: firstDelivered, "the first delivery to end", line: line)
        waitForQueuedWork(on: scheduler, line: line)

        XCTAssertEqual(events.values, ["next(0)"], line: line)
        XCTAssertFalse(subject.hasObservers, line: line)
    }

    func testObserveOn_SerialPath_DisposeWithAnElementQueued_DropsIt() {
        checkNothingArrivesAfterDispose(
            SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.dispose"), pending: .next(1)
        )
    }

    func testObserveOn_SerialPath_DisposeWithAnErrorQueued_DropsIt() {
        checkNothingArrivesAfterDispose(
            SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.dispose"),
            pending: .error(TestError.boom)
        )
    }

    func testObserveOn_SerialPath_DisposeWithCompletionQueued_DropsIt() {
        checkNothingArrivesAfterDispose(
            SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.dispose"), pending: .completed
        )
    }

    func testObserveOn_GenericPath_DisposeWithAnElementQueued_DropsIt() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        checkNothingArrivesAfterDispose(OperationQueueScheduler(operationQueue: operationQueue), pending: .next(1))
    }

    func testObserveOn_GenericPath_DisposeWithCompletionQueued_DropsIt() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        checkNothingArrivesAfterDispose(OperationQueueScheduler(operationQueue: operationQueue), pending: .completed)
    }

    func testObserveOn_MainScheduler_DeliversOnTheMainQueue() {
        let completed = expectation(description: "completed")
        var events: [String] = []

        let subscription = Observable.from([1, 2, 3]).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .observe(on: MainScheduler.instance)
            .subscribe(
                onNext: { events.append("\($0) on main: \(Thread.isMainThread)") },
                onCompleted: { completed.fulfill() }
            )
        wait(for: [completed], timeout: 5)

        XCTAssertEqual(events, ["1 on main: true", "2 on main: true", "3 on main: true"])
        subscription.dispose()
    }
}
