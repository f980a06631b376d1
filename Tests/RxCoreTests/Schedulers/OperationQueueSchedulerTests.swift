import Foundation
import RxCore
import XCTest

final class OperationQueueSchedulerTests: RxCoreTestCase {
    func testSchedule_RunsAsAnOperationOfTheQueue() {
        let operationQueue = OperationQueue()
        operationQueue.name = "rxcore.tests.operations"
        let scheduler = OperationQueueScheduler(operationQueue: operationQueue)
        let runs = SynchronizedLog<String>()
        let done = DispatchSemaphore(value: 0)

        _ = scheduler.schedule(9) { state in
            runs.append("\(state) on \(OperationQueue.current?.name ?? "?")")
            done.signal()
            return Disposables.create()
        }

        waitForSignal(of: done)
        XCTAssertEqual(runs.values, ["9 on rxcore.tests.operations"])
        XCTAssertEqual(scheduler.queuePriority, .normal)
        XCTAssertTrue(scheduler.operationQueue === operationQueue)
    }

    func testSchedule_DisposedBeforeItRuns_NeverRuns() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        operationQueue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: operationQueue)
        let runs = SynchronizedLog<String>()

        let cancelled = scheduler.schedule(()) { _ in
            runs.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        _ = scheduler.schedule(()) { _ in
            runs.append("kept")
            return Disposables.create()
        }
        operationQueue.isSuspended = false
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(runs.values, ["kept"])
    }

    func testSchedule_DisposingAfterItRan_DisposesWhatTheActionReturned() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: operationQueue)
        let returned = BooleanDisposable()

        let disposable = scheduler.schedule(()) { _ in returned }
        waitForQueuedWork(on: scheduler)
        XCTAssertFalse(returned.isDisposed)

        disposable.dispose()

        XCTAssertTrue(returned.isDisposed)
    }

    func testSchedule_GivesEachOperationTheSchedulersPriority() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        operationQueue.isSuspended = true
        let low = OperationQueueScheduler(operationQueue: operationQueue, queuePriority: .low)
        let high = OperationQueueScheduler(operationQueue: operationQueue, queuePriority: .high)
        let order = SynchronizedLog<String>()

        _ = low.schedule(()) { _ in
            order.append("low")
            return Disposables.create()
        }
        _ = high.schedule(()) { _ in
            order.append("high")
            return Disposables.create()
        }
        operationQueue.isSuspended = false
        waitForQueuedWork(on: low)

        XCTAssertEqual(order.values, ["high", "low"])
    }

    func testSchedule_RunsActionsAtTheSameTimeWhenTheQueueAllowsIt() {
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 2
        let scheduler = OperationQueueScheduler(operationQueue: operationQueue)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        for _ in 0..<2 {
            _ = scheduler.schedule(()) { _ in
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                return Disposables.create()
            }
        }

        waitForSignal(of: started, "the first action to start")
        waitForSignal(of: started, "the second action to start while the first runs")
        release.signal()
        release.signal()
    }
}
