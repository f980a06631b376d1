/// One thing that happened in a run, as the page steps through them: a call entered, an object
/// made or released, an event delivered, a subscription ended.
public struct RunMoment: Equatable, Sendable {
    /// What happened; the raw values are the page's codes.
    public enum Kind: Int, Sendable, CaseIterable {
        /// A call was entered (``id`` is the call's).
        case call = 0
        /// An object finished its `init` (``id`` is the object's).
        case `init` = 1
        /// An event was delivered (``id`` is the event's).
        case event = 2
        /// A subscription ended: disposed, completed or failed (``id`` is the subscription's).
        case end = 3
        /// An object's `deinit` ran (``id`` is the object's).
        case `deinit` = 4
    }

    /// What happened.
    public var kind: Kind
    /// When, in ns since the run started.
    public var time: Int64
    /// The call's, object's, event's or subscription's id.
    public var id: Int64
    /// The call it happened in: the call itself, the call that made the object, delivered the
    /// event or ended the subscription; `nil` at top level, for a `deinit` (the trace does not
    /// record which call released an object) and when the trace has no calls.
    public var callID: Int64?
}

extension TraceReader {
    // MARK: - The run's moments, in recorded order

    /// The run's first `limit` moments in the order they happened: calls by their entry,
    /// objects' inits and deinits, events and subscriptions' ends, across threads by time; at
    /// the same nanosecond in the order of ``RunMoment/Kind`` (a call before what happens
    /// inside it), then by id.
    public func moments(limit: Int) throws -> [RunMoment] {
        let endCall = features.hasEndCalls ? "end_call_id" : "NULL"
        return try records(
            """
            SELECT kind, ts, id, call_id FROM (
                SELECT 0 AS kind, ts, id, id AS call_id FROM call
                UNION ALL
                SELECT 1, start_ts, id, call_id FROM object
                UNION ALL
                SELECT 2, ts, id, call_id FROM event
                UNION ALL
                SELECT 3, end_ts, id, \(endCall) FROM subscription WHERE end_ts IS NOT NULL
                UNION ALL
                SELECT 4, end_ts, id, NULL FROM object WHERE end_ts IS NOT NULL
            )
            ORDER BY ts, kind, id
            LIMIT ?
            """,
            [.integer(Int64(limit))]
        ) { row in
            RunMoment(
                kind: RunMoment.Kind(rawValue: Int(row.integer("kind") ?? 0)) ?? .call,
                time: row.integer("ts") ?? 0, id: row.integer("id") ?? 0, callID: row.integer("call_id")
            )
        }
    }

    /// How many moments ``moments(limit:)`` has in all.
    public func momentCount() throws -> Int {
        let ended = try database.scalar("SELECT count(*) FROM subscription WHERE end_ts IS NOT NULL")?.integer ?? 0
        let released = try database.scalar("SELECT count(*) FROM object WHERE end_ts IS NOT NULL")?.integer ?? 0
        let others = try [TraceTable.call, .object, .event].reduce(0) { $0 + (try count($1)) }
        return others + Int(ended + released)
    }

    /// The first `limit` entries of every DisposeBag, as (bag, disposable), in order of
    /// insertion; empty for a trace written before bag entries.
    public func bagEntries(limit: Int) throws -> [(bag: Int64, disposable: Int64)] {
        guard features.hasBagEntries else { return [] }
        return try records(
            "SELECT bag_id, disposable_id FROM bag_entry ORDER BY id LIMIT ?", [.integer(Int64(limit))]
        ) { row in (row.integer("bag_id") ?? 0, row.integer("disposable_id") ?? 0) }
    }
}
