import Foundation
import RxCore

/// A recorder that writes the same trace as ``SQLiteTraceRecorder`` into a private in-memory
/// database, for tests: nothing but the spool (an unlinked file in the temporary directory)
/// touches the disk, and ``finish()`` hands the database over for reading.
public final class InMemoryTraceRecorder: RecordingSessionForwarding {
    let session: RecordingSession

    /// Starts recording into a new in-memory trace.
    ///
    /// - Parameters:
    ///   - program: what is recorded, for `run.program`.
    ///   - isRecordingValues: `false` to record event kinds without element values.
    ///   - detail: ``RecordingDetail/events`` to leave out the calls.
    /// - Throws: ``SQLiteError`` when SQLite cannot create the database.
    public convenience init(
        program: String = "test", isRecordingValues: Bool = true, detail: RecordingDetail = .calls
    ) throws {
        try self.init(program: program, isRecordingValues: isRecordingValues, detail: detail, bufferCapacity: 8192)
    }

    /// Starts recording; producers get at most `bufferCapacity` records ahead of the writer.
    init(
        program: String, isRecordingValues: Bool, detail: RecordingDetail = .calls, bufferCapacity: Int,
        isRecordingCallers: Bool = true
    ) throws {
        let clock = TraceClock()
        let database = try Database(path: ":memory:", mode: .readWriteCreate)
        try TraceWriter.createTrace(
            in: database, program: program, isRecordingValues: isRecordingValues, detail: detail, clock: clock
        )
        self.session = RecordingSession(
            writer: try TraceWriter(database: database, clock: clock), clock: clock,
            isRecordingValues: isRecordingValues, detail: detail, bufferCapacity: bufferCapacity,
            spoolDirectory: NSTemporaryDirectory(), keepsDatabaseOpen: true, isRecordingCallers: isRecordingCallers
        )
    }

    /// Blocks until everything recorded before the call is committed.
    public func flush() {
        session.flush()
    }

    /// Completes the trace, as ``SQLiteTraceRecorder/finish()`` does, and returns the database
    /// for reading; records that arrive later are ignored. Every call returns the same
    /// connection; use it from one thread at a time.
    ///
    /// - Throws: the error that stopped the writer, if writing failed.
    public func finish() throws -> Database {
        guard let database = try session.finish() else {
            preconditionFailure("An in-memory recording keeps its database open")
        }
        return database
    }
}
