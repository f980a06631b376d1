import Glibc
@testable import RxTrace
import XCTest

/// ``HelperThread`` runs its work on a thread of its own, which the starting thread joins: once
/// joined, what the work did is the starter's to read; when no thread can be made, nothing runs.
final class HelperThreadTests: RxTraceTestCase {
    func testTheWork_runsOnAnotherThread_andIsDoneOnceJoined() throws {
        let caller = pthread_self()
        // Written by the helper thread before it ends; read here after it is joined.
        var workThread: pthread_t?
        var sum = 0

        let helper = try XCTUnwrap(
            HelperThread.start {
                workThread = pthread_self()
                for value in 1...1_000 { sum += value }
            })
        helper.join()

        XCTAssertEqual(sum, 500_500)
        XCTAssertEqual(pthread_equal(try XCTUnwrap(workThread), caller), 0, "the work ran on a thread of its own")
    }

    func testTheHelper_inheritsTheCallersBlockedSignals() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR2)
        var before = sigset_t()
        XCTAssertEqual(pthread_sigmask(SIG_BLOCK, &blocked, &before), 0)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        var isBlockedOnHelper: Int32 = -1

        let helper = try XCTUnwrap(
            HelperThread.start {
                var mask = sigset_t()
                pthread_sigmask(SIG_BLOCK, nil, &mask)
                isBlockedOnHelper = sigismember(&mask, SIGUSR2)
            })
        helper.join()

        XCTAssertEqual(isBlockedOnHelper, 1, "a signal the caller blocks stays blocked on its helper")
    }

    func testWhenNoThreadCanBeMade_startGivesNothing_andTheWorkDoesNotRun() {
        var hasRun = false

        let helper = HelperThread.$isFailingToStartForTesting.withValue(true) {
            HelperThread.start { hasRun = true }
        }

        XCTAssertNil(helper)
        XCTAssertFalse(hasRun)
    }
}
