extension TraceReader {
    // MARK: - Call trees read as runs of their thread's calls

    /// The calls as ``callTrees(under:limit:)`` reads them (their id, parent, depth and thread
    /// first, where ``callTreesInRuns(under:limit:rowLimit:sql:_:)`` reads them), with their
    /// step, thread and type by id, which ``CallNames`` turns into names once per window
    /// instead of SQLite joining and handing over the same names for every call; the rows from
    /// `?1` on, in id order.
    static let callRunQuery = """
        SELECT call.id AS id, call.parent_id AS parent_id, call.depth AS depth, call.thread_id AS thread_id,
            call.step_id AS step_id, call.object_id AS object_id, object.type_id AS type_id, call.detail AS detail,
            call.ts AS ts, call.dur AS dur
        FROM call LEFT JOIN object ON object.id = call.object_id
        WHERE call.id >= ?1 ORDER BY call.id
        """

    /// The names of the steps, threads and types a window's calls name by id, each read once
    /// per window, and the calls of ``callRunQuery``'s rows made with them.
    final class CallNames {
        private let reader: TraceReader
        private var steps: [Int64: (name: String, file: String, line: Int)?] = [:]
        private var threads: [Int64: String?] = [:]
        private var types: [Int64: String?] = [:]

        init(reader: TraceReader) {
            self.reader = reader
        }

        /// The call of a row of ``callRunQuery``, as ``TraceReader/callFlow`` reads it; `nil`
        /// when its step or thread is missing (a damaged trace, whose calls the view leaves out).
        func call(_ row: Row) throws -> CallRecord? {
            guard let id = row.integer(at: 0), let threadID = row.integer(at: 3), let stepID = row.integer(at: 4),
                let step = try step(stepID), let threadName = try thread(threadID)
            else { return nil }
            return CallRecord(
                id: id, parentID: row.integer(at: 1), depth: Int(row.integer(at: 2) ?? 0), threadName: threadName,
                name: step.name, file: step.file, line: step.line, objectID: row.integer(at: 5),
                typeName: try row.integer(at: 6).flatMap(type), detail: row.traceText(at: 7),
                startNanoseconds: row.integer(at: 8) ?? 0, durationNanoseconds: row.integer(at: 9)
            )
        }

        private func step(_ id: Int64) throws -> (name: String, file: String, line: Int)? {
            if let known = steps[id] { return known }
            let step = try reader.cachedRecords("SELECT name, file, line FROM step WHERE id = ?", [.integer(id)]) {
                (name: $0.traceText("name") ?? "", file: $0.traceText("file") ?? "", line: Int($0.integer("line") ?? 0))
            }.first
            steps[id] = step
            return step
        }

        private func thread(_ id: Int64) throws -> String? {
            if let known = threads[id] { return known }
            let name = try reader.cachedRecords("SELECT name FROM thread WHERE id = ?", [.integer(id)]) {
                $0.traceText("name") ?? ""
            }.first
            threads[id] = name
            return name
        }

        private func type(_ id: Int64) throws -> String? {
            if let known = types[id] { return known }
            let name =
                try reader.cachedRecords("SELECT type_name FROM type WHERE id = ?", [.integer(id)]) {
                    $0.traceText("type_name")
                }.first ?? nil
            types[id] = name
            return name
        }
    }

    /// What a ``SubscriptionChain`` is built from, as ``chainCallTrees(under:limit:)`` reads it,
    /// with what nesting needs first (a call whose step is missing has no name); the rows from `?1` on, in id order.
    static let chainRunQuery = """
        SELECT call.id AS id, call.parent_id AS parent_id, call.depth AS depth, call.thread_id AS thread_id,
            step.name AS name, call.object_id AS object_id
        FROM call LEFT JOIN step ON step.id = call.step_id
        WHERE call.id >= ?1 ORDER BY call.id
        """

    /// What happened when a window's trees were read as runs of their threads' calls.
    enum CallRuns<Call> {
        /// The trees, by root.
        case trees([Int64: [Call]])
        /// Reading them took more than the row limit: read them one at a time.
        case tooLarge
        /// The calls do not nest as a thread's calls do (a damaged trace): read them through
        /// their `parent_id`s.
        case broken
    }

    /// The first `limit` calls of the tree under each of `roots`, by root, read as runs of
    /// their threads' calls (``CallTreeRuns``) through `sql`, one of ``callRunQuery`` and
    /// ``chainRunQuery``: one pass over the id range the trees lie in, skipping the ranges no
    /// tree needs, instead of an index lookup per call.
    ///
    /// ``CallRuns/tooLarge`` when more than `rowLimit` rows would be read.
    /// `record` makes what a tree holds of a row; `nil` for a row that is not a call of the
    /// trace's views (``CallRuns/broken``).
    func callTreesInRuns<Call>(
        under roots: [Int64], limit: Int, rowLimit: Int, sql: String, _ record: (Row) throws -> Call?
    ) throws -> CallRuns<Call> {
        var runs = CallTreeRuns<Call>(roots: roots, limit: limit)
        guard let first = runs.firstID else { return .trees([:]) }
        let statement = try database.compiled(sql)
        defer { statement.reset() }
        try statement.bind([.integer(first)])
        var rowsRead = 0
        reading: while let row = try statement.step() {
            rowsRead += 1
            if rowsRead > rowLimit { return .tooLarge }
            // Both queries begin with the id, parent, depth and thread.
            guard let id = row.integer(at: 0), let depth = row.integer(at: 2), let thread = row.integer(at: 3) else {
                return .broken
            }
            var isCall = true
            let verdict = try runs.add(id: id, parentID: row.integer(at: 1), depth: Int(depth), thread: thread) {
                let call = try record(row)
                isCall = call != nil
                return call
            }
            guard isCall else { return .broken }
            switch verdict {
            case .next: continue
            case .skip(let next): try statement.bind([.integer(next)])
            case .done: break reading
            case .broken: return .broken
            }
        }
        return .trees(runs.trees)
    }

    /// ``callTreesInRuns(under:limit:rowLimit:sql:_:)`` with each row read in place: `record`
    /// reads the row `statement` stands on through its columns (``Statement/integer(at:)``,
    /// ``Statement/withText(at:_:)``), with no ``Row`` made of it.
    func callTreesInRunsInPlace<Call>(
        under roots: [Int64], limit: Int, rowLimit: Int, sql: String, _ record: (Statement) throws -> Call?
    ) throws -> CallRuns<Call> {
        var runs = CallTreeRuns<Call>(roots: roots, limit: limit)
        guard let first = runs.firstID else { return .trees([:]) }
        let statement = try database.compiled(sql)
        defer { statement.reset() }
        try statement.bind([.integer(first)])
        var rowsRead = 0
        reading: while try statement.advance() {
            rowsRead += 1
            if rowsRead > rowLimit { return .tooLarge }
            // Both queries begin with the id, parent, depth and thread.
            guard let id = statement.integer(at: 0), let depth = statement.integer(at: 2),
                let thread = statement.integer(at: 3)
            else { return .broken }
            var isCall = true
            let verdict = try runs.add(id: id, parentID: statement.integer(at: 1), depth: Int(depth), thread: thread) {
                let call = try record(statement)
                isCall = call != nil
                return call
            }
            guard isCall else { return .broken }
            switch verdict {
            case .next: continue
            case .skip(let next): try statement.bind([.integer(next)])
            case .done: break reading
            case .broken: return .broken
            }
        }
        return .trees(runs.trees)
    }
}
