import Dispatch
@testable import RxCore
import XCTest

final class SerialDispatchQueueSchedulerTests: RxCoreTestCase {
    /// A scheduler on its own internal queue, named `serial` through `serialQueueConfiguration`.
    private func makeScheduler() -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.serial") { queue in
            QueueName.mark(queue, as: "serial")
        }
    }

    func testSchedule_RunsOnTheInternalQueue_AfterItsConfiguration() {
        let scheduler = makeScheduler()
        let runs = SynchronizedLog<String>()
        let done = DispatchSemaphore(value: 0)

        _ = scheduler.schedule(1) { state in
            runs.append("\(state) on \(QueueName.current ?? "?")")
            done.signal()
            return Disposables.create()
        }

        waitForSignal(of: done)
        XCTAssertEqual(runs.values, ["1 on serial"])
    }

    func testSchedule_WithAQueue_RunsOnASerialQueueThatTargetsIt() {
        let target = DispatchQueue(label: "rxcore.tests.target", attributes: .concurrent)
        QueueName.mark(target, as: "target")
        let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "rxcore.tests.proxy")
        let queues = SynchronizedLog<String?>()

        for _ in 0..<3 {
            _ = scheduler.schedule(()) { _ in
                queues.append(QueueName.current)
                return Disposables.create()
            }
        }
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(queues.values, ["target", "target", "target"])
        XCTAssertEqual(scheduler.configuration.queue.label, "rxcore.tests.proxy")
    }

    func testSchedule_WithAQualityOfService_RunsOnTheNamedInternalQueue() {
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated, internalSerialQueueName: "rxcore.tests.qos")
        QueueName.mark(scheduler.configuration.queue, as: "qos")
        let queues = SynchronizedLog<String?>()

        _ = scheduler.schedule(()) { _ in
            queues.append(QueueName.current)
            return Disposables.create()
        }
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(queues.values, ["qos"])
        XCTAssertEqual(scheduler.configuration.queue.label, "rxcore.tests.qos")
        XCTAssertEqual(SerialDispatchQueueScheduler(qos: .default).configuration.queue.label, "rx.global_dispatch_queue.serial")
    }

    func testSchedule_RunsActionsOneAtATimeInTheOrderScheduled() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let order = SynchronizedLog<Int>()
        let overlaps = SynchronizedLog<Int>()
        let running = NSLock()

        for index in 0..<50 {
            _ = scheduler.schedule(index) { index in
                if !running.try() {
                    overlaps.append(index)
                    return Disposables.create()
                }
                order.append(index)
                running.unlock()
                return Disposables.create()
            }
        }
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(order.values, Array(0..<50))
        XCTAssertEqual(overlaps.values, [])
    }

    func testSchedule_DisposedBeforeItRuns_NeverRuns() {
        let scheduler = makeScheduler()
        let ran = SynchronizedLog<String>()
        let unblock = blockQueue(of: scheduler)
        let cancelled = scheduler.schedule(()) { _ in
            ran.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        unblock.signal()
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(ran.values, [])
    }

    func testSchedule_DisposingAfterItRan_DisposesWhatTheActionReturned() {
        let scheduler = makeScheduler()
        let returned = BooleanDisposable()

        let disposable = scheduler.schedule(()) { _ in returned }
        waitForQueuedWork(on: scheduler)
        XCTAssertFalse(returned.isDisposed)

        disposable.dispose()

        XCTAssertTrue(returned.isDisposed)
    }

    func testScheduleRelative_RunsOnTheQueueOnceTheTimeHasPassed() {
        let scheduler = makeScheduler()
        let runs = SynchronizedLog<String>()
        let done = DispatchSemaphore(value: 0)

        let disposable = scheduler.scheduleRelative(7, dueTime: .milliseconds(20)) { state in
            runs.append("\(state) on \(QueueName.current ?? "?")")
            done.signal()
            return Disposables.create()
        }

        waitForSignal(of: done)
        XCTAssertEqual(runs.values, ["7 on serial"])
        disposable.dispose()
    }

    /// Schedules work that keeps the scheduler's queue busy until the returned semaphore is
    /// signalled, and waits for it to start: whatever is due meanwhile waits behind it.
    private func blockQueue(of scheduler: SerialDispatchQueueScheduler) -> DispatchSemaphore {
        let blocked = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            blocked.signal()
            _ = unblock.wait(timeout: .now() + 5)
            return Disposables.create()
        }
        waitForSignal(of: blocked, "the queue to be blocked")
        return unblock
    }

    /// Waits until the queue has run what a timer due after `milliseconds` queued.
    private func waitPastTimers(of scheduler: SerialDispatchQueueScheduler, milliseconds: Int = 30) {
        let fence = DispatchSemaphore(value: 0)
        let later = scheduler.scheduleRelative((), dueTime: .milliseconds(milliseconds)) { _ in
            fence.signal()
            return Disposables.create()
        }
        waitForSignal(of: fence)
        later.dispose()
    }

    func testScheduleRelative_DisposedBeforeItIsDue_NeverRuns() {
        let scheduler = makeScheduler()
        let ran = SynchronizedLog<String>()
        // The queue is busy until the dispose, so the timer cannot run the action first.
        let unblock = blockQueue(of: scheduler)

        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            ran.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        unblock.signal()
        waitPastTimers(of: scheduler)

        XCTAssertEqual(ran.values, [])
    }

    func testScheduleRelative_DisposingAfterItRan_DisposesWhatTheActionReturned() {
        let scheduler = makeScheduler()
        let returned = BooleanDisposable()
        let done = DispatchSemaphore(value: 0)

        let disposable = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            done.signal()
            return returned
        }
        waitForSignal(of: done)
        waitForQueuedWork(on: scheduler)
        XCTAssertFalse(returned.isDisposed)

        disposable.dispose()

        XCTAssertTrue(returned.isDisposed)
    }

    func testSchedulePeriodic_RunsRepeatedlyOnTheQueue_PassingEachRunTheStateTheLastOneReturned() {
        let scheduler = makeScheduler()
        let states = SynchronizedLog<Int>()
        let queues = SynchronizedLog<String?>()
        let thirdRun = DispatchSemaphore(value: 0)

        let disposable = scheduler.schedulePeriodic(10, startAfter: .milliseconds(1), period: .milliseconds(5)) { state in
            states.append(state)
            queues.append(QueueName.current)
            if state == 12 {
                thirdRun.signal()
            }
            return state + 1
        }

        waitForSignal(of: thirdRun)
        disposable.dispose()
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(Array(states.values.prefix(3)), [10, 11, 12])
        XCTAssertEqual(states.values, Array(10..<(10 + states.count)))
        XCTAssertTrue(queues.values.allSatisfy { $0 == "serial" })
    }

    func testSchedulePeriodic_StopsWhenDisposed() {
        let scheduler = makeScheduler()
        let runs = SynchronizedLog<Int>()
        let firstRun = DispatchSemaphore(value: 0)

        let disposable = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(5)) { state in
            runs.append(state)
            if state == 0 {
                firstRun.signal()
            }
            return state + 1
        }
        waitForSignal(of: firstRun)
        disposable.dispose()
        // A run already under way when `dispose` returned has finished once the queue runs this.
        waitForQueuedWork(on: scheduler)
        let runsWhenDisposed = runs.count
        waitPastTimers(of: scheduler, milliseconds: 50)

        XCTAssertEqual(runs.count, runsWhenDisposed)
    }

    func testSchedulePeriodic_DisposedBeforeTheFirstRun_NeverRuns() {
        let scheduler = makeScheduler()
        let runs = SynchronizedLog<Int>()
        let unblock = blockQueue(of: scheduler)

        let disposable = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(5)) { state in
            runs.append(state)
            return state + 1
        }
        disposable.dispose()
        unblock.signal()
        waitPastTimers(of: scheduler)

        XCTAssertEqual(runs.values, [])
    }

    func testNow_IsTheCurrentDate() {
        let before = Date()
        let now = makeScheduler().now
        XCTAssertGreaterThanOrEqual(now, before)
    }
}
