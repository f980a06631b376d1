import CRxTrace
import Glibc
import Synchronization

/// What a recording knows about one thread: its serial id and its open calls.
///
/// Only its own thread touches it, so a call's parent and depth cost no lock. Reached through
/// a ``ThreadStateKey`` as a pointer: a hook reads and changes it in place, with no reference
/// count to bump and no exclusivity check, as a class's stored properties would need. Freed
/// when the thread exits.
struct ThreadState {
    /// The recording's serial id for this thread (1 for the first thread seen), or 0 when the
    /// thread appeared after the recording closed.
    let id: Int32
    /// The ids of the calls open on this thread, innermost last.
    var openCalls: [Int64] = []

    init(id: Int32) {
        self.id = id
        openCalls.reserveCapacity(64)
    }

    /// The innermost open call, or 0.
    var currentCall: Int64 { openCalls.last ?? 0 }

    /// Removes `call` and any call left open inside it (a step that never exited because its
    /// closure threw).
    mutating func close(_ call: Int64) {
        if openCalls.last == call {
            openCalls.removeLast()
            return
        }
        guard let index = openCalls.lastIndex(of: call) else { return }
        openCalls.removeSubrange(index...)
    }
}

/// A pthread key owned by one recording, holding each thread's ``ThreadState``.
///
/// A pthread key frees a thread's state when the thread exits; a hook finds the state through a
/// C thread-local cache that names the recording by its ``generation`` (a load and a compare),
/// and asks the key (`pthread_getspecific`, a call) only when the cache holds another
/// recording's. Each recording owns its key, so a new recording starts every thread afresh.
final class ThreadStateKey {
    /// A `let`, so that reading it in every hook needs no dynamic exclusivity check.
    private let key: pthread_key_t
    /// This key's serial number in the process, from 1: what the thread-local cache compares,
    /// never reused, unlike an address.
    let generation: Int64

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { state in
            guard let state else { return }
            // The cache must not outlive the state: a destructor running after this one could
            // still reach a hook.
            rxtrace_forget_thread_state(state)
            let pointer = state.assumingMemoryBound(to: ThreadState.self)
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
        generation = Int64(threadStateKeyGenerations.add(1, ordering: .relaxed).newValue)
    }

    deinit {
        // Threads still holding a state keep it: pthread_key_delete runs no destructors.
        pthread_key_delete(key)
    }

    /// The calling thread's state, or `nil` the first time the thread asks.
    @inline(__always)
    var current: UnsafeMutablePointer<ThreadState>? {
        if let cached = rxtrace_cached_thread_state(generation) {
            return cached.assumingMemoryBound(to: ThreadState.self)
        }
        guard let state = pthread_getspecific(key) else { return nil }
        rxtrace_cache_thread_state(generation, state)
        return state.assumingMemoryBound(to: ThreadState.self)
    }

    /// Makes a copy of `state` the calling thread's; returns where it is kept.
    func setCurrent(_ state: ThreadState) -> UnsafeMutablePointer<ThreadState> {
        let pointer = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
        pointer.initialize(to: state)
        pthread_setspecific(key, pointer)
        rxtrace_cache_thread_state(generation, pointer)
        return pointer
    }
}

/// The last ``ThreadStateKey/generation`` handed out.
private let threadStateKeyGenerations = Atomic<Int>(0)

// The key and the generation are written once, in init, before the instance is shared; each
// thread reads and writes only its own slot and its own thread-local cache.
extension ThreadStateKey: @unchecked Sendable {}
