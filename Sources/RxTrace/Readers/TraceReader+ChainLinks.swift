extension TraceReader {
    // MARK: - Chains' links only

    /// For each of `roots`, the objects of the link steps (``SubscriptionChain/linkStepName``)
    /// among the first `limit` calls of the tree under it, in order of call: a chain's
    /// ``SubscriptionChain/subscribedThrough``, as ``callTrees(under:limit:)`` and
    /// ``SubscriptionChain/init(subscription:steps:created:)`` find it, in one query that hands
    /// back only the links, not every call of every tree. `nil` when the trees together hold
    /// more than ``windowRowLimit`` calls, which are then better read one tree at a time.
    ///
    /// `rxtrace diff` compares chains by their links alone: reading each subscribe's whole tree
    /// and the objects it created, as the leak report does, was most of a diff of a trace of
    /// many subscriptions.
    ///
    /// Each call is read as integers (``chainCallQuery``), its step's kind looked up once per
    /// step in `steps` (``ChainStepKinds``), where a join with the step table and the step's
    /// name compared for every call cost a seventh more (`valgrind --tool=callgrind`, `rxtrace
    /// diff` of 264,000 calls); a call whose step is missing is no link.
    func chainLinks(
        under roots: [Int64], limit: Int, steps: ChainStepKinds = ChainStepKinds()
    ) throws -> [Int64: [Int64]]? {
        // The trees as runs of their threads' calls (``CallTreeRuns``), each call reduced to its
        // object when it is a link, as it is read.
        let runs = try callTreesInRunsInPlace(
            under: roots, limit: limit, rowLimit: Self.windowRowLimit, sql: Self.chainCallQuery
        ) { statement -> Int64?? in
            let isLink = try statement.integer(at: 4).map { try steps.kind(ofStep: $0, in: self) == .link } ?? false
            return .some(isLink ? statement.integer(at: 5) : nil)
        }
        switch runs {
        case .trees(let trees): return trees.mapValues { $0.compactMap { $0 } }
        case .tooLarge: return nil
        case .broken: return try chainLinksThroughParents(under: roots, limit: limit)
        }
    }

    /// ``chainLinks(under:limit:steps:)`` read through the `parent_id`s, for a trace whose calls do
    /// not nest as a thread's calls do (a damaged trace).
    private func chainLinksThroughParents(under roots: [Int64], limit: Int) throws -> [Int64: [Int64]]? {
        let unique = Array(Set(roots)).sorted()
        guard !unique.isEmpty else { return [:] }
        let rowLimit = Self.windowRowLimit
        // UNION over (root, call): a loop of parent_ids ends the recursion. Each tree's calls
        // are numbered in order of id, so that only its first `limit` count, as a tree read
        // with that limit holds them; each tree's first call comes back too, with the number
        // of calls the window read, to tell a window cut by the row limit.
        let rows = try cachedRecords(
            """
            WITH RECURSIVE tree(root, id) AS (
                SELECT value, value FROM json_each(?1)
                UNION
                SELECT tree.root, call.id FROM call JOIN tree ON call.parent_id = tree.id LIMIT ?2
            ),
            ranked AS (
                SELECT root, id, row_number() OVER (PARTITION BY root ORDER BY id) AS position,
                    count(*) OVER () AS tree_rows
                FROM tree
            )
            SELECT ranked.root AS tree_root, call.object_id AS object_id, ranked.tree_rows AS tree_rows,
                call.step_id IN (SELECT id FROM step WHERE name = ?4) AS is_link
            FROM ranked JOIN call ON call.id = ranked.id
            WHERE ranked.position <= ?3
                AND (ranked.position = 1 OR call.step_id IN (SELECT id FROM step WHERE name = ?4))
            ORDER BY ranked.root, ranked.id
            """,
            [
                Self.jsonList(unique), .integer(Int64(rowLimit)), .integer(Int64(limit)),
                .text(SubscriptionChain.linkStepName.description),
            ]
        ) {
            (
                root: $0.integer("tree_root") ?? 0, object: $0.integer("object_id"),
                treeRows: $0.integer("tree_rows") ?? 0, isLink: $0.integer("is_link") == 1
            )
        }
        if let treeRows = rows.first?.treeRows, treeRows >= rowLimit { return nil }
        var linksOfRoot: [Int64: [Int64]] = [:]
        for root in unique { linksOfRoot[root] = [] }
        for row in rows where row.isLink {
            if let object = row.object { linksOfRoot[row.root, default: []].append(object) }
        }
        return linksOfRoot
    }
}
