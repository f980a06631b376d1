extension TraceReader {
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

    /// The next page of ``openSubscriptions()``: those after id `after`, in order of subscribe,
    /// about `limit` of them (more when the last id is repeated, as only a damaged trace's can
    /// be: every row of that id comes in the same page). Empty after the last. Read in place
    /// (``subscriptionsInPlace(_:_:)``).
    ///
    /// Each row is read without the type of its observable, which ``subscriptionQuery`` joins
    /// in: that join looked up the observable's object and type for every row, two lookups in
    /// the largest tables, where a million subscriptions to one subject name one observable.
    /// Each observable's type is looked up once for a run of rows that name it
    /// (``observableTypeName(of:)``).
    public func openSubscriptions(after: Int64, limit: Int) throws -> [SubscriptionRecord] {
        try openSubscriptions(after: after, through: lastOpenSubscription(after: after, limit: limit) ?? .max)
    }

    /// The id of the last open subscription of the page of ``openSubscriptions(after:limit:)``
    /// after id `after`: the `limit`th open one after it, or `nil` when fewer follow (the page
    /// then runs to the end). One pass over the page's rows, reading only whether each ended.
    func lastOpenSubscription(after: Int64, limit: Int) throws -> Int64? {
        let statement = try database.compiled(
            "SELECT id FROM subscription WHERE end_kind IS NULL AND id > ?1 ORDER BY id LIMIT 1 OFFSET ?2")
        defer { statement.reset() }
        statement.bind(after, at: 1)
        statement.bind(Int64(max(1, limit) - 1), at: 2)
        return try statement.advance() ? statement.integer(at: 0) : nil
    }

    /// The open subscriptions after id `after` through id `through`, in order of subscribe:
    /// the page of ``openSubscriptions(after:limit:)`` whose last is `through`
    /// (``lastOpenSubscription(after:limit:)``), so that pages found one after the other can
    /// be read at once on threads of their own (``ChainPagesReadAhead``).
    func openSubscriptions(after: Int64, through: Int64) throws -> [SubscriptionRecord] {
        var page = try subscriptionsInPlace(
            """
            SELECT subscription.*, thread.name AS thread_name
            FROM subscription
            JOIN thread ON thread.id = subscription.thread_id
            WHERE subscription.end_kind IS NULL AND subscription.id > ?1 AND subscription.id <= ?2
            ORDER BY subscription.id
            """,
            [.integer(after), .integer(through)]
        )
        var last: (observable: Int64, typeName: String?)?
        for index in page.indices {
            guard let observable = page[index].observableObjectID else { continue }
            if let last, last.observable == observable {
                page[index].observableTypeName = last.typeName
            } else {
                let typeName = try observableTypeName(of: observable)
                page[index].observableTypeName = typeName
                last = (observable, typeName)
            }
        }
        return page
    }

    /// The type name of object `id` as ``subscriptionQuery`` joins it in for an observable
    /// subscribed to (`observable_type_name`): `nil` when the trace has no such object or type.
    func observableTypeName(of id: Int64) throws -> String? {
        let statement = try database.compiled(
            "SELECT type.type_name FROM object JOIN type ON type.id = object.type_id WHERE object.id = ?1")
        defer { statement.reset() }
        statement.bind(id, at: 1)
        guard try statement.advance() else { return nil }
        var texts = RepeatedTexts(count: 1)
        return texts.text(at: 0, of: statement, repeatedIn: 0)
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

    /// The objects of `subscription`'s chain, by ``SubscriptionChain``'s rule: what its
    /// `subscribe` subscribed through and created, read from the calls under its subscribe call
    /// (its first ``FlowBuilder/defaultCallLimit``, where a chain subscribes through its links).
    public func chain(of subscription: SubscriptionRecord) throws -> SubscriptionChain {
        guard let call = subscription.callID else {
            return SubscriptionChain(subscription: subscription, steps: [], created: [])
        }
        let steps = try callTree(under: call, limit: FlowBuilder.defaultCallLimit)
        return SubscriptionChain(
            subscription: subscription, steps: steps, created: try objects(createdBy: steps.map(\.id)))
    }

    /// The objects a subscription subscribed through and the observable it subscribed to, each
    /// once: ``SubscriptionChain/objects`` without what its `subscribe` created.
    public func chainObjects(of subscription: SubscriptionRecord) throws -> [Int64] {
        guard let call = subscription.callID else {
            return SubscriptionChain(subscription: subscription, steps: [], created: []).objects
        }
        return SubscriptionChain(
            subscription: subscription, steps: try callTree(under: call, limit: FlowBuilder.defaultCallLimit),
            created: []
        ).objects
    }
}

extension TraceReader {
    // MARK: - A subscription's life

    /// How many events `observer` received, by kind (`next`, `error`, `completed`), counted in
    /// the database so a subscription that received millions costs no memory.
    public func eventCounts(deliveredTo observer: Int64) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.rows(
            "SELECT kind, count(*) AS n FROM event WHERE observer_object_id = ? GROUP BY kind", [.integer(observer)]
        ) {
            counts[row.text("kind") ?? "unknown", default: 0] += Int(row.integer("n") ?? 0)
        }
        return counts
    }

    /// The first `count` events delivered to `observer`, in order of delivery.
    public func firstEvents(deliveredTo observer: Int64, count: Int) throws -> [EventRecord] {
        try database.rows(
            "SELECT * FROM event WHERE observer_object_id = ? ORDER BY id LIMIT ?",
            [.integer(observer), .integer(Int64(count))]
        ).map(EventRecord.init(row:))
    }

    /// The last `count` events delivered to `observer`, in order of delivery.
    public func lastEvents(deliveredTo observer: Int64, count: Int) throws -> [EventRecord] {
        try database.rows(
            "SELECT * FROM event WHERE observer_object_id = ? ORDER BY id DESC LIMIT ?",
            [.integer(observer), .integer(Int64(count))]
        ).map(EventRecord.init(row:)).reversed()
    }

    /// The steps that sent an event (a subject's `on`, a relay's `accept`: a call with an event
    /// detail, not one with words such as an unsubscribe's `key 0`) to one of `objects` after call `call`, not from inside another such step, the
    /// first `limit` of them in order, with how many there were in all.
    public func eventSends(toAnyOf objects: [Int64], after call: Int64, limit: Int) throws
        -> (count: Int, first: [CallRecord])
    {
        guard !objects.isEmpty else { return (0, []) }
        let list = objects.map(String.init).joined(separator: ",")
        // The outermost send only: a subject's `on` calls its own `synchronized_on`.
        func condition(_ sent: String) -> String {
            """
            \(sent).id > ? AND \(sent).object_id IN (\(list))
                AND \(Self.eventDetailCondition("\(sent).detail")) AND NOT EXISTS (
                    SELECT 1 FROM call AS above
                    WHERE above.id = \(sent).parent_id AND above.object_id IN (\(list))
                        AND \(Self.eventDetailCondition("above.detail"))
                )
            """
        }
        let count =
            try database.rows("SELECT count(*) AS n FROM call AS sent WHERE \(condition("sent"))", [.integer(call)])
            .first?.integer("n") ?? 0
        let first = try records(
            "SELECT * FROM \(Self.callFlow) WHERE \(condition("call_flow")) ORDER BY call_flow.id LIMIT ?",
            [.integer(call), .integer(Int64(limit))], CallRecord.init(row:)
        )
        return (Int(count), first)
    }

    /// How many events call `call` and the calls under it delivered, to anyone.
    public func eventCount(under call: Int64) throws -> Int {
        let row = try database.rows(
            """
            WITH RECURSIVE under(id) AS (
                SELECT ? UNION SELECT call.id FROM call JOIN under ON call.parent_id = under.id
            )
            SELECT count(*) AS n FROM event WHERE call_id IN (SELECT id FROM under)
            """,
            [.integer(call)]
        ).first
        return Int(row?.integer("n") ?? 0)
    }

    /// The subscriptions that ended inside one of `calls` (their `end_call_id`), in order of id.
    public func subscriptions(endedIn calls: [Int64]) throws -> [Int64] {
        guard let low = calls.min(), let high = calls.max() else { return [] }
        if subscriptionEnds == nil {
            subscriptionEnds = try database.rows(
                "SELECT end_call_id, id FROM subscription WHERE end_call_id IS NOT NULL ORDER BY end_call_id, id"
            ).compactMap { row in
                guard let call = row.integer("end_call_id"), let id = row.integer("id") else { return nil }
                return (call, id)
            }
        }
        let ends = subscriptionEnds ?? []
        // The first end at or after `low`, by binary search.
        var index = 0
        var upper = ends.count
        while index < upper {
            let middle = (index + upper) / 2
            if ends[middle].call < low { index = middle + 1 } else { upper = middle }
        }
        // The ends between the first call and the last, most often none or one: only when
        // there are many are `calls` hashed into a set to look them up.
        var candidates = index
        while candidates < ends.count, ends[candidates].call <= high { candidates += 1 }
        let inRange = ends[index..<candidates]
        guard !inRange.isEmpty else { return [] }
        let ended: [Int64]
        if inRange.count <= 4 {
            ended = inRange.filter { calls.contains($0.call) }.map(\.subscription)
        } else {
            let wanted = Set(calls)
            ended = inRange.filter { wanted.contains($0.call) }.map(\.subscription)
        }
        return ended.sorted()
    }

    /// The SQL condition under which `column` holds an event detail, as
    /// ``CallRecord/isEvent(detail:)`` says.
    private static func eventDetailCondition(_ column: String) -> String {
        "(\(column) IN ('next', 'error', 'completed') OR \(column) GLOB 'next(*' OR \(column) GLOB 'error(*')"
    }
}
