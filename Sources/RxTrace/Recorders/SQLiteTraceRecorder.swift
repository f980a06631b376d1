import Foundation
import Glibc
import RxCore

/// A recorder that writes a trace file: a SQLite database in ``TraceSchema``, written in the
/// background while the program runs.
///
/// The hooks only append to a bounded ring with no lock; a spooler thread moves it to a spool
/// file beside the trace at disk speed, and a writer thread turns the spool into rows in
/// transactions at SQLite's pace. The
/// `run` row is committed before anything else, saying `'running'`, so a trace whose process
/// was killed outright is still readable and says it was cut short. ``finish()`` completes the
/// file; most programs let ``record(to:program:recordingValues:detail:)`` create, install and finish
/// one instead.
public final class SQLiteTraceRecorder: RecordingSessionForwarding {
    /// The trace file: the path asked for, or the sibling written instead (see
    /// ``init(path:program:isRecordingValues:)``).
    public let path: String
    let session: RecordingSession
    /// The writer's, kept past the writer itself.
    private let statistics: TraceWriterStatisticsBox

    /// Starts a new trace at `path`, or at a sibling of it when `path` is in use or is not a
    /// trace.
    ///
    /// - Parameters:
    ///   - path: the trace file to create; `%p` in it becomes the process id. An RxTrace trace
    ///     there that no recorder writes and no reader reads is replaced, with its
    ///     `-wal`/`-shm` files. When another recorder or a reader holds the file, or it is not
    ///     an RxTrace trace (your own database, a text file), it is left alone and the trace
    ///     goes to `NAME.<pid>.EXT` beside it, as one line on stderr says; ``path`` is where it
    ///     went.
    ///   - program: what is recorded, for `run.program`.
    ///   - isRecordingValues: `false` to record event kinds without element values.
    ///   - detail: ``RecordingDetail/events`` to leave out the calls (no call flows), for long
    ///     runs of whole programs.
    /// - Throws: ``TraceCreationError`` saying why the file cannot be created.
    ///
    /// The ring between the recording threads and the spooler holds 32,768 records (4.5 MB):
    /// enough that the spooler moves large runs to the spool and a producer rarely finds it full.
    public convenience init(
        path: String, program: String, isRecordingValues: Bool = true, detail: RecordingDetail = .calls
    ) throws {
        try self.init(
            path: path, program: program, isRecordingValues: isRecordingValues, detail: detail, bufferCapacity: 32768
        )
    }

    /// Starts a new trace at `path` whose producers get at most `bufferCapacity` records ahead
    /// of the spooler.
    /// `writerRecordsPerChunk` is the writer's pipeline chunk (``TraceWriter``'s
    /// `recordsPerChunk`; `nil`: no pipeline); `writerWritesDuringTheRun: false` has the writer
    /// thread write only for a ``flush()``, leaving the rest to the end (``RecordingSession``'s
    /// finisher), for tests.
    init(
        path: String, program: String, isRecordingValues: Bool, detail: RecordingDetail = .calls, bufferCapacity: Int,
        writerRecordsPerChunk: Int? = TraceWriter.defaultRecordsPerChunk, writerWritesDuringTheRun: Bool = true
    ) throws {
        let clock = TraceClock()
        let claim: TraceFileClaim
        let database: Database
        do {
            claim = try TraceFileClaim.claim(path)
            database = try Database(path: claim.path, mode: .readWriteCreate, holding: claim.descriptor)
            try TraceWriter.createTrace(
                in: database, program: program, isRecordingValues: isRecordingValues, detail: detail, clock: clock
            )
        } catch let error as SQLiteError {
            throw TraceCreationError(path: path, sqliteError: error)
        }
        self.path = claim.path
        // The symbolizer starts now, beside the program (at every detail: the build, subscribe
        // and tag sites are captured as addresses even without the calls), unless
        // `RXTRACE_EARLY_SYMBOLIZER=0`, a switch for measuring what starting it early saves.
        let writer = try TraceWriter(
            database: database, clock: clock,
            symbolizesInBackground: ProcessInfo.processInfo.environment["RXTRACE_EARLY_SYMBOLIZER"] != "0",
            recordsPerChunk: writerRecordsPerChunk
        )
        self.statistics = writer.statistics
        self.session = RecordingSession(
            writer: writer, clock: clock,
            isRecordingValues: isRecordingValues, detail: detail, bufferCapacity: bufferCapacity,
            spoolDirectory: Self.directory(of: claim.path),
            keepsDatabaseOpen: false, writesDuringTheRun: writerWritesDuringTheRun
        )
    }

    /// The folder that holds `path`: where the spool goes, beside the trace. (Through `URL`:
    /// `NSString.deletingLastPathComponent` traps on a one-character name such as `t` in
    /// swift-corelibs-foundation.)
    static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// Blocks until everything recorded before the call is committed to the file.
    public func flush() {
        session.flush()
    }

    /// Completes the trace and closes the file; records that arrive later are ignored.
    ///
    /// Writes what is still in the ring and the spool, the calls still open (with no duration), the run's end
    /// (`'finished'`, its time, `Resources.total`), then the indexes, and leaves WAL mode so the
    /// trace is a single file. Calling it again does nothing.
    ///
    /// - Throws: the error that stopped the writer, if writing failed.
    public func finish() throws {
        try session.finish()
    }

    /// Where the writer's time went so far: its batches' rows and time, and, once
    /// ``finish()`` returned, each phase of completing the trace.
    public var writerStatistics: TraceWriterStatistics {
        statistics.current
    }

    /// What the ring between the recording threads and the spooler has held so far: how
    /// full it got and how often a producer waited for the spooler.
    public var bufferStatistics: TraceBufferStatistics {
        session.bufferStatistics
    }
}

/// How a recording's bounded ring was used; see ``SQLiteTraceRecorder/bufferStatistics``.
///
/// The ring is one preallocated array of ``capacity`` record slots that producers fill and the
/// spooler empties into the spool file, so its own memory is fixed; ``highWaterMark`` says the
/// most published records the spooler found waiting at once. Strings a record carries (event
/// values, call details) live on the heap beside it until the writer formats them.
public struct TraceBufferStatistics: Sendable, Equatable {
    /// Record slots in the ring.
    public let capacity: Int
    /// Bytes per record slot.
    public let recordStride: Int
    /// The most published records the spooler found waiting at once.
    public let highWaterMark: Int
    /// How many times a producer found the ring full and waited for the spooler (the disk).
    public let producerWaits: Int
    /// How many records the ring took: fewer than the hooks' records (`run.record_count`), as
    /// a run of calls returning one after another is one record.
    public let appendedRecords: Int

    /// The bytes of the ring, allocated when the recording starts.
    public var allocatedBytes: Int { capacity * recordStride }
    /// The bytes of the slots in use at the high-water mark.
    public var peakBytes: Int { highWaterMark * recordStride }
}
