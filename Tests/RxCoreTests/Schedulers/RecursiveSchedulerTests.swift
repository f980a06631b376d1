@testable import RxCore
import RxTesting
import XCTest

final class RecursiveSchedulerTests: RxCoreTestCase {
    func testScheduleRecursive_RunsUntilTheActionStopsRecursing() {
        var visited: [Int] = []

        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { state, recurse in
            visited.append(state)
            if state < 3 {
                recurse(state + 1)
            }
        }

        XCTAssertEqual(visited, [0, 1, 2, 3])
    }

    func testScheduleRecursive_StepsRunOneAfterAnotherNotNested() {
        var log: [String] = []

        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { state, recurse in
            log.append("enter \(state)")
            if state < 2 {
                recurse(state + 1)
            }
            log.append("exit \(state)")
        }

        XCTAssertEqual(log, ["enter 0", "exit 0", "enter 1", "exit 1", "enter 2", "exit 2"])
    }

    // MARK: - Relative recursion (`SchedulerType.scheduleRecursive(_:dueTime:action:)`)

    func testScheduleRecursiveDueTime_EachStepRunsAfterItsDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var visited: [String] = []

        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRecursive(0, dueTime: .seconds(10)) { state, recursive in
                visited.append("\(state)@\(scheduler.clock)")
                if state < 3 {
                    recursive.schedule(state + 1, dueTime: .seconds(5))
                }
            }
        }
        scheduler.start()

        XCTAssertEqual(visited, ["0@110", "1@115", "2@120", "3@125"])
    }

    func testScheduleRecursiveDueTime_RecursingWithoutDueTimeRunsAsSoonAsTheSchedulerCan() {
        let scheduler = TestScheduler(initialClock: 0)
        var visited: [String] = []

        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRecursive(0, dueTime: .seconds(10)) { state, recursive in
                visited.append("\(state)@\(scheduler.clock)")
                if state < 2 {
                    recursive.schedule(state + 1)
                }
            }
        }
        scheduler.start()

        XCTAssertEqual(visited, ["0@110", "1@111", "2@112"])
    }

    func testScheduleRecursiveDueTime_DisposeCancelsThePendingStep() {
        let scheduler = TestScheduler(initialClock: 0)
        var visited: [Int] = []
        var recursion: Disposable!

        scheduler.scheduleAt(100) {
            recursion = scheduler.scheduleRecursive(0, dueTime: .seconds(10)) { state, recursive in
                visited.append(scheduler.clock)
                recursive.schedule(state + 1, dueTime: .seconds(10))
            }
        }
        scheduler.scheduleAt(125) { recursion.dispose() }
        scheduler.start()

        XCTAssertEqual(visited, [110, 120])
    }

    func testScheduleRecursiveDueTime_DisposeBeforeTheFirstStepRunsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var runCount = 0

        scheduler.scheduleAt(100) {
            let recursion = scheduler.scheduleRecursive((), dueTime: .seconds(10)) { _, _ in runCount += 1 }
            recursion.dispose()
        }
        scheduler.start()

        XCTAssertEqual(runCount, 0)
    }

    func testScheduleRecursiveDueTime_SeveralPendingStepsAreAllCancelled() {
        let scheduler = TestScheduler(initialClock: 0)
        var visited: [String] = []
        var recursion: Disposable!

        scheduler.scheduleAt(100) {
            recursion = scheduler.scheduleRecursive("root", dueTime: .seconds(10)) { state, recursive in
                visited.append("\(state)@\(scheduler.clock)")
                if state == "root" {
                    recursive.schedule("near", dueTime: .seconds(5))
                    recursive.schedule("far", dueTime: .seconds(50))
                }
            }
        }
        scheduler.scheduleAt(130) { recursion.dispose() }
        scheduler.start()

        XCTAssertEqual(visited, ["root@110", "near@115"], "far, due at 160, was pending at the dispose")
    }

    func testScheduleRecursiveDueTime_StepsRunOneAfterAnotherNotNested() {
        let testScheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        testScheduler.scheduleAt(100) {
            _ = testScheduler.scheduleRecursive(0, dueTime: .seconds(0)) { state, recursive in
                log.append("enter \(state)")
                if state < 2 {
                    recursive.schedule(state + 1, dueTime: .seconds(0))
                }
                log.append("exit \(state)")
            }
        }
        testScheduler.start()

        XCTAssertEqual(log, ["enter 0", "exit 0", "enter 1", "exit 1", "enter 2", "exit 2"])
    }
}
