/// An event drawn as an arrow from the call that sent it to the observer's call that received
/// it: what ``PerfettoTraceExporter`` binds a flow arrow to.
public struct EventArrow: Equatable, Sendable {
    /// The event's serial id.
    public var eventID: Int64
    /// `next`, `error` or `completed`; `nil` when the trace has none.
    public var kind: String?
    /// The element or error, when values were recorded.
    public var value: String?
    /// When the sending call started, in ns since the run started.
    public var sourceNanoseconds: Int64
    /// The serial id of the thread the sending call ran on.
    public var sourceThreadID: Int64
    /// When the receiving call started, in ns since the run started.
    public var targetNanoseconds: Int64
    /// The serial id of the thread the receiving call ran on.
    public var targetThreadID: Int64
}

/// One object made by a call on another: the `made` edge of ``DotExporter``'s graph.
public struct ObjectCreation: Equatable, Sendable {
    /// The object the creating call (or, for a call on no object, its caller) ran on.
    public var makerID: Int64
    /// The object made.
    public var madeID: Int64
    /// Whether the maker was alive when the run ended.
    public var isMakerAlive: Bool
    /// Whether the object made was alive when the run ended.
    public var isMadeAlive: Bool
}

/// One object subscribing to another, through a chain's link step (``SubscriptionChain/linkStepName``)
/// run inside a step on the subscriber: the `subscribes` edge of ``DotExporter``'s graph.
public struct SubscribeLink: Equatable, Sendable {
    /// The object whose step subscribed (an operator's `run`, a subject's subscribe).
    public var subscriberID: Int64
    /// The object subscribed to.
    public var sourceID: Int64
    /// Whether both were alive when the run ended.
    public var isAlive: Bool
}

/// The events of one kind that one object sent another, counted: an event edge of
/// ``DotExporter``'s graph.
public struct EventCount: Equatable, Sendable {
    /// The sender.
    public var sourceID: Int64
    /// The receiver.
    public var observerID: Int64
    /// `next`, `error` or `completed`; `nil` when the trace has none.
    public var kind: String?
    /// How many were sent.
    public var count: Int64
    /// Whether both sender and receiver were alive when the run ended.
    public var isAlive: Bool
}

extension TraceReader {
    // MARK: - Streams for the exporters

    /// Calls `body` with every call in order, and the serial id of the thread it ran on, one
    /// row at a time.
    public func forEachCall(_ body: (CallRecord, _ threadID: Int64) throws -> Void) throws {
        try forEachRow(
            """
            SELECT call_flow.*, call.thread_id AS thread_id
            FROM \(Self.callFlow) JOIN call ON call.id = call_flow.id ORDER BY call_flow.id
            """
        ) { row in
            try body(CallRecord(row: row), row.integer("thread_id") ?? 0)
        }
    }

    /// Calls `body` with every user-made subscription in order of subscribe, and the serial id
    /// of the thread that subscribed, one row at a time.
    public func forEachSubscription(_ body: (SubscriptionRecord, _ threadID: Int64) throws -> Void) throws {
        try forEachRow(Self.subscriptionQuery + " ORDER BY subscription.id") { row in
            try body(SubscriptionRecord(row: row), row.integer("thread_id") ?? 0)
        }
    }

    /// Calls `body` with every object in order of creation, one row at a time.
    public func forEachObject(_ body: (ObjectRecord) throws -> Void) throws {
        try forEachRow(objectQuery + " ORDER BY object.id") { row in
            try body(ObjectRecord(row: row))
        }
    }

    /// Calls `body` with an arrow for each event whose sending and receiving calls are both
    /// recorded, in order of delivery. The receiving call is the first call on the observer
    /// that the sending call made once the event was recorded.
    public func forEachEventArrow(_ body: (EventArrow) throws -> Void) throws {
        try forEachRow(
            """
            SELECT sent.id, sent.kind, sent.value, source.ts AS source_ts, source.thread_id AS source_thread_id,
                target.ts AS target_ts, target.thread_id AS target_thread_id
            FROM (
                SELECT event.*, (
                    SELECT min(receiving.id) FROM call AS receiving
                    WHERE receiving.parent_id = event.call_id AND receiving.object_id = event.observer_object_id
                        AND receiving.ts >= event.ts
                ) AS target_call_id
                FROM event
            ) AS sent
            JOIN call AS source ON source.id = sent.call_id
            JOIN call AS target ON target.id = sent.target_call_id
            ORDER BY sent.id
            """
        ) { row in
            try body(
                EventArrow(
                    eventID: row.integer("id") ?? 0, kind: row.text("kind"), value: row.text("value"),
                    sourceNanoseconds: row.integer("source_ts") ?? 0,
                    sourceThreadID: row.integer("source_thread_id") ?? 0,
                    targetNanoseconds: row.integer("target_ts") ?? 0,
                    targetThreadID: row.integer("target_thread_id") ?? 0
                ))
        }
    }

    /// Calls `body` with each time the number of objects alive changed and by how much, in
    /// order of time: +1 for each `init`, -1 for each `deinit`, summed per time.
    public func forEachLiveObjectChange(_ body: (_ time: Int64, _ delta: Int) throws -> Void) throws {
        try forEachRow(
            """
            SELECT ts, sum(delta) AS delta FROM (
                SELECT start_ts AS ts, 1 AS delta FROM object
                UNION ALL SELECT end_ts, -1 FROM object WHERE end_ts IS NOT NULL
            ) GROUP BY ts ORDER BY ts
            """
        ) { row in
            try body(row.integer("ts") ?? 0, Int(row.integer("delta") ?? 0))
        }
    }

    /// Calls `body` with each object made by a call on another object, in order of the objects
    /// made.
    public func forEachObjectCreation(_ body: (ObjectCreation) throws -> Void) throws {
        try forEachRow(
            """
            SELECT made.id, made.end_ts, coalesce(maker_call.object_id, parent_call.object_id) AS maker_id,
                maker.end_ts AS maker_end_ts
            FROM object AS made
            JOIN call AS maker_call ON maker_call.id = made.call_id
            LEFT JOIN call AS parent_call ON parent_call.id = maker_call.parent_id
            JOIN object AS maker ON maker.id = coalesce(maker_call.object_id, parent_call.object_id)
            WHERE maker.id != made.id
            ORDER BY made.id
            """
        ) { row in
            try body(
                ObjectCreation(
                    makerID: row.integer("maker_id") ?? 0, madeID: row.integer("id") ?? 0,
                    isMakerAlive: row.integer("maker_end_ts") == nil, isMadeAlive: row.integer("end_ts") == nil
                ))
        }
    }

    /// Calls `body` with each pair of objects where one subscribed to the other, each pair
    /// once, in order of subscriber and source.
    public func forEachSubscribeLink(_ body: (SubscribeLink) throws -> Void) throws {
        try forEachRow(
            """
            SELECT DISTINCT parent.object_id AS subscriber, call.object_id AS source,
                subscriber.end_ts IS NULL AND source.end_ts IS NULL AS is_alive
            FROM call
            JOIN step ON step.id = call.step_id
            JOIN call AS parent ON parent.id = call.parent_id
            JOIN object AS subscriber ON subscriber.id = parent.object_id
            JOIN object AS source ON source.id = call.object_id
            WHERE step.name = ? AND parent.object_id != call.object_id
            ORDER BY parent.object_id, call.object_id
            """,
            [.text(SubscriptionChain.linkStepName.description)]
        ) { row in
            try body(
                SubscribeLink(
                    subscriberID: row.integer("subscriber") ?? 0, sourceID: row.integer("source") ?? 0,
                    isAlive: row.integer("is_alive") == 1
                ))
        }
    }

    /// Calls `body` with the events sent from one object to another, counted by kind, ordered
    /// by sender, then receiver, then the first event of each kind.
    public func forEachEventCount(_ body: (EventCount) throws -> Void) throws {
        try forEachRow(
            """
            SELECT event.source_object_id AS source, event.observer_object_id AS observer, event.kind,
                count(*) AS n, source.end_ts IS NULL AND observer.end_ts IS NULL AS is_alive
            FROM event
            JOIN object AS source ON source.id = event.source_object_id
            JOIN object AS observer ON observer.id = event.observer_object_id
            GROUP BY event.source_object_id, event.observer_object_id, event.kind
            ORDER BY event.source_object_id, event.observer_object_id, min(event.id)
            """
        ) { row in
            try body(
                EventCount(
                    sourceID: row.integer("source") ?? 0, observerID: row.integer("observer") ?? 0,
                    kind: row.text("kind"),
                    count: row.integer("n") ?? 0, isAlive: row.integer("is_alive") == 1
                ))
        }
    }

    /// Calls `body` with each event delivered to one of `observers`, in order of delivery.
    public func forEachEvent(deliveredToAnyOf observers: [Int64], _ body: (EventRecord) throws -> Void) throws {
        guard !observers.isEmpty else { return }
        let list = observers.map(String.init).joined(separator: ",")
        try forEachRow("SELECT * FROM event WHERE observer_object_id IN (\(list)) ORDER BY id") { row in
            try body(EventRecord(row: row))
        }
    }

    /// Calls `body` with each `dispose` step (a step whose name holds `.dispose`) run on one of
    /// `objects`, in order.
    public func forEachDisposeCall(onObjects objects: [Int64], _ body: (CallRecord) throws -> Void) throws {
        guard !objects.isEmpty else { return }
        let list = objects.map(String.init).joined(separator: ",")
        try forEachRow(
            """
            SELECT * FROM \(Self.callFlow)
            WHERE call_flow.object_id IN (\(list)) AND call_flow.name LIKE '%.dispose%'
            ORDER BY call_flow.id
            """
        ) { row in
            try body(CallRecord(row: row))
        }
    }

    /// Runs `sql` and calls `body` with each row as SQLite steps to it, holding one row at a
    /// time: how the streams above read a large trace.
    func forEachRow(_ sql: String, _ bindings: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        while let row = try statement.step() {
            try body(row)
        }
    }
}
