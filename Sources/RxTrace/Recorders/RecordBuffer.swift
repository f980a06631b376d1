import Glibc
import Synchronization

/// The bounded hand-over between the threads that run Rx code and the writer thread: producers
/// append ``Record``s under one lock, and the writer takes everything appended so far in one
/// swap.
///
/// Two preallocated arrays of `capacity` records take turns: producers fill one while the
/// writer writes the other, so an append is a slot store and a counter bump, with no allocation.
/// When the filling array is full, producers wait on `notFull` until the writer swaps: the
/// buffer is bounded and nothing is ever dropped. Serial ids (objects, calls, subscriptions,
/// threads) are handed out under the same lock as the slot, so ids are in buffer order.
///
/// A fatal signal may interrupt a producer while it holds the lock; the handler then waits for
/// the writer, which would wait for the lock forever. So the writer only ever *tries* the lock,
/// and gives up when the termination logic says the holder is frozen in a handler
/// (``RecordingSession``); the count of filled slots is published after each slot is written,
/// so the writer can still take the slots filled before the interruption.
final class RecordBuffer {
    /// Which serial counter an append draws its id from.
    enum Counter {
        case none, object, call, subscription, thread
    }

    /// Records the writer took in one swap; valid until it is handed back with ``recycle(_:)``.
    struct Batch {
        let records: UnsafeMutablePointer<Record>
        let count: Int
    }

    /// How many records each of the two arrays holds.
    let capacity: Int

    // MARK: Guarded by `mutex`

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Producers wait here while the filling array is full.
    private let notFull: UnsafeMutablePointer<pthread_cond_t>
    /// `flush()` waits here until what it appended is committed.
    private let committed: UnsafeMutablePointer<pthread_cond_t>
    /// The array producers append to.
    private var filling: UnsafeMutablePointer<Record>
    private var nextObjectID: Int64 = 1
    private var nextCallID: Int64 = 1
    private var nextSubscriptionID: Int64 = 1
    private var nextThreadID: Int64 = 1
    /// Records appended since the start, and records the writer committed.
    private var appendedTotal = 0
    private var committedTotal = 0
    /// Set by the writer's last take: later appends are ignored.
    private var isClosed = false
    /// Set when the writer stopped for good: nobody waits for it any more.
    private var isWriterGone = false
    private var producerWaits = 0
    /// The most slots of one array ever filled at once: the buffer's high-water mark.
    private var highWaterMark = 0
    /// Set when the writer stopped and the two arrays were freed: a buffer outlives its
    /// recording (the instrumentation facade never releases a recorder), its arrays need not.
    private var isStorageReleased = false

    // MARK: Lock-free

    /// The filled slots of `filling`; written under `mutex` after the slot, read without it
    /// only when the lock's holder is frozen in a signal handler.
    private let count = Atomic<Int>(0)
    /// The `pthread_t` holding `mutex`, or 0; lets a signal handler see that it interrupted
    /// the holder.
    private let owner = Atomic<UInt>(0)
    /// The writer sleeps on it; posting is async-signal-safe, unlike a condition variable.
    private let wake: UnsafeMutablePointer<sem_t>
    /// When producers wake the writer: once per array, at a quarter full.
    private let wakeThreshold: Int

    // MARK: Writer thread only

    /// The array the writer hands to producers at its next swap.
    private var spare: UnsafeMutablePointer<Record>

    /// A buffer of two arrays of `capacity` records each.
    init(capacity: Int) {
        precondition(capacity > 0, "A record buffer needs room for at least one record")
        self.capacity = capacity
        self.wakeThreshold = max(1, capacity / 4)
        filling = .allocate(capacity: capacity)
        spare = .allocate(capacity: capacity)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        notFull = .allocate(capacity: 1)
        notFull.initialize(to: pthread_cond_t())
        pthread_cond_init(notFull, nil)
        committed = .allocate(capacity: 1)
        committed.initialize(to: pthread_cond_t())
        pthread_cond_init(committed, nil)
        wake = .allocate(capacity: 1)
        wake.initialize(to: sem_t())
        sem_init(wake, 0, 0)
    }

    deinit {
        if !isStorageReleased {
            filling.deinitialize(count: count.load(ordering: .relaxed))
            filling.deallocate()
            spare.deallocate()
        }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        pthread_cond_destroy(notFull)
        notFull.deallocate()
        pthread_cond_destroy(committed)
        committed.deallocate()
        sem_destroy(wake)
        wake.deallocate()
    }

    // MARK: - Producers

    /// Appends the record `make` builds from a fresh id drawn from `counter` (0 for
    /// ``Counter/none``); returns that id, or 0 when the buffer is closed.
    ///
    /// Waits while the buffer is full. `make` runs under the lock, so it must only build the
    /// record.
    func append(_ counter: Counter, _ make: (Int64) -> Record) -> Int64 {
        lock()
        var filled = count.load(ordering: .relaxed)
        while filled == capacity, !isClosed {
            producerWaits += 1
            sem_post(wake)
            owner.store(0, ordering: .relaxed)
            pthread_cond_wait(notFull, mutex)
            owner.store(UInt(pthread_self()), ordering: .relaxed)
            filled = count.load(ordering: .relaxed)
        }
        guard !isClosed else {
            unlock()
            return 0
        }
        let id = synchronized_nextID(counter)
        (filling + filled).initialize(to: make(id))
        count.store(filled + 1, ordering: .releasing)
        appendedTotal += 1
        highWaterMark = max(highWaterMark, filled + 1)
        if filled + 1 == wakeThreshold {
            sem_post(wake)
        }
        unlock()
        return id
    }

    /// Blocks until every record appended before the call is committed, or the writer stopped.
    func waitUntilCommitted() {
        lock()
        let target = appendedTotal
        sem_post(wake)
        while committedTotal < target, !isWriterGone {
            owner.store(0, ordering: .relaxed)
            pthread_cond_wait(committed, mutex)
            owner.store(UInt(pthread_self()), ordering: .relaxed)
        }
        unlock()
    }

    /// How many times a producer found the buffer full and waited.
    var producerWaitCount: Int {
        lock()
        defer { unlock() }
        return producerWaits
    }

    /// The most records one array held at once, out of ``capacity``.
    var highWaterMarkCount: Int {
        lock()
        defer { unlock() }
        return highWaterMark
    }

    /// Whether the calling thread holds the lock; safe to ask from a signal handler.
    var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == UInt(pthread_self())
    }

    /// Wakes the writer; async-signal-safe.
    func wakeWriter() {
        sem_post(wake)
    }

    // MARK: - Writer

    /// Sleeps until a producer wakes the writer or `nanoseconds` pass.
    func waitForWork(nanoseconds: Int) {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let total = Int(deadline.tv_nsec) + nanoseconds
        deadline.tv_sec += total / 1_000_000_000
        deadline.tv_nsec = total % 1_000_000_000
        while sem_timedwait(wake, &deadline) == -1, errno == EINTR {}
    }

    /// Takes everything appended so far; with `closing`, later appends are ignored.
    ///
    /// Returns `nil` without waiting further when the lock stays taken and `isHolderFrozen`
    /// says its holder will never release it; then ``takeFromFrozenHolder()`` applies.
    func take(closing: Bool, isHolderFrozen: () -> Bool) -> Batch? {
        guard tryLock(unless: isHolderFrozen) else { return nil }
        let batch = synchronized_swap()
        if closing {
            isClosed = true
            pthread_cond_broadcast(notFull)
        }
        unlock()
        return batch
    }

    /// Takes the records filled so far without the lock, whose holder is frozen in a signal
    /// handler for good; only the slots it published before it was interrupted are read.
    func takeFromFrozenHolder() -> Batch {
        let batch = Batch(records: filling, count: count.load(ordering: .acquiring))
        filling = spare
        count.store(0, ordering: .relaxed)
        spare = batch.records
        return batch
    }

    /// Hands a written batch back: releases its records and keeps its array for the next swap.
    func recycle(_ batch: Batch) {
        batch.records.deinitialize(count: batch.count)
        spare = batch.records
    }

    /// Tells `flush()` callers that `records` more were committed.
    func markCommitted(_ records: Int, isHolderFrozen: () -> Bool) {
        guard tryLock(unless: isHolderFrozen) else { return }
        committedTotal += records
        pthread_cond_broadcast(committed)
        unlock()
    }

    /// The writer stopped for good: closes the buffer, frees its arrays and releases everyone
    /// waiting for it.
    func markWriterGone(isHolderFrozen: () -> Bool) {
        guard tryLock(unless: isHolderFrozen) else { return }
        isClosed = true
        isWriterGone = true
        if !isStorageReleased {
            filling.deinitialize(count: count.load(ordering: .relaxed))
            count.store(0, ordering: .relaxed)
            filling.deallocate()
            spare.deallocate()
            isStorageReleased = true
        }
        pthread_cond_broadcast(notFull)
        pthread_cond_broadcast(committed)
        unlock()
    }

    // MARK: - Lock

    private func lock() {
        pthread_mutex_lock(mutex)
        owner.store(UInt(pthread_self()), ordering: .relaxed)
    }

    private func unlock() {
        owner.store(0, ordering: .relaxed)
        pthread_mutex_unlock(mutex)
    }

    /// Takes the lock, retrying every 20 µs, unless `isHolderFrozen` turns true first.
    private func tryLock(unless isHolderFrozen: () -> Bool) -> Bool {
        while pthread_mutex_trylock(mutex) != 0 {
            if isHolderFrozen() { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000)
            nanosleep(&pause, nil)
        }
        owner.store(UInt(pthread_self()), ordering: .relaxed)
        return true
    }

    private func synchronized_nextID(_ counter: Counter) -> Int64 {
        switch counter {
        case .none:
            return 0
        case .object:
            defer { nextObjectID += 1 }
            return nextObjectID
        case .call:
            defer { nextCallID += 1 }
            return nextCallID
        case .subscription:
            defer { nextSubscriptionID += 1 }
            return nextSubscriptionID
        case .thread:
            defer { nextThreadID += 1 }
            return nextThreadID
        }
    }

    private func synchronized_swap() -> Batch {
        let batch = Batch(records: filling, count: count.load(ordering: .relaxed))
        filling = spare
        count.store(0, ordering: .relaxed)
        spare = batch.records
        pthread_cond_broadcast(notFull)
        return batch
    }
}

// Producers touch the arrays, counters and flags only while holding `mutex` (`count` and
// `owner` are atomics); `spare` belongs to the writer thread alone.
extension RecordBuffer: @unchecked Sendable {}
