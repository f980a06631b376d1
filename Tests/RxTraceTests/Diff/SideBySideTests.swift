import Glibc
@testable import RxTrace
import XCTest

/// ``SideBySide`` runs two pieces of work at once, one on a helper thread, and hands back both
/// outcomes; with no thread to be had, it runs both on the calling thread, with the same outcomes.
final class SideBySideTests: RxTraceTestCase {
    func testTheHelpersWork_runsOnAnotherThread_andBothOutcomesComeBack() {
        let caller = pthread_self()

        let outcomes = SideBySide.run(helper: { ("a", pthread_self()) }, caller: { ("b", pthread_self()) })

        XCTAssertEqual(outcomes.helper.0, "a")
        XCTAssertEqual(outcomes.caller.0, "b")
        XCTAssertEqual(pthread_equal(outcomes.helper.1, caller), 0, "the helper's work ran on a thread of its own")
        XCTAssertNotEqual(pthread_equal(outcomes.caller.1, caller), 0, "the caller's work ran on the calling thread")
    }

    func testWhenNoThreadCanBeMade_bothRunOnTheCallingThread_helpersFirst() {
        let caller = pthread_self()
        var order: [String] = []

        let outcomes = HelperThread.$isFailingToStartForTesting.withValue(true) {
            SideBySide.run(
                helper: { () -> pthread_t in
                    order.append("helper")
                    return pthread_self()
                },
                caller: { () -> pthread_t in
                    order.append("caller")
                    return pthread_self()
                })
        }

        XCTAssertEqual(order, ["helper", "caller"])
        XCTAssertNotEqual(pthread_equal(outcomes.helper, caller), 0)
        XCTAssertNotEqual(pthread_equal(outcomes.caller, caller), 0)
    }
}
