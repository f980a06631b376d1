extension TraceReader {
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
        // Read in place, as ``CallRecord/init(row:)`` reads a `Row`: a `Row` of each, with a
        // `String` of each of its texts, was a sixth of the reading thread's time in `report
        // --all` of many short flows. A thread's, a step's and a type's names repeat from row to
        // row, and are made once for each run of rows that repeats them (``RepeatedTexts``).
        let names = statement.columnNames
        // Where the columns lie, found once for all rows; the first of a name, as a `Row` finds it.
        func position(_ name: String) -> Int32? { names.firstIndex(of: name).map(Int32.init) }
        let id = position("id")
        let parentID = position("parent_id")
        let depth = position("depth")
        let threadName = position("thread_name")
        let name = position("name")
        let file = position("file")
        let line = position("line")
        let objectID = position("object_id")
        let typeName = position("type_name")
        let detail = position("detail")
        let start = position("ts")
        let duration = position("dur")
        let startedSubscription = position("started_subscription_id")
        func integer(_ position: Int32?) -> Int64? { position.flatMap { statement.integer(at: $0) } }
        var texts = RepeatedTexts(count: 4)
        func text(_ position: Int32?, repeatedIn slot: Int) -> String? {
            position.flatMap { texts.text(at: $0, of: statement, repeatedIn: slot) }
        }
        while try statement.advance() {
            let call = CallRecord(
                id: integer(id) ?? 0,
                parentID: integer(parentID),
                depth: Int(integer(depth) ?? 0),
                threadName: text(threadName, repeatedIn: 0) ?? "",
                name: text(name, repeatedIn: 1) ?? "",
                file: text(file, repeatedIn: 2) ?? "",
                line: Int(integer(line) ?? 0),
                objectID: integer(objectID),
                typeName: text(typeName, repeatedIn: 3),
                detail: detail.flatMap { statement.text(at: $0) }.map(Self.cutToMaximumLength),
                startNanoseconds: integer(start) ?? 0,
                durationNanoseconds: integer(duration)
            )
            try body(call, integer(startedSubscription))
        }
    }

    /// How many top-level calls (flows) the trace has; counts them without reading them.
    public func topLevelCallCount() throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM call WHERE parent_id IS NULL")?.integer ?? 0)
    }

    /// The flow numbers of the top-level calls `roots`: 1 for the first top-level call of the
    /// trace, and so on.
    ///
    /// Counts through the index of the top-level calls (`call_root`; in an older trace,
    /// `call_parent`'s NULLs): once up to the first root, then only the gaps between the roots,
    /// so a report on one subscription numbers its few flows without reading every flow of a
    /// large trace.
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
    /// items ran in. Reads the index of the top-level calls in id order (`call_root`, which
    /// holds their objects; in an older trace, `call_parent`'s NULLs).
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

    /// The first `limit` calls of the tree under `root` (`root` included), in order of entry,
    /// without reading the rest of the tree: however large the tree, this reads about `limit`
    /// calls and the children waiting behind them.
    ///
    /// A call enters after its parent, so its id is larger: taking the waiting call with the
    /// smallest id each time yields the tree's calls in id order, and the first `limit` taken
    /// are its `limit` first calls.
    ///
    /// - Throws: ``TraceFileError/damaged(path:reason:)`` like ``callTree(under:)``.
    public func callTree(under root: Int64, limit: Int) throws -> [CallRecord] {
        // Each call taken queues its first child and its next sibling (the smallest ids after
        // it under its own parent and under its parent), not all its children: a call with a
        // million children costs two index lookups, not a million rows in the queue. Both
        // enter after it, and ORDER BY makes the queue a priority queue by id, so the calls
        // come out in id order and LIMIT stops the recursion once `limit` have been taken.
        // UNION: a loop of parent_ids ends the recursion.
        let calls = try records(
            """
            WITH RECURSIVE tree(id, parent_id) AS (
                SELECT id, parent_id FROM call WHERE id = ?1
                UNION
                SELECT call.id, call.parent_id FROM tree, (SELECT 0 AS way UNION ALL SELECT 1) AS next
                JOIN call ON call.id = CASE next.way
                    WHEN 0 THEN (SELECT min(child.id) FROM call AS child WHERE child.parent_id = tree.id)
                    ELSE (
                        SELECT min(sibling.id) FROM call AS sibling
                        WHERE tree.id <> ?1 AND sibling.parent_id = tree.parent_id AND sibling.id > tree.id
                    ) END
                ORDER BY 1 LIMIT ?2
            )
            SELECT * FROM \(Self.callFlow) WHERE id IN (SELECT id FROM tree) ORDER BY id
            """,
            [.integer(root), .integer(Int64(limit))],
            CallRecord.init(row:)
        )
        if let parent = calls.first(where: { $0.id == root })?.parentID, calls.contains(where: { $0.id == parent }) {
            throw TraceFileError.damaged(path: path, reason: "call #\(root) is its own ancestor (a loop of parent_id)")
        }
        return calls
    }

    /// The SQL, for `rxtrace query`, that lists every call of the tree under `root` in order:
    /// what a flow cut at ``FlowBuilder/callLimit`` leaves out.
    public static func callTreeQuery(under root: Int64) -> String {
        "WITH RECURSIVE tree(id) AS (SELECT \(root) UNION SELECT call.id FROM call JOIN tree "
            + "ON call.parent_id = tree.id) SELECT * FROM call_flow WHERE id IN tree ORDER BY id"
    }

    /// How many calls the tree under `root` holds, `root` included, counted without holding
    /// them, in one pass over a range of rows.
    ///
    /// A thread's calls nest: the calls under `root` are those its thread entered after it and
    /// before the first call that is not under it, the next sibling of `root` or else of its
    /// nearest ancestor that has one (or the thread's next top-level call). Following the
    /// children instead took an index lookup per call (a flow of 12 million calls: 88 s). A
    /// loop of `parent_id`s in a damaged trace ends the walk up.
    public func callTreeSize(under root: Int64) throws -> Int {
        guard
            let rootRow = try database.rows(
                "SELECT parent_id, depth, thread_id FROM call WHERE id = ?", [.integer(root)]
            ).first,
            let thread = rootRow.integer("thread_id")
        else { return 0 }
        var end: Int64?
        var node = (id: root, parentID: rootRow.integer("parent_id"))
        var visited: Set<Int64> = [root]
        while end == nil {
            guard let parent = node.parentID else {
                end = try database.scalar(
                    "SELECT min(id) FROM call WHERE parent_id IS NULL AND thread_id = ? AND id > ?",
                    [.integer(thread), .integer(node.id)]
                )?.integer
                break
            }
            end = try database.scalar(
                "SELECT min(id) FROM call WHERE parent_id = ? AND id > ?", [.integer(parent), .integer(node.id)]
            )?.integer
            guard end == nil, visited.insert(parent).inserted,
                let grandparent = try database.scalar("SELECT parent_id FROM call WHERE id = ?", [.integer(parent)])
            else { break }
            node = (parent, grandparent.integer)
        }
        let under = try database.scalar(
            "SELECT count(*) FROM call WHERE id > ? AND id < ? AND thread_id = ? AND depth > ?",
            [.integer(root), .integer(end ?? Int64.max), .integer(thread), .integer(rootRow.integer("depth") ?? 0)]
        )?.integer
        return 1 + Int(under ?? 0)
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

    /// `call` and the calls above it, innermost first, at most `limit` of them: what was running
    /// when it was made (a work item's scheduling step and the sink that scheduled it).
    public func ancestry(of call: Int64, limit: Int = 32) throws -> [CallRecord] {
        var calls: [CallRecord] = []
        var next: Int64? = call
        while let id = next, calls.count < limit, let record = try self.call(id) {
            calls.append(record)
            next = record.parentID
        }
        return calls
    }
}
