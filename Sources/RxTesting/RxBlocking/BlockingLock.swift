// Mirrors RxSwift's RxBlocking/RunLoopLock.swift.
// Deviation from RxSwift: only the main thread turns its run loop while it waits (so work sent
// to `MainScheduler` or `DispatchQueue.main` runs, as with RxBlocking); another thread sleeps on
// a condition variable, since its run loop usually has nothing to run. The subscription is made
// on the calling thread directly rather than from inside the run loop. A sequence that needs a
// background thread's run loop to make progress therefore times out instead of finishing.

import Foundation
import RxCore

/// What a blocking operator collects while it waits: the elements, how the sequence ended,
/// and the condition the calling thread sleeps on until then.
///
/// Created by one blocking operator call; the observer (on whatever thread the sequence sends
/// from) appends and stops, and the calling thread waits in ``waitForStop()``: on the main
/// thread by turning the main run loop, elsewhere by sleeping on the condition.
final class BlockingLock<Element> {
    /// Guards `elements`, `error` and `isStopped`, and wakes the waiting thread.
    private let condition = NSCondition()
    /// The elements collected. Guarded by `condition`.
    private var elements: [Element] = []
    /// The error that ended the wait, if any. Guarded by `condition`.
    private var error: Swift.Error?
    /// Whether the wait is over. Guarded by `condition`.
    private var isStopped = false
    /// Whether the waiting thread turns the main run loop, which ``stop(with:)`` then wakes.
    /// Guarded by `condition`.
    private var isTurningMainRunLoop = false
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
        guard !isStopped else {
            condition.unlock()
            return
        }
        isStopped = true
        self.error = error
        condition.broadcast()
        let wakesMainRunLoop = isTurningMainRunLoop
        condition.unlock()
        if wakesMainRunLoop && !Thread.isMainThread {
            // Work on the main queue wakes the main run loop, which then sees the wait is over.
            DispatchQueue.main.async {}
        }
    }

    /// Waits until ``stop(with:)`` or the timeout, which ends the wait with
    /// `RxError.timeout`; returns the elements and the error.
    ///
    /// On the main thread it turns the main run loop meanwhile, as RxBlocking does: the work
    /// `MainScheduler` and `DispatchQueue.main` were given runs, and a sequence that delivers
    /// there can end.
    func waitForStop() -> (elements: [Element], error: Swift.Error?) {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        if Thread.isMainThread {
            turnMainRunLoop(until: deadline)
        }
        condition.lock()
        defer { condition.unlock() }
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

    /// Turns the main run loop until the wait is over or `deadline` passes; the caller then
    /// settles the outcome on the condition.
    private func turnMainRunLoop(until deadline: Date?) {
        condition.lock()
        isTurningMainRunLoop = true
        condition.unlock()
        defer {
            condition.lock()
            isTurningMainRunLoop = false
            condition.unlock()
        }
        while isRunning {
            let now = Date()
            if let deadline, deadline <= now {
                return
            }
            // A slice at a time, so that a stop that does not wake the run loop is seen soon.
            let sliceEnd = min(deadline ?? .distantFuture, now.addingTimeInterval(0.05))
            if !RunLoop.current.run(mode: .default, before: sliceEnd) {
                // Nothing to run: sleep on the condition instead.
                return
            }
        }
    }
}

// Every stored property but the immutable `timeout` is read and written only while holding
// `condition`.
extension BlockingLock: @unchecked Sendable {}
