/// An event with the virtual clock it was delivered at: what the page's marble diagrams place.
public struct TimedEvent: Equatable, Sendable {
    /// The event.
    public var event: EventRecord
    /// The virtual clock when it was delivered, if a virtual time scheduler was running work
    /// (schema 2 on).
    public var virtualTime: Int64?
}

/// What the page needs of an object to draw it in a marble diagram.
public struct ObjectOwnership: Equatable, Sendable {
    /// The object.
    public var object: ObjectRecord
    /// The object the call that created it ran on: the observable a sink serves; `nil` when that
    /// call ran on no object or on the object itself.
    public var ownerID: Int64?
}

extension TraceReader {
    // MARK: - What the HTML page reads, each part bounded

    /// How many calls each flow has, by its top-level call's id: counted in one pass over the
    /// calls in id order from how they nest on their threads (``flowSizesByNesting()``), or,
    /// in a trace whose calls do not nest so, in one pass down the call tree through the
    /// `parent_id`s.
    public func flowSizes() throws -> [Int64: Int64] {
        try flowSizesByNesting() ?? flowSizesThroughParents()
    }

    /// ``flowSizes()`` counted down the call tree through the `parent_id`s from every
    /// top-level call.
    func flowSizesThroughParents() throws -> [Int64: Int64] {
        var sizes: [Int64: Int64] = [:]
        for row in try database.rows(
            """
            WITH RECURSIVE under(id, root) AS (
                SELECT id, id FROM call WHERE parent_id IS NULL
                UNION ALL
                SELECT call.id, under.root FROM call JOIN under ON call.parent_id = under.id
            )
            SELECT root, count(*) AS size FROM under GROUP BY root
            """
        ) {
            if let root = row.integer("root") { sizes[root] = row.integer("size") ?? 1 }
        }
        return sizes
    }

    /// ``flowSizes()`` counted from how a thread's calls nest (as ``CallTreeRuns`` reads trees):
    /// a top-level call (no parent, depth 0) starts a flow, and each call after it on its
    /// thread whose parent is that thread's open call one level up belongs to the same flow.
    /// Walking the `parent_id`s down from every top-level call took an index lookup per call,
    /// most of the page of a trace of a million calls. `nil` as soon as a call breaks that
    /// nesting (a damaged trace, a call whose parent ran on another thread): the walk down the
    /// `parent_id`s counts those as it did.
    func flowSizesByNesting() throws -> [Int64: Int64]? {
        var sizes: [Int64: Int64] = [:]
        // Each thread's open calls, outermost first: `open[thread][d]` is its call at depth d.
        var open: [Int64: [Int64]] = [:]
        var thread: Int64?
        var calls: [Int64] = []
        // The calls counted for the last flow met and not yet added to its size: one hash per
        // run of its calls, not one per call.
        var pending: (flow: Int64, calls: Int64)?
        func addPending() {
            if let pending { sizes[pending.flow, default: 0] += pending.calls }
        }
        let statement = try database.compiled("SELECT id, parent_id, depth, thread_id FROM call ORDER BY id")
        defer { statement.reset() }
        // Read in place (Statement.advance): a `Row` of each of millions of calls was most of
        // this pass.
        while try statement.advance() {
            guard let id = statement.integer(at: 0), let depth = statement.integer(at: 2),
                let rowThread = statement.integer(at: 3)
            else { return nil }
            if rowThread != thread {
                if let thread { open[thread] = calls }
                calls = open.removeValue(forKey: rowThread) ?? []
                thread = rowThread
            }
            let parent = statement.integer(at: 1)
            if parent == nil {
                guard depth == 0 else { return nil }
                calls.removeAll(keepingCapacity: true)
                calls.append(id)
                sizes[id] = 1
            } else {
                guard depth > 0, Int(depth) <= calls.count, calls[Int(depth) - 1] == parent else { return nil }
                calls.removeLast(calls.count - Int(depth))
                calls.append(id)
                if pending?.flow == calls[0] {
                    pending?.calls += 1
                } else {
                    addPending()
                    pending = (calls[0], 1)
                }
            }
        }
        addPending()
        return sizes
    }

    /// The first `limit` calls at most `depth` deep, in order: what the thread lanes draw.
    public func calls(upToDepth depth: Int, limit: Int) throws -> [CallRecord] {
        try records(
            "SELECT * FROM \(Self.callFlow) WHERE depth <= ? ORDER BY id LIMIT ?",
            [.integer(Int64(depth)), .integer(Int64(limit))], CallRecord.init(row:)
        )
    }

    /// The first `limit` user-made subscriptions, in order of subscribe, read in place
    /// (``subscriptionsInPlace(_:_:)``): the page reads up to 100,000 of them.
    public func subscriptions(limit: Int) throws -> [SubscriptionRecord] {
        try subscriptionsInPlace(
            Self.subscriptionQuery + " ORDER BY subscription.id LIMIT ?", [.integer(Int64(limit))])
    }

    /// The subscriptions whose `subscribe` is one of the calls `low` through `high`, as (id,
    /// subscribe call), in order.
    public func subscriptionStarts(inCalls low: Int64, through high: Int64) throws -> [(id: Int64, callID: Int64)] {
        try cachedRecords(
            "SELECT id, call_id FROM subscription WHERE call_id BETWEEN ? AND ? ORDER BY id",
            [.integer(low), .integer(high)]
        ) { row in (row.integer("id") ?? 0, row.integer("call_id") ?? 0) }
    }

    /// Calls `body` with every event in order of delivery, with its virtual time.
    public func forEachTimedEvent(_ body: (TimedEvent) throws -> Void) throws {
        try forEachRow(timedEventQuery + " ORDER BY id") { row in try body(TimedEvent(row: row)) }
    }

    /// Calls `body` with each event delivered by one of the calls `low` through `high`, in
    /// order of delivery, with its virtual time.
    public func forEachTimedEvent(inCalls low: Int64, through high: Int64, _ body: (TimedEvent) throws -> Void) throws {
        try forEachRow(timedEventQuery + " WHERE call_id BETWEEN ? AND ? ORDER BY id", [.integer(low), .integer(high)])
        { row in
            try body(TimedEvent(row: row))
        }
    }

    /// Calls `body` with each event whose id is `low` through `high`, in order of delivery, with
    /// its virtual time.
    public func forEachTimedEvent(ids low: Int64, through high: Int64, _ body: (TimedEvent) throws -> Void) throws {
        try forEachRow(timedEventQuery + " WHERE id BETWEEN ? AND ? ORDER BY id", [.integer(low), .integer(high)]) {
            row in
            try body(TimedEvent(row: row))
        }
    }

    /// The events with their virtual times; `NULL` before schema 2, which lacks the column.
    private var timedEventQuery: String {
        let columns = run.schemaVersion >= 2 ? "virtual_ts" : "NULL AS virtual_ts"
        return "SELECT id, ts, call_id, kind, value, source_object_id, observer_object_id, \(columns) FROM event"
    }

    /// Object `id` with the object that made it, or `nil` when the trace has no such object.
    public func ownership(of id: Int64) throws -> ObjectOwnership? {
        guard
            var ownership = try cachedRecords(
                """
                SELECT maker.object_id AS owner_id, described.* FROM (\(objectQuery) WHERE object.id = ?) AS described
                LEFT JOIN call AS maker ON maker.id = described.call_id
                """,
                [.integer(id)],
                { row in
                    ObjectOwnership(
                        object: ObjectRecord(row: row), ownerID: row.integer("owner_id").flatMap { $0 == id ? nil : $0 }
                    )
                }
            ).first
        else { return nil }
        ownership.object = try atUserBuildSite(ownership.object)
        return ownership
    }

    /// The first `limit` objects, in order of creation.
    public func objects(limit: Int) throws -> [ObjectRecord] {
        try records(objectQuery + " ORDER BY object.id LIMIT ?", [.integer(Int64(limit))], ObjectRecord.init(row:))
            .map(atUserBuildSite)
    }

    /// How many objects were created (`inits`) and released (`deinits`) in each slice of time
    /// `width` ns wide, by the slice's number (time / `width`).
    public func objectChanges(bucketWidth width: Int64) throws -> (inits: [Int64: Int], deinits: [Int64: Int]) {
        if let counts = try objectChangesInOnePass(bucketWidth: width) { return counts }
        return try objectChangesGrouped(bucketWidth: width)
    }

    /// ``objectChanges(bucketWidth:)`` counted in one pass over the objects in id order, read in
    /// place: each time is divided as SQL divides integers (toward zero), and the slices
    /// counted as the rows come, where grouping them in SQL sorted every object's time twice.
    /// `nil` for a width of 0 or less, or as soon as a time is no integer (a damaged trace's),
    /// which the grouping in SQL counts as it always did.
    func objectChangesInOnePass(bucketWidth width: Int64) throws -> (inits: [Int64: Int], deinits: [Int64: Int])? {
        guard width > 0 else { return nil }
        var inits: [Int64: Int] = [:]
        var deinits: [Int64: Int] = [:]
        // The slice counted last and its count not yet added: one hash per run of one slice.
        var pendingInits: (bucket: Int64, count: Int)?
        var pendingDeinits: (bucket: Int64, count: Int)?
        func count(_ time: Int64, _ pending: inout (bucket: Int64, count: Int)?, _ counts: inout [Int64: Int]) {
            let bucket = time / width
            if pending?.bucket == bucket {
                pending?.count += 1
                return
            }
            if let pending { counts[pending.bucket, default: 0] += pending.count }
            pending = (bucket, 1)
        }
        let statement = try database.compiled("SELECT start_ts, end_ts FROM object")
        defer { statement.reset() }
        while try statement.advance() {
            if !statement.isNull(at: 0) {
                guard let time = statement.integer(at: 0) else { return nil }
                count(time, &pendingInits, &inits)
            }
            if !statement.isNull(at: 1) {
                guard let time = statement.integer(at: 1) else { return nil }
                count(time, &pendingDeinits, &deinits)
            }
        }
        if let pendingInits { inits[pendingInits.bucket, default: 0] += pendingInits.count }
        if let pendingDeinits { deinits[pendingDeinits.bucket, default: 0] += pendingDeinits.count }
        return (inits, deinits)
    }

    /// ``objectChanges(bucketWidth:)`` grouped in SQL, whatever the times hold.
    func objectChangesGrouped(bucketWidth width: Int64) throws -> (inits: [Int64: Int], deinits: [Int64: Int]) {
        var counts: [[Int64: Int]] = []
        for column in ["start_ts", "end_ts"] {
            var byBucket: [Int64: Int] = [:]
            for row in try database.rows(
                "SELECT \(column) / ? AS bucket, count(*) AS n FROM object WHERE \(column) IS NOT NULL GROUP BY bucket",
                [.integer(width)]
            ) {
                byBucket[row.integer("bucket") ?? 0] = Int(row.integer("n") ?? 0)
            }
            counts.append(byBucket)
        }
        return (counts[0], counts[1])
    }
}

extension TimedEvent {
    init(row: Row) {
        self.init(event: EventRecord(row: row), virtualTime: row.integer("virtual_ts"))
    }
}
