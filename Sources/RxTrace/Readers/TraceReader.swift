import CSQLite
import Foundation

/// Opens a trace read-only, checks that it is one this build understands, and answers the
/// questions the reports ask: the run, the calls of a flow, objects, events, subscriptions.
///
/// Every query is plain SQL over the documented schema (`Documentation/TraceSchema.md`), so
/// what a report shows can also be had with `rxtrace query`. The reader holds all of the
/// reading side's SQL: renderers, exporters and `diff` work on the model values it returns.
/// The questions are split by topic: `TraceReader+Flows` (calls and flows), `+Objects`,
/// `+Events`, `+Subscriptions` (and their chains), `+Causes` (`rxtrace why`), `+Run` (threads,
/// the run's end), `+Export` (streams for the exporters) and `+Pages` (what the HTML page
/// reads); `+Rows` turns rows into model values.
public final class TraceReader {
    /// The read-only connection.
    public let database: Database
    /// The recorded run.
    public let run: TraceRun
    /// The file read, for messages; `:memory:` for an open connection's.
    public let path: String
    /// What the trace's schema holds of what later version-3 traces add; see ``SchemaFeatures``.
    public let features: SchemaFeatures
    /// Whether the trace has the `assembly` table (schema 3 on): where user code built each
    /// observable.
    private let hasAssemblyTable: Bool
    /// The inline chains of the trace's caller addresses that no `caller_line` row names,
    /// symbolized in memory on first need (`TraceReader+Callers`); `nil` until then.
    var symbolizedCallers: [UInt: [CallerFrame]]?
    /// The inline chains of each caller stack read so far, by stack id (`TraceReader+Callers`):
    /// a page reads the caller line of every entry point its flows hold, and a loop's calls
    /// share a few stacks. Emptied when it holds 100,000.
    var callerChainsByStack: [Int64: [[CallerFrame]]] = [:]
    /// Why ``symbolizedCallers`` could not be had (no symbolizer, the program's file gone), or
    /// `nil`.
    var symbolizingFailure: String?
    /// Every ended subscription's end call and id, in order of end call, read on first need
    /// (`TraceReader+Subscriptions`): 16 bytes a subscription, so each flow finds the
    /// subscriptions it ended by a binary search (`end_call_id` has no index).
    var subscriptionEnds: [(call: Int64, subscription: Int64)]?

    /// Opens the trace at `path` read-only, writing nothing beside it or into it, even when
    /// its writer left it in WAL mode (see ``ReadOnlyTraceFile``).
    ///
    /// - Throws: ``TraceFileError`` naming what is wrong with the file.
    public convenience init(path: String) throws(TraceFileError) {
        // What stands at the path, said as the system says it: a missing file, a directory, a
        // loop of links, a device and an unreadable file are different mistakes.
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno
            if reason == ENOENT { throw .missing(path: path) }
            throw .notAFile(path: path, reason: String(cString: strerror(reason)).lowercased())
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile(path: path, reason: "a directory, not a trace")
        default: throw .notAFile(path: path, reason: "not a regular file, so not a trace")
        }
        guard access(path, R_OK) == 0 else {
            throw .notAFile(path: path, reason: String(cString: strerror(errno)).lowercased())
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

    /// Whether `other` reads through this reader's connection (it is this reader, or was made
    /// on the same ``Database``): two such readers may not be used on two threads at once.
    func sharesConnection(with other: TraceReader) -> Bool {
        database === other.database
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
        for table in TraceTable.allCases.map(\.rawValue) + ["run", "assembly", "site"] where kinds[table] == "view" {
            throw .damaged(path: path, reason: "its \(table) table is a view")
        }
        self.hasAssemblyTable = kinds["assembly"] == "table"
        if kinds["step"] == nil, kinds["site"] == "table" {
            do {
                try Self.nameOlderTablesAsToday(database)
            } catch {
                throw .unreadable(path: path, reason: String(describing: error))
            }
        }
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
        do {
            try nameCapturedSitesOfACutShortTrace()
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
    }

    /// Gives a trace of schema 4 or older today's names, on this connection only: the steps'
    /// table was `site` and a call's reference to it `site_id`. Temporary views named `step`
    /// and `call` (which SQLite looks up before the file's own `call`) let every query, the
    /// reader's and `rxtrace query`'s, use the names of ``TraceSchema``; the file itself is not
    /// touched, and the views live in memory.
    private static func nameOlderTablesAsToday(_ database: Database) throws {
        let wasQueryOnly = try database.scalar("PRAGMA query_only")?.integer == 1
        try database.execute("PRAGMA query_only = 0")
        try database.execute("PRAGMA temp_store = MEMORY")
        try database.execute("CREATE TEMP VIEW step AS SELECT id, name, file, line FROM main.site")
        try database.execute("CREATE TEMP VIEW call AS SELECT *, site_id AS step_id FROM main.call")
        if wasQueryOnly { try database.execute("PRAGMA query_only = 1") }
    }

    // MARK: - Counts

    /// How many rows `table` has.
    public func count(_ table: TraceTable) throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM \(table.rawValue)")?.integer ?? 0)
    }

    // MARK: - Queries shared by the extensions

    /// Objects with their type names and, from schema 3 on, where they were assembled (the
    /// schema's `object_assembly` view, written out).
    var objectQuery: String {
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
    static let callFlow = """
        (
            SELECT call.id AS id, call.parent_id AS parent_id, call.depth AS depth, thread.name AS thread_name,
                step.name AS name, step.file AS file, step.line AS line, call.object_id AS object_id,
                type.type_name AS type_name, call.detail AS detail, call.ts AS ts, call.dur AS dur
            FROM call
            JOIN step ON step.id = call.step_id
            JOIN thread ON thread.id = call.thread_id
            LEFT JOIN object ON object.id = call.object_id
            LEFT JOIN type ON type.id = object.type_id
        ) AS call_flow
        """
    /// The rows of `sql`, with `bindings` bound, each made into a record as soon as it is read:
    /// only the records are held, whose texts ``Row/traceText(_:)`` cuts short, so a damaged
    /// trace's megabyte names are not held once per row.
    func records<Record>(
        _ sql: String, _ bindings: [SQLValue], _ record: (Row) -> Record
    ) throws -> [Record] {
        try cachedRecords(sql, bindings, record)
    }

    /// The records of `sql`, which takes no bindings.
    func records<Record>(_ sql: String, _ record: (Row) -> Record) throws -> [Record] {
        try cachedRecords(sql, [], record)
    }

    /// Like ``records(_:_:_:)``, through a statement compiled once per connection.
    func cachedRecords<Record>(
        _ sql: String, _ bindings: [SQLValue], _ record: (Row) -> Record
    ) throws -> [Record] {
        // Compiled once per connection (``Database/compiled(_:)``): a report runs the same few
        // statements once per flow, and for a trace with a million flows compiling them again
        // for each was most of the work.
        let statement = try database.compiled(sql)
        // Reset, so the statement holds no read transaction open between uses.
        defer { statement.reset() }
        return try records(of: statement, bindings, record)
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

    /// User-made subscriptions with the name of the thread that subscribed and the type of the
    /// observable subscribed to.
    static let subscriptionQuery = """
        SELECT subscription.*, thread.name AS thread_name, type.type_name AS observable_type_name
        FROM subscription
        JOIN thread ON thread.id = subscription.thread_id
        LEFT JOIN object ON object.id = subscription.observable_object_id
        LEFT JOIN type ON type.id = object.type_id
        """
}

/// The tables of the schema, for counting.
public enum TraceTable: String, CaseIterable, Sendable {
    case thread, type, step, scope, object, call, event, subscription
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
    /// The `caller`, `image` and `caller_line` tables (schema 6): the user's lines behind
    /// `onNext`, `dispose()` and the other entry points.
    public var hasCallers: Bool
    /// `object.caller_stack_id` (schema 7): where user code made the objects it made outside
    /// any step.
    public var hasObjectCallers: Bool
    /// `caller_stack_id` on `assembly`, `subscription` and `tag` (schema 8): the build, subscribe
    /// and tag sites captured as stacks of return addresses.
    public var hasSiteCallers: Bool

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
        hasCallers = names.contains("caller") && names.contains("image") && names.contains("caller_line")
        let objectColumns = try database.rows("SELECT name FROM pragma_table_info('object')").compactMap {
            $0.text("name")
        }
        hasObjectCallers = hasCallers && objectColumns.contains("caller_stack_id")
        hasSiteCallers = hasCallers && columns.contains("caller_stack_id")
    }
}
