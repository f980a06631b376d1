import Dispatch
@testable import RxCore
import XCTest

final class ConcurrentDispatchQueueSchedulerTests: RxCoreTestCase {
    /// A scheduler on a concurrent queue named `concurrent`.
    private func makeScheduler() -> ConcurrentDispatchQueueScheduler {
        let queue = DispatchQueue(label: "rxcore.tests.concurrent", attributes: .concurrent)
        QueueName.mark(queue, as: "concurrent")
        return ConcurrentDispatchQueueScheduler(queue: queue)
    }

    func testSchedule_RunsOnTheQueue() {
        let scheduler = makeScheduler()
        let runs = SynchronizedLog<String>()
        let done = DispatchSemaphore(value: 0)

        _ = scheduler.schedule(3) { state in
            runs.append("\(state) on \(QueueName.current ?? "?")")
            done.signal()
            return Disposables.create()
        }

        waitForSignal(of: done)
        XCTAssertEqual(runs.values, ["3 on concurrent"])
    }

    func testSchedule_WithAQualityOfService_RunsOnANewConcurrentQueue() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        XCTAssertTrue(scheduler.configuration.queue.label.hasPrefix("rxswift.queue."))
        QueueName.mark(scheduler.configuration.queue, as: "qos")
        let runs = SynchronizedLog<String?>()
        let done = DispatchSemaphore(value: 0)

        _ = scheduler.schedule(()) { _ in
            runs.append(QueueName.current)
            done.signal()
            return Disposables.create()
        }

        waitForSignal(of: done)
        XCTAssertEqual(runs.values, ["qos"])
    }

    func testSchedule_RunsActionsAtTheSameTime() {
        let scheduler = makeScheduler()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)

        for _ in 0..<2 {
            _ = scheduler.schedule(()) { _ in
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                finished.signal()
                return Disposables.create()
            }
        }

        // Both start before either may finish: a serial queue would never start the second.
        waitForSignal(of: started, "the first action to start")
        waitForSignal(of: started, "the second action to start while the first runs")
        release.signal()
        release.signal()
        waitForSignal(of: finished)
        waitForSignal(of: finished)
    }

    func testSchedule_DisposedBeforeItRuns_NeverRuns() {
        let queue = DispatchQueue(label: "rxcore.tests.suspended", attributes: .concurrent)
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let ran = SynchronizedLog<String>()
        queue.suspend()

        let cancelled = scheduler.schedule(()) { _ in
            ran.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            done.signal()
            return Disposables.create()
        }
        queue.resume()
        waitForSignal(of: done)
        queue.sync(flags: .barrier) {}

        XCTAssertEqual(ran.values, [])
    }

    func testScheduleRelative_RunsOnTheQueueOnceTheTimeHasPassed() {
        let scheduler = makeScheduler()
        let runs = SynchronizedLog<String>()
        let done = DispatchSemaphore(value: 0)

        let disposable = scheduler.scheduleRelative(5, dueTime: .milliseconds(10)) { state in
            runs.append("\(state) on \(QueueName.current ?? "?")")
            done.signal()
            return Disposables.create()
        }

        waitForSignal(of: done)
        XCTAssertEqual(runs.values, ["5 on concurrent"])
        disposable.dispose()
    }

    func testScheduleRelative_DisposedBeforeItIsDue_NeverRuns() {
        let queue = DispatchQueue(label: "rxcore.tests.suspended", attributes: .concurrent)
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let ran = SynchronizedLog<String>()
        // The queue is suspended until the dispose, so the timer cannot run the action first.
        queue.suspend()

        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            ran.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        queue.resume()
        let fence = DispatchSemaphore(value: 0)
        let later = scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
            fence.signal()
            return Disposables.create()
        }
        waitForSignal(of: fence)
        queue.sync(flags: .barrier) {}

        XCTAssertEqual(ran.values, [])
        later.dispose()
    }

    func testSchedulePeriodic_RunsRepeatedlyWithTheLastState_AndStopsWhenDisposed() {
        let queue = DispatchQueue(label: "rxcore.tests.periodic", attributes: .concurrent)
        QueueName.mark(queue, as: "concurrent")
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let states = SynchronizedLog<Int>()
        let queues = SynchronizedLog<String?>()
        let thirdRun = DispatchSemaphore(value: 0)

        let disposable = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(5)) { state in
            states.append(state)
            queues.append(QueueName.current)
            if state == 2 {
                thirdRun.signal()
            }
            return state + 1
        }
        waitForSignal(of: thirdRun)
        disposable.dispose()
        // A barrier waits for a run that was under way when `dispose` returned.
        queue.sync(flags: .barrier) {}
        let runsWhenDisposed = states.count

        let fence = DispatchSemaphore(value: 0)
        let later = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
            fence.signal()
            return Disposables.create()
        }
        waitForSignal(of: fence)

        XCTAssertEqual(states.values, Array(0..<runsWhenDisposed))
        XCTAssertTrue(queues.values.allSatisfy { $0 == "concurrent" })
        later.dispose()
    }
}
