// Mirrors RxSwift's RxSwift/Concurrency/AsyncLock.swift.
// Simpler than RxSwift: the queue holds plain closures rather than `InvocableScheduledItem`s,
// and the lock is RxCore's `RecursiveLock` (RxSwift's `SpinLock` is the same type there).

/// A gate that runs one action at a time, on whichever thread offers one: the caller that
/// finds the gate idle runs its action and then every action queued meanwhile; a caller that
/// arrives while an action runs, on another thread or re-entrantly from inside it, only queues
/// its own and returns.
///
/// This is what keeps `concat` of many sources from growing the stack: a source that completes
/// while it is being subscribed asks for the next one from inside the running step, and that
/// request runs after the step returns. Owned by one ``TailRecursiveSink``; disposing it drops
/// the queued actions and makes it refuse new ones.
final class AsyncLock {
    private let lock = RecursiveLock()
    /// Actions offered while another one ran. Guarded by `lock`.
    private var queue = Queue<() -> Void>(capacity: 0)
    /// Whether some caller is running actions. Guarded by `lock`.
    private var isExecuting = false
    /// Set by ``dispose()``: later actions are dropped. Guarded by `lock`.
    private var hasFaulted = false

    /// Runs `action` now if no action is running, then every action queued meanwhile;
    /// otherwise queues it. Does nothing once disposed.
    func invoke(_ action: @escaping () -> Void) {
        let call = TraceCall.enter("AsyncLock.invoke"); defer { call.exit() }
        guard let first = lock.performLocked({ synchronized_enqueue(action) }) else { return }
        first()
        while let next = lock.performLocked({ synchronized_dequeue() }) {
            next()
        }
    }

    /// Returns `action` to run it now, or queues it (or drops it, once disposed) and returns
    /// `nil`. Caller holds `lock`.
    private func synchronized_enqueue(_ action: @escaping () -> Void) -> (() -> Void)? {
        if hasFaulted {
            return nil
        }
        if isExecuting {
            queue.enqueue(action)
            return nil
        }
        isExecuting = true
        return action
    }

    /// The next queued action, or `nil` after marking the gate idle. Caller holds `lock`.
    private func synchronized_dequeue() -> (() -> Void)? {
        if let next = queue.dequeue() {
            return next
        }
        isExecuting = false
        return nil
    }

    /// Drops the queued actions and refuses every later one.
    func dispose() {
        lock.performLocked {
            queue = Queue(capacity: 0)
            hasFaulted = true
        }
    }
}

// Every access to `queue`, `isExecuting` and `hasFaulted` holds `lock`. A queued action runs on
// whichever thread drains the gate, as in RxSwift: the actions are the owning sink's, which
// the gate serializes.
extension AsyncLock: @unchecked Sendable {}
