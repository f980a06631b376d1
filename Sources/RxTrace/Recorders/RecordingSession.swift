import CRxTrace
import Foundation
import Glibc
import RxCore
import Synchronization

/// One recording in progress: the producer side of the ``TraceRecorder`` hooks, the
/// ``RecordRing`` they append to, the spooler thread that moves the ring to a ``RecordSpool``
/// file at disk speed, and the writer thread that turns the spool into rows through a
/// ``TraceWriter`` at SQLite's pace, at a lower priority than the program's, so that it runs on
/// what the program leaves idle; once an end is asked for, the finisher thread, at the
/// program's priority, writes the rest and completes the trace.
///
/// ``SQLiteTraceRecorder`` and ``InMemoryTraceRecorder`` are this with a different database.
/// A hook costs a read of the CPU's tick counter, a thread-state lookup through a pthread key,
/// and one append to the ring with no lock (an atomic add for its slot, one for an id, a
/// release store to publish it); with ``RecordingDetail/events``, a call hook costs one
/// branch. Producers wait only when the ring is full, that is for the disk, never for SQLite;
/// everything else (names, interning, formatting values and details, SQL) happens on the
/// writer thread. The session ends in one of three ways, whichever comes first:
/// ``finish()``, the process exiting, or a fatal signal (``terminate(_:waitingAtMost:)``,
/// called by ``Termination``).
final class RecordingSession {
    /// Whether element values are recorded.
    let isRecordingValues: Bool
    /// What is recorded: everything, or no calls.
    let detail: RecordingDetail
    /// `detail == .calls`, read by every call hook.
    private let isRecordingCalls: Bool
    /// Whether the entry points capture their callers' return addresses: while the calls are
    /// recorded (without them every object would look made by user code, and each `init` would
    /// walk the stack), unless `RXTRACE_CALLERS=0`, a switch for measuring what the capture
    /// costs (`Documentation/Performance.md`, "The caller's line").
    let isRecordingCallers: Bool

    private let clock: TraceClock
    private let ring: RecordRing
    private let spool: RecordSpool
    private let threads = ThreadStateKey()
    /// 0 while recording; then the encoded ``RunEnd`` the writer finishes with. The first
    /// request wins.
    private let endRequest = Atomic<Int>(0)
    /// Set when the run ends on a signal: the spooler gives up on a slot a producer reserved
    /// and, interrupted by the handler, never published.
    private let isSkippingStalledSlots = Atomic<Bool>(false)
    /// Set by the spooler thread once it moved every record reserved before the ring closed.
    private let isSpoolerDone = Atomic<Bool>(false)
    /// Set by the finisher thread once the trace is complete and it has stopped.
    private let isWriterDone = Atomic<Bool>(false)
    /// The writer's, the finisher's and the spooler's `pthread_t`, once they run; lets a
    /// handler see it runs on one of them.
    private let writerThreadID = Atomic<UInt>(0)
    private let finisherThreadID = Atomic<UInt>(0)
    private let spoolerThreadID = Atomic<UInt>(0)
    /// The writer, finisher and spooler threads, for the one `pthread_join` each; `nil` once
    /// joined.
    private let writerThread: LockedState<pthread_t?>
    private let finisherThread: LockedState<pthread_t?>
    private let spoolerThread: LockedState<pthread_t?>
    /// The finisher sleeps on it until the writer hands the trace over.
    private let finisherWake: UnsafeMutablePointer<sem_t>
    /// Set (releasing) by the writer thread once it stopped writing and handed `writer`,
    /// `pendingCommitted` and `runFailure` to the finisher.
    private let isHandedOver = Atomic<Bool>(false)
    /// The error that stopped the writer while the program ran, for the finisher to report;
    /// the writer thread's until ``isHandedOver``.
    private var runFailure: (any Error)?
    /// The writer sleeps on it; the spooler posts it after each append to the spool.
    private let writerWake: UnsafeMutablePointer<sem_t>
    /// Records the writer committed, for ``flush()``; guarded by `committedLock`.
    private var committedTotal = 0
    private var isWriterGone = false
    /// Records committed that `committedTotal` does not count yet (its lock was busy); the
    /// writer thread's, then the finisher's.
    private var pendingCommitted = 0
    private let committedLock: UnsafeMutablePointer<pthread_mutex_t>
    private let committed: UnsafeMutablePointer<pthread_cond_t>
    /// How many records the writer reads from the spool per transaction.
    private let batchCapacity: Int
    /// Whether the connection is closed when the trace is complete (a file), or kept for
    /// reading (in memory).
    private let keepsDatabaseOpen: Bool
    /// Whether the writer thread writes the spool while the program runs; `false` (for tests
    /// of the finisher's and a flush's batches) has it write only while a ``flush()`` waits.
    private let writesDuringTheRun: Bool
    /// How many threads wait in ``flush()``: while one does, the program waits for the writer,
    /// whose batches may then take a helper thread (``TraceWriter/write(_:whileTheProgramRuns:)``).
    private let flushWaiters = Atomic<Int>(0)
    /// The writer thread's, then the finisher's until it is joined; then the joiner's.
    private var writer: TraceWriter?
    /// The error that stopped the writer, if one did; read after the join.
    private var writeError: (any Error)?

    /// Starts recording through `writer` on a new writer thread, spooling in `spoolDirectory`.
    ///
    /// - Parameters:
    ///   - bufferCapacity: how many records producers may get ahead of the spooler (the ring's
    ///     slots, rounded up to a power of two), and how many the writer takes per transaction.
    ///   - spoolDirectory: where the spool file is made (and unlinked at once): beside the trace.
    ///   - keepsDatabaseOpen: `false` to close the connection once the trace is complete.
    ///   - isRecordingCallers: `false` to capture no caller addresses, as a program without
    ///     symbols gives none (`RXTRACE_CALLERS=0` does the same).
    ///   - writesDuringTheRun: `false` to have the writer thread write only for a ``flush()``,
    ///     leaving the rest to the finisher, for tests.
    init(
        writer: TraceWriter, clock: TraceClock, isRecordingValues: Bool, detail: RecordingDetail,
        bufferCapacity: Int, spoolDirectory: String, keepsDatabaseOpen: Bool, isRecordingCallers: Bool = true,
        writesDuringTheRun: Bool = true
    ) {
        self.writer = writer
        self.writesDuringTheRun = writesDuringTheRun
        self.clock = clock
        self.isRecordingValues = isRecordingValues
        self.detail = detail
        self.isRecordingCalls = detail == .calls
        self.isRecordingCallers =
            isRecordingCallers && detail == .calls && ProcessInfo.processInfo.environment["RXTRACE_CALLERS"] != "0"
        self.ring = RecordRing(capacity: bufferCapacity)
        self.batchCapacity = bufferCapacity
        self.spool = RecordSpool(directory: spoolDirectory, name: "rxtrace-\(getpid())")
        self.keepsDatabaseOpen = keepsDatabaseOpen
        self.writerThread = LockedState(nil)
        self.finisherThread = LockedState(nil)
        self.spoolerThread = LockedState(nil)
        writerWake = .allocate(capacity: 1)
        writerWake.initialize(to: sem_t())
        sem_init(writerWake, 0, 0)
        finisherWake = .allocate(capacity: 1)
        finisherWake.initialize(to: sem_t())
        sem_init(finisherWake, 0, 0)
        committedLock = .allocate(capacity: 1)
        committedLock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(committedLock, nil)
        committed = .allocate(capacity: 1)
        committed.initialize(to: pthread_cond_t())
        pthread_cond_init(committed, nil)
        spoolerThread.withLock { $0 = Self.start({ $0.runSpooler() }, with: self) }
        finisherThread.withLock { $0 = Self.start({ $0.runFinisher() }, with: self) }
        writerThread.withLock { $0 = Self.start({ $0.runWriter() }, with: self) }
    }

    deinit {
        sem_destroy(writerWake)
        writerWake.deallocate()
        sem_destroy(finisherWake)
        finisherWake.deallocate()
        pthread_mutex_destroy(committedLock)
        committedLock.deallocate()
        pthread_cond_destroy(committed)
        committed.deallocate()
    }

    /// Runs `body` on a new thread that holds `session` until it returns.
    private static func start(_ body: @escaping (RecordingSession) -> Void, with session: RecordingSession) -> pthread_t
    {
        final class Start {
            let body: (RecordingSession) -> Void
            let session: RecordingSession
            init(_ body: @escaping (RecordingSession) -> Void, _ session: RecordingSession) {
                self.body = body
                self.session = session
            }
        }
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                start.body(start.session)
                return nil
            },
            Unmanaged.passRetained(Start(body, session)).toOpaque()
        )
        precondition(status == 0, "RxTrace could not start its writer threads (pthread_create: \(status))")
        return thread
    }

    // MARK: - Ending

    /// Blocks until every record appended before the call is committed.
    func flush() {
        appendCallingThreadsHeldRecords()
        flushWaiters.wrappingAdd(1, ordering: .relaxed)
        defer { flushWaiters.wrappingSubtract(1, ordering: .relaxed) }
        let target = ring.reservedCount
        sem_post(ring.consumerWake)
        sem_post(writerWake)
        pthread_mutex_lock(committedLock)
        while committedTotal < target, !isWriterGone {
            var deadline = Self.deadline(afterNanoseconds: 10_000_000)
            pthread_cond_timedwait(committed, committedLock, &deadline)
        }
        pthread_mutex_unlock(committedLock)
    }

    /// Ends the recording: the spooler moves what the ring holds, the writer writes the spool,
    /// completes the trace and stops; then returns the connection if it was kept open. Later
    /// calls only wait for the end.
    ///
    /// - Throws: the error that stopped the writer early, if one did.
    @discardableResult
    func finish() throws -> Database? {
        appendCallingThreadsHeldRecords()
        request(.finished)
        if !joinWriter() {
            waitForWriter(atMost: .max)
        }
        if let writeError { throw writeError }
        return writer?.database
    }

    /// Ends the recording from `atexit` or a signal handler, waiting at most `nanoseconds`
    /// for the writer to complete the trace.
    ///
    /// Only async-signal-safe work happens on the calling thread while it waits: atomics,
    /// `sem_post` and `nanosleep`. A producer the handler interrupted may hold a slot it never
    /// publishes: on a signal the spooler waits for such a slot only briefly, then goes on
    /// without it. On the writer or spooler thread itself, or the writer pipeline's helper (a
    /// crash while writing), nothing more can be written. At `exit` (``RunEnd/exited``), which is no signal handler, a writer that
    /// is done is then joined, so the process leaves no thread behind.
    func terminate(_ end: RunEnd, waitingAtMost nanoseconds: Int) {
        let current = UInt(pthread_self())
        guard writerThreadID.load(ordering: .relaxed) != current, finisherThreadID.load(ordering: .relaxed) != current,
            spoolerThreadID.load(ordering: .relaxed) != current, rxtrace_is_writing_for_writer() == 0
        else { return }
        if case .signal = end {
            isSkippingStalledSlots.store(true, ordering: .releasing)
        }
        // At `exit` the calling thread is between two records: what it holds is whole. A
        // signal's handler may have interrupted it in the middle of an append, and appending
        // more before the ring is closed would let the other threads go on filling it.
        if end == .exited {
            appendCallingThreadsHeldRecords()
        }
        request(end)
        waitForWriter(atMost: nanoseconds)
        if end == .exited, isWriterDone.load(ordering: .acquiring) {
            joinWriter()
        }
    }

    /// Whether the writer thread has been joined.
    var isWriterJoined: Bool {
        writerThread.withLock { $0 == nil }
    }

    /// Joins the writer thread (and the finisher and the spooler, which stopped before it is
    /// joined) unless another caller did; returns whether this call did.
    @discardableResult
    private func joinWriter() -> Bool {
        let thread = writerThread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        guard let thread else { return false }
        pthread_join(thread, nil)
        let finisher = finisherThread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        if let finisher {
            pthread_join(finisher, nil)
        }
        let spooler = spoolerThread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        if let spooler {
            pthread_join(spooler, nil)
        }
        return true
    }

    private func request(_ end: RunEnd) {
        _ = endRequest.compareExchange(expected: 0, desired: Self.encode(end), ordering: .acquiringAndReleasing)
        sem_post(writerWake)
        sem_post(finisherWake)
    }

    private func waitForWriter(atMost nanoseconds: Int) {
        var waited = 0
        while !isWriterDone.load(ordering: .acquiring), waited < nanoseconds {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
            waited += 1_000_000
        }
    }

    // MARK: - Spooler thread

    /// Moves what producers publish from the ring to the spool until the ring is closed and
    /// everything reserved before is moved.
    private func runSpooler() {
        spoolerThreadID.store(UInt(pthread_self()), ordering: .relaxed)
        Self.blockAsynchronousSignals()
        var stalledSince: Int64?
        while true {
            // Producers wake it every quarter of the ring (and `flush()` and the end do): it
            // then moves a large run at once instead of chasing the producers slot by slot,
            // which would pull each slot's cache line away from its producer.
            if ring.end == nil {
                Self.wait(on: ring.consumerWake, nanoseconds: 10_000_000)
            }
            var moved = 0
            // Twice: a run that wraps around the ring's end is two runs in memory.
            for _ in 0..<2 {
                let records = ring.published(limit: ring.capacity)
                guard records.count > 0 else { break }
                spool.append(records)
                ring.release(records.count)
                moved += records.count
            }
            if moved > 0 {
                sem_post(writerWake)
                stalledSince = nil
                continue
            }
            guard let end = ring.end else { continue }
            if ring.tail >= end { break }
            // A producer reserved the next slot and has not published it yet.
            if isSkippingStalledSlots.load(ordering: .acquiring) {
                let now = clock.now()
                if let since = stalledSince, now - since > 10_000_000 {
                    ring.skipUnpublished()
                    stalledSince = nil
                    continue
                }
                stalledSince = stalledSince ?? now
            }
            Self.wait(on: ring.consumerWake, nanoseconds: 100_000)
        }
        isSpoolerDone.store(true, ordering: .releasing)
        sem_post(writerWake)
    }

    // MARK: - Writer thread

    /// Writes the spool while the program runs, at a lower priority than the program's
    /// (``yieldToTheRecordedProgram()``), until an end is asked for or a write fails; then
    /// hands the trace over to the finisher.
    private func runWriter() {
        writerThreadID.store(UInt(pthread_self()), ordering: .relaxed)
        Self.blockAsynchronousSignals()
        Self.yieldToTheRecordedProgram()
        let batch = UnsafeMutablePointer<Record>.allocate(capacity: batchCapacity)
        do {
            while endRequest.load(ordering: .acquiring) == 0 {
                Self.wait(on: writerWake, nanoseconds: 10_000_000)
                guard endRequest.load(ordering: .acquiring) == 0 else { break }
                guard writesDuringTheRun || flushWaiters.load(ordering: .relaxed) > 0 else { continue }
                try writeSpooled(into: batch, until: nil, whileTheProgramRuns: true)
            }
        } catch {
            runFailure = error
        }
        batch.deallocate()
        isHandedOver.store(true, ordering: .releasing)
        sem_post(finisherWake)
    }

    /// Waits for the writer to hand the trace over, then, at the program's priority (a
    /// handler or `stop()` waits for it), writes what the spool still holds, completes the
    /// trace and stops.
    private func runFinisher() {
        finisherThreadID.store(UInt(pthread_self()), ordering: .relaxed)
        Self.blockAsynchronousSignals()
        while !isHandedOver.load(ordering: .acquiring) {
            Self.wait(on: finisherWake, nanoseconds: 10_000_000)
        }
        let batch = UnsafeMutablePointer<Record>.allocate(capacity: batchCapacity)
        defer { batch.deallocate() }
        do {
            if let runFailure { throw runFailure }
            let end = Self.decode(endRequest.load(ordering: .acquiring))
            ring.close()
            while !isSpoolerDone.load(ordering: .acquiring) {
                Self.wait(on: writerWake, nanoseconds: 1_000_000)
            }
            try writeSpooled(into: batch, until: end.flatMap(lastWrite(before:)), whileTheProgramRuns: false)
            try writer?.finish(end ?? .finished)
        } catch {
            // The run is not lost silently: the trace ends here and its run row says why.
            writeError = error
            let isRecorded = (try? writer?.fail(because: error)) != nil
            let message =
                "RxTrace: the trace could not be written: \(error); "
                + (isRecorded ? "it ends here and says why\n" : "it ends at its last complete batch\n")
            _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
        }
        if !keepsDatabaseOpen {
            writer = nil
        }
        ring.close()
        while !isSpoolerDone.load(ordering: .acquiring) {
            Self.wait(on: writerWake, nanoseconds: 1_000_000)
        }
        spool.close()
        // A slot skipped on a signal may still be written by its producer: keep them all.
        if !isSkippingStalledSlots.load(ordering: .acquiring) {
            ring.releaseStorage()
        }
        pthread_mutex_lock(committedLock)
        isWriterGone = true
        pthread_cond_broadcast(committed)
        pthread_mutex_unlock(committedLock)
        isWriterDone.store(true, ordering: .releasing)
    }

    /// When the writer starts its last batch at the latest after `end` was asked for, on the
    /// clock: early enough that the trace is completed before the handler or `atexit` stops
    /// waiting (``Termination/signalWait``, ``Termination/exitWait``); `nil` for no limit.
    private func lastWrite(before end: RunEnd) -> Int64? {
        switch end {
        case .finished: nil
        case .exited: clock.now() + Int64(Termination.exitWait) - 10_000_000_000
        case .signal: clock.now() + Int64(Termination.signalWait) * 6 / 10
        }
    }

    /// Writes everything the spool holds now, one transaction per `batchCapacity` records,
    /// starting no batch after `deadline`, and, while recording, none after an end was asked
    /// for (the last pass has a deadline): what is left in the spool then is lost.
    /// `whileTheProgramRuns` is the writer thread's pass, whose batches take no helper thread
    /// (``TraceWriter/write(_:whileTheProgramRuns:)``) unless a ``flush()`` waits for them; the
    /// finisher's may.
    private func writeSpooled(
        into batch: UnsafeMutablePointer<Record>, until deadline: Int64?, whileTheProgramRuns: Bool
    ) throws {
        while true {
            if let deadline {
                guard clock.now() < deadline else { return }
            } else if ring.end == nil, endRequest.load(ordering: .relaxed) != 0 {
                return
            }
            let count = try spool.read(into: batch, limit: batchCapacity)
            guard count > 0 else { return }
            defer { batch.deinitialize(count: count) }
            try writer?.write(
                UnsafeMutableBufferPointer(start: batch, count: count),
                whileTheProgramRuns: whileTheProgramRuns && flushWaiters.load(ordering: .relaxed) == 0)
            // `flush()` callers may hold the lock only briefly; one that a signal handler froze
            // holding it must not stop the writer, so it only tries.
            pendingCommitted += count
            if pthread_mutex_trylock(committedLock) == 0 {
                committedTotal += pendingCommitted
                pendingCommitted = 0
                pthread_cond_broadcast(committed)
                pthread_mutex_unlock(committedLock)
            }
        }
    }

    /// Sleeps until `semaphore` is posted or `nanoseconds` pass.
    private static func wait(on semaphore: UnsafeMutablePointer<sem_t>, nanoseconds: Int) {
        var deadline = deadline(afterNanoseconds: nanoseconds)
        while sem_timedwait(semaphore, &deadline) == -1, errno == EINTR {}
    }

    private static func deadline(afterNanoseconds nanoseconds: Int) -> timespec {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let total = Int(deadline.tv_nsec) + nanoseconds
        deadline.tv_sec += total / 1_000_000_000
        deadline.tv_nsec = total % 1_000_000_000
        return deadline
    }

    /// Lowers the calling thread's scheduling priority (`nice` + ``writerNiceness``, Linux's
    /// per-thread `setpriority`): the writer then runs on what the recorded program leaves
    /// idle instead of taking a core from it, and the spool holds what it is behind by. A
    /// thread cannot raise its priority again, so the end is written by the finisher thread,
    /// which keeps the program's.
    private static func yieldToTheRecordedProgram() {
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(rxtrace_gettid()))
        _ = setpriority(
            __priority_which_t(PRIO_PROCESS.rawValue), id_t(rxtrace_gettid()), min(19, current + writerNiceness))
    }

    /// How much lower than the program the writer thread runs (`nice` steps).
    static let writerNiceness: Int32 = 10

    /// Keeps the signals a process is sent from landing on the writer thread, whose handler
    /// could not wait for itself.
    private static func blockAsynchronousSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            sigaddset(&signals, signal)
        }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    private static func encode(_ end: RunEnd) -> Int {
        switch end {
        case .finished: 1
        case .exited: 2
        case .signal(let number): 0x100 | Int(number)
        }
    }

    private static func decode(_ request: Int) -> RunEnd? {
        switch request {
        case 0: nil
        case 1: .finished
        case 2: .exited
        default: .signal(Int32(request & 0xFF))
        }
    }

    // MARK: - Producers

    /// The calling thread's state, to read and change in place; the first call on a thread
    /// records the thread.
    @inline(__always)
    private func currentThread() -> UnsafeMutablePointer<ThreadState> {
        if let state = threads.current { return state }
        return firstThreadState()
    }

    /// Appends the exits or the event `thread` holds, if any, so that what it records next
    /// follows them.
    @inline(__always)
    private func appendHeldRecords(of thread: UnsafeMutablePointer<ThreadState>) {
        if thread.pointee.heldExits.count > 0 {
            appendExits(thread.pointee.heldExits.take())
        }
        appendHeldDelivery(of: thread)
    }

    /// Appends the event `thread` holds, if any.
    @inline(__always)
    private func appendHeldDelivery(of thread: UnsafeMutablePointer<ThreadState>) {
        if thread.pointee.isHoldingDelivery {
            thread.pointee.dropDelivery()
            let record = thread.pointee.heldDelivery.record(thread: thread.pointee.id)
            _ = ring.append(.none) { _ in record }
        }
    }

    /// ``appendHeldRecords(of:)`` for the calling thread, for hooks that need no thread otherwise;
    /// nothing when the thread has recorded nothing yet.
    @inline(__always)
    private func appendCallingThreadsHeldRecords() {
        if let thread = threads.current {
            appendHeldRecords(of: thread)
        }
    }

    private func appendExits(_ exits: ExitedCalls) {
        _ = ring.append(.none) { _ in .callsExited(exits) }
    }

    /// Records the calling thread, seen for the first time, and gives it its state.
    private func firstThreadState() -> UnsafeMutablePointer<ThreadState> {
        let tid = rxtrace_gettid()
        let id = ring.append(.thread) { .thread(id: Int32($0), tid: tid) }
        return threads.setCurrent(ThreadState(id: Int32(id)))
    }

    /// Records an object's `init`; see ``TraceRecorder/objectInitialized(_:)``.
    func objectInitialized(_ type: Any.Type) -> ObjectID {
        let ts = clock.ticks()
        let thread = currentThread()
        appendHeldRecords(of: thread)
        let call = thread.pointee.currentCall
        let scope = TraceScope.current
        let virtualTS = Instrumentation.boundVirtualTime
        let id = ring.append(.object) {
            .objectInitialized(
                id: $0, type: type, ts: ts, thread: thread.pointee.id, call: call, scope: scope, virtualTS: virtualTS
            )
        }
        // An object user code made outside any step (a subject, a scheduler, a bag in a
        // stored property): where it was made says who holds it, such as an XCTest case.
        if call == 0, isRecordingCallers {
            let callers = CallerAddresses.capture()
            _ = ring.append(.none) { _ in .objectCallerCaptured(object: id, callers: callers) }
        }
        return ObjectID(rawValue: id)
    }

    /// Records an object's `deinit`.
    func objectDeinitialized(_ object: ObjectID) {
        let ts = clock.ticks()
        appendCallingThreadsHeldRecords()
        _ = ring.append(.none) { _ in .objectDeinitialized(id: object.rawValue, ts: ts) }
    }

    /// Records a call's entry and makes it the thread's innermost open call.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        callEntered(
            name, object: object, detail: detail, file: file, line: line, deliveredTo: Record.noDelivery,
            isEntryPoint: false, repeatsCallers: false)
    }

    /// Records a call's entry and the event it delivers at once, in one record
    /// (``Record/deliveredEvent``), and makes the call the thread's innermost open call.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail, file: StaticString, line: UInt,
        deliveringTo observer: ObjectID
    ) -> CallID {
        callEntered(
            name, object: object, detail: detail, file: file, line: line, deliveredTo: observer.rawValue,
            isEntryPoint: false, repeatsCallers: false)
    }

    @inline(__always)
    private func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt,
        deliveredTo observer: Int64, isEntryPoint: Bool, repeatsCallers: Bool
    ) -> CallID {
        guard isRecordingCalls else { return .none }
        let ts = clock.ticks()
        let thread = currentThread()
        let virtualTS = Instrumentation.boundVirtualTime
        let innermostReturnedAt = takeSoleHeldReturnOfTheInnermost(of: thread)
        let receivedFrom = takeHeldDelivery(of: thread, ifReceivedBy: object.rawValue, detail: detail, at: virtualTS)
        if innermostReturnedAt == nil, receivedFrom == Record.noDelivery {
            appendHeldRecords(of: thread)
        }
        let parent = thread.pointee.currentCall
        let id = ring.append(.call) {
            .callEntered(
                id: $0, parent: parent, name: StaticText(name), file: StaticText(file), line: line,
                object: object.rawValue, detail: detail, repeatsCallers: repeatsCallers, thread: thread.pointee.id,
                ts: ts, virtualTS: virtualTS, deliveredTo: observer, receivedFrom: receivedFrom,
                innermostReturnedAt: innermostReturnedAt
            )
        }
        if id != 0 {
            thread.pointee.open(id, isEntryPoint: isEntryPoint)
        }
        return CallID(rawValue: id)
    }

    /// The stamp of the one exit `thread` holds, taken out of its hold, when that exit was the
    /// return of the innermost open call alone; else `nil`, and nothing changes. The writer's
    /// open calls on the thread are the thread's own (both take the same entries and exits in
    /// the same order), so its innermost open call is the one that returned, and the next
    /// call's entry can say when.
    @inline(__always)
    private func takeSoleHeldReturnOfTheInnermost(of thread: UnsafeMutablePointer<ThreadState>) -> Int64? {
        guard thread.pointee.heldExits.count == 1, thread.pointee.firstHeldExitClosedTheInnermost else { return nil }
        return thread.pointee.heldExits.take().firstTS
    }

    /// The source of the event `thread` holds, taken out of its hold, when a call entered on
    /// `object` with `detail` at `virtualTS` is that event's receiving (``HeldDelivery``); else
    /// ``Record/noDelivery``, and nothing changes.
    @inline(__always)
    private func takeHeldDelivery(
        of thread: UnsafeMutablePointer<ThreadState>, ifReceivedBy object: Int64, detail: TraceDetail?,
        at virtualTS: Int64?
    ) -> Int64 {
        guard thread.pointee.heldDeliveryIsReceived(by: object, detail: detail, virtualTS: virtualTS) else {
            return Record.noDelivery
        }
        thread.pointee.dropDelivery()
        return thread.pointee.heldDelivery.source
    }

    /// Records the entry of an entry point user code called, with the return addresses of that
    /// code when it found any: in a record of their own, unless they are the ones the thread
    /// appended last (user code calling `onNext` in a loop), which the call's entry then says.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt,
        callers: CallerAddresses
    ) -> CallID {
        guard isRecordingCalls else { return .none }
        let thread = currentThread()
        let repeatsCallers = callers.count > 0 && thread.pointee.lastCallers == callers
        let call = callEntered(
            name, object: object, detail: detail, file: file, line: line, deliveredTo: Record.noDelivery,
            isEntryPoint: true, repeatsCallers: repeatsCallers)
        if call != .none, callers.count > 0, !repeatsCallers {
            thread.pointee.lastCallers = callers
            let threadID = thread.pointee.id
            _ = ring.append(.none) { _ in .callerCaptured(call: call.rawValue, thread: threadID, callers: callers) }
        }
        return call
    }

    /// Records a call's exit: the thread holds it back (``ExitedCalls``) until it records
    /// anything else, until its outermost call or an entry point returns, or until a record's
    /// worth are held.
    func callExited(_ call: CallID) {
        guard call != .none else { return }
        let ts = clock.ticks()
        let thread = currentThread()
        appendHeldDelivery(of: thread)
        let closesTheInnermost = thread.pointee.currentCall == call.rawValue
        let wasEntryPoint = thread.pointee.close(call.rawValue)
        if !thread.pointee.heldExits.hold(call.rawValue, at: ts) {
            appendExits(thread.pointee.heldExits.take())
            _ = thread.pointee.heldExits.hold(call.rawValue, at: ts)
        }
        if thread.pointee.heldExits.count == 1 {
            thread.pointee.firstHeldExitClosedTheInnermost = closesTheInnermost
        }
        if wasEntryPoint || thread.pointee.openCallCount == 0 || thread.pointee.heldExits.isFull {
            appendExits(thread.pointee.heldExits.take())
        }
    }

    /// Records an event inside the thread's innermost open call; while calls are recorded, an
    /// event to an instrumented observer is held for the observer's receiving step
    /// (``HeldDelivery``).
    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {
        let ts = clock.ticks()
        let thread = currentThread()
        appendHeldRecords(of: thread)
        let call = thread.pointee.currentCall
        let virtualTS = Instrumentation.boundVirtualTime
        // The observer's receiving step, if it records one, comes next: hold the event for it.
        // (The value is chosen in each branch, where it is moved into place, not copied.)
        if isRecordingCalls, observer != .none {
            thread.pointee.hold(
                HeldDelivery(
                    kind: kind, value: isRecordingValues || kind != .next ? value : nil, source: source.rawValue,
                    observer: observer.rawValue, ts: ts, call: call, virtualTS: virtualTS))
        } else {
            _ = ring.append(.none) { _ in
                .eventDelivered(
                    kind: kind, value: isRecordingValues || kind != .next ? value : nil, source: source.rawValue,
                    observer: observer.rawValue, ts: ts, thread: thread.pointee.id, call: call, virtualTS: virtualTS)
            }
        }
    }

    /// Records a user-facing `subscribe` inside the thread's innermost open call.
    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        let ts = clock.ticks()
        let thread = currentThread()
        appendHeldRecords(of: thread)
        let call = thread.pointee.currentCall
        let scope = TraceScope.current
        let virtualTS = Instrumentation.boundVirtualTime
        let id = ring.append(.subscription) {
            .subscriptionStarted(
                id: $0, observable: observable.rawValue, observer: observer.rawValue, file: site.file ?? "",
                line: site.line, ts: ts, thread: thread.pointee.id, call: call, scope: scope, virtualTS: virtualTS
            )
        }
        if id != 0, site.file == nil, site.callers.count > 0 {
            let callers = site.callers
            _ = ring.append(.none) { _ in .subscriptionCallerCaptured(id: id, callers: callers) }
        }
        return SubscriptionID(rawValue: id)
    }

    /// Records the disposable a `subscribe` returned.
    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {
        guard subscription != .none else { return }
        appendCallingThreadsHeldRecords()
        _ = ring.append(.none) { _ in
            .subscriptionReturned(id: subscription.rawValue, disposable: disposable.rawValue)
        }
    }

    /// Records a subscription's terminal event, inside the thread's innermost open call: the
    /// observer's step that received it, which leads back to whoever sent it.
    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {
        guard subscription != .none else { return }
        let ts = clock.ticks()
        let thread = currentThread()
        appendHeldRecords(of: thread)
        let call = thread.pointee.currentCall
        _ = ring.append(.none) { _ in
            .subscriptionTerminated(id: subscription.rawValue, end: end, ts: ts, thread: thread.pointee.id, call: call)
        }
    }

    /// Records a disposable's first `dispose`, inside the thread's innermost open call: the
    /// step that disposed it, which leads back to whoever ended the subscription.
    func objectDisposed(_ object: ObjectID) {
        let ts = clock.ticks()
        let thread = currentThread()
        appendHeldRecords(of: thread)
        let call = thread.pointee.currentCall
        _ = ring.append(.none) { _ in
            .objectDisposed(id: object.rawValue, ts: ts, thread: thread.pointee.id, call: call)
        }
    }

    /// Records where user code built an observable: the `#fileID` line it was handed, or the
    /// return addresses RxCore captured, which the trace's end turns into the user's line.
    func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {
        guard observable.isRecorded else { return }
        appendCallingThreadsHeldRecords()
        guard let file = site.file else {
            let callers = site.callers
            _ = ring.append(.none) { _ in
                .observableAssembledFrom(id: observable.rawValue, name: name, callers: callers)
            }
            return
        }
        _ = ring.append(.none) { _ in
            .observableAssembled(id: observable.rawValue, name: name, file: file, line: site.line)
        }
    }

    /// Records the tag user code gave a chain.
    func observableTagged(_ observable: ObjectID, as tag: String, at site: CallSite) {
        guard observable.isRecorded else { return }
        appendCallingThreadsHeldRecords()
        guard let file = site.file else {
            let callers = site.callers
            _ = ring.append(.none) { _ in .observableTaggedFrom(id: observable.rawValue, tag: tag, callers: callers) }
            return
        }
        _ = ring.append(.none) { _ in
            .observableTagged(id: observable.rawValue, tag: tag, file: file, line: site.line)
        }
    }

    /// Records that a bag took a disposable.
    func disposableInserted(_ disposable: ObjectID, into bag: ObjectID) {
        guard disposable.isRecorded, bag.isRecorded else { return }
        appendCallingThreadsHeldRecords()
        _ = ring.append(.none) { _ in .disposableInserted(id: disposable.rawValue, bag: bag.rawValue) }
    }

    /// How many times a producer found the ring full and waited; for tests.
    var producerWaitCount: Int {
        ring.producerWaitCount
    }

    /// What the ring between the producers and the spooler has held so far.
    var bufferStatistics: TraceBufferStatistics {
        TraceBufferStatistics(
            capacity: ring.capacity, recordStride: MemoryLayout<Record>.stride,
            highWaterMark: ring.highWaterMark, producerWaits: ring.producerWaitCount,
            appendedRecords: ring.reservedCount
        )
    }
}

// `writer`, `pendingCommitted` and `runFailure` belong to the writer thread until it sets
// `isHandedOver`, then, with `writeError`, to the finisher thread until `pthread_join` (or, for a
// second `finish`, until `isWriterDone` is seen); `committedTotal` and
// `isWriterGone` are guarded by `committedLock`; everything else is immutable, atomic, or
// guarded by the `LockedState` it is wrapped in, and the ring and the spool hand their records
// over through atomics.
extension RecordingSession: @unchecked Sendable {}
