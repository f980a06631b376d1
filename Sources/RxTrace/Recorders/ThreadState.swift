import CRxTrace
import Glibc
import RxCore
import Synchronization

/// What a recording knows about one thread: its serial id, its open calls, the exits or the
/// event it holds back (``ExitedCalls``, ``HeldDelivery``), and the caller addresses it appended
/// last.
///
/// Only its own thread touches it, so a call's parent and depth cost no lock. Reached through
/// a ``ThreadStateKey`` as a pointer: a hook reads and changes it in place, with no reference
/// count to bump and no exclusivity check, as a class's stored properties would need. The open
/// calls are a stack in memory of its own, not an array, so that entering and leaving a call
/// costs no uniqueness check and no bounds check (every call hook does both). Freed, with its
/// stack, when the thread exits (``release()``).
struct ThreadState {
    /// The recording's serial id for this thread (1 for the first thread seen), or 0 when the
    /// thread appeared after the recording closed.
    let id: Int32
    /// The ids of the calls open on this thread, innermost last: `openCallCount` of the
    /// `capacity` slots. An entry point's id carries ``entryPointBit``.
    private var openCalls: UnsafeMutablePointer<Int64>
    private var capacity: Int
    /// How many calls are open on this thread.
    private(set) var openCallCount = 0
    /// The calls that returned since the thread's last record, not yet appended.
    var heldExits: ExitedCalls
    /// Whether the thread holds an event (``heldDelivery``): a byte every hook tests.
    private(set) var isHoldingDelivery = false
    /// The event the thread delivered last, when it is held for the step that receives it; a
    /// thread holds either exits or an event, never both. Meaningful only while
    /// ``isHoldingDelivery``: not an optional, whose test and copy would each call into the
    /// runtime (its payload holds an enum), and left in place when taken.
    private(set) var heldDelivery = HeldDelivery.nothing
    /// Whether the first of `heldExits` was the return of the thread's innermost open call then,
    /// closing nothing else: when it is the only one, the thread's next call entry can carry it.
    var firstHeldExitClosedTheInnermost = false
    /// The return addresses of the thread's last ``Record/callerCaptured(call:thread:callers:)``:
    /// an entry point called from the same ones says so in its call's entry instead.
    var lastCallers = CallerAddresses()

    /// Marks an open call as an entry point user code called: ids are ring positions + 1, far
    /// below it.
    private static let entryPointBit: Int64 = 1 << 62

    init(id: Int32) {
        self.id = id
        heldExits = ExitedCalls(thread: id)
        capacity = 64
        openCalls = .allocate(capacity: capacity)
    }

    /// Holds `delivery` for the step that receives it.
    @inline(__always)
    mutating func hold(_ delivery: consuming HeldDelivery) {
        heldDelivery = delivery
        isHoldingDelivery = true
    }

    /// Whether the event held is received by a call entered on `object` with `detail` at
    /// `virtualTS` (``HeldDelivery/isReceived(by:detail:virtualTS:)``). Mutating though it
    /// changes nothing: called through the thread's pointer, a non-mutating method gets a copy
    /// of the whole state, a mutating one the state in place.
    @inline(__always)
    mutating func heldDeliveryIsReceived(by object: Int64, detail: borrowing TraceDetail?, virtualTS: Int64?) -> Bool {
        isHoldingDelivery && heldDelivery.isReceived(by: object, detail: detail, virtualTS: virtualTS)
    }

    /// Holds no event any more.
    @inline(__always)
    mutating func dropDelivery() {
        isHoldingDelivery = false
    }

    /// Frees the stack; the state is not used again.
    func release() {
        openCalls.deallocate()
    }

    /// The innermost open call, or 0.
    var currentCall: Int64 {
        @inline(__always) get { openCallCount == 0 ? 0 : openCalls[openCallCount - 1] & ~Self.entryPointBit }
    }

    /// Makes `call` the innermost open call; `isEntryPoint` when user code called it
    /// (`onNext`, `accept`, `dispose()`: its return goes back to user code).
    @inline(__always)
    mutating func open(_ call: Int64, isEntryPoint: Bool = false) {
        if openCallCount == capacity {
            grow()
        }
        openCalls[openCallCount] = isEntryPoint ? call | Self.entryPointBit : call
        openCallCount += 1
    }

    /// Removes `call` and any call left open inside it (a step that never exited because its
    /// closure threw); returns whether `call` was an entry point.
    @inline(__always)
    mutating func close(_ call: Int64) -> Bool {
        if openCallCount > 0, openCalls[openCallCount - 1] & ~Self.entryPointBit == call {
            openCallCount -= 1
            return openCalls[openCallCount] != call
        }
        return closeBelowTheTop(call)
    }

    /// ``close(_:)`` for a call that is not the innermost: removes it and what is open inside
    /// it, or nothing when it is not open.
    private mutating func closeBelowTheTop(_ call: Int64) -> Bool {
        var index = openCallCount - 1
        while index >= 0, openCalls[index] & ~Self.entryPointBit != call {
            index -= 1
        }
        guard index >= 0 else { return false }
        openCallCount = index
        return openCalls[index] != call
    }

    /// Doubles the stack's room.
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Int64>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: openCalls, count: openCallCount)
        openCalls.deallocate()
        openCalls = larger
        capacity *= 2
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
            pointer.pointee.release()
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
