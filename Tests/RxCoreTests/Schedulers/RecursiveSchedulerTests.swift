import RxCore
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
}
