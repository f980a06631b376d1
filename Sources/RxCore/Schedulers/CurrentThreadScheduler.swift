// Mirrors RxSwift's RxSwift/Schedulers/CurrentThreadScheduler.swift.
// Deviation from RxSwift: the per-thread state is one object behind one pthread key, rather
// than two values in Foundation's per-thread dictionary keyed by String (which made
// RxSwift's `Observable.range` cost ~1.7 µs per element on Linux). `Producer.subscribe` enters
// the trampoline through `scheduleNow`, which takes a non-escaping closure, and the queue drops
// the items it has run as it goes.

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
        let threadState = ThreadState.current
        guard threadState.isRunning else {
            return trampoline(threadState) { action(state) }
        }
        let call = TraceCall.enter("CurrentThreadScheduler.schedule"); defer { call.exit() }
        let item = ScheduledItem(action: action, state: state)
        threadState.queue.append(item)
        return item
    }

    /// Runs `action` as the first work on this thread's trampoline, then drains what it
    /// queued; for callers that checked ``isScheduleRequired`` (`Producer.subscribe`).
    ///
    /// RxSwift's `Producer` calls `schedule` with an escaping closure here; this path is known
    /// to run its action at once, so the action need not escape and the outermost subscribe
    /// allocates no closure context. The trace shows the same `CurrentThreadScheduler.schedule`
    /// step either way.
    @inlinable @inline(__always) func scheduleNow(_ action: () -> Disposable) -> Disposable {
        trampoline(ThreadState.current, action)
    }

    /// Marks the thread as running scheduled work, runs `action` and every item queued
    /// meanwhile, in order, then clears the mark.
    @inlinable @inline(__always) func trampoline(_ threadState: ThreadState, _ action: () -> Disposable) -> Disposable {
        let call = TraceCall.enter("CurrentThreadScheduler.schedule"); defer { call.exit() }
        threadState.isRunning = true
        defer {
            threadState.isRunning = false
            threadState.queue.removeAll()
        }
        let disposable = action()
        // Items may queue more items while they run (a recursion queues its next step): the
        // index walks the growing array, and the run part is dropped now and then, so a long
        // recursion (`range` over a million elements) holds a few items, not all of them.
        var index = 0
        while index < threadState.queue.count {
            let item = threadState.queue[index]
            index += 1
            if !item.isDisposed {
                item.invoke()
            }
            if index >= 64, index * 2 >= threadState.queue.count {
                threadState.queue.removeFirst(index)
                index = 0
            }
        }
        return disposable
    }
}

extension CurrentThreadScheduler {
    /// One thread's trampoline: whether scheduled work runs, and what waits behind it.
    /// Only its own thread touches it.
    @usableFromInline final class ThreadState {
        @usableFromInline @exclusivity(unchecked) var isRunning = false
        @usableFromInline @exclusivity(unchecked) var queue: [any ScheduledItemType] = []

        @usableFromInline static var current: ThreadState {
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

// Performance: `scheduleNow` and `trampoline` are @inlinable, always inlined (the thread state
// @usableFromInline, without dynamic exclusivity checks), so the outermost `Producer.subscribe`
// runs the operator in the client's code (rows W1s, W2); see Documentation/Performance.md.
