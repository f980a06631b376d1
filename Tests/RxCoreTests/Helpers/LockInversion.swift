import Dispatch
import Foundation
import XCTest

/// Sets up the lock inversion that deadlocks an operator which calls out while holding its own
/// lock, with every wait bounded, so that such an operator fails the test instead of hanging it.
///
/// Two threads and a foreign lock (standing for any lock user code holds):
/// - the *calling-out* thread runs `callOut`, which makes the operator call out (dispose a
///   subscription, subscribe, deliver); the code it calls out to calls
///   ``calloutNeedsForeignLock()``, which announces the callout and then takes the foreign lock;
/// - the *reaching-in* thread takes the foreign lock, waits for the callout to start, and runs
///   `reachIn`, which takes the operator's lock (subscribes, sends, disposes).
///
/// When the operator calls out under its lock, the reaching-in thread waits for that lock
/// while holding the foreign one, and the callout waits for the foreign lock: a deadlock. Here
/// the callout gives up on the foreign lock after `calloutTimeout`, which lets both threads
/// finish, and ``run(callOut:reachIn:)`` reports it.
final class LockInversion: @unchecked Sendable {
    /// The lock user code holds; `NSLock`, for its bounded `lock(before:)`.
    private let foreign = NSLock()
    private let foreignHeld = DispatchSemaphore(value: 0)
    private let calloutStarted = DispatchSemaphore(value: 0)
    private let calloutTimeout: TimeInterval
    /// Whether each callout got the foreign lock in time.
    private let calloutResults = SynchronizedLog<Bool>()

    init(calloutTimeout: TimeInterval = 1) {
        self.calloutTimeout = calloutTimeout
    }

    /// Called by the code the operator calls out to: announces the callout, then takes the
    /// foreign lock (waiting at most `calloutTimeout`) and releases it.
    func calloutNeedsForeignLock() {
        calloutStarted.signal()
        let gotIt = foreign.lock(before: Date(timeIntervalSinceNow: calloutTimeout))
        if gotIt {
            foreign.unlock()
        }
        calloutResults.append(gotIt)
    }

    /// Runs `callOut` and `reachIn` on two threads as described above; fails the test when a
    /// callout could not take the foreign lock (the operator held its lock while calling out)
    /// or when the threads do not finish in time.
    func run(
        _ what: String, callOut: @escaping @Sendable () -> Void, reachIn: @escaping @Sendable () -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.foreign.lock()
            self.foreignHeld.signal()
            _ = self.calloutStarted.wait(timeout: .now() + 5)
            reachIn()
            self.foreign.unlock()
            finished.signal()
        }
        DispatchQueue.global().async {
            _ = self.foreignHeld.wait(timeout: .now() + 5)
            callOut()
            finished.signal()
        }
        for thread in ["reaching-in", "calling-out"] {
            if finished.wait(timeout: .now() + 10) == .timedOut {
                XCTFail("\(what): the \(thread) thread did not finish within 10 s: a deadlock", file: file, line: line)
                return
            }
        }
        let results = calloutResults.values
        XCTAssertFalse(results.isEmpty, "\(what): the operator never called out", file: file, line: line)
        XCTAssertTrue(
            results.allSatisfy { $0 },
            "\(what): the callout waited \(calloutTimeout) s for a lock the other thread held while it waited for the "
                + "operator's lock: the operator calls out while holding its lock",
            file: file, line: line
        )
    }
}

/// Hands a value that the test shares with another thread; the test orders the accesses.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
