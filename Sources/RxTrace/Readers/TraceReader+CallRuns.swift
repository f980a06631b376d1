extension TraceReader {
    // MARK: - Call trees read as runs of their thread's calls

    /// The calls as ``callTrees(under:limit:)`` reads them (their id, parent, depth and thread
    /// first, where ``callTreesInRuns(under:limit:rowLimit:sql:_:)`` reads them), from the `call` table itself, with
    /// the thread's id that tells the threads' runs apart; the rows from `?1` on, in id order.
    static let callRunQuery = """
        SELECT call.id AS id, call.parent_id AS parent_id, call.depth AS depth, call.thread_id AS thread_id,
            thread.name AS thread_name, step.name AS name, step.file AS file, step.line AS line,
            call.object_id AS object_id, type.type_name AS type_name, call.detail AS detail, call.ts AS ts,
            call.dur AS dur
        FROM call
        JOIN step ON step.id = call.step_id
        JOIN thread ON thread.id = call.thread_id
        LEFT JOIN object ON object.id = call.object_id
        LEFT JOIN type ON type.id = object.type_id
        WHERE call.id >= ?1 ORDER BY call.id
        """

    /// What a ``SubscriptionChain`` is built from, as ``chainCallTrees(under:limit:)`` reads it,
    /// with what nesting needs first; the rows from `?1` on, in id order.
    static let chainRunQuery = """
        SELECT call.id AS id, call.parent_id AS parent_id, call.depth AS depth, call.thread_id AS thread_id,
            step.name AS name, call.object_id AS object_id
        FROM call JOIN step ON step.id = call.step_id
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
    func callTreesInRuns<Call>(
        under roots: [Int64], limit: Int, rowLimit: Int, sql: String, _ record: (Row) -> Call
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
            let verdict = runs.add(id: id, parentID: row.integer(at: 1), depth: Int(depth), thread: thread) {
                record(row)
            }
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
