// Mirrors RxSwift's RxBlocking/RunLoopLock.swift.
// Deviation from RxSwift: the waiting thread sleeps on a condition variable instead of
// spinning its run loop, so it works on any thread on Linux; the subscription is made on the
// calling thread directly rather than from inside the run loop. A sequence that needs the
// waiting thread's run loop to make progress therefore times out instead of finishing.

import Foundation
import RxCore

/// What a blocking operator collects while it waits: the elements, how the sequence ended,
/// and the condition the calling thread sleeps on until then.
///
/// Created by one blocking operator call; the observer (on whatever thread the sequence sends
/// from) appends and stops, and the calling thread waits in ``waitForStop()``.
final class BlockingLock<Element> {
    /// Guards `elements`, `error` and `isStopped`, and wakes the waiting thread.
    private let condition = NSCondition()
    /// The elements collected. Guarded by `condition`.
    private var elements: [Element] = []
    /// The error that ended the wait, if any. Guarded by `condition`.
    private var error: Swift.Error?
    /// Whether the wait is over. Guarded by `condition`.
    private var isStopped = false
    /// How long ``waitForStop()`` waits; `nil` is forever.
    private let timeout: TimeInterval?

    init(timeout: TimeInterval?) {
        self.timeout = timeout
    }

    /// Whether the wait is still on: events after it ended are ignored.
    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !isStopped
    }

    /// Appends `element` when `isIncluded` and the wait is still on; returns the number of
    /// elements collected.
    func append(_ element: Element, if isIncluded: Bool) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if isIncluded && !isStopped {
            elements.append(element)
        }
        return elements.count
    }

    /// Ends the wait, with `error` when given; only the first call counts.
    func stop(with error: Swift.Error? = nil) {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopped else { return }
        isStopped = true
        self.error = error
        condition.broadcast()
    }

    /// Sleeps until ``stop(with:)`` or the timeout, which ends the wait with
    /// `RxError.timeout`; returns the elements and the error.
    func waitForStop() -> (elements: [Element], error: Swift.Error?) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while !isStopped {
            if let deadline {
                if !condition.wait(until: deadline) && !isStopped {
                    isStopped = true
                    error = RxError.timeout
                }
            } else {
                condition.wait()
            }
        }
        return (elements, error)
    }
}

// Every stored property but the immutable `timeout` is read and written only while holding
// `condition`.
extension BlockingLock: @unchecked Sendable {}
