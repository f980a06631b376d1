import Glibc
import RxCore

/// Where a recording's writer spent its time: the batches it wrote while the program ran and at
/// the end, and each phase of completing the trace at ``SQLiteTraceRecorder/finish()``; see
/// ``SQLiteTraceRecorder/writerStatistics``.
///
/// Times are wall-clock nanoseconds on `CLOCK_MONOTONIC`, so a benchmark can set them beside its
/// own readings of the same clock (the end of the spool is written from the moment `stop()` is
/// called to ``completionStart``).
public struct TraceWriterStatistics: Sendable, Equatable {
    /// One phase of completing the trace, in the order it ran.
    public struct Phase: Sendable, Equatable {
        /// What the phase does: `"end rows"` (the calls still open and the `run` row's end),
        /// `"caller lines"` (waiting for the symbolizer's answers and writing `caller_line`),
        /// `"captured sites"`, `"indexes"`, `"checkpoint"` (the WAL copied into the trace),
        /// `"leave WAL"`.
        public let name: String
        /// Its wall time.
        public let nanoseconds: Int64
    }

    /// Transactions of records written (one per batch).
    public internal(set) var batches = 0
    /// Of ``batches``, those whose rows were decided on a helper thread while the writing thread
    /// wrote them (``TraceWriterPipeline``).
    public internal(set) var pipelinedBatches = 0
    /// Rows inserted into `call`, `event`, `object` and `subscription`.
    public internal(set) var rows = 0
    /// Wall time spent writing batches, the program's run and the end of the spool together.
    public internal(set) var writingNanoseconds: Int64 = 0
    /// CPU time the writing threads spent writing batches (`CLOCK_THREAD_CPUTIME_ID`, the
    /// pipeline's helper threads included): unlike ``writingNanoseconds``, time spent
    /// descheduled on a loaded machine does not count.
    public internal(set) var writingCPUNanoseconds: Int64 = 0
    /// When completing the trace began (`CLOCK_MONOTONIC`, ns): every batch was written by then.
    public internal(set) var completionStart: Int64?
    /// The phases of completing the trace.
    public internal(set) var completion: [Phase] = []

    /// Rows per second of the writer's own writing time.
    public var rowsPerSecond: Double {
        writingNanoseconds > 0 ? Double(rows) * 1e9 / Double(writingNanoseconds) : 0
    }

    /// Rows per second of the writer's own CPU time.
    public var rowsPerCPUSecond: Double {
        writingCPUNanoseconds > 0 ? Double(rows) * 1e9 / Double(writingCPUNanoseconds) : 0
    }

    /// The completion phases' total wall time.
    public var completionNanoseconds: Int64 {
        completion.reduce(0) { $0 + $1.nanoseconds }
    }

    /// `CLOCK_MONOTONIC` now, in ns.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The calling thread's CPU time so far, in ns.
    static func threadCPUTime() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// The ``TraceWriterStatistics`` a ``TraceWriter`` keeps, shared with the recorder that reads
/// them after (or while) the writer thread writes.
final class TraceWriterStatisticsBox: Sendable {
    /// Guarded by its own lock: the writer thread updates it once per batch and per phase.
    private let state = LockedState(TraceWriterStatistics())

    /// What was measured so far.
    var current: TraceWriterStatistics {
        state.withLock { $0 }
    }

    /// Counts one written batch of `rows` rows that took `nanoseconds`, `cpuNanoseconds` of
    /// CPU time (on two threads when `isPipelined`).
    func addBatch(rows: Int, nanoseconds: Int64, cpuNanoseconds: Int64, isPipelined: Bool = false) {
        state.withLock {
            $0.batches += 1
            $0.pipelinedBatches += isPipelined ? 1 : 0
            $0.rows += rows
            $0.writingNanoseconds += nanoseconds
            $0.writingCPUNanoseconds += cpuNanoseconds
        }
    }

    /// Runs `body` as the completion phase `name`, timing it.
    func phase<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        let start = TraceWriterStatistics.now()
        state.withLock { $0.completionStart = $0.completionStart ?? start }
        defer {
            let elapsed = TraceWriterStatistics.now() - start
            state.withLock { $0.completion.append(.init(name: name, nanoseconds: elapsed)) }
        }
        return try body()
    }
}
