import Dispatch
import Foundation
@testable import RxCore
import XCTest

final class ConcurrentMainSchedulerTests: RxCoreTestCase {
    func testSchedule_CalledOnTheMainQueue_RunsAtOnce() {
        var runs: [Int] = []

        _ = ConcurrentMainScheduler.instance.schedule(8) { state in
            runs.append(state)
            return Disposables.create()
        }

        XCTAssertEqual(runs, [8])
    }

    func testSchedule_CalledOnTheMainQueue_ReturnsWhatTheActionReturned() {
        let returned = BooleanDisposable()

        let disposable = ConcurrentMainScheduler.instance.schedule(()) { _ in returned }
        disposable.dispose()

        XCTAssertTrue(returned.isDisposed)
    }

    func testSchedule_FromAnotherQueue_RunsOnTheMainQueue() {
        let ran = expectation(description: "ran")
        let runs = SynchronizedLog<String>()

        DispatchQueue.global().async {
            _ = ConcurrentMainScheduler.instance.schedule(6) { state in
                runs.append("\(state) on main queue: \(DispatchQueue.isMain)")
                ran.fulfill()
                return Disposables.create()
            }
        }

        wait(for: [ran], timeout: 5)
        XCTAssertEqual(runs.values, ["6 on main queue: true"])
    }

    func testSchedule_FromAnotherQueue_DisposedBeforeItRuns_NeverRuns() {
        let runs = SynchronizedLog<String>()
        let scheduledAndDisposed = DispatchSemaphore(value: 0)
        let fence = expectation(description: "fence")

        DispatchQueue.global().async {
            let cancelled = ConcurrentMainScheduler.instance.schedule(()) { _ in
                runs.append("cancelled")
                return Disposables.create()
            }
            cancelled.dispose()
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                fence.fulfill()
                return Disposables.create()
            }
            scheduledAndDisposed.signal()
        }
        waitForSignal(of: scheduledAndDisposed)

        wait(for: [fence], timeout: 5)
        XCTAssertEqual(runs.values, [])
    }

    func testScheduleRelative_RunsOnTheMainQueue() {
        let ran = expectation(description: "ran")
        var runs: [Bool] = []

        let disposable = ConcurrentMainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            runs.append(DispatchQueue.isMain)
            ran.fulfill()
            return Disposables.create()
        }

        wait(for: [ran], timeout: 5)
        XCTAssertEqual(runs, [true])
        disposable.dispose()
    }

    func testSchedulePeriodic_RunsOnTheMainQueue_UntilDisposed() {
        let secondRun = expectation(description: "second run")
        var states: [Int] = []

        let disposable = ConcurrentMainScheduler.instance.schedulePeriodic(
            0, startAfter: .milliseconds(1), period: .milliseconds(5)
        ) { state in
            states.append(state)
            if state == 1 {
                secondRun.fulfill()
            }
            return state + 1
        }
        wait(for: [secondRun], timeout: 5)
        disposable.dispose()
        let runsWhenDisposed = states.count

        let fence = expectation(description: "fence")
        let later = ConcurrentMainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(40)) { _ in
            fence.fulfill()
            return Disposables.create()
        }
        wait(for: [fence], timeout: 5)

        XCTAssertEqual(states, Array(0..<runsWhenDisposed))
        later.dispose()
    }
}
