import CRxTrace
import Foundation
import Glibc
import RxCore
import Synchronization

/// One recording in progress: the producer side of the ``TraceRecorder`` hooks, the
/// ``RecordBuffer`` they append to, and the writer thread that drains it through a
/// ``TraceWriter``.
///
/// ``SQLiteTraceRecorder`` and ``InMemoryTraceRecorder`` are this with a different database.
/// A hook costs a read of the CPU's tick counter, a thread-state lookup through a pthread key,
/// and one locked append (with ``RecordingDetail/events``, a call hook costs one branch); everything else (names, interning, formatting values and details, SQL) happens on
/// the writer thread. The session ends in one of three ways, whichever comes first:
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
    private let buffer: RecordBuffer
    private let threads = ThreadStateKey()
    /// 0 while recording; then the encoded ``RunEnd`` the writer finishes with. The first
    /// request wins.
    private let endRequest = Atomic<Int>(0)
    /// Set by a signal handler that interrupted the buffer lock's holder: the writer must not
    /// wait for that lock.
    private let isLockHolderFrozen = Atomic<Bool>(false)
    /// Set by the writer thread once the trace is complete and it has stopped.
    private let isWriterDone = Atomic<Bool>(false)
    /// The writer thread's `pthread_t`, once it runs; lets a handler see it runs on it.
    private let writerThreadID = Atomic<UInt>(0)
    /// The writer thread, for the one `pthread_join`; `nil` once joined.
    private let writerThread: LockedState<pthread_t?>
    /// Whether the connection is closed when the trace is complete (a file), or kept for
    /// reading (in memory).
    private let keepsDatabaseOpen: Bool
    /// The writer thread's until it is joined; then the joiner's.
    private var writer: TraceWriter?
    /// The error that stopped the writer, if one did; read after the join.
    private var writeError: (any Error)?

    /// Starts recording through `writer` on a new writer thread.
    ///
    /// - Parameters:
    ///   - bufferCapacity: how many records producers may get ahead of the writer (twice
    ///     this many are held at most).
    ///   - keepsDatabaseOpen: `false` to close the connection once the trace is complete.
    ///   - isRecordingCallers: `false` to capture no caller addresses, as a program without
    ///     symbols gives none (`RXTRACE_CALLERS=0` does the same).
    init(
        writer: TraceWriter, clock: TraceClock, isRecordingValues: Bool, detail: RecordingDetail,
        bufferCapacity: Int, keepsDatabaseOpen: Bool, isRecordingCallers: Bool = true
    ) {
        self.writer = writer
        self.clock = clock
        self.isRecordingValues = isRecordingValues
        self.detail = detail
        self.isRecordingCalls = detail == .calls
        self.isRecordingCallers =
            isRecordingCallers && detail == .calls && ProcessInfo.processInfo.environment["RXTRACE_CALLERS"] != "0"
        self.buffer = RecordBuffer(capacity: bufferCapacity)
        self.keepsDatabaseOpen = keepsDatabaseOpen
        self.writerThread = LockedState(nil)
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<RecordingSession>.fromOpaque(context!).takeRetainedValue().runWriter()
                return nil
            },
            Unmanaged.passRetained(self).toOpaque()
        )
        precondition(status == 0, "RxTrace could not start its writer thread (pthread_create: \(status))")
        writerThread.withLock { $0 = thread }
    }

    // MARK: - Ending

    /// Blocks until every record appended before the call is committed.
    func flush() {
        buffer.waitUntilCommitted()
    }

    /// Ends the recording: the writer drains the buffer, completes the trace and stops; then
    /// returns the connection if it was kept open. Later calls only wait for the end.
    ///
    /// - Throws: the error that stopped the writer early, if one did.
    @discardableResult
    func finish() throws -> Database? {
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
    /// `sem_post` and `nanosleep`. When the caller interrupted a producer inside the buffer
    /// lock, the writer takes what that producer had published and does not wait for the
    /// lock. On the writer thread itself (a crash while writing) nothing more can be written.
    /// At `exit` (``RunEnd/exited``), which is no signal handler, a writer that is done is
    /// then joined, so the process leaves no thread behind.
    func terminate(_ end: RunEnd, waitingAtMost nanoseconds: Int) {
        guard writerThreadID.load(ordering: .relaxed) != UInt(pthread_self()) else { return }
        if buffer.isHeldByCurrentThread {
            isLockHolderFrozen.store(true, ordering: .releasing)
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

    /// Joins the writer thread unless another caller did; returns whether this call did.
    @discardableResult
    private func joinWriter() -> Bool {
        let thread = writerThread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        guard let thread else { return false }
        pthread_join(thread, nil)
        return true
    }

    private func request(_ end: RunEnd) {
        _ = endRequest.compareExchange(expected: 0, desired: Self.encode(end), ordering: .acquiringAndReleasing)
        buffer.wakeWriter()
    }

    private func waitForWriter(atMost nanoseconds: Int) {
        var waited = 0
        while !isWriterDone.load(ordering: .acquiring), waited < nanoseconds {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
            waited += 1_000_000
        }
    }

    // MARK: - Writer thread

    private func runWriter() {
        writerThreadID.store(UInt(pthread_self()), ordering: .relaxed)
        Self.blockAsynchronousSignals()
        let isHolderFrozen = { self.isLockHolderFrozen.load(ordering: .acquiring) }
        do {
            var end = Self.decode(endRequest.load(ordering: .acquiring))
            while end == nil {
                buffer.waitForWork(nanoseconds: 10_000_000)
                end = Self.decode(endRequest.load(ordering: .acquiring))
                guard end == nil, let batch = buffer.take(closing: false, isHolderFrozen: isHolderFrozen) else {
                    continue
                }
                try write(batch, isHolderFrozen: isHolderFrozen)
            }
            let last = buffer.take(closing: true, isHolderFrozen: isHolderFrozen) ?? buffer.takeFromFrozenHolder()
            try write(last, isHolderFrozen: isHolderFrozen)
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
        buffer.markWriterGone(isHolderFrozen: isHolderFrozen)
        isWriterDone.store(true, ordering: .releasing)
    }

    private func write(_ batch: RecordBuffer.Batch, isHolderFrozen: () -> Bool) throws {
        defer { buffer.recycle(batch) }
        guard batch.count > 0 else { return }
        try writer?.write(UnsafeMutableBufferPointer(start: batch.records, count: batch.count))
        buffer.markCommitted(batch.count, isHolderFrozen: isHolderFrozen)
    }

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
    private func currentThread() -> UnsafeMutablePointer<ThreadState> {
        if let state = threads.current { return state }
        let tid = rxtrace_gettid()
        let id = buffer.append(.thread) { .thread(id: Int32($0), tid: tid) }
        return threads.setCurrent(ThreadState(id: Int32(id)))
    }

    /// Records an object's `init`; see ``TraceRecorder/objectInitialized(_:)``.
    func objectInitialized(_ type: Any.Type) -> ObjectID {
        let ts = clock.ticks()
        let thread = currentThread()
        let call = thread.pointee.currentCall
        let scope = TraceScope.current
        let virtualTS = Instrumentation.boundVirtualTime
        let id = buffer.append(.object) {
            .objectInitialized(
                id: $0, type: type, ts: ts, thread: thread.pointee.id, call: call, scope: scope, virtualTS: virtualTS
            )
        }
        // An object user code made outside any step (a subject, a scheduler, a bag in a
        // stored property): where it was made says who holds it, such as an XCTest case.
        if call == 0, isRecordingCallers {
            let callers = CallerAddresses.capture()
            _ = buffer.append(.none) { _ in .objectCallerCaptured(object: id, callers: callers) }
        }
        return ObjectID(rawValue: id)
    }

    /// Records an object's `deinit`.
    func objectDeinitialized(_ object: ObjectID) {
        let ts = clock.ticks()
        _ = buffer.append(.none) { _ in .objectDeinitialized(id: object.rawValue, ts: ts) }
    }

    /// Records a call's entry and makes it the thread's innermost open call.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        guard isRecordingCalls else { return .none }
        let ts = clock.ticks()
        let thread = currentThread()
        let parent = thread.pointee.currentCall
        let depth = Int32(thread.pointee.openCalls.count)
        let virtualTS = Instrumentation.boundVirtualTime
        let id = buffer.append(.call) {
            .callEntered(
                id: $0, parent: parent, depth: depth, thread: thread.pointee.id, name: name, file: file, line: line,
                object: object.rawValue, detail: detail, ts: ts, virtualTS: virtualTS
            )
        }
        if id != 0 {
            thread.pointee.openCalls.append(id)
        }
        return CallID(rawValue: id)
    }

    /// Records a call's entry with the return addresses of the user code that called its entry
    /// point, when it found any.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt,
        callers: CallerAddresses
    ) -> CallID {
        let call = callEntered(name, object: object, detail: detail, file: file, line: line)
        if call != .none, callers.count > 0 {
            _ = buffer.append(.none) { _ in .callerCaptured(call: call.rawValue, callers: callers) }
        }
        return call
    }

    /// Records a call's exit.
    func callExited(_ call: CallID) {
        guard call != .none else { return }
        let ts = clock.ticks()
        let thread = currentThread()
        thread.pointee.close(call.rawValue)
        _ = buffer.append(.none) { _ in .callExited(id: call.rawValue, thread: thread.pointee.id, ts: ts) }
    }

    /// Records an event inside the thread's innermost open call.
    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {
        let ts = clock.ticks()
        let thread = currentThread()
        let call = thread.pointee.currentCall
        let virtualTS = Instrumentation.boundVirtualTime
        _ = buffer.append(.none) { _ in
            .eventDelivered(
                kind: kind, value: isRecordingValues || kind != .next ? value : nil, source: source.rawValue,
                observer: observer.rawValue, ts: ts, thread: thread.pointee.id, call: call, virtualTS: virtualTS
            )
        }
    }

    /// Records a user-facing `subscribe` inside the thread's innermost open call.
    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        let ts = clock.ticks()
        let thread = currentThread()
        let call = thread.pointee.currentCall
        let scope = TraceScope.current
        let virtualTS = Instrumentation.boundVirtualTime
        let id = buffer.append(.subscription) {
            .subscriptionStarted(
                id: $0, observable: observable.rawValue, observer: observer.rawValue, file: site.file,
                line: site.line, ts: ts, thread: thread.pointee.id, call: call, scope: scope, virtualTS: virtualTS
            )
        }
        return SubscriptionID(rawValue: id)
    }

    /// Records the disposable a `subscribe` returned.
    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {
        guard subscription != .none else { return }
        _ = buffer.append(.none) { _ in
            .subscriptionReturned(id: subscription.rawValue, disposable: disposable.rawValue)
        }
    }

    /// Records a subscription's terminal event, inside the thread's innermost open call: the
    /// observer's step that received it, which leads back to whoever sent it.
    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {
        guard subscription != .none else { return }
        let ts = clock.ticks()
        let call = currentThread().pointee.currentCall
        _ = buffer.append(.none) { _ in
            .subscriptionTerminated(id: subscription.rawValue, end: end, ts: ts, call: call)
        }
    }

    /// Records a disposable's first `dispose`, inside the thread's innermost open call: the
    /// step that disposed it, which leads back to whoever ended the subscription.
    func objectDisposed(_ object: ObjectID) {
        let ts = clock.ticks()
        let call = currentThread().pointee.currentCall
        _ = buffer.append(.none) { _ in .objectDisposed(id: object.rawValue, ts: ts, call: call) }
    }

    /// Records where user code built an observable.
    func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {
        guard observable.isRecorded else { return }
        _ = buffer.append(.none) { _ in
            .observableAssembled(id: observable.rawValue, name: name, file: site.file, line: site.line)
        }
    }

    /// Records the tag user code gave a chain.
    func observableTagged(_ observable: ObjectID, as tag: String, at site: CallSite) {
        guard observable.isRecorded else { return }
        _ = buffer.append(.none) { _ in
            .observableTagged(id: observable.rawValue, tag: tag, file: site.file, line: site.line)
        }
    }

    /// Records that a bag took a disposable.
    func disposableInserted(_ disposable: ObjectID, into bag: ObjectID) {
        guard disposable.isRecorded, bag.isRecorded else { return }
        _ = buffer.append(.none) { _ in .disposableInserted(id: disposable.rawValue, bag: bag.rawValue) }
    }

    /// How many times a producer found the buffer full and waited; for tests.
    var producerWaitCount: Int {
        buffer.producerWaitCount
    }

    /// What the buffer between the producers and the writer has held so far.
    var bufferStatistics: TraceBufferStatistics {
        TraceBufferStatistics(
            capacity: buffer.capacity, recordStride: MemoryLayout<Record>.stride,
            highWaterMark: buffer.highWaterMarkCount, producerWaits: buffer.producerWaitCount
        )
    }
}

// `writer` and `writeError` belong to the writer thread until `pthread_join` (or, for a second
// `finish`, until `isWriterDone` is seen); everything else is immutable, atomic, or guarded by
// the `LockedState` it is wrapped in, and the buffer has its own lock.
extension RecordingSession: @unchecked Sendable {}
