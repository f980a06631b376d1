import Foundation
import RxCore

/// Turns batches of ``Record``s into rows of a trace database, one transaction per batch, with
/// prepared statements reused for the whole run.
///
/// It owns the connection and everything a row needs that a record does not carry: interned
/// type and site ids, the calls still open (a call is written once, complete, when it exits),
/// the map from returned disposables to their subscriptions, and the event counter. Only the
/// writer thread of a ``RecordingSession`` uses it; afterwards its creator may read
/// ``database``.
final class TraceWriter {
    /// The trace being written.
    let database: Database

    private let insertThread: Statement
    private let insertType: Statement
    private let insertSite: Statement
    private let insertScope: Statement
    private let insertObject: Statement
    private let endObject: Statement
    private let insertCall: Statement
    private let insertEvent: Statement
    private let insertSubscription: Statement
    private let setDisposable: Statement
    private let endSubscription: Statement
    private let updateRecordCount: Statement

    private let clock: TraceClock
    private let processID = getpid()
    private var typeIDs: [ObjectIdentifier: Int64] = [:]
    private var siteIDs: [SiteKey: Int64] = [:]
    /// The scopes whose `scope` row is written.
    private var knownScopes: Set<Int64> = []
    /// The open calls of each thread, innermost last; index `thread id - 1`.
    private var openCalls: [[OpenCall]] = []
    /// Subscriptions that have returned a disposable and not ended, by that disposable's id.
    private var subscriptionsByDisposable: [Int64: Int64] = [:]
    private var threadsOtherThanMain = 0
    private var nextEventID: Int64 = 1
    /// `run.record_count`: hook records written so far.
    private(set) var recordCount: Int64 = 0

    /// Creates the schema and the `run` row in the empty `database`, committing at once.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses.
    static func createTrace(
        in database: Database, program: String, isRecordingValues: Bool, clock: TraceClock
    ) throws {
        try database.execute(
            """
            PRAGMA application_id = \(TraceSchema.applicationID);
            PRAGMA user_version = \(TraceSchema.version);
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            """
        )
        try database.transaction {
            try database.execute(TraceSchema.definition)
            let insertRun = try database.prepare(
                """
                INSERT INTO run (id, schema_version, program, start_time, end_reason, is_recording_values,
                    resources_total_start)
                VALUES (1, ?, ?, ?, 'running', ?, ?)
                """
            )
            try insertRun.bind([
                .integer(Int64(TraceSchema.version)),
                .text(program),
                .text(ISO8601DateFormatter().string(from: Date())),
                .integer(isRecordingValues ? 1 : 0),
                .integer(Int64(Resources.total)),
            ])
            try insertRun.run()
        }
    }

    /// A writer into `database`, which ``createTrace(in:program:isRecordingValues:clock:)``
    /// prepared.
    init(database: Database, clock: TraceClock) throws {
        self.database = database
        self.clock = clock
        insertThread = try database.prepare("INSERT INTO thread (id, tid, name) VALUES (?, ?, ?)")
        insertType = try database.prepare("INSERT INTO type (id, type_name) VALUES (?, ?)")
        insertSite = try database.prepare("INSERT INTO site (id, name, file, line) VALUES (?, ?, ?, ?)")
        insertScope = try database.prepare("INSERT INTO scope (id, name) VALUES (?, ?)")
        insertObject = try database.prepare(
            """
            INSERT INTO object (id, type_id, start_ts, thread_id, call_id, scope_id, virtual_ts)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        )
        endObject = try database.prepare("UPDATE object SET end_ts = ? WHERE id = ?")
        insertCall = try database.prepare(
            """
            INSERT INTO call (id, parent_id, depth, thread_id, site_id, object_id, detail, ts, dur, virtual_ts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        insertEvent = try database.prepare(
            """
            INSERT INTO event (
                id, ts, thread_id, call_id, kind, value, source_object_id, observer_object_id, virtual_ts
            )
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        insertSubscription = try database.prepare(
            """
            INSERT INTO subscription (
                id, ts, thread_id, call_id, observable_object_id, observer_object_id, file, line, scope_id, virtual_ts
            )
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        setDisposable = try database.prepare("UPDATE subscription SET disposable_object_id = ? WHERE id = ?")
        endSubscription = try database.prepare(
            "UPDATE subscription SET end_ts = ?, end_kind = ? WHERE id = ? AND end_kind IS NULL"
        )
        updateRecordCount = try database.prepare("UPDATE run SET record_count = ? WHERE id = 1")
    }

    /// Writes `records` and the new `run.record_count` in one transaction.
    func write(_ records: UnsafeMutableBufferPointer<Record>) throws {
        try database.transaction {
            for record in records {
                try write(record)
            }
            updateRecordCount.bind(recordCount, at: 1)
            try updateRecordCount.run()
        }
    }

    /// Completes the trace: writes the calls still open (with no duration), then the `run`
    /// row's end; on a clean end also creates the indexes. Finally it leaves WAL mode, so the
    /// trace is one self-contained file, unless a reader has it open.
    func finish(_ end: RunEnd) throws {
        try database.transaction {
            for thread in openCalls {
                for call in thread {
                    try insert(call, duration: nil)
                }
            }
            openCalls = []
            let finishRun = try database.prepare(
                """
                UPDATE run SET end_ts = ?, end_reason = ?, signal_name = ?, resources_total_end = ?,
                    record_count = ?
                WHERE id = 1
                """
            )
            finishRun.bind(end.isClean ? clock.now() : nil, at: 1)
            finishRun.bind(end.reason, at: 2)
            finishRun.bind(end.signalName, at: 3)
            finishRun.bind(end.isClean ? Int64(Resources.total) : nil, at: 4)
            finishRun.bind(recordCount, at: 5)
            try finishRun.run()
        }
        if end.isClean {
            try database.execute(TraceSchema.indexes)
        }
        // Fails while another connection has the trace open (a reader watching it being
        // written); the trace is then complete but stays in WAL mode, which SQLite reads just
        // as well, and the last connection to close checkpoints it.
        try? database.execute("PRAGMA journal_mode = DELETE")
    }

    // MARK: - Records

    private func write(_ record: Record) throws {
        if record.isHookRecord {
            recordCount += 1
        }
        switch record {
        case .thread(let id, let tid):
            let name: String
            if tid == processID {
                name = "main"
            } else {
                threadsOtherThanMain += 1
                name = "T\(threadsOtherThanMain)"
            }
            insertThread.bind(Int64(id), at: 1)
            insertThread.bind(Int64(tid), at: 2)
            insertThread.bind(name, at: 3)
            try insertThread.run()
            while openCalls.count < Int(id) {
                openCalls.append([])
            }

        case .objectInitialized(let id, let type, let ts, let thread, let call, let scope, let virtualTS):
            insertObject.bind(id, at: 1)
            insertObject.bind(try typeID(of: type), at: 2)
            insertObject.bind(ts, at: 3)
            insertObject.bind(Int64(thread), at: 4)
            insertObject.bind(Self.reference(call), at: 5)
            insertObject.bind(try scopeID(of: scope), at: 6)
            insertObject.bind(virtualTS, at: 7)
            try insertObject.run()

        case .objectDeinitialized(let id, let ts):
            subscriptionsByDisposable[id] = nil
            endObject.bind(ts, at: 1)
            endObject.bind(id, at: 2)
            try endObject.run()

        case .callEntered(let id, let parent, let depth, let thread, let name, let file, let line, let object,
            let detail, let ts, let virtualTS):
            let call = OpenCall(
                id: id, parent: parent, depth: depth, thread: thread,
                site: try siteID(name: name, file: file, line: line), object: object, detail: detail?.description, ts: ts,
                virtualTS: virtualTS
            )
            openCalls[Int(thread) - 1].append(call)

        case .callExited(let id, let thread, let ts):
            try exit(id, on: Int(thread) - 1, at: ts)

        case .eventDelivered(let kind, let value, let source, let observer, let ts, let thread, let call, let virtualTS):
            insertEvent.bind(nextEventID, at: 1)
            insertEvent.bind(ts, at: 2)
            insertEvent.bind(Int64(thread), at: 3)
            insertEvent.bind(Self.reference(call), at: 4)
            insertEvent.bind(kind.rawValue, at: 5)
            insertEvent.bind(value?.description, at: 6)
            insertEvent.bind(Self.reference(source), at: 7)
            insertEvent.bind(Self.reference(observer), at: 8)
            insertEvent.bind(virtualTS, at: 9)
            try insertEvent.run()
            nextEventID += 1

        case .subscriptionStarted(let id, let observable, let observer, let file, let line, let ts, let thread,
            let call, let scope, let virtualTS):
            insertSubscription.bind(id, at: 1)
            insertSubscription.bind(ts, at: 2)
            insertSubscription.bind(Int64(thread), at: 3)
            insertSubscription.bind(Self.reference(call), at: 4)
            insertSubscription.bind(Self.reference(observable), at: 5)
            insertSubscription.bind(Self.reference(observer), at: 6)
            insertSubscription.bind(file.description, at: 7)
            insertSubscription.bind(Int64(line), at: 8)
            insertSubscription.bind(try scopeID(of: scope), at: 9)
            insertSubscription.bind(virtualTS, at: 10)
            try insertSubscription.run()

        case .subscriptionReturned(let id, let disposable):
            guard disposable != 0 else { return }
            subscriptionsByDisposable[disposable] = id
            setDisposable.bind(disposable, at: 1)
            setDisposable.bind(id, at: 2)
            try setDisposable.run()

        case .subscriptionTerminated(let id, let end, let ts):
            try endSubscription(id, by: end, at: ts)

        case .objectDisposed(let id, let ts):
            guard let subscription = subscriptionsByDisposable.removeValue(forKey: id) else { return }
            try endSubscription(subscription, by: .disposed, at: ts)
        }
    }

    /// Writes call `id`, which returned at `ts`, as one complete row.
    private func exit(_ id: Int64, on thread: Int, at ts: Int64) throws {
        guard let index = openCalls[thread].lastIndex(where: { $0.id == id }) else { return }
        let call = openCalls[thread][index]
        // Calls opened inside it and never exited (a step whose closure threw) end with it.
        for inner in openCalls[thread][(index + 1)...] {
            try insert(inner, duration: nil)
        }
        openCalls[thread].removeSubrange(index...)
        try insert(call, duration: ts - call.ts)
    }

    private func insert(_ call: OpenCall, duration: Int64?) throws {
        insertCall.bind(call.id, at: 1)
        insertCall.bind(Self.reference(call.parent), at: 2)
        insertCall.bind(Int64(call.depth), at: 3)
        insertCall.bind(Int64(call.thread), at: 4)
        insertCall.bind(call.site, at: 5)
        insertCall.bind(Self.reference(call.object), at: 6)
        insertCall.bind(call.detail, at: 7)
        insertCall.bind(call.ts, at: 8)
        insertCall.bind(duration, at: 9)
        insertCall.bind(call.virtualTS, at: 10)
        try insertCall.run()
    }

    private func endSubscription(_ id: Int64, by end: SubscriptionEnd, at ts: Int64) throws {
        endSubscription.bind(ts, at: 1)
        endSubscription.bind(end.rawValue, at: 2)
        endSubscription.bind(id, at: 3)
        try endSubscription.run()
    }

    // MARK: - Interning

    /// The `type` row of `type`, written the first time it is seen.
    private func typeID(of type: Any.Type) throws -> Int64 {
        let key = ObjectIdentifier(type)
        if let id = typeIDs[key] { return id }
        let id = Int64(typeIDs.count + 1)
        insertType.bind(id, at: 1)
        insertType.bind(String(describing: type), at: 2)
        try insertType.run()
        typeIDs[key] = id
        return id
    }

    /// The `scope` row of `scope`, written the first time it is seen; `nil` for no scope.
    private func scopeID(of scope: TraceScope?) throws -> Int64? {
        guard let scope else { return nil }
        if knownScopes.insert(scope.id).inserted {
            insertScope.bind(scope.id, at: 1)
            insertScope.bind(scope.name, at: 2)
            try insertScope.run()
        }
        return scope.id
    }

    /// The `site` row of a step, written the first time it is seen.
    private func siteID(name: StaticString, file: StaticString, line: UInt) throws -> Int64 {
        let key = SiteKey(name: name, file: file, line: line)
        if let id = siteIDs[key] { return id }
        let id = Int64(siteIDs.count + 1)
        insertSite.bind(id, at: 1)
        insertSite.bind(name.description, at: 2)
        insertSite.bind(file.description, at: 3)
        insertSite.bind(Int64(line), at: 4)
        try insertSite.run()
        siteIDs[key] = id
        return id
    }

    /// An id column's value: NULL for 0, the records' "none".
    private static func reference(_ id: Int64) -> Int64? {
        id == 0 ? nil : id
    }
}

/// A call that entered and has not exited yet: its row, but for the duration.
private struct OpenCall {
    let id: Int64
    let parent: Int64
    let depth: Int32
    let thread: Int32
    let site: Int64
    let object: Int64
    let detail: String?
    let ts: Int64
    let virtualTS: Int64?
}

/// Identifies a site by the addresses of its immortal strings, so looking one up never reads
/// the text.
private struct SiteKey: Hashable {
    let name: UInt
    let file: UInt
    let line: UInt

    init(name: StaticString, file: StaticString, line: UInt) {
        self.name = Self.identity(of: name)
        self.file = Self.identity(of: file)
        self.line = line
    }

    /// The text's address, or, for a one-scalar literal stored without one, the scalar with
    /// the top bit set (no address has it).
    private static func identity(of string: StaticString) -> UInt {
        guard string.hasPointerRepresentation else { return UInt(string.unicodeScalar.value) | (1 << 63) }
        return UInt(bitPattern: string.utf8Start)
    }
}
