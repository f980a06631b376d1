import Glibc

/// Runs two independent pieces of work at once, one on a helper thread and one on the calling
/// thread, and hands back both outcomes once both are done: a diff reads its two traces side
/// by side, each through its own ``TraceReader`` (its own SQLite connection), on two cores.
enum SideBySide {
    /// `helperWork` on a new thread and `callerWork` on this one, at the same time; their
    /// outcomes once both are done. When no thread can be made, `helperWork` runs on this
    /// thread first, so the outcomes are the same either way.
    ///
    /// Neither may touch what the other touches: each gets its own values (its own reader).
    static func run<HelperOutput, CallerOutput>(
        helper helperWork: @escaping () -> HelperOutput, caller callerWork: () -> CallerOutput
    ) -> (helper: HelperOutput, caller: CallerOutput) {
        // Written by the helper thread before it ends, read here after it is joined.
        var helperOutcome: HelperOutput?
        let thread = HelperThread { helperOutcome = helperWork() }
        guard thread.start() else {
            thread.work()
            return (helperOutcome!, callerWork())
        }
        let callerOutcome = callerWork()
        thread.join()
        return (helperOutcome!, callerOutcome)
    }
}

/// One piece of work on a thread of its own, joined by the thread that started it.
///
/// `@unchecked Sendable`: `work`, and whatever it captures (a ``TraceReader``, which is not
/// `Sendable`, and the variable its outcome is written to), is touched only by the helper
/// thread between `pthread_create` and `pthread_join`, and by the starting thread before and
/// after them. `pthread_create` and `pthread_join` order those accesses (POSIX's memory
/// synchronization): they are the lock.
private final class HelperThread: @unchecked Sendable {
    /// The work; run once, on the helper thread (or on the caller's when no thread was made).
    let work: () -> Void
    /// The running thread, once started.
    private var thread: pthread_t?

    init(work: @escaping () -> Void) {
        self.work = work
    }

    /// Starts `work` on a new thread; `false` if no thread could be made.
    func start() -> Bool {
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                let helper = Unmanaged<HelperThread>.fromOpaque(context!).takeRetainedValue()
                helper.work()
                return nil
            },
            Unmanaged.passRetained(self).toOpaque()
        )
        guard status == 0 else {
            Unmanaged.passUnretained(self).release()
            return false
        }
        self.thread = thread
        return true
    }

    /// Waits for the started thread to end.
    func join() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }
}
