import CSQLite
import Foundation

/// Opens a trace read-only, checks that it is one this build understands, and answers the
/// questions the reports ask: the run, the calls of a flow, objects, events, subscriptions.
///
/// Every query is plain SQL over the documented schema (`Documentation/TraceSchema.md`), so
/// what a report shows can also be had with `rxtrace query`.
public final class TraceReader {
    /// The read-only connection.
    public let database: Database
    /// The recorded run.
    public let run: TraceRun
    /// The file read, for messages; `:memory:` for an open connection's.
    public let path: String
    /// What the trace's schema holds of what later version-3 traces add; see ``SchemaFeatures``.
    public let features: SchemaFeatures
    /// The statements a report runs once per flow, compiled once: for a trace with a million
    /// flows, compiling them again for each was most of the work.
    private var cachedStatements: [String: Statement] = [:]
    /// Whether the trace has the `assembly` table (schema 3 on): where user code built each
    /// observable.
    private let hasAssemblyTable: Bool

    /// Opens the trace at `path` read-only, writing nothing beside it or into it, even when
    /// its writer left it in WAL mode (see ``ReadOnlyTraceFile``).
    ///
    /// - Throws: ``TraceFileError`` naming what is wrong with the file.
    public convenience init(path: String) throws(TraceFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .missing(path: path)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { throw .empty(path: path) }
        let database: Database
        do {
            database = try ReadOnlyTraceFile.open(path)
            try database.execute("PRAGMA query_only = 1")
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
        try self.init(database: database, path: path)
    }

    /// Reads a trace from an open connection, such as an in-memory recorder's.
    ///
    /// - Throws: ``TraceFileError`` naming what is wrong with the database.
    public init(database: Database, path: String = ":memory:") throws(TraceFileError) {
        self.database = database
        self.path = path
        let applicationID: Int32
        let version: Int32
        do {
            applicationID = Int32(truncatingIfNeeded: try database.scalar("PRAGMA application_id")?.integer ?? 0)
            version = Int32(truncatingIfNeeded: try database.scalar("PRAGMA user_version")?.integer ?? 0)
        } catch let error as SQLiteError where error.code == SQLITE_NOTADB {
            throw .notSQLite(path: path)
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
        guard applicationID == TraceSchema.applicationID else {
            throw .notATrace(path: path, applicationID: applicationID)
        }
        guard version <= TraceSchema.version else {
            throw .newerSchema(path: path, version: version, supported: TraceSchema.version)
        }
        // A view where the schema has a table (only a damaged or hostile file has one) could
        // return rows without end or fail in any way: such a file is refused here, and the
        // readers never run the file's own views (see `callFlow`).
        let kinds: [String: String]
        do {
            kinds = Dictionary(
                try database.rows("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view')").map {
                    (($0.text("name") ?? "").lowercased(), $0.text("type") ?? "")
                },
                uniquingKeysWith: { first, _ in first }
            )
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
        for table in TraceTable.allCases.map(\.rawValue) + ["run", "assembly"] where kinds[table] == "view" {
            throw .damaged(path: path, reason: "its \(table) table is a view")
        }
        self.hasAssemblyTable = kinds["assembly"] == "table"
        do {
            guard let row = try database.rows("SELECT * FROM run WHERE id = 1").first else {
                throw TraceFileError.unreadable(path: path, reason: "it has no run row")
            }
            self.run = TraceRun(row: row)
            self.features = try SchemaFeatures(database: database)
        } catch let error as TraceFileError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
    }

    // MARK: - Counts

    /// How many rows `table` has.
    public func count(_ table: TraceTable) throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM \(table.rawValue)")?.integer ?? 0)
    }

    // MARK: - Calls

    /// The top-level calls, each the root of one call flow, in order.
    public func topLevelCalls() throws -> [CallRecord] {
        try records("SELECT * FROM \(Self.callFlow) WHERE parent_id IS NULL ORDER BY id", CallRecord.init(row:))
    }

    /// Calls `body` with each top-level call in order, and the first subscription it started
    /// if any, reading one row at a time; stops after `limit` calls when one is given.
    public func forEachTopLevelCall(limit: Int? = nil, _ body: (CallRecord, Int64?) throws -> Void) throws {
        let statement = try database.prepare(
            """
            SELECT call_flow.*,
                (SELECT min(subscription.id) FROM subscription WHERE subscription.call_id = call_flow.id)
                    AS started_subscription_id
            FROM \(Self.callFlow) WHERE parent_id IS NULL ORDER BY id LIMIT ?
            """
        )
        try statement.bind([.integer(limit.map(Int64.init) ?? -1)])
        while let row = try statement.step() {
            try body(CallRecord(row: row), row.integer("started_subscription_id"))
        }
    }

    /// How many top-level calls (flows) the trace has; counts them without reading them.
    public func topLevelCallCount() throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM call WHERE parent_id IS NULL")?.integer ?? 0)
    }

    /// The flow numbers of the top-level calls `roots`: 1 for the first top-level call of the
    /// trace, and so on.
    ///
    /// Counts through the `call_parent` index: once up to the first root, then only the gaps
    /// between the roots, so a report on one subscription numbers its few flows without
    /// reading every flow of a large trace.
    public func flowNumbers(ofTopLevelCalls roots: [Int64]) throws -> [Int64: Int] {
        var numbers: [Int64: Int] = [:]
        var previous: Int64 = 0
        var number = 0
        for root in Set(roots).sorted() {
            number += Int(
                try database.scalar(
                    "SELECT count(*) FROM call WHERE parent_id IS NULL AND id > ? AND id <= ?",
                    [.integer(previous), .integer(root)]
                )?.integer ?? 0
            )
            numbers[root] = number
            previous = root
        }
        return numbers
    }

    /// The top-level calls that ran on one of `objects`, in order: the flows a scheduler's work
    /// items ran in. Uses the partial index of top-level calls by object when the trace has it.
    public func topLevelCalls(onObjects objects: [Int64]) throws -> [CallRecord] {
        guard !objects.isEmpty else { return [] }
        let list = objects.map(String.init).joined(separator: ",")
        return try database.rows(
            "SELECT * FROM \(Self.callFlow) WHERE parent_id IS NULL AND object_id IN (\(list)) ORDER BY id"
        ).map(CallRecord.init(row:))
    }

    /// The call with `id`, or `nil`.
    public func call(_ id: Int64) throws -> CallRecord? {
        try records("SELECT * FROM \(Self.callFlow) WHERE id = ?", [.integer(id)], CallRecord.init(row:)).first
    }

    /// The call `root` and every call under it, in order of entry.
    ///
    /// - Throws: ``TraceFileError/damaged(path:reason:)`` when `root` lies on a loop of
    ///   `parent_id`s (its own descendants include its parent), which only a damaged trace has.
    public func callTree(under root: Int64) throws -> [CallRecord] {
        // UNION, not UNION ALL: a loop of parent_ids ends the recursion instead of running forever.
        let calls = try cachedRecords(
            """
            WITH RECURSIVE tree(id) AS (
                SELECT ?
                UNION
                SELECT call.id FROM call JOIN tree ON call.parent_id = tree.id
            )
            SELECT * FROM \(Self.callFlow) WHERE id IN (SELECT id FROM tree) ORDER BY id
            """,
            [.integer(root)],
            CallRecord.init(row:)
        )
        if let parent = calls.first(where: { $0.id == root })?.parentID, calls.contains(where: { $0.id == parent }) {
            throw TraceFileError.damaged(path: path, reason: "call #\(root) is its own ancestor (a loop of parent_id)")
        }
        return calls
    }

    /// The top-level call that `call` runs under (itself when it is top-level, or when it is
    /// not in the trace).
    ///
    /// - Throws: ``TraceFileError/damaged(path:reason:)`` when the chain of parents loops or
    ///   names a call the trace does not have.
    public func rootCall(of call: Int64) throws -> Int64 {
        // UNION: a loop of parent_ids ends the recursion, and is found below.
        let chain = try database.rows(
            """
            WITH RECURSIVE up(id, parent_id) AS (
                SELECT id, parent_id FROM call WHERE id = ?
                UNION
                SELECT call.id, call.parent_id FROM call JOIN up ON call.id = up.parent_id
            )
            SELECT id, parent_id FROM up
            """,
            [.integer(call)]
        )
        guard !chain.isEmpty else { return call }
        if let root = chain.first(where: { $0.integer("parent_id") == nil })?.integer("id") {
            return root
        }
        let ids = Set(chain.compactMap { $0.integer("id") })
        if let dangling = chain.first(where: { !ids.contains($0.integer("parent_id") ?? 0) }) {
            throw TraceFileError.damaged(
                path: path,
                reason: "call #\(dangling.integer("id") ?? 0) has parent #\(dangling.integer("parent_id") ?? 0), "
                    + "which is not in the trace"
            )
        }
        throw TraceFileError.damaged(path: path, reason: "the parents of call #\(call) loop (a cycle of parent_id)")
    }

    // MARK: - Objects

    /// Every object, in order of creation.
    public func objects() throws -> [ObjectRecord] {
        try records(objectQuery + " ORDER BY object.id", ObjectRecord.init(row:))
    }

    /// The objects created directly by one of `calls`, in order of creation.
    public func objects(createdBy calls: [Int64]) throws -> [ObjectRecord] {
        guard !calls.isEmpty else { return [] }
        // One call (a flow's root without children, the commonest) through a cached statement.
        if calls.count == 1 {
            return try cachedRecords(
                objectQuery + " WHERE object.call_id = ? ORDER BY object.id", [.integer(calls[0])], ObjectRecord.init(row:)
            )
        }
        let list = calls.map(String.init).joined(separator: ",")
        return try records(objectQuery + " WHERE object.call_id IN (\(list)) ORDER BY object.id", ObjectRecord.init(row:))
    }

    /// The objects alive when the run ended, in order of creation.
    public func liveObjects() throws -> [ObjectRecord] {
        try records(objectQuery + " WHERE object.end_ts IS NULL ORDER BY object.id", ObjectRecord.init(row:))
    }

    /// The object with `id`, or `nil`.
    public func object(_ id: Int64) throws -> ObjectRecord? {
        try records(objectQuery + " WHERE object.id = ?", [.integer(id)], ObjectRecord.init(row:)).first
    }

    /// Objects with their type names and, from schema 3 on, where they were assembled (the
    /// schema's `object_assembly` view, written out).
    private var objectQuery: String {
        guard hasAssemblyTable else {
            return """
                SELECT object.id, type.type_name, object.start_ts, object.end_ts, object.call_id, object.scope_id,
                    object.virtual_ts
                FROM object JOIN type ON type.id = object.type_id
                """
        }
        // The object_assembly view's rows, each looked up through the assembly_object index:
        // joining the view made SQLite build its whole list of latest assemblies on every run
        // of a statement, which dominated reports of large traces.
        return """
            SELECT object.id, type.type_name, object.start_ts, object.end_ts, object.call_id, object.scope_id,
                object.virtual_ts, latest.name AS assembled_by, latest.file AS assembled_file,
                latest.line AS assembled_line
            FROM object JOIN type ON type.id = object.type_id
            LEFT JOIN assembly AS latest ON latest.id = (
                SELECT max(assembly.id) FROM assembly WHERE assembly.object_id = object.id
            )
            """
    }

    /// The schema's `call_flow` view, written out as a subquery named `call_flow`: the readers
    /// never run a view from the file, which a damaged or hostile trace may have replaced by
    /// one that never ends or fails.
    private static let callFlow = """
        (
            SELECT call.id AS id, call.parent_id AS parent_id, call.depth AS depth, thread.name AS thread_name,
                site.name AS name, site.file AS file, site.line AS line, call.object_id AS object_id,
                type.type_name AS type_name, call.detail AS detail, call.ts AS ts, call.dur AS dur
            FROM call
            JOIN site ON site.id = call.site_id
            JOIN thread ON thread.id = call.thread_id
            LEFT JOIN object ON object.id = call.object_id
            LEFT JOIN type ON type.id = object.type_id
        ) AS call_flow
        """

    // MARK: - Events

    /// Every event, in order of delivery.
    public func events() throws -> [EventRecord] {
        try records("SELECT * FROM event ORDER BY id", EventRecord.init(row:))
    }

    /// The event with `id`, or `nil`.
    public func event(_ id: Int64) throws -> EventRecord? {
        try database.rows("SELECT * FROM event WHERE id = ?", [.integer(id)]).first.map(EventRecord.init(row:))
    }

    /// The events delivered to `observer`, in order of delivery.
    public func events(deliveredTo observer: Int64) throws -> [EventRecord] {
        try database.rows("SELECT * FROM event WHERE observer_object_id = ? ORDER BY id", [.integer(observer)])
            .map(EventRecord.init(row:))
    }

    /// The last event of `kind` delivered to `observer` by call `call` or one of its few
    /// nearest callers: a subscription's terminal event, found from its `end_call_id` (the
    /// observer's step that received it) through the `event_call` index. `events(deliveredTo:)`
    /// reads the whole event table, which took ~0.2 s on a 10-million-record trace. At most
    /// eight callers up, so a damaged trace's cycle of parents ends too.
    public func lastEvent(ofKind kind: String, deliveredTo observer: Int64, inOrAbove call: Int64) throws -> EventRecord? {
        try database.rows(
            """
            WITH RECURSIVE up(id, parent_id, level) AS (
                SELECT id, parent_id, 0 FROM call WHERE id = ?
                UNION ALL
                SELECT call.id, call.parent_id, up.level + 1 FROM call JOIN up ON call.id = up.parent_id WHERE up.level < 8
            )
            SELECT * FROM event
            WHERE call_id IN (SELECT id FROM up) AND observer_object_id = ? AND kind = ?
            ORDER BY id DESC LIMIT 1
            """,
            [.integer(call), .integer(observer), .text(kind)]
        ).first.map(EventRecord.init(row:))
    }

    // MARK: - Causes

    /// The call causes, as the `call_cause` view defines them, run as a subquery of the
    /// reader's own: the file's view may have been replaced.
    private static let callCause = "(\(TraceSchema.callCauseQuery)) AS call_cause"

    /// Why event `id` happened: the `event_cause` rows of it, the step that delivered it first
    /// and its root last; empty when the event is unknown or was delivered at top level.
    ///
    /// - Throws: ``ReportError/needsNewerTrace(_:)`` for a trace written before the view.
    public func causes(ofEvent id: Int64) throws -> [CauseStep] {
        guard features.hasCauseViews else { throw ReportError.needsNewerTrace("`rxtrace why`") }
        return try database.rows(
            TraceSchema.eventCauseQuery(events: "event.id = ?", callCause: Self.callCause) + " ORDER BY step",
            [.integer(id)]
        ).map(CauseStep.init(row:))
    }

    /// The chain of causes of call `id` (itself first, its root last), through the
    /// `call_cause` view: callers, and across threads the steps that queued scheduled work.
    ///
    /// - Throws: ``ReportError/needsNewerTrace(_:)`` for a trace written before the view.
    public func causes(ofCall id: Int64) throws -> [CauseStep] {
        guard features.hasCauseViews else { throw ReportError.needsNewerTrace("reading causes") }
        return try database.rows(
            """
            WITH RECURSIVE chain(step, call_id, via) AS (
                SELECT 0, ?, NULL
                UNION ALL
                SELECT chain.step + 1, call_cause.cause_call_id, call_cause.via
                FROM chain JOIN \(Self.callCause) ON call_cause.call_id = chain.call_id
                WHERE call_cause.cause_call_id IS NOT NULL AND chain.step < 100000
                LIMIT \(TraceSchema.causeChainRowLimit)
            )
            SELECT chain.step, chain.via, call_flow.*, NULL AS hop_event_id
            FROM chain JOIN \(Self.callFlow) ON call_flow.id = chain.call_id
            ORDER BY chain.step
            """,
            [.integer(id)]
        ).map(CauseStep.init(row:))
    }

    // MARK: - Tags

    /// The tags user code gave the objects `ids`, each object's in order of tagging; empty
    /// for a trace written before tags.
    public func tags(of ids: [Int64]) throws -> [Int64: [String]] {
        guard features.isTagged, !ids.isEmpty else { return [:] }
        let list = Set(ids).sorted().map(String.init).joined(separator: ",")
        var tags: [Int64: [String]] = [:]
        for row in try database.rows("SELECT object_id, name FROM tag WHERE object_id IN (\(list)) ORDER BY id") {
            guard let object = row.integer("object_id"), let name = row.text("name") else { continue }
            if tags[object]?.contains(name) != true { tags[object, default: []].append(name) }
        }
        return tags
    }

    // MARK: - Bags

    /// The disposables each of the DisposeBags `bags` took, in order of insertion; empty for a
    /// trace written before bag entries.
    public func bagEntries(of bags: [Int64]) throws -> [Int64: [Int64]] {
        guard features.hasBagEntries, !bags.isEmpty else { return [:] }
        let list = Set(bags).sorted().map(String.init).joined(separator: ",")
        var entries: [Int64: [Int64]] = [:]
        for row in try database.rows("SELECT bag_id, disposable_id FROM bag_entry WHERE bag_id IN (\(list)) ORDER BY id") {
            guard let bag = row.integer("bag_id"), let disposable = row.integer("disposable_id") else { continue }
            entries[bag, default: []].append(disposable)
        }
        return entries
    }

    /// The tags of every object in `subscription`'s chain, in order of tagging, each once.
    public func tags(ofChain subscription: SubscriptionRecord) throws -> [String] {
        guard features.isTagged else { return [] }
        let chain = try chainObjects(of: subscription)
        let byObject = try tags(of: chain)
        var tags: [String] = []
        for object in chain.reversed() {
            for tag in byObject[object] ?? [] where !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// The objects whose steps created the objects `ids` (the observable a sink belongs to),
    /// each once.
    public func creators(of ids: [Int64]) throws -> [Int64] {
        guard !ids.isEmpty else { return [] }
        let list = Set(ids).sorted().map(String.init).joined(separator: ",")
        return try database.rows(
            """
            SELECT DISTINCT call.object_id AS object_id FROM object JOIN call ON call.id = object.call_id
            WHERE object.id IN (\(list)) AND call.object_id IS NOT NULL
            """
        ).compactMap { $0.integer("object_id") }
    }

    /// The objects a subscription subscribed through (its `subscribeSafe` steps, downstream
    /// first) and the observable it subscribed to: its chain, as the leak report draws it.
    public func chainObjects(of subscription: SubscriptionRecord) throws -> [Int64] {
        var objects: [Int64] = []
        if let observable = subscription.observableObjectID { objects.append(observable) }
        if let call = subscription.callID {
            for step in try callTree(under: call) where step.name == "subscribeSafe" {
                if let object = step.objectID, !objects.contains(object) { objects.append(object) }
            }
        }
        return objects
    }

    // MARK: - Subscriptions

    /// Every user-made subscription, in order of subscribe.
    public func subscriptions() throws -> [SubscriptionRecord] {
        try records(Self.subscriptionQuery + " ORDER BY subscription.id", SubscriptionRecord.init(row:))
    }

    /// The subscriptions that were neither disposed nor terminated, in order of subscribe.
    public func openSubscriptions() throws -> [SubscriptionRecord] {
        try records(
            Self.subscriptionQuery + " WHERE subscription.end_kind IS NULL ORDER BY subscription.id",
            SubscriptionRecord.init(row:)
        )
    }

    /// The subscription with `id`, or `nil`.
    public func subscription(_ id: Int64) throws -> SubscriptionRecord? {
        try cachedRecords(
            Self.subscriptionQuery + " WHERE subscription.id = ?", [.integer(id)], SubscriptionRecord.init(row:)
        ).first
    }

    /// The innermost user subscription whose `subscribe` was running on the thread when call
    /// `call` ran (the nearest caller that started one), if any.
    public func innermostSubscription(enclosing call: Int64) throws -> SubscriptionRecord? {
        try cachedRecords(
            """
            WITH RECURSIVE up(id, parent_id) AS (
                SELECT id, parent_id FROM call WHERE id = ?
                UNION
                SELECT call.id, call.parent_id FROM call JOIN up ON call.id = up.parent_id
            )
            \(Self.subscriptionQuery)
            WHERE subscription.call_id IN (SELECT id FROM up)
            ORDER BY subscription.call_id DESC, subscription.id DESC LIMIT 1
            """,
            [.integer(call)], SubscriptionRecord.init(row:)
        ).first
    }

    /// The subscriptions whose observer is `observer`, in order of subscribe.
    public func subscriptions(observedBy observer: Int64) throws -> [SubscriptionRecord] {
        try database.rows(
            Self.subscriptionQuery + " WHERE subscription.observer_object_id = ? ORDER BY subscription.id",
            [.integer(observer)]
        ).map(SubscriptionRecord.init(row:))
    }

    /// The subscription whose `subscribe` is call `call`, if any.
    public func subscription(startedBy call: Int64) throws -> SubscriptionRecord? {
        try records(
            Self.subscriptionQuery + " WHERE subscription.call_id = ? ORDER BY subscription.id", [.integer(call)],
            SubscriptionRecord.init(row:)
        ).first
    }

    /// The rows of `sql`, with `bindings` bound, each made into a record as soon as it is read:
    /// only the records are held, whose texts ``Row/traceText(_:)`` cuts short, so a damaged
    /// trace's megabyte names are not held once per row.
    private func records<Record>(
        _ sql: String, _ bindings: [SQLValue], _ record: (Row) -> Record
    ) throws -> [Record] {
        try records(of: try database.prepare(sql), bindings, record)
    }

    /// The records of `sql`, which takes no bindings.
    private func records<Record>(_ sql: String, _ record: (Row) -> Record) throws -> [Record] {
        try records(of: try database.prepare(sql), [], record)
    }

    /// Like ``records(_:_:_:)``, through a statement compiled once per reader.
    private func cachedRecords<Record>(
        _ sql: String, _ bindings: [SQLValue], _ record: (Row) -> Record
    ) throws -> [Record] {
        let statement: Statement
        if let cached = cachedStatements[sql] {
            statement = cached
        } else {
            statement = try database.prepare(sql)
            cachedStatements[sql] = statement
        }
        let records = try records(of: statement, bindings, record)
        // Reset, so the statement holds no read transaction open between uses.
        try statement.bind([])
        return records
    }

    private func records<Record>(
        of statement: Statement, _ bindings: [SQLValue], _ record: (Row) -> Record
    ) throws -> [Record] {
        try statement.bind(bindings)
        var records: [Record] = []
        while let row = try statement.step() {
            records.append(record(row))
        }
        return records
    }

    /// The most characters of one text from a trace that a record keeps (names, files, types,
    /// details): far more than any real name, and a bound on what a damaged or hostile trace's
    /// huge values cost, since a report holds and prints a name once for every call that has it.
    public static let maximumTextLength = 4_096

    private static let subscriptionQuery = """
        SELECT subscription.*, thread.name AS thread_name, type.type_name AS observable_type_name
        FROM subscription
        JOIN thread ON thread.id = subscription.thread_id
        LEFT JOIN object ON object.id = subscription.observable_object_id
        LEFT JOIN type ON type.id = object.type_id
        """
}

/// The tables of the schema, for counting.
public enum TraceTable: String, CaseIterable, Sendable {
    case thread, type, site, scope, object, call, event, subscription
}

extension TraceRun {
    init(row: Row) {
        self.init(
            schemaVersion: Int(row.integer("schema_version") ?? 0),
            program: row.traceText("program") ?? "",
            startTime: row.traceText("start_time") ?? "",
            endNanoseconds: row.integer("end_ts"),
            endReason: EndReason(rawValue: row.traceText("end_reason") ?? "") ?? .running,
            signalName: row.traceText("signal_name"),
            isRecordingValues: row.integer("is_recording_values") == 1,
            resourcesTotalStart: Int(row.integer("resources_total_start") ?? 0),
            resourcesTotalEnd: row.integer("resources_total_end").map(Int.init),
            recordCount: Int(row.integer("record_count") ?? 0),
            failure: row.traceText("failure"),
            detail: row.traceText("detail").flatMap(RecordingDetail.init(rawValue:)) ?? .calls
        )
    }
}

extension CallRecord {
    init(row: Row) {
        self.init(row: row, idColumn: "id")
    }

    init(row: Row, idColumn: String) {
        self.init(
            id: row.integer(idColumn) ?? 0,
            parentID: row.integer("parent_id"),
            depth: Int(row.integer("depth") ?? 0),
            threadName: row.traceText("thread_name") ?? "",
            name: row.traceText("name") ?? "",
            file: row.traceText("file") ?? "",
            line: Int(row.integer("line") ?? 0),
            objectID: row.integer("object_id"),
            typeName: row.traceText("type_name"),
            detail: row.traceText("detail"),
            startNanoseconds: row.integer("ts") ?? 0,
            durationNanoseconds: row.integer("dur")
        )
    }
}

extension ObjectRecord {
    init(row: Row) {
        self.init(
            id: row.integer("id") ?? 0,
            typeName: row.traceText("type_name") ?? "",
            startNanoseconds: row.integer("start_ts") ?? 0,
            endNanoseconds: row.integer("end_ts"),
            callID: row.integer("call_id"),
            scopeID: row.integer("scope_id"),
            virtualTime: row.integer("virtual_ts"),
            assembly: row.traceText("assembled_by").map { name in
                Assembly(
                    name: name, file: row.traceText("assembled_file") ?? "", line: Int(row.integer("assembled_line") ?? 0)
                )
            }
        )
    }
}

extension EventRecord {
    init(row: Row) {
        self.init(
            id: row.integer("id") ?? 0,
            timeNanoseconds: row.integer("ts") ?? 0,
            callID: row.integer("call_id"),
            kind: row.traceText("kind") ?? "",
            value: row.traceText("value"),
            sourceObjectID: row.integer("source_object_id"),
            observerObjectID: row.integer("observer_object_id")
        )
    }
}

extension SubscriptionRecord {
    init(row: Row) {
        self.init(
            id: row.integer("id") ?? 0,
            startNanoseconds: row.integer("ts") ?? 0,
            threadName: row.traceText("thread_name") ?? "",
            callID: row.integer("call_id"),
            observableObjectID: row.integer("observable_object_id"),
            observableTypeName: row.traceText("observable_type_name"),
            observerObjectID: row.integer("observer_object_id"),
            disposableObjectID: row.integer("disposable_object_id"),
            file: row.traceText("file") ?? "",
            line: Int(row.integer("line") ?? 0),
            endNanoseconds: row.integer("end_ts"),
            endKind: row.traceText("end_kind"),
            scopeID: row.integer("scope_id"),
            virtualTime: row.integer("virtual_ts"),
            endCallID: row.integer("end_call_id")
        )
    }
}

extension CauseStep {
    init(row: Row) {
        self.init(
            step: Int(row.integer("step") ?? 0),
            via: row.text("via"),
            call: CallRecord(row: row, idColumn: row.integer("call_id") != nil ? "call_id" : "id"),
            hopEventID: row.integer("hop_event_id")
        )
    }
}

/// What a trace's schema holds of the tables, columns and views that later version-3 traces
/// add; a reader does without those an earlier trace lacks.
public struct SchemaFeatures: Sendable, Equatable {
    /// `subscription.end_call_id`: what ended each subscription.
    public var hasEndCalls: Bool
    /// The `tag` table: chains user code named.
    public var hasTags: Bool
    /// The `call_cause` and `event_cause` views, which `rxtrace why` reads.
    public var hasCauseViews: Bool
    /// Whether user code tagged any chain: the `tag` table has rows. Reports look tags up only
    /// then.
    public var isTagged: Bool
    /// The `bag_entry` table: what each DisposeBag took.
    public var hasBagEntries: Bool

    init(database: Database) throws {
        let names = Set(try database.rows("SELECT name FROM sqlite_schema").compactMap { $0.text("name") })
        let columns = Set(
            try database.rows("SELECT name FROM pragma_table_info('subscription')").compactMap { $0.text("name") }
        )
        hasEndCalls = columns.contains("end_call_id")
        hasTags = names.contains("tag")
        hasCauseViews = names.contains("call_cause") && names.contains("event_cause")
        isTagged = try hasTags && database.scalar("SELECT EXISTS (SELECT 1 FROM tag)")?.integer == 1
        hasBagEntries = names.contains("bag_entry")
    }
}

extension Row {
    /// The text of column `name` cut to ``TraceReader/maximumTextLength`` characters, with how
    /// much was left out, or `nil`.
    func traceText(_ name: String) -> String? {
        guard let text = text(name) else { return nil }
        guard text.utf8.count > TraceReader.maximumTextLength else { return text }
        let kept = text.prefix(TraceReader.maximumTextLength)
        guard kept.endIndex < text.endIndex else { return text }
        return kept + "… (\(text.utf8.count - kept.utf8.count) more bytes)"
    }
}
