import CRxTrace
import Glibc
import Synchronization

/// The hand-over between the threads that run Rx code and the spooler thread: a bounded ring of
/// ``Record`` slots that producers fill with no lock and no allocation.
///
/// A producer reserves the next position with one atomic add on a shared cursor, writes its
/// record into that position's slot, and publishes it by a release store of the slot's
/// sequence number; the one consumer (``RecordSpooler``) takes the published slots in position
/// order. Positions are handed out in one order for all threads, so the ring keeps the order
/// of each thread and every cross-thread "happened before" (a record written after another
/// thread's, because that thread handed it the work, reserves a later position), which the
/// writer relies on to match a disposal to its subscription or a `deinit` to its object.
///
/// Ids are drawn from atomic counters after the position, so two threads may take them in the
/// other order; only threads, which the writer names in ring order, take theirs under a lock
/// (once per thread).
///
/// Slot `p % capacity` holds sequence `p` while it is free for position `p`, `p + 1` once the
/// record at `p` is published, and `p + capacity` once the consumer took it (free for the next
/// lap): Dmitry Vyukov's bounded queue. A producer finding its slot still taken (the ring is
/// full: the spooler is behind, which is disk speed) waits for it; nothing is dropped.
///
/// Closing sets a bit in the cursor: positions reserved before it are taken, later appends are
/// refused. A record's memory moves out of the ring by bits (into the spool file and back),
/// never copied: every ``Record`` payload (integers, metatypes, `StaticString`s, `String`s,
/// arrays) can be moved that way.
final class RecordRing {
    /// Which serial counter an append draws its id from; a call takes its position + 1 as its
    /// key instead, which costs no atomic and numbers calls in ring order.
    enum Counter {
        case none, object, call, subscription, thread
    }

    /// The cursor's bit that says the ring is closed.
    private static let closedBit = 1 << 62

    /// How many slots the ring holds: a power of two.
    let capacity: Int
    private let mask: Int
    /// The slots, on a page boundary (`malloc`'s 16 bytes left every 128-byte record across
    /// three cache lines, one shared with its neighbour), so that a record covers as few lines
    /// as its size allows (two for 128 bytes) and never shares one with the next.
    private let records: UnsafeMutablePointer<Record>
    /// Where the slots lie: mapped, and touched when the ring is made.
    private let slots: SlotMemory
    private let sequences: UnsafeMutablePointer<Int64>

    /// The counters producers add to, each on a cache line of its own, apart from anything the
    /// consumer writes (which would take the line away from the producer on every write):
    /// [0] the next position to reserve (with ``closedBit`` once closed), then the next object,
    /// subscription and thread ids.
    private let counters: UnsafeMutablePointer<Int64>
    private static let cursorIndex = 0
    private static let objectIndex = 8
    private static let subscriptionIndex = 16
    private static let threadIndex = 24
    /// The position reserved last before closing, + 1; `Int.max` while open.
    private let closedEnd = Atomic<Int>(.max)
    /// Held while a thread's first record reserves its position and draws the thread's id.
    private let threadLock: UnsafeMutablePointer<pthread_mutex_t>
    /// How many times a producer found its slot taken and waited.
    private let producerWaits = Atomic<Int>(0)
    /// The consumer sleeps on it; posting is async-signal-safe.
    let consumerWake: UnsafeMutablePointer<sem_t>
    /// Producers wake the consumer every `wakeInterval` positions: a quarter of the ring.
    private let wakeMask: Int

    // MARK: Consumer only

    /// The consumer's state, on a cache line of its own: [0] the next position it takes, [8]
    /// the most published records it ever found waiting (the ring's high-water mark).
    private let consumer: UnsafeMutablePointer<Int>

    /// The next position the consumer takes.
    var tail: Int { consumer[0] }
    /// The most published records the consumer ever found waiting: the ring's high-water mark.
    var highWaterMark: Int { consumer[8] }

    /// A ring of at least `capacity` slots (rounded up to a power of two, and to 2).
    init(capacity: Int) {
        precondition(capacity > 0, "A record ring needs room for at least one record")
        var rounded = 2
        while rounded < capacity { rounded <<= 1 }
        self.capacity = rounded
        mask = rounded - 1
        wakeMask = max(1, rounded / 4) - 1
        slots = SlotMemory(byteCount: rounded * MemoryLayout<Record>.stride)
        records = slots.base.bindMemory(to: Record.self, capacity: rounded)
        sequences = .allocate(capacity: rounded)
        for slot in 0..<rounded {
            (sequences + slot).initialize(to: Int64(slot))
        }
        counters = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 64).bindMemory(
            to: Int64.self, capacity: 32
        )
        counters.initialize(repeating: 0, count: 32)
        consumer = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 64).bindMemory(
            to: Int.self, capacity: 16)
        consumer.initialize(repeating: 0, count: 16)
        threadLock = .allocate(capacity: 1)
        threadLock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(threadLock, nil)
        consumerWake = .allocate(capacity: 1)
        consumerWake.initialize(to: sem_t())
        sem_init(consumerWake, 0, 0)
    }

    deinit {
        releaseStorage()
        counters.deallocate()
        consumer.deallocate()
        pthread_mutex_destroy(threadLock)
        threadLock.deallocate()
        sem_destroy(consumerWake)
        consumerWake.deallocate()
    }

    // MARK: - Producers

    /// Appends the record `make` builds from a fresh id drawn from `counter` (0 for
    /// ``Counter/none``, the record's position + 1 for ``Counter/call``); returns that id, or 0
    /// when the ring is closed.
    ///
    /// Waits while the ring is full. Touches no lock but on a thread's first record: one atomic
    /// add reserves the slot, one for
    /// the id, one release store publishes it.
    @inline(__always)
    func append(_ counter: Counter, _ make: (Int64) -> Record) -> Int64 {
        let position: Int
        let id: Int64
        if counter == .thread {
            // Once per thread: under a lock, so that threads are numbered in ring order, which
            // is the order the writer names them in (`T1`, `T2`, …).
            pthread_mutex_lock(threadLock)
            position = Int(rxtrace_fetch_add_relaxed(counters + Self.cursorIndex, 1))
            id = position & Self.closedBit == 0 ? nextID(.thread) : 0
            pthread_mutex_unlock(threadLock)
        } else {
            position = Int(rxtrace_fetch_add_relaxed(counters + Self.cursorIndex, 1))
            id = counter == .call ? Int64(position + 1) : nextID(counter)
        }
        guard position & Self.closedBit == 0 else { return 0 }
        let slot = position & mask
        if rxtrace_load_acquire(sequences + slot) != Int64(position) {
            waitForSlot(slot, at: position)
        }
        (records + slot).initialize(to: make(id))
        rxtrace_store_release(sequences + slot, Int64(position + 1))
        if position & wakeMask == wakeMask {
            sem_post(consumerWake)
        }
        return id
    }

    /// Waits until the consumer has taken the previous lap's record out of `slot`.
    private func waitForSlot(_ slot: Int, at position: Int) {
        producerWaits.wrappingAdd(1, ordering: .relaxed)
        while rxtrace_load_acquire(sequences + slot) != Int64(position) {
            sem_post(consumerWake)
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000)
            nanosleep(&pause, nil)
        }
    }

    @inline(__always)
    private func nextID(_ counter: Counter) -> Int64 {
        switch counter {
        case .none: 0
        case .object: rxtrace_fetch_add_relaxed(counters + Self.objectIndex, 1) + 1
        case .call: 0
        case .subscription: rxtrace_fetch_add_relaxed(counters + Self.subscriptionIndex, 1) + 1
        case .thread: rxtrace_fetch_add_relaxed(counters + Self.threadIndex, 1) + 1
        }
    }

    /// Where the slot that holds `position`'s record lies in memory; for tests of the layout.
    func slotAddress(of position: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(records + (position & mask))
    }

    /// The positions reserved so far: everything appended before now lies below it.
    var reservedCount: Int {
        min(
            Int(rxtrace_load_acquire(counters + Self.cursorIndex)) & ~Self.closedBit,
            closedEnd.load(ordering: .acquiring))
    }

    /// How many times a producer found the ring full and waited.
    var producerWaitCount: Int {
        producerWaits.load(ordering: .relaxed)
    }

    // MARK: - Closing

    /// Refuses every later append; returns the end: the positions reserved before, which the
    /// consumer still takes. Async-signal-safe, and idempotent.
    @discardableResult
    func close() -> Int {
        let old = Int(rxtrace_fetch_or(counters + Self.cursorIndex, Int64(Self.closedBit)))
        if old & Self.closedBit == 0 {
            closedEnd.store(old, ordering: .releasing)
            sem_post(consumerWake)
            return old
        }
        // Another closer set the bit; its end is stored right after.
        while closedEnd.load(ordering: .acquiring) == .max {
            sched_yield()
        }
        return closedEnd.load(ordering: .acquiring)
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool {
        Int(rxtrace_load_acquire(counters + Self.cursorIndex)) & Self.closedBit != 0
    }

    /// The end ``close()`` returned, or `nil` while open.
    var end: Int? {
        let end = closedEnd.load(ordering: .acquiring)
        return end == .max ? nil : end
    }

    // MARK: - Consumer

    /// The published records from ``tail`` on that lie contiguous in memory (up to the ring's
    /// wrap), at most `limit` of them; they stay in the ring until ``release(_:)``.
    func published(limit: Int) -> UnsafeMutableBufferPointer<Record> {
        let start = tail & mask
        let room = min(capacity - start, limit)
        var count = 0
        while count < room, rxtrace_load_acquire(sequences + start + count) == Int64(tail + count + 1) {
            count += 1
        }
        if count > consumer[8] { consumer[8] = count }
        return UnsafeMutableBufferPointer(start: records + start, count: count)
    }

    /// Hands `count` slots from ``tail`` back to the producers; the consumer moved their
    /// records out, so they are freed without being deinitialized.
    func release(_ count: Int) {
        for offset in 0..<count {
            let position = tail + offset
            rxtrace_store_release(sequences + (position & mask), Int64(position + capacity))
        }
        consumer[0] += count
    }

    /// Gives up on the record at ``tail``, which its producer reserved and never published (a
    /// signal handler interrupted it, and the process is ending).
    func skipUnpublished() {
        consumer[0] += 1
    }

    /// Frees the slots, once closed and emptied (no producer touches them again: later appends
    /// stop at the cursor's closed bit): a ring outlives its recording (the instrumentation
    /// facade never releases a recorder), its slots need not. Published records not taken are
    /// dropped with them. Called once the consumer has stopped.
    func releaseStorage() {
        guard !isStorageReleased else { return }
        isStorageReleased = true
        var position = tail
        while position < reservedCount, rxtrace_load_acquire(sequences + (position & mask)) == Int64(position + 1) {
            (records + (position & mask)).deinitialize(count: 1)
            position += 1
        }
        slots.unmap()
        sequences.deallocate()
    }

    /// Whether ``releaseStorage()`` ran; the consumer's.
    private var isStorageReleased = false

    /// Whether the record at ``tail`` is published.
    var isTailPublished: Bool {
        rxtrace_load_acquire(sequences + (tail & mask)) == Int64(tail + 1)
    }
}

// The slots are handed between threads by the release/acquire pairs on `sequences` (a producer
// owns a slot from its reservation to its publication, the consumer from then to its release);
// `consumer` belongs to the one consumer thread (others read its high-water mark only for
// statistics); `counters` and the rest are atomic.
extension RecordRing: @unchecked Sendable {}
