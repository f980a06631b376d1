@testable import RxCore
import Dispatch
import Synchronization
import XCTest

final class AsyncLockTests: RxCoreTestCase {
    func testAsyncLock_ReentrantInvoke_RunsAfterTheCurrentAction() {
        let gate = AsyncLock()
        var log: [String] = []

        gate.invoke {
            log.append("first begins")
            gate.invoke { log.append("second") }
            log.append("first ends")
        }

        XCTAssertEqual(log, ["first begins", "first ends", "second"])
    }

    func testAsyncLock_QueuedActionsRunInOrder() {
        let gate = AsyncLock()
        var log: [Int] = []

        gate.invoke {
            for index in 1...3 {
                gate.invoke { log.append(index) }
            }
            log.append(0)
        }

        XCTAssertEqual(log, [0, 1, 2, 3])
    }

    func testAsyncLock_Dispose_DropsQueuedAndLaterActions() {
        let gate = AsyncLock()
        var log: [String] = []

        gate.invoke {
            gate.invoke { log.append("queued") }
            gate.dispose()
        }
        gate.invoke { log.append("later") }

        XCTAssertEqual(log, [])
    }

    func testAsyncLock_ActionsFromManyThreads_RunOneAtATime() {
        let gate = AsyncLock()
        let counters = LockedState((running: 0, maximum: 0, total: 0))

        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            gate.invoke {
                counters.withLock { counters in
                    counters.running += 1
                    counters.maximum = max(counters.maximum, counters.running)
                }
                counters.withLock { counters in
                    counters.running -= 1
                    counters.total += 1
                }
            }
        }

        let result = counters.withLock { $0 }
        XCTAssertEqual(result.maximum, 1)
        XCTAssertEqual(result.total, 200)
    }
}
