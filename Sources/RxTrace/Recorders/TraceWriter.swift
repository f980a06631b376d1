import Foundation
import RxCore

/// Turns batches of ``Record``s into rows of a trace database, one transaction per batch, with
/// prepared statements reused for the whole run.
///
/// It owns the connection and everything a row needs that a record does not carry: interned
/// type and step ids, the calls still open (a call is written once, complete, when it exits),
/// the map from returned disposables to their subscriptions, and the event counter. Only the
/// writer thread of a ``RecordingSession`` uses it; afterwards its creator may read
/// ``database``.
final class TraceWriter {
    /// The trace being written.
    let database: Database

    private let insertThread: Statement
    private let insertType: Statement
    private let insertStep: Statement
    private let insertScope: Statement
    private let insertObjects: BatchedInsert<ObjectRow>
    private let endObject: Statement
    private let insertCalls: BatchedInsert<CallRow>
    private let insertEvents: BatchedInsert<EventRow>
    private let insertSubscriptions: BatchedInsert<SubscriptionRow>
    private let setDisposable: Statement
    private let endSubscription: Statement
    private let updateRecordCount: Statement
    private let insertAssembly: Statement
    private let insertTag: Statement
    private let subscriptionCallerStack: Statement
    private let insertBagEntry: Statement
    private let insertCaller: Statement
    private let objectCallerStack: Statement
    private let insertImage: Statement

    private let clock: TraceClock
    /// Turns the records' tick stamps into ns; set for each batch.
    private var ticks: TickConverter
    private let processID = getpid()
    private var typeIDs: [ObjectIdentifier: Int64] = [:]
    private var stepIDs: [StepKey: Int64] = [:]
    /// The scopes whose `scope` row is written.
    private var knownScopes: Set<Int64> = []
    /// The open calls of each thread, innermost last; index `thread id - 1`.
    private var openCalls: [[OpenCall]] = []
    /// Subscriptions that have returned a disposable and not ended, by that disposable's id.
    private var subscriptionsByDisposable: [Int64: Int64] = [:]
    /// Objects created in the batch being written, not yet inserted: one that also ends in the
    /// batch is inserted once, complete, instead of inserted and then updated.
    private var newObjects: [Int64: ObjectRow] = [:]
    /// Subscriptions started in the batch being written, not yet inserted, for the same reason.
    private var newSubscriptions: [Int64: SubscriptionRow] = [:]
    private var threadsOtherThanMain = 0
    private var nextEventID: Int64 = 1
    /// The serial id of the next call, in the records' order.
    private var nextCallID: Int64 = 1
    /// The id of each distinct stack of caller addresses written so far.
    private var callerStackIDs: [[UInt]: Int64] = [:]
    /// The files mapped into the process, read when the first caller address arrives.
    private var loadedImages: LoadedImages?
    /// The `image` row of each file that holds a caller address.
    private var imageIDs: [LoadedImages.Image: Int64] = [:]
    /// `run.record_count`: hook records written so far.
    private(set) var recordCount: Int64 = 0
    /// Where the writer's time goes, for ``SQLiteTraceRecorder/writerStatistics``.
    let statistics = TraceWriterStatisticsBox()
    /// The symbolizer asked each caller address as it is interned, when one runs beside the
    /// recording.
    private let backgroundSymbolizer: BackgroundSymbolizer?

    /// Creates the schema and the `run` row in the empty `database`, committing at once.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses.
    static func createTrace(
        in database: Database, program: String, isRecordingValues: Bool, detail: RecordingDetail, clock: TraceClock
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
                    resources_total_start, detail)
                VALUES (1, ?, ?, ?, 'running', ?, ?, ?)
                """
            )
            try insertRun.bind([
                .integer(Int64(TraceSchema.version)),
                .text(program),
                .text(ISO8601DateFormatter().string(from: Date())),
                .integer(isRecordingValues ? 1 : 0),
                .integer(Int64(Resources.total)),
                .text(detail.rawValue),
            ])
            try insertRun.run()
        }
    }

    /// A writer into `database`, which ``createTrace(in:program:isRecordingValues:detail:clock:)``
    /// prepared.
    ///
    /// - Parameter symbolizesInBackground: `true` to start `llvm-symbolizer` now, beside the
    ///   recording, and ask it each caller address as it is interned, so that finishing the
    ///   trace only waits for the answers still outstanding (``BackgroundSymbolizer``); for a
    ///   recording that captures callers.
    init(database: Database, clock: TraceClock, symbolizesInBackground: Bool = false) throws {
        self.database = database
        self.clock = clock
        backgroundSymbolizer = symbolizesInBackground ? Symbolizer.find().flatMap { BackgroundSymbolizer($0) } : nil
        ticks = TickConverter(clock: clock, start: clock.anchor())
        insertThread = try database.prepare("INSERT INTO thread (id, tid, name) VALUES (?, ?, ?)")
        insertType = try database.prepare("INSERT INTO type (id, type_name) VALUES (?, ?)")
        insertStep = try database.prepare("INSERT INTO step (id, name, file, line) VALUES (?, ?, ?, ?)")
        insertScope = try database.prepare("INSERT INTO scope (id, name) VALUES (?, ?)")
        insertObjects = try BatchedInsert(
            into: "object",
            columns: [
                "id", "type_id", "start_ts", "end_ts", "thread_id", "call_id", "scope_id", "virtual_ts",
                "caller_stack_id",
            ],
            in: database
        ) { row, statement, first in
            statement.bind(row.id, at: first)
            statement.bind(row.type, at: first + 1)
            statement.bind(row.ts, at: first + 2)
            statement.bind(row.endTS, at: first + 3)
            statement.bind(Int64(row.thread), at: first + 4)
            statement.bind(TraceWriter.reference(row.call), at: first + 5)
            statement.bind(row.scope, at: first + 6)
            statement.bind(row.virtualTS, at: first + 7)
            statement.bind(row.callerStack, at: first + 8)
        }
        endObject = try database.prepare("UPDATE object SET end_ts = ? WHERE id = ?")
        objectCallerStack = try database.prepare("UPDATE object SET caller_stack_id = ? WHERE id = ?")
        insertCalls = try BatchedInsert(
            into: "call",
            columns: [
                "id", "parent_id", "depth", "thread_id", "step_id", "object_id", "detail", "ts", "dur", "virtual_ts",
                "caller_stack_id",
            ],
            in: database
        ) { row, statement, first in
            let call = row.call
            statement.bind(call.id, at: first)
            statement.bind(TraceWriter.reference(call.parent), at: first + 1)
            statement.bind(Int64(call.depth), at: first + 2)
            statement.bind(Int64(call.thread), at: first + 3)
            statement.bind(call.step, at: first + 4)
            statement.bind(TraceWriter.reference(call.object), at: first + 5)
            statement.bind(call.detail, at: first + 6)
            statement.bind(call.ts, at: first + 7)
            statement.bind(row.duration, at: first + 8)
            statement.bind(call.virtualTS, at: first + 9)
            statement.bind(call.callerStack, at: first + 10)
        }
        insertEvents = try BatchedInsert(
            into: "event",
            columns: [
                "id", "ts", "thread_id", "call_id", "kind", "value", "source_object_id", "observer_object_id",
                "virtual_ts",
            ],
            in: database
        ) { row, statement, first in
            statement.bind(row.id, at: first)
            statement.bind(row.ts, at: first + 1)
            statement.bind(Int64(row.thread), at: first + 2)
            statement.bind(TraceWriter.reference(row.call), at: first + 3)
            statement.bind(row.kind.rawValue, at: first + 4)
            statement.bind(row.value, at: first + 5)
            statement.bind(TraceWriter.reference(row.source), at: first + 6)
            statement.bind(TraceWriter.reference(row.observer), at: first + 7)
            statement.bind(row.virtualTS, at: first + 8)
        }
        insertSubscriptions = try BatchedInsert(
            into: "subscription",
            columns: [
                "id", "ts", "thread_id", "call_id", "observable_object_id", "observer_object_id",
                "disposable_object_id",
                "file", "line", "end_ts", "end_kind", "scope_id", "virtual_ts", "end_call_id", "caller_stack_id",
            ],
            in: database
        ) { row, statement, first in
            statement.bind(row.id, at: first)
            statement.bind(row.ts, at: first + 1)
            statement.bind(Int64(row.thread), at: first + 2)
            statement.bind(TraceWriter.reference(row.call), at: first + 3)
            statement.bind(TraceWriter.reference(row.observable), at: first + 4)
            statement.bind(TraceWriter.reference(row.observer), at: first + 5)
            statement.bind(row.disposable, at: first + 6)
            statement.bind(row.file, at: first + 7)
            statement.bind(row.line, at: first + 8)
            statement.bind(row.endTS, at: first + 9)
            statement.bind(row.endKind?.rawValue, at: first + 10)
            statement.bind(row.scope, at: first + 11)
            statement.bind(row.virtualTS, at: first + 12)
            statement.bind(row.endCall.flatMap { TraceWriter.reference($0) }, at: first + 13)
            statement.bind(row.callerStack, at: first + 14)
        }
        setDisposable = try database.prepare("UPDATE subscription SET disposable_object_id = ? WHERE id = ?")
        endSubscription = try database.prepare(
            "UPDATE subscription SET end_ts = ?, end_kind = ?, end_call_id = ? WHERE id = ? AND end_kind IS NULL"
        )
        updateRecordCount = try database.prepare("UPDATE run SET record_count = ? WHERE id = 1")
        insertAssembly = try database.prepare(
            "INSERT INTO assembly (object_id, name, file, line, caller_stack_id) VALUES (?, ?, ?, ?, ?)")
        insertTag = try database.prepare(
            "INSERT INTO tag (object_id, name, file, line, caller_stack_id) VALUES (?, ?, ?, ?, ?)")
        subscriptionCallerStack = try database.prepare("UPDATE subscription SET caller_stack_id = ? WHERE id = ?")
        insertBagEntry = try database.prepare("INSERT INTO bag_entry (bag_id, disposable_id) VALUES (?, ?)")
        insertCaller = try database.prepare(
            "INSERT INTO caller (stack_id, frame, address, image_id) VALUES (?, ?, ?, ?)")
        insertImage = try database.prepare("INSERT INTO image (id, path, load_address) VALUES (?, ?, ?)")
    }

    deinit {
        backgroundSymbolizer?.cancel()
    }

    /// Writes `records` and the new `run.record_count` in one transaction.
    func write(_ records: UnsafeMutableBufferPointer<Record>) throws {
        let start = TraceWriterStatistics.now()
        let cpuStart = TraceWriterStatistics.threadCPUTime()
        let rowsBefore = rowCount
        // Every record in the batch was stamped before this anchor.
        ticks.advance(to: clock.anchor())
        try database.transaction {
            for record in records {
                try write(record)
            }
            try writeGatheredRows()
            updateRecordCount.bind(recordCount, at: 1)
            try updateRecordCount.run()
        }
        statistics.addBatch(
            rows: rowCount - rowsBefore, nanoseconds: TraceWriterStatistics.now() - start,
            cpuNanoseconds: TraceWriterStatistics.threadCPUTime() - cpuStart)
    }

    /// Rows inserted so far into `call`, `event`, `object` and `subscription`.
    private var rowCount: Int {
        insertObjects.writtenCount + insertCalls.writtenCount + insertEvents.writtenCount
            + insertSubscriptions.writtenCount
    }

    /// Completes the trace: writes the calls still open (with no duration), then the `run`
    /// row's end; on a clean end also creates the indexes. Finally it leaves WAL mode, so the
    /// trace is one self-contained file, unless a reader has it open.
    func finish(_ end: RunEnd) throws {
        try statistics.phase("end rows") { try writeEndRows(end) }
        if end == .finished {
            try statistics.phase("caller lines") { try symbolizeCallers() }
            try statistics.phase("captured sites") { try CapturedSites.resolve(in: database) }
        } else {
            backgroundSymbolizer?.cancel()
        }
        if end.isClean {
            try statistics.phase("indexes") { try database.execute(TraceSchema.indexes) }
        }
        // Copies every committed row from the WAL into the trace and empties the WAL, even
        // while a reader has the trace open; leaving WAL mode then fails while one does, and
        // the trace stays in WAL mode with an empty WAL, which readers open as one file.
        statistics.phase("checkpoint") { try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        statistics.phase("leave WAL") { try? database.execute("PRAGMA journal_mode = DELETE") }
    }

    /// Writes the calls still open (with no duration) and the `run` row's end, in one
    /// transaction.
    private func writeEndRows(_ end: RunEnd) throws {
        try database.transaction {
            for thread in openCalls {
                for call in thread {
                    try insertCalls.append(CallRow(call: call, duration: nil))
                }
            }
            openCalls = []
            try writeGatheredRows()
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
    }

    /// Ends the trace after a write error: the `run` row says `'failed'` and why, and the file
    /// gets its indexes and leaves WAL mode as on a clean end, so what was written before the
    /// error stays readable.
    ///
    /// - Throws: ``SQLiteError`` when even that cannot be written.
    func fail(because error: any Error) throws {
        backgroundSymbolizer?.cancel()
        // The failed batch's transaction was rolled back; a failure outside one leaves none.
        try? database.execute("ROLLBACK")
        let failRun = try database.prepare(
            "UPDATE run SET end_reason = 'failed', failure = ?, record_count = ? WHERE id = 1"
        )
        failRun.bind(String(describing: error), at: 1)
        failRun.bind(recordCount, at: 2)
        try failRun.run()
        try? database.execute(TraceSchema.indexes)
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

        case .objectInitialized(let id, let type, let stamp, let thread, let call, let scope, let virtualTS):
            let ts = ticks.nanoseconds(stamp)
            newObjects[id] = ObjectRow(
                id: id, type: try typeID(of: type), ts: ts, endTS: nil, thread: thread, call: callID(call, on: thread),
                scope: try scopeID(of: scope), virtualTS: virtualTS
            )

        case .objectCallerCaptured(let id, let callers):
            let stack = try callerStackID(callers.addresses)
            if newObjects[id] != nil {
                newObjects[id]?.callerStack = stack
            } else {
                objectCallerStack.bind(stack, at: 1)
                objectCallerStack.bind(id, at: 2)
                try objectCallerStack.run()
            }

        case .objectDeinitialized(let id, let stamp):
            let ts = ticks.nanoseconds(stamp)
            subscriptionsByDisposable[id] = nil
            if var object = newObjects.removeValue(forKey: id) {
                object.endTS = ts
                try insertObjects.append(object)
            } else {
                endObject.bind(ts, at: 1)
                endObject.bind(id, at: 2)
                try endObject.run()
            }

        case .callEntered(
            let id, let parent, let depth, let thread, let name, let file, let line, let object,
            let detail, let stamp, let virtualTS, _):
            let ts = ticks.nanoseconds(stamp)
            let call = OpenCall(
                key: id, id: nextCallID, parent: callID(parent, on: thread), depth: depth, thread: thread,
                step: try stepID(name: name, file: file, line: line), object: object, detail: detail?.description,
                ts: ts,
                virtualTS: virtualTS
            )
            openCalls[Int(thread) - 1].append(call)
            nextCallID += 1
            if let event = record.deliveredEvent {
                try write(event)
            }

        case .callerCaptured(let call, let thread, let callers):
            let stack = try callerStackID(callers.addresses)
            // The call entered just before, on its thread: it is the last open call there.
            if let index = openCalls[Int(thread) - 1].lastIndex(where: { $0.key == call }) {
                openCalls[Int(thread) - 1][index].callerStack = stack
            }

        case .callExited(let id, let thread, let stamp):
            try exit(id, on: Int(thread) - 1, at: ticks.nanoseconds(stamp))

        case .eventDelivered(
            let kind, let value, let source, let observer, let stamp, let thread, let call, let virtualTS):
            try insertEvents.append(
                EventRow(
                    id: nextEventID, ts: ticks.nanoseconds(stamp), thread: thread, call: callID(call, on: thread),
                    kind: kind,
                    value: value?.description,
                    source: source, observer: observer, virtualTS: virtualTS
                ))
            nextEventID += 1

        case .subscriptionStarted(
            let id, let observable, let observer, let file, let line, let stamp, let thread,
            let call, let scope, let virtualTS):
            newSubscriptions[id] = SubscriptionRow(
                id: id, ts: ticks.nanoseconds(stamp), thread: thread, call: callID(call, on: thread),
                observable: observable,
                observer: observer,
                disposable: nil, file: file.description, line: Int64(line), endTS: nil, endKind: nil,
                scope: try scopeID(of: scope), virtualTS: virtualTS
            )

        case .subscriptionReturned(let id, let disposable):
            guard disposable != 0 else { return }
            subscriptionsByDisposable[disposable] = id
            if newSubscriptions[id] != nil {
                newSubscriptions[id]?.disposable = disposable
            } else {
                setDisposable.bind(disposable, at: 1)
                setDisposable.bind(id, at: 2)
                try setDisposable.run()
            }

        case .subscriptionTerminated(let id, let end, let stamp, let thread, let call):
            try endSubscription(id, by: end, at: ticks.nanoseconds(stamp), in: callID(call, on: thread))

        case .objectDisposed(let id, let stamp, let thread, let call):
            guard let subscription = subscriptionsByDisposable.removeValue(forKey: id) else { return }
            try endSubscription(subscription, by: .disposed, at: ticks.nanoseconds(stamp), in: callID(call, on: thread))

        case .observableAssembled(let id, let name, let file, let line):
            try insertSite(insertAssembly, object: id, name: name.description, file: file.description, line: line)

        case .observableAssembledFrom(let id, let name, let callers):
            let stack = try callerStackID(callers.addresses)
            try insertSite(insertAssembly, object: id, name: name.description, file: "", line: 0, stack: stack)

        case .observableTagged(let id, let tag, let file, let line):
            try insertSite(insertTag, object: id, name: tag, file: file.description, line: line)

        case .observableTaggedFrom(let id, let tag, let callers):
            let stack = try callerStackID(callers.addresses)
            try insertSite(insertTag, object: id, name: tag, file: "", line: 0, stack: stack)

        case .subscriptionCallerCaptured(let id, let callers):
            let stack = try callerStackID(callers.addresses)
            if newSubscriptions[id] != nil {
                newSubscriptions[id]?.callerStack = stack
            } else {
                subscriptionCallerStack.bind(stack, at: 1)
                subscriptionCallerStack.bind(id, at: 2)
                try subscriptionCallerStack.run()
            }

        case .disposableInserted(let id, let bag):
            insertBagEntry.bind(bag, at: 1)
            insertBagEntry.bind(id, at: 2)
            try insertBagEntry.run()
        }
    }

    /// The serial id of the call whose key is `key`, open on `thread` (a record names the call
    /// open when it was made, so the call is still open when the record is written); 0 for 0.
    private func callID(_ key: Int64, on thread: Int32) -> Int64 {
        guard key != 0 else { return 0 }
        let calls = openCalls[Int(thread) - 1]
        if let last = calls.last, last.key == key { return last.id }
        return calls.last(where: { $0.key == key })?.id ?? 0
    }

    /// Writes the call whose key is `key`, which returned at `ts`, as one complete row.
    private func exit(_ key: Int64, on thread: Int, at ts: Int64) throws {
        guard let index = openCalls[thread].lastIndex(where: { $0.key == key }) else { return }
        let call = openCalls[thread][index]
        // Calls opened inside it and never exited (a step whose closure threw) end with it.
        for inner in openCalls[thread][(index + 1)...] {
            try insertCalls.append(CallRow(call: inner, duration: nil))
        }
        openCalls[thread].removeSubrange(index...)
        try insertCalls.append(CallRow(call: call, duration: ts - call.ts))
    }

    /// Ends subscription `id`, inside `call` (0: at top level), unless it already ended: the
    /// first end is the one that counts.
    private func endSubscription(_ id: Int64, by end: SubscriptionEnd, at ts: Int64, in call: Int64) throws {
        if newSubscriptions[id] != nil {
            if newSubscriptions[id]?.endKind == nil {
                newSubscriptions[id]?.endTS = ts
                newSubscriptions[id]?.endKind = end
                newSubscriptions[id]?.endCall = call
            }
            return
        }
        endSubscription.bind(ts, at: 1)
        endSubscription.bind(end.rawValue, at: 2)
        endSubscription.bind(TraceWriter.reference(call), at: 3)
        endSubscription.bind(id, at: 4)
        try endSubscription.run()
    }

    /// Writes every row gathered in the batch: the calls and events waiting for a full
    /// statement, and the objects and subscriptions that began in the batch, ended or not
    /// (their ends arrive later as updates).
    private func writeGatheredRows() throws {
        for object in newObjects.values.sorted(by: { $0.id < $1.id }) {
            try insertObjects.append(object)
        }
        newObjects.removeAll(keepingCapacity: true)
        for subscription in newSubscriptions.values.sorted(by: { $0.id < $1.id }) {
            try insertSubscriptions.append(subscription)
        }
        newSubscriptions.removeAll(keepingCapacity: true)
        try insertObjects.flush()
        try insertSubscriptions.flush()
        try insertCalls.flush()
        try insertEvents.flush()
    }

    // MARK: - Callers

    /// Inserts an `assembly` or `tag` row (`statement`, one of ``insertAssembly`` and
    /// ``insertTag``): a site named directly, or captured as `stack` and found at the end.
    private func insertSite(
        _ statement: Statement, object: Int64, name: String, file: String, line: UInt, stack: Int64? = nil
    ) throws {
        statement.bind(object, at: 1)
        statement.bind(name, at: 2)
        statement.bind(file, at: 3)
        statement.bind(Int64(line), at: 4)
        statement.bind(stack, at: 5)
        try statement.run()
    }

    /// The `caller` stack of `addresses`, written the first time it is seen: an entry point
    /// called in a loop captures the same stack each time, and writes one row per call
    /// instead of one per frame.
    private func callerStackID(_ addresses: [UInt]) throws -> Int64 {
        if let id = callerStackIDs[addresses] { return id }
        let id = Int64(callerStackIDs.count + 1)
        for (frame, address) in addresses.enumerated() {
            insertCaller.bind(id, at: 1)
            insertCaller.bind(Int64(frame), at: 2)
            insertCaller.bind(Int64(bitPattern: UInt64(address)), at: 3)
            insertCaller.bind(try imageID(containing: address), at: 4)
            try insertCaller.run()
        }
        callerStackIDs[addresses] = id
        return id
    }

    /// The `image` row of the file `address` lies in, written the first time it is seen; `nil`
    /// when no mapping holds it.
    private func imageID(containing address: UInt) throws -> Int64? {
        if loadedImages == nil { loadedImages = LoadedImages() }
        guard let image = loadedImages?.image(containing: address) else { return nil }
        backgroundSymbolizer?.ask(address, in: image)
        if let id = imageIDs[image] { return id }
        let id = Int64(imageIDs.count + 1)
        insertImage.bind(id, at: 1)
        insertImage.bind(image.path, at: 2)
        insertImage.bind(Int64(bitPattern: UInt64(image.loadAddress)), at: 3)
        try insertImage.run()
        imageIDs[image] = id
        return id
    }

    /// Names the lines of every distinct caller address into `caller_line`, and marks each file
    /// with the symbolizer that ran: the answers of the ``BackgroundSymbolizer`` when it ran
    /// and answered every address, else one symbolizer run for all the files now; with no
    /// symbolizer it writes nothing, and readers say the line is not recorded.
    private func symbolizeCallers() throws {
        guard !imageIDs.isEmpty else {
            backgroundSymbolizer?.cancel()
            return
        }
        let images = imageIDs.sorted(by: { $0.value < $1.value })
        let addresses = try images.map { _, id in
            try database.rows(
                "SELECT DISTINCT address FROM caller WHERE image_id = ? ORDER BY address", [.integer(id)]
            ).compactMap { $0.integer("address") }.map { UInt(bitPattern: Int($0)) }
        }
        let symbolizer: Symbolizer
        let answers: [[UInt: [CallerFrame]]?]
        if let background = backgroundSymbolizer, let answered = background.answers(),
            addresses.allSatisfy({ $0.allSatisfy { answered[$0] != nil } })
        {
            symbolizer = background.symbolizer
            answers = addresses.map { found in Dictionary(uniqueKeysWithValues: found.map { ($0, answered[$0]!) }) }
        } else {
            guard let found = Symbolizer.find() else { return }
            symbolizer = found
            // One run of the tool for every file: most of a run is the tool loading itself.
            let relative =
                (try? symbolizer.symbolize(
                    zip(images, addresses).map { image, found in
                        (image: image.key.path, addresses: found.map { $0 - image.key.loadAddress })
                    }
                )) ?? []
            answers = zip(images, relative).map { image, chains in
                chains.map { chains in
                    Dictionary(uniqueKeysWithValues: chains.map { ($0.key + image.key.loadAddress, $0.value) })
                }
            }
        }
        try writeCallerLines(images: images, addresses: addresses, answers: answers, by: symbolizer)
    }

    /// Writes the `caller_line` rows of `addresses` (per image, in `images`' order) from
    /// `answers` (each address's inline chain; `nil` for an image the tool could not name), and
    /// marks each answered image with `symbolizer`, in one transaction.
    private func writeCallerLines(
        images: [(key: LoadedImages.Image, value: Int64)], addresses: [[UInt]], answers: [[UInt: [CallerFrame]]?],
        by symbolizer: Symbolizer
    ) throws {
        let insertLine = try database.prepare(
            """
            INSERT INTO caller_line (address, inline_depth, function, file, line, is_inside_rxcore)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        )
        let markImage = try database.prepare("UPDATE image SET symbolizer = ? WHERE id = ?")
        try database.transaction {
            for ((_, id), (found, chains)) in zip(images, zip(addresses, answers)) {
                guard let chains else { continue }
                for address in found {
                    for (depth, frame) in (chains[address] ?? []).enumerated() {
                        insertLine.bind(Int64(bitPattern: UInt64(address)), at: 1)
                        insertLine.bind(Int64(depth), at: 2)
                        insertLine.bind(frame.function, at: 3)
                        insertLine.bind(frame.file, at: 4)
                        insertLine.bind(frame.line.map(Int64.init), at: 5)
                        insertLine.bind(frame.isInsideRxCore ? 1 : 0, at: 6)
                        try insertLine.run()
                    }
                }
                markImage.bind(symbolizer.kind.rawValue, at: 1)
                markImage.bind(id, at: 2)
                try markImage.run()
            }
        }
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

    /// The `step` row of a step, written the first time it is seen.
    private func stepID(name: StaticText, file: StaticText, line: UInt) throws -> Int64 {
        let key = StepKey(name: name, file: file, line: line)
        if let id = stepIDs[key] { return id }
        let id = Int64(stepIDs.count + 1)
        insertStep.bind(id, at: 1)
        insertStep.bind(name.description, at: 2)
        insertStep.bind(file.description, at: 3)
        insertStep.bind(Int64(line), at: 4)
        try insertStep.run()
        stepIDs[key] = id
        return id
    }

    /// An id column's value: NULL for 0, the records' "none".
    fileprivate static func reference(_ id: Int64) -> Int64? {
        id == 0 ? nil : id
    }
}

/// An `object` row.
private struct ObjectRow {
    let id: Int64
    let type: Int64
    let ts: Int64
    var endTS: Int64?
    let thread: Int32
    let call: Int64
    let scope: Int64?
    let virtualTS: Int64?
    /// The stack of return addresses user code made it from, when it made it outside any step.
    var callerStack: Int64? = nil
}

/// A `call` row: the call and how long it ran (`nil`: it never returned).
private struct CallRow {
    let call: OpenCall
    let duration: Int64?
}

/// An `event` row.
private struct EventRow {
    let id: Int64
    let ts: Int64
    let thread: Int32
    let call: Int64
    let kind: EventKind
    let value: String?
    let source: Int64
    let observer: Int64
    let virtualTS: Int64?
}

/// A `subscription` row, with its end when it ended before being written.
private struct SubscriptionRow {
    let id: Int64
    let ts: Int64
    let thread: Int32
    let call: Int64
    let observable: Int64
    let observer: Int64
    var disposable: Int64?
    let file: String
    let line: Int64
    var endTS: Int64?
    var endKind: SubscriptionEnd?
    let scope: Int64?
    let virtualTS: Int64?
    /// The call open when it ended; 0 at top level, `nil` while it has not ended.
    var endCall: Int64? = nil
    /// The stack of return addresses user code subscribed from, when RxCore captured the site.
    var callerStack: Int64? = nil
}

/// A call that entered and has not exited yet: its row, but for the duration.
private struct OpenCall {
    /// What records name the call by: its ring position + 1.
    let key: Int64
    let id: Int64
    let parent: Int64
    let depth: Int32
    let thread: Int32
    let step: Int64
    let object: Int64
    let detail: String?
    let ts: Int64
    let virtualTS: Int64?
    /// The stack of return addresses user code called it from, for an entry point.
    var callerStack: Int64? = nil
}

/// Identifies a step by the addresses of its immortal strings, so looking one up never reads
/// the text.
private struct StepKey: Hashable {
    let name: StaticText
    let file: StaticText
    let line: UInt
}
