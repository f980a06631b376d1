import Dispatch
import Foundation
@testable import RxCore
import XCTest

/// The main queue runs its blocks while the test waits for an expectation (XCTest runs the
/// main run loop then), so these tests wait with expectations, never by blocking the main
/// thread on the work.
final class MainSchedulerTests: RxCoreTestCase {
    func testTests_RunOnTheMainQueue() {
        XCTAssertTrue(DispatchQueue.isMain)
    }

    func testInstance_ScheduledFromAnotherQueue_RunsOnTheMainQueue() {
        let ran = expectation(description: "ran")
        let runs = SynchronizedLog<String>()

        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(4) { state in
                runs.append("\(state) on main queue: \(DispatchQueue.isMain)")
                ran.fulfill()
                return Disposables.create()
            }
        }

        wait(for: [ran], timeout: 5)
        XCTAssertEqual(runs.values, ["4 on main queue: true"])
    }

    func testInstance_CalledOnTheMainQueueWithNothingQueued_RunsAtOnce() {
        var runs: [Int] = []

        let disposable = MainScheduler.instance.schedule(1) { state in
            runs.append(state)
            return Disposables.create()
        }

        XCTAssertEqual(runs, [1])
        disposable.dispose()
    }

    func testInstance_CalledOnTheMainQueueWhileItsWorkIsQueued_RunsBehindThatWork() {
        let order = SynchronizedLog<String>()
        let queuedFromBackground = DispatchSemaphore(value: 0)
        let secondRan = expectation(description: "second ran")

        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                order.append("queued from background")
                return Disposables.create()
            }
            queuedFromBackground.signal()
        }
        waitForSignal(of: queuedFromBackground)
        _ = MainScheduler.instance.schedule(()) { _ in
            order.append("scheduled on main")
            secondRan.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(order.values, [])

        wait(for: [secondRan], timeout: 5)
        XCTAssertEqual(order.values, ["queued from background", "scheduled on main"])
    }

    func testInstance_DisposedBeforeItRuns_NeverRuns() {
        let runs = SynchronizedLog<String>()
        let scheduledAndDisposed = DispatchSemaphore(value: 0)
        let fence = expectation(description: "fence")

        DispatchQueue.global().async {
            let cancelled = MainScheduler.instance.schedule(()) { _ in
                runs.append("cancelled")
                return Disposables.create()
            }
            cancelled.dispose()
            _ = MainScheduler.instance.schedule(()) { _ in
                fence.fulfill()
                return Disposables.create()
            }
            scheduledAndDisposed.signal()
        }
        waitForSignal(of: scheduledAndDisposed)

        wait(for: [fence], timeout: 5)
        XCTAssertEqual(runs.values, [])
    }

    func testAsyncInstance_CalledOnTheMainQueue_QueuesTheWork() {
        let ran = expectation(description: "ran")
        var runs: [String] = []

        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            runs.append("main queue: \(DispatchQueue.isMain)")
            ran.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(runs, [])

        wait(for: [ran], timeout: 5)
        XCTAssertEqual(runs, ["main queue: true"])
    }

    func testScheduleRelative_RunsOnTheMainQueue() {
        let ran = expectation(description: "ran")
        var runs: [String] = []

        let disposable = MainScheduler.instance.scheduleRelative(2, dueTime: .milliseconds(5)) { state in
            runs.append("\(state) on main queue: \(DispatchQueue.isMain)")
            ran.fulfill()
            return Disposables.create()
        }

        wait(for: [ran], timeout: 5)
        XCTAssertEqual(runs, ["2 on main queue: true"])
        disposable.dispose()
    }

    func testSchedulePeriodic_RunsOnTheMainQueue_UntilDisposed() {
        let thirdRun = expectation(description: "third run")
        var states: [Int] = []
        var onMain: [Bool] = []

        let disposable = MainScheduler.instance.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(5)) {
            state in
            states.append(state)
            onMain.append(DispatchQueue.isMain)
            if state == 2 {
                thirdRun.fulfill()
            }
            return state + 1
        }
        wait(for: [thirdRun], timeout: 5)
        // The runs happen on this thread, while it waits: none is under way now.
        disposable.dispose()
        let runsWhenDisposed = states.count

        let fence = expectation(description: "fence")
        let later = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
            fence.fulfill()
            return Disposables.create()
        }
        wait(for: [fence], timeout: 5)

        XCTAssertEqual(states, Array(0..<runsWhenDisposed))
        XCTAssertEqual(Array(states.prefix(3)), [0, 1, 2])
        XCTAssertTrue(onMain.allSatisfy { $0 })
        later.dispose()
    }

    func testEnsureExecutingOnScheduler_OnTheMainQueue_Passes() {
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureExecutingOnScheduler(errorMessage: "not reached")
        MainScheduler.ensureRunningOnMainThread()
        MainScheduler.ensureRunningOnMainThread(errorMessage: "not reached")
    }

    func testMainScheduler_MadeByAProgram_RunsOnTheMainQueueToo() {
        let scheduler = MainScheduler()
        let ran = expectation(description: "ran")
        let runs = SynchronizedLog<Bool>()

        DispatchQueue.global().async {
            _ = scheduler.schedule(()) { _ in
                runs.append(DispatchQueue.isMain)
                ran.fulfill()
                return Disposables.create()
            }
        }

        wait(for: [ran], timeout: 5)
        XCTAssertEqual(runs.values, [true])
    }
}
