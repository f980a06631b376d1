// Mirrors RxSwift's RxSwift/Schedulers/CurrentThreadScheduler.swift.
// Deviation from RxSwift: the per-thread state is one object behind one pthread key, rather
// than two values in Foundation's per-thread dictionary keyed by String (which made
// RxSwift's `Observable.range` cost ~1.7 µs per element on Linux).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The trampoline scheduler: runs work on the current thread, at once when nothing else
/// scheduled on it is running, else after the running work returns.
///
/// `Producer.subscribe` goes through it, so a subscribe that happens while another subscribe
/// is in progress on the same thread is queued instead of nesting without bound.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The one instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether the caller must schedule work (`true`) rather than run it directly, because no
    /// scheduled work is running on this thread.
    public static var isScheduleRequired: Bool {
        ThreadState.current.isRunning == false
    }

    /// Runs `action` now if nothing scheduled is running on this thread, then drains what
    /// `action` queued; otherwise queues it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let call = TraceCall.enter("CurrentThreadScheduler.schedule"); defer { call.exit() }
        let threadState = ThreadState.current
        if threadState.isRunning {
            let item = ScheduledItem(action: action, state: state)
            threadState.queue.append(item)
            return item
        }

        threadState.isRunning = true
        defer {
            threadState.isRunning = false
            threadState.queue.removeAll()
        }
        let disposable = action(state)
        // Items may queue more items while they run; the index walks the growing array.
        var index = 0
        while index < threadState.queue.count {
            let item = threadState.queue[index]
            index += 1
            if !item.isDisposed {
                item.invoke()
            }
        }
        return disposable
    }
}

extension CurrentThreadScheduler {
    /// One thread's trampoline: whether scheduled work runs, and what waits behind it.
    /// Only its own thread touches it.
    fileprivate final class ThreadState {
        var isRunning = false
        var queue: [any ScheduledItemType] = []

        static var current: ThreadState {
            if let pointer = pthread_getspecific(threadStateKey) {
                return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
            }
            let state = ThreadState()
            pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
            return state
        }
    }
}

// The scheduler has no state of its own; each thread's state is reached only by that thread.
extension CurrentThreadScheduler: @unchecked Sendable {}

/// The pthread key of ``CurrentThreadScheduler``'s per-thread state; the destructor releases
/// the state when its thread exits.
private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
        #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        #endif
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
}()
