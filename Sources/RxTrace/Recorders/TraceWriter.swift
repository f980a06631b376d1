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
///
/// It works in two halves: its own Swift decodes the records and decides the rows
/// (``TraceWriterOperation``s: names interned, values and details formatted, ids given), and
/// ``TraceWriterStatements`` binds and steps them. For a large batch the first half runs on a
/// helper thread while the calling thread writes the chunk before (``TraceWriterPipeline``),
/// so on two cores SQLite does not wait for the Swift; the rows, their ids and their order are
/// the same either way, and the batch is still one transaction, committed when
/// ``write(_:whileTheProgramRuns:)`` returns.
final class TraceWriter {
    /// The trace being written.
    let database: Database

    /// Records per chunk of a pipelined batch; `nil`: no pipeline.
    private let recordsPerChunk: Int?
    /// The SQLite half: every statement the writer runs for a batch.
    private let statements: TraceWriterStatements
    private let updateRecordCount: Statement
    /// The operations decided and not yet handed to ``statements``.
    private var operations: [TraceWriterOperation] = []

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
    /// The caller stack of each thread's last ``Record/callerCaptured(call:thread:callers:)``,
    /// which an entry point's call that `repeatsCallers` shares; index `thread id - 1`.
    private var lastCallerStacks: [Int64?] = []
    /// Subscriptions that have returned a disposable and not ended, by that disposable's id.
    private var subscriptionsByDisposable: [Int64: Int64] = [:]
    /// Objects created in the batch being written, not yet inserted: one that also ends in the
    /// batch is inserted once, complete, instead of inserted and then updated.
    private var newObjects: [Int64: ObjectRow] = [:]
    /// Subscriptions started in the batch being written, not yet inserted, for the same reason.
    private var newSubscriptions: [Int64: SubscriptionRow] = [:]
    private var threadsOtherThanMain = 0
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
    /// The pages stay SQLite's 4 KB: 16 KB and 64 KB pages wrote the rows faster only in a
    /// replay without Swift, mostly because the WAL's automatic checkpoint (every 1,000 pages)
    /// then waited for the end, and in the recorder they cost its writer more CPU
    /// (Documentation/Recording.md, "A cheaper file for the same rows").
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
    ///   - recordsPerChunk: how many records the Swift half decides before handing their rows to
    ///     the SQLite half, when a batch runs as a pipeline (``TraceWriterPipeline``); `nil` for
    ///     no pipeline, both halves on the calling thread.
    init(
        database: Database, clock: TraceClock, symbolizesInBackground: Bool = false,
        recordsPerChunk: Int? = TraceWriter.defaultRecordsPerChunk
    ) throws {
        self.database = database
        self.recordsPerChunk = recordsPerChunk
        self.clock = clock
        backgroundSymbolizer = symbolizesInBackground ? Symbolizer.find().flatMap { BackgroundSymbolizer($0) } : nil
        ticks = TickConverter(clock: clock, start: clock.anchor())
        statements = try TraceWriterStatements(database: database)
        updateRecordCount = try database.prepare("UPDATE run SET record_count = ? WHERE id = 1")
    }

    deinit {
        backgroundSymbolizer?.cancel()
    }

    /// Writes `records` and the new `run.record_count` in one transaction.
    ///
    /// A large batch runs as a pipeline (``TraceWriterPipeline``): a helper thread decodes the
    /// records and decides their rows a chunk at a time while this thread writes the chunk
    /// before; `RXTRACE_WRITER_PIPELINE=0` keeps both halves on this thread, for measuring.
    /// Either way the same statements run in the same order.
    ///
    /// - Parameter whileTheProgramRuns: `true` keeps both halves on this thread whatever the
    ///   batch's size: while the recorded program runs, a helper thread would take a core from
    ///   it (measured: the producer's time up ~15% on two cores), where the writer alone, at its
    ///   lowered priority, takes what the program leaves idle.
    func write(_ records: UnsafeMutableBufferPointer<Record>, whileTheProgramRuns: Bool = false) throws {
        let start = TraceWriterStatistics.now()
        let cpuStart = TraceWriterStatistics.threadCPUTime()
        let rowsBefore = statements.rowCount
        var helperCPU: Int64?
        // Every record in the batch was stamped before this anchor.
        ticks.advance(to: clock.anchor())
        try database.transaction {
            if let recordsPerChunk, !whileTheProgramRuns, records.count >= 2 * recordsPerChunk {
                helperCPU = try TraceWriterPipeline.run(
                    depth: Self.chunksAhead,
                    produce: { deliver in
                        var chunkStart = 0
                        while chunkStart < records.count {
                            let chunkEnd = min(chunkStart + recordsPerChunk, records.count)
                            for index in chunkStart..<chunkEnd {
                                self.decide(records[index])
                            }
                            if chunkEnd == records.count {
                                self.decideGatheredRows()
                            }
                            try deliver(self.takeOperations())
                            chunkStart = chunkEnd
                        }
                    },
                    consume: { try self.statements.apply($0) }
                )
            } else {
                for record in records {
                    decide(record)
                }
                decideGatheredRows()
                try statements.apply(takeOperations())
            }
            updateRecordCount.bind(recordCount, at: 1)
            try updateRecordCount.run()
        }
        statistics.addBatch(
            rows: statements.rowCount - rowsBefore, nanoseconds: TraceWriterStatistics.now() - start,
            cpuNanoseconds: TraceWriterStatistics.threadCPUTime() - cpuStart + (helperCPU ?? 0),
            isPipelined: helperCPU != nil)
    }

    /// Records the Swift half decides before handing their rows over: small enough that the
    /// SQLite half starts early, large enough that the handover costs nothing beside the rows;
    /// `nil` with `RXTRACE_WRITER_PIPELINE=0` (no pipeline, for measuring what it gains).
    static let defaultRecordsPerChunk: Int? =
        getenv("RXTRACE_WRITER_PIPELINE").map { String(cString: $0) } == "0" ? nil : 1024
    /// Chunks the Swift half may get ahead of the SQLite half.
    static let chunksAhead = 4

    /// The operations decided so far, leaving none (and room for a chunk's worth).
    private func takeOperations() -> [TraceWriterOperation] {
        let taken = operations
        operations = []
        operations.reserveCapacity(recordsPerChunk ?? 0)
        return taken
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
                    operations.append(.call(CallRow(call: call, duration: nil)))
                }
            }
            openCalls = []
            decideGatheredRows()
            try statements.apply(takeOperations())
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

    /// Decides the `event` row of an event delivered at `ts` (ns) inside the call the thread
    /// knows as `call`.
    private func decideEvent(
        kind: EventKind, value: TraceValue?, source: Int64, observer: Int64, ts: Int64, thread: Int32, call: Int64,
        virtualTS: Int64?
    ) {
        operations.append(
            .event(
                EventRow(
                    ts: ts, thread: thread, call: callID(call, on: thread), kind: kind, value: value, source: source,
                    observer: observer, virtualTS: virtualTS)))
    }

    /// Decodes `record` and decides the rows it makes, updating the calls open, the objects and
    /// subscriptions gathered, and the interned names; runs no SQL.
    private func decide(_ record: Record) {
        recordCount += record.hookRecordCount
        switch record {
        case .thread(let id, let tid):
            let name: String
            if tid == processID {
                name = "main"
            } else {
                threadsOtherThanMain += 1
                name = "T\(threadsOtherThanMain)"
            }
            operations.append(.thread(id: id, tid: tid, name: name))
            while openCalls.count < Int(id) {
                openCalls.append([])
                lastCallerStacks.append(nil)
            }

        case .objectInitialized(let id, let type, let stamp, let thread, let call, let scope, let virtualTS):
            let ts = ticks.nanoseconds(stamp)
            newObjects[id] = ObjectRow(
                id: id, type: typeID(of: type), ts: ts, endTS: nil, thread: thread, call: callID(call, on: thread),
                scope: scopeID(of: scope), virtualTS: virtualTS
            )

        case .objectCallerCaptured(let id, let callers):
            let stack = callerStackID(callers.addresses)
            if newObjects[id] != nil {
                newObjects[id]?.callerStack = stack
            } else {
                operations.append(.objectCallerStack(id: id, stack: stack))
            }

        case .objectDeinitialized(let id, let stamp):
            let ts = ticks.nanoseconds(stamp)
            subscriptionsByDisposable[id] = nil
            if var object = newObjects.removeValue(forKey: id) {
                object.endTS = ts
                operations.append(.object(object))
            } else {
                operations.append(.objectEnd(id: id, ts: ts))
            }

        case .callEntered(
            let id, let parent, let name, let file, let line, let object, let detail, let repeatsCallers, let thread,
            let stamp, let virtualTS, _, _, let innermostReturnedAt):
            if let innermostReturnedAt, let innermost = openCalls[Int(thread) - 1].last {
                exit(innermost.key, on: Int(thread) - 1, at: ticks.nanoseconds(innermostReturnedAt))
            }
            let ts = ticks.nanoseconds(stamp)
            if case .eventDelivered(let kind, let value, let source, let observer, _, _, let call, let virtualTS)? =
                record.receivedEvent
            {
                // Delivered right before the call that receives it, with nothing recorded in
                // between: dated a nanosecond before that call's entry, so that wherever moments
                // are ordered by time (the page's walkthrough), the event comes before the call it
                // caused, as it does in the run. (`Sink.forwardOn`'s event, delivered inside its
                // call, keeps the call's time and comes after it.) It counts as the hook it was.
                recordCount += 1
                decideEvent(
                    kind: kind, value: value, source: source, observer: observer, ts: ts - 1, thread: thread,
                    call: call, virtualTS: virtualTS)
            }
            // The thread's open calls here are the ones open on it when it entered this call.
            var call = OpenCall(
                key: id, id: nextCallID, parent: callID(parent, on: thread),
                depth: Int32(openCalls[Int(thread) - 1].count), thread: thread,
                step: stepID(name: name, file: file, line: line), object: object, detail: detail?.description,
                ts: ts,
                virtualTS: virtualTS
            )
            if repeatsCallers {
                call.callerStack = lastCallerStacks[Int(thread) - 1]
            }
            openCalls[Int(thread) - 1].append(call)
            nextCallID += 1
            if let event = record.deliveredEvent {
                decide(event)
            }

        case .callerCaptured(let call, let thread, let callers):
            let stack = callerStackID(callers.addresses)
            lastCallerStacks[Int(thread) - 1] = stack
            // The call entered just before, on its thread: it is the last open call there.
            if let index = openCalls[Int(thread) - 1].lastIndex(where: { $0.key == call }) {
                openCalls[Int(thread) - 1][index].callerStack = stack
            }

        case .callsExited(let exits):
            exits.forEachExit { exit($0.key, on: Int(exits.thread) - 1, at: ticks.nanoseconds($0.ts)) }

        case .eventDelivered(
            let kind, let value, let source, let observer, let stamp, let thread, let call, let virtualTS):
            decideEvent(
                kind: kind, value: value, source: source, observer: observer, ts: ticks.nanoseconds(stamp),
                thread: thread, call: call, virtualTS: virtualTS)

        case .subscriptionStarted(
            let id, let observable, let observer, let file, let line, let stamp, let thread,
            let call, let scope, let virtualTS):
            newSubscriptions[id] = SubscriptionRow(
                id: id, ts: ticks.nanoseconds(stamp), thread: thread, call: callID(call, on: thread),
                observable: observable,
                observer: observer,
                disposable: nil, file: file.description, line: Int64(line), endTS: nil, endKind: nil,
                scope: scopeID(of: scope), virtualTS: virtualTS
            )

        case .subscriptionReturned(let id, let disposable):
            guard disposable != 0 else { return }
            subscriptionsByDisposable[disposable] = id
            if newSubscriptions[id] != nil {
                newSubscriptions[id]?.disposable = disposable
            } else {
                operations.append(.subscriptionDisposable(id: id, disposable: disposable))
            }

        case .subscriptionTerminated(let id, let end, let stamp, let thread, let call):
            endSubscription(id, by: end, at: ticks.nanoseconds(stamp), in: callID(call, on: thread))

        case .objectDisposed(let id, let stamp, let thread, let call):
            guard let subscription = subscriptionsByDisposable.removeValue(forKey: id) else { return }
            endSubscription(subscription, by: .disposed, at: ticks.nanoseconds(stamp), in: callID(call, on: thread))

        case .observableAssembled(let id, let name, let file, let line):
            decideSite(isTag: false, object: id, name: name.description, file: file.description, line: line)

        case .observableAssembledFrom(let id, let name, let callers):
            let stack = callerStackID(callers.addresses)
            decideSite(isTag: false, object: id, name: name.description, file: "", line: 0, stack: stack)

        case .observableTagged(let id, let tag, let file, let line):
            decideSite(isTag: true, object: id, name: tag, file: file.description, line: line)

        case .observableTaggedFrom(let id, let tag, let callers):
            let stack = callerStackID(callers.addresses)
            decideSite(isTag: true, object: id, name: tag, file: "", line: 0, stack: stack)

        case .subscriptionCallerCaptured(let id, let callers):
            let stack = callerStackID(callers.addresses)
            if newSubscriptions[id] != nil {
                newSubscriptions[id]?.callerStack = stack
            } else {
                operations.append(.subscriptionCallerStack(id: id, stack: stack))
            }

        case .disposableInserted(let id, let bag):
            operations.append(.bagEntry(bag: bag, disposable: id))
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

    /// Decides the row of the call whose key is `key`, which returned at `ts`: one complete row.
    private func exit(_ key: Int64, on thread: Int, at ts: Int64) {
        guard let index = openCalls[thread].lastIndex(where: { $0.key == key }) else { return }
        let call = openCalls[thread][index]
        // Calls opened inside it and never exited (a step whose closure threw) end with it.
        for inner in openCalls[thread][(index + 1)...] {
            operations.append(.call(CallRow(call: inner, duration: nil)))
        }
        openCalls[thread].removeSubrange(index...)
        operations.append(.call(CallRow(call: call, duration: ts - call.ts)))
    }

    /// Ends subscription `id`, inside `call` (0: at top level), unless it already ended: the
    /// first end is the one that counts.
    private func endSubscription(_ id: Int64, by end: SubscriptionEnd, at ts: Int64, in call: Int64) {
        if newSubscriptions[id] != nil {
            if newSubscriptions[id]?.endKind == nil {
                newSubscriptions[id]?.endTS = ts
                newSubscriptions[id]?.endKind = end
                newSubscriptions[id]?.endCall = call
            }
            return
        }
        operations.append(.subscriptionEnd(id: id, end: end, ts: ts, call: call))
    }

    /// Decides every row gathered in the batch: the objects and subscriptions that began in it,
    /// ended or not (their ends arrive later as updates), then the writing of the calls and
    /// events waiting for a full statement.
    private func decideGatheredRows() {
        for object in newObjects.values.sorted(by: { $0.id < $1.id }) {
            operations.append(.object(object))
        }
        newObjects.removeAll(keepingCapacity: true)
        for subscription in newSubscriptions.values.sorted(by: { $0.id < $1.id }) {
            operations.append(.subscription(subscription))
        }
        newSubscriptions.removeAll(keepingCapacity: true)
        operations.append(.flushGathered)
    }

    // MARK: - Callers

    /// Decides an `assembly` row (`isTag == false`) or a `tag` row: a site named directly, or
    /// captured as `stack` and found at the end.
    private func decideSite(isTag: Bool, object: Int64, name: String, file: String, line: UInt, stack: Int64? = nil) {
        operations.append(.site(isTag: isTag, object: object, name: name, file: file, line: Int64(line), stack: stack))
    }

    /// The `caller` stack of `addresses`, written the first time it is seen: an entry point
    /// called in a loop captures the same stack each time, and writes one row per call
    /// instead of one per frame.
    private func callerStackID(_ addresses: [UInt]) -> Int64 {
        if let id = callerStackIDs[addresses] { return id }
        let id = Int64(callerStackIDs.count + 1)
        for (frame, address) in addresses.enumerated() {
            let image = imageID(containing: address)
            operations.append(
                .caller(stack: id, frame: Int64(frame), address: Int64(bitPattern: UInt64(address)), image: image))
        }
        callerStackIDs[addresses] = id
        return id
    }

    /// The `image` row of the file `address` lies in, written the first time it is seen; `nil`
    /// when no mapping holds it.
    private func imageID(containing address: UInt) -> Int64? {
        if loadedImages == nil { loadedImages = LoadedImages() }
        guard let image = loadedImages?.image(containing: address) else { return nil }
        backgroundSymbolizer?.ask(address, in: image)
        if let id = imageIDs[image] { return id }
        let id = Int64(imageIDs.count + 1)
        operations.append(.image(id: id, path: image.path, loadAddress: Int64(bitPattern: UInt64(image.loadAddress))))
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
            // A tool that hung beside the run would hang again: the trace is finished without
            // the lines, which readers then look up themselves.
            guard backgroundSymbolizer?.hasTimedOut != true, let found = Symbolizer.find() else { return }
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
    private func typeID(of type: Any.Type) -> Int64 {
        let key = ObjectIdentifier(type)
        if let id = typeIDs[key] { return id }
        let id = Int64(typeIDs.count + 1)
        operations.append(.type(id: id, name: String(describing: type)))
        typeIDs[key] = id
        return id
    }

    /// The `scope` row of `scope`, written the first time it is seen; `nil` for no scope.
    private func scopeID(of scope: TraceScope?) -> Int64? {
        guard let scope else { return nil }
        if knownScopes.insert(scope.id).inserted {
            operations.append(.scope(id: scope.id, name: scope.name))
        }
        return scope.id
    }

    /// The `step` row of a step, written the first time it is seen.
    private func stepID(name: StaticText, file: StaticText, line: UInt) -> Int64 {
        let key = StepKey(name: name, file: file, line: line)
        if let id = stepIDs[key] { return id }
        let id = Int64(stepIDs.count + 1)
        operations.append(.step(id: id, name: name.description, file: file.description, line: Int64(line)))
        stepIDs[key] = id
        return id
    }
}

/// Identifies a step by the addresses of its immortal strings, so looking one up never reads
/// the text.
private struct StepKey: Hashable {
    let name: StaticText
    let file: StaticText
    let line: UInt
}
