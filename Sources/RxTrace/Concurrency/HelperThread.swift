import Glibc

/// One piece of work on a thread of its own, started and then joined by the same thread: the
/// one way RxTrace puts a second core to work for the length of a call (a report's read-ahead
/// and the writer's pipeline through ``ReadAhead``, a diff's two traces through ``SideBySide``).
///
/// The thread is a pthread made by the calling thread, so it inherits the caller's priority (the
/// writer's lowered one while the recorded program runs) and its blocked signals, and it is
/// joinable: the caller's ``join()`` is where it ends, so no thread outlives the call that
/// started it.
final class HelperThread {
    /// The work, run once on the helper thread.
    private let work: () -> Void
    /// The running thread; set by ``start(_:)`` before it hands the helper to its caller.
    private var thread = pthread_t()

    /// Whether ``start(_:)`` fails, on the calling thread, as when the system can make no more
    /// threads. Test-only: it lets a test reach the one-thread fallback of whatever starts a
    /// helper, without taking threads from the rest of the process.
    @TaskLocal static var isFailingToStartForTesting = false

    private init(work: @escaping () -> Void) {
        self.work = work
    }

    /// Starts `work` on a new thread; `nil`, with `work` not run, if no thread could be made.
    /// The caller must ``join()`` the thread it gets, once.
    static func start(_ work: @escaping () -> Void) -> HelperThread? {
        guard !isFailingToStartForTesting else { return nil }
        let helper = HelperThread(work: work)
        // The new thread owns one retain of `helper` (its one pointer) and drops it once `work` ran.
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<HelperThread>.fromOpaque(context!).takeRetainedValue().work()
                return nil
            },
            Unmanaged.passRetained(helper).toOpaque()
        )
        guard status == 0 else {
            Unmanaged.passUnretained(helper).release()
            return nil
        }
        helper.thread = thread
        return helper
    }

    /// Waits for the thread to end: what `work` did is then the caller's to read.
    func join() {
        pthread_join(thread, nil)
    }
}

// `work`, and whatever it captures, is touched by the helper thread between `pthread_create`
// and `pthread_join`, and by the starting thread only before and after them; `thread` is
// touched by the starting thread alone (the helper thread never reads it).
// `pthread_create` and `pthread_join` order those accesses (POSIX's memory synchronization):
// they are the lock.
extension HelperThread: @unchecked Sendable {}
