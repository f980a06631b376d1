extension TraceReader {
    // MARK: - Many at once

    /// How many rows one window's query of ``callTrees(under:limit:)`` reads at most before it
    /// falls back to one query per tree: enough for hundreds of ordinary subscribes, and a
    /// bound on what one window holds when a tree is huge.
    static let windowRowLimit = 50_000

    /// `ids` as the JSON array that `json_each(?)` reads: one bound text instead of a list
    /// written into the SQL, so a window's statement is compiled once per connection.
    static func jsonList(_ ids: some Sequence<Int64>) -> SQLValue {
        .text("[" + ids.map(String.init).joined(separator: ",") + "]")
    }

    /// The first `limit` calls of the tree under each of `roots`, as ``callTree(under:limit:)``
    /// reads one, by root, in one pass over the id range they lie in (``CallTreeRuns``); `nil`
    /// when together they take more than ``windowRowLimit`` rows, which are then better read
    /// one tree at a time.
    ///
    /// - Throws: ``TraceFileError/damaged(path:reason:)`` for a root that is its own ancestor.
    public func callTrees(under roots: [Int64], limit: Int) throws -> [Int64: [CallRecord]]? {
        let names = CallNames(reader: self)
        return try callTrees(
            under: roots, limit: limit, runQuery: Self.callRunQuery, record: { try names.call($0) },
            brokenColumns: "call_flow.* FROM tree JOIN \(Self.callFlow) ON call_flow.id = tree.id"
        )
    }

    /// ``callTrees(under:limit:)`` with only what a ``SubscriptionChain`` is built from: each
    /// call's id, parent, depth, step name and object; its other fields are left empty (no
    /// thread, file, type or times), which saves reading them for every call of many subscribes.
    func chainCallTrees(under roots: [Int64], limit: Int) throws -> [Int64: [CallRecord]]? {
        // A call whose step is missing is left out of the view the trees are read through.
        let record = CallRecord.rowReader()
        return try callTrees(
            under: roots, limit: limit, runQuery: Self.chainRunQuery,
            record: { $0.text(at: 4) == nil ? nil : record($0) },
            brokenColumns: """
                call.id AS id, call.parent_id AS parent_id, step.name AS name, call.object_id AS object_id
                FROM tree JOIN call ON call.id = tree.id JOIN step ON step.id = call.step_id
                """
        )
    }

    /// The trees under `roots` read as runs of their threads' calls through `runQuery`, each
    /// call made by `record`; `nil` when they take more rows than ``windowRowLimit``; read
    /// through the `parent_id`s, each call from `brokenColumns`, when the calls do not nest as
    /// a thread's calls do (a damaged trace, whose damage that read reports).
    private func callTrees(
        under roots: [Int64], limit: Int, runQuery: String, record: (Row) throws -> CallRecord?,
        brokenColumns: String
    ) throws -> [Int64: [CallRecord]]? {
        switch try callTreesInRuns(under: roots, limit: limit, rowLimit: Self.windowRowLimit, sql: runQuery, record) {
        case .trees(let trees): return trees
        case .tooLarge: return nil
        case .broken: return try callTrees(under: roots, limit: limit, columns: brokenColumns)
        }
    }

    /// The trees of ``callTrees(under:limit:)`` read through the `parent_id`s, as a trace whose
    /// calls do not nest as a thread's calls do needs (a damaged trace, whose damage this
    /// reports), each call read from `columns`: what is selected after the tree's root, from
    /// `tree` joined with the call's columns.
    private func callTrees(under roots: [Int64], limit: Int, columns: String) throws -> [Int64: [CallRecord]]? {
        let unique = Array(Set(roots)).sorted()
        guard !unique.isEmpty else { return [:] }
        // UNION over (root, call): a loop of parent_ids ends the recursion; a call under two of
        // the roots (one subscribe inside another) is in both trees.
        let rowLimit = Self.windowRowLimit
        let rows = try cachedRecords(
            """
            WITH RECURSIVE tree(root, id) AS (
                SELECT value, value FROM json_each(?)
                UNION
                SELECT tree.root, call.id FROM call JOIN tree ON call.parent_id = tree.id LIMIT ?
            )
            SELECT tree.root AS tree_root, \(columns)
            ORDER BY tree.root, tree.id
            """,
            [Self.jsonList(unique), .integer(Int64(rowLimit))]
        ) { (root: $0.integer("tree_root") ?? 0, call: CallRecord(row: $0)) }
        // The window's trees may have been cut by the row limit.
        if rows.count + unique.count >= rowLimit { return nil }
        var treeOfRoot: [Int64: [CallRecord]] = [:]
        for row in rows { treeOfRoot[row.root, default: []].append(row.call) }
        for root in unique {
            var calls = treeOfRoot[root] ?? []
            if calls.count > limit { calls.removeLast(calls.count - limit) }
            if let parent = calls.first(where: { $0.id == root })?.parentID, calls.contains(where: { $0.id == parent })
            {
                throw TraceFileError.damaged(
                    path: path, reason: "call #\(root) is its own ancestor (a loop of parent_id)")
            }
            treeOfRoot[root] = calls
        }
        return treeOfRoot
    }

    /// The objects created directly by one of `calls`, in order of creation: what
    /// ``objects(createdBy:)`` reads, through one statement compiled once whatever the calls.
    public func objects(createdByAnyOf calls: some Collection<Int64>) throws -> [ObjectRecord] {
        guard !calls.isEmpty else { return [] }
        return try cachedRecords(
            objectQuery + " WHERE object.call_id IN (SELECT value FROM json_each(?)) ORDER BY object.id",
            [Self.jsonList(Set(calls).sorted())], ObjectRecord.init(row:)
        ).map(atUserBuildSite)
    }

    /// The objects created directly by one of `calls`, each as its id and creator, in order of
    /// creation: the rows of ``objects(createdByAnyOf:)`` without the lookup of each one's
    /// build site, for a caller that needs only which call made which object (a
    /// ``SubscriptionChain``'s).
    func creators(ofObjectsCreatedByAnyOf calls: some Collection<Int64>) throws -> [(id: Int64, callID: Int64)] {
        guard !calls.isEmpty else { return [] }
        return try cachedRecords(
            """
            SELECT object.id, object.call_id FROM object JOIN type ON type.id = object.type_id
            WHERE object.call_id IN (SELECT value FROM json_each(?)) ORDER BY object.id
            """,
            [Self.jsonList(Set(calls).sorted())]
        ) { (id: $0.integer(at: 0) ?? 0, callID: $0.integer(at: 1) ?? 0) }
    }

    /// ``creators(ofObjectsCreatedByAnyOf:)`` for the calls of a window's trees, which lie close
    /// together in id order: read as one range of the `object_call` index, keeping those of
    /// `calls`, as ``objects(createdByWindowCalls:)`` reads them, instead of one index lookup per
    /// call; in order of creation too. Calls spread far apart are read one lookup each.
    ///
    /// - Parameter calls: the calls, in increasing id order, each once.
    func creators(ofObjectsCreatedByWindowCalls calls: [Int64]) throws -> [(id: Int64, callID: Int64)] {
        guard let first = calls.first, let last = calls.last else { return [] }
        guard last - first < Int64(calls.count) * 4 + 1_000 else {
            return try creators(ofObjectsCreatedByAnyOf: calls)
        }
        // Read in place: a window's range holds a few objects per subscribe.
        let statement = try database.compiled(
            """
            SELECT object.id, object.call_id FROM object JOIN type ON type.id = object.type_id
            WHERE object.call_id BETWEEN ? AND ?
            """)
        defer { statement.reset() }
        try statement.bind([.integer(first), .integer(last)])
        var creators: [(id: Int64, callID: Int64)] = []
        while try statement.advance() {
            let callID = statement.integer(at: 1) ?? 0
            if Self.sorted(calls, contains: callID) {
                creators.append((id: statement.integer(at: 0) ?? 0, callID: callID))
            }
        }
        return creators.sorted { $0.id < $1.id }
    }

    /// ``objects(createdByAnyOf:)`` for the calls of a window's trees, which lie close together
    /// in id order: the objects created from the first call's to the last's, keeping those of
    /// `calls`, instead of one index lookup per call; in no particular order. Calls spread far
    /// apart are read as ``objects(createdByAnyOf:)`` reads them.
    ///
    /// Objects are numbered in order of creation, so those the range's calls created mostly lie
    /// in one range of ids too: found in the `object_call` index (which holds each entry's id),
    /// that range of the table is read in order, a row after the other, where reading each
    /// object the index names took a lookup in the table for each (about a fifth of reading a
    /// window's objects). When other objects fill the range of ids many times over (a call
    /// that stayed open while others made many, say), the index's entries are followed instead.
    ///
    /// - Parameter calls: the calls, in increasing id order, each once.
    func objects(createdByWindowCalls calls: [Int64]) throws -> [ObjectRecord] {
        guard let first = calls.first, let last = calls.last else { return [] }
        // The range holds the other threads' calls in between too: when they outnumber the
        // window's calls many times over, the lookups per call read less.
        guard last - first < Int64(calls.count) * 4 + 1_000 else { return try objects(createdByAnyOf: calls) }
        let callRange: [SQLValue] = [.integer(first), .integer(last)]
        let ids = try cachedRecords(
            "SELECT min(id), max(id), count(*) FROM object WHERE call_id BETWEEN ? AND ?", callRange
        ) { (low: $0.integer(at: 0), high: $0.integer(at: 1), count: $0.integer(at: 2) ?? 0) }.first
        // Read in place (``objectsInPlace(_:_:)``): a `Row` of each was a tenth of `report --all`.
        let objects: [ObjectRecord]
        if let ids, let low = ids.low, let high = ids.high, high - low < ids.count * 2 + 256 {
            // `+` keeps SQLite from choosing the `object_call` index for the second range.
            objects = try objectsInPlace(
                objectQuery + " WHERE object.id BETWEEN ? AND ? AND +object.call_id BETWEEN ? AND ?",
                [.integer(low), .integer(high)] + callRange
            )
        } else {
            objects = try objectsInPlace(objectQuery + " WHERE object.call_id BETWEEN ? AND ?", callRange)
        }
        return try objects.filter { $0.callID.map { Self.sorted(calls, contains: $0) } == true }.map(atUserBuildSite)
    }

    /// Whether `sorted`, in increasing order, holds `value`: a binary search, where hashing a
    /// window's thousands of calls into a set cost more than the lookups it served.
    private static func sorted(_ sorted: [Int64], contains value: Int64) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// The objects `ids`, by id, each as ``object(_:)`` reads it; ids the trace lacks are left
    /// out. Read in place (``objectsInPlace(_:_:)``).
    public func objects(withIDs ids: some Collection<Int64>) throws -> [Int64: ObjectRecord] {
        guard !ids.isEmpty else { return [:] }
        let objects = try objectsInPlace(
            objectQuery + " WHERE object.id IN (SELECT value FROM json_each(?)) ORDER BY object.id",
            [Self.jsonList(Set(ids).sorted())]
        )
        // Ids are unique in a sound trace; in a damaged one the first row of an id stands for it.
        var byID: [Int64: ObjectRecord] = [:]
        for object in objects where byID[object.id] == nil {
            byID[object.id] = try atUserBuildSite(object)
        }
        return byID
    }

    /// For each of `calls`, the innermost user subscription whose `subscribe` was running when
    /// it ran, as ``innermostSubscription(enclosing:)`` finds it (`nil` for none), after the
    /// check ``rootCall(of:)`` makes: the calls' parents are read in one query for all of them.
    ///
    /// - Throws: ``TraceFileError/damaged(path:reason:)`` for the first of `calls`, in order,
    ///   whose chain of parents loops or breaks.
    public func innermostSubscriptions(enclosing calls: [Int64]) throws -> [Int64: SubscriptionRecord?] {
        try innermost(enclosing: calls) { enclosing in
            try cachedRecords(
                Self.subscriptionQuery + " WHERE subscription.call_id IN (SELECT value FROM json_each(?))",
                [Self.jsonList(enclosing)]
            ) { row in
                let subscription = SubscriptionRecord(row: row)
                return (subscription.id, subscription.callID, subscription)
            }
        }
    }

    /// The site (``SubscriptionRecord/site``) of the subscription that
    /// ``innermostSubscriptions(enclosing:)`` finds for each of `calls`, reading only the
    /// subscriptions' ids, calls, files and lines, in place: where the objects alive at the end
    /// were created, for a trace with a million of them.
    func innermostSubscriptionSites(enclosing calls: [Int64]) throws -> [Int64: String?] {
        // The rows of subscriptionQuery (its inner join with the thread included), by position.
        let statement = try database.compiled(
            """
            SELECT subscription.id, subscription.call_id, subscription.file, subscription.line
            FROM subscription JOIN thread ON thread.id = subscription.thread_id
            WHERE subscription.call_id IN (SELECT value FROM json_each(?))
            """)
        let sites = try innermost(enclosing: calls) { enclosing in
            defer { statement.reset() }
            try statement.bind([Self.jsonList(enclosing)])
            var texts = RepeatedTexts(count: 1)
            var subscriptions: [(id: Int64, callID: Int64?, kept: (file: String, line: Int))] = []
            while try statement.advance() {
                subscriptions.append(
                    (
                        statement.integer(at: 0) ?? 0, statement.integer(at: 1),
                        (texts.text(at: 2, of: statement, repeatedIn: 0) ?? "", Int(statement.integer(at: 3) ?? 0))
                    ))
            }
            return subscriptions
        }
        // Only the innermost's site is written out, once per call.
        return sites.mapValues { site in site.map { "\($0.file):\($0.line)" } }
    }

    /// What ``innermostSubscriptions(enclosing:)`` finds: each call's ancestors read in one
    /// query, in place; the subscriptions started by any of them read by `startedByAnyOf` (given
    /// their calls' ids, ascending), each as its id, its call and what a caller keeps of it.
    private func innermost<Record>(
        enclosing calls: [Int64],
        startedByAnyOf read: ([Int64]) throws -> [(id: Int64, callID: Int64?, kept: Record)]
    ) throws -> [Int64: Record?] {
        guard !calls.isEmpty else { return [:] }
        // UNION over (origin, call): a loop of parent_ids ends the recursion, and is found below.
        let statement = try database.compiled(
            """
            WITH RECURSIVE up(origin, id, parent_id) AS (
                SELECT id, id, parent_id FROM call WHERE id IN (SELECT value FROM json_each(?))
                UNION
                SELECT up.origin, call.id, call.parent_id FROM call JOIN up ON call.id = up.parent_id
            )
            SELECT origin, id, parent_id FROM up
            """)
        try statement.bind([Self.jsonList(Set(calls).sorted())])
        var ancestors: [Int64: [(id: Int64, parent: Int64?)]] = [:]
        while try statement.advance() {
            ancestors[statement.integer(at: 0) ?? 0, default: []].append(
                (statement.integer(at: 1) ?? 0, statement.integer(at: 2)))
        }
        statement.reset()
        for call in calls {
            // A chain that reaches no top-level call loops or breaks: rootCall says how.
            if let chain = ancestors[call], !chain.contains(where: { $0.parent == nil }) {
                _ = try rootCall(of: call)
            }
        }
        let enclosing = Set(ancestors.values.joined().map(\.id))
        let subscriptions = try read(enclosing.sorted())
        var startedBy: [Int64: [(id: Int64, callID: Int64?, kept: Record)]] = [:]
        for subscription in subscriptions {
            if let call = subscription.callID { startedBy[call, default: []].append(subscription) }
        }
        var innermost: [Int64: Record?] = [:]
        for call in calls {
            // The latest subscribe call, and its latest subscription, as ORDER BY call_id DESC, id DESC.
            innermost[call] =
                (ancestors[call] ?? []).flatMap { startedBy[$0.id] ?? [] }.max {
                    ($0.callID ?? 0, $0.id) < ($1.callID ?? 0, $1.id)
                }?.kept as Record?
        }
        return innermost
    }
}
