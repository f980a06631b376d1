import RxCore

extension TraceReader {
    // MARK: - Events

    /// Every event, in order of delivery.
    public func events() throws -> [EventRecord] {
        try records("SELECT * FROM event ORDER BY id", EventRecord.init(row:))
    }

    /// The event with `id`, or `nil`.
    public func event(_ id: Int64) throws -> EventRecord? {
        try database.rows("SELECT * FROM event WHERE id = ?", [.integer(id)]).first.map(EventRecord.init(row:))
    }

    /// The events delivered to `observer`, in order of delivery.
    public func events(deliveredTo observer: Int64) throws -> [EventRecord] {
        try database.rows("SELECT * FROM event WHERE observer_object_id = ? ORDER BY id", [.integer(observer)])
            .map(EventRecord.init(row:))
    }

    /// The `nth` event (from 1) delivered to `observer`, or `nil` when it received fewer.
    ///
    /// One pass over the event table in id order that stops at the event and holds one row:
    /// an observer may have received millions.
    public func event(nth: Int, deliveredTo observer: Int64) throws -> EventRecord? {
        guard nth >= 1 else { return nil }
        return try database.rows(
            "SELECT * FROM event WHERE observer_object_id = ? ORDER BY id LIMIT 1 OFFSET ?",
            [.integer(observer), .integer(Int64(nth - 1))]
        ).first.map(EventRecord.init(row:))
    }

    /// How many events `observer` received, counted without loading them.
    public func eventCount(deliveredTo observer: Int64) throws -> Int {
        Int(
            try database.scalar("SELECT count(*) FROM event WHERE observer_object_id = ?", [.integer(observer)])?
                .integer ?? 0)
    }

    /// The last event of `kind` delivered to `observer`, read backwards from the end of the
    /// event table, one row held.
    public func lastEvent(ofKind kind: EventKind, deliveredTo observer: Int64) throws -> EventRecord? {
        try database.rows(
            "SELECT * FROM event WHERE observer_object_id = ? AND kind = ? ORDER BY id DESC LIMIT 1",
            [.integer(observer), .text(kind.rawValue)]
        ).first.map(EventRecord.init(row:))
    }

    /// The last event of `kind` delivered to `observer` by call `call` or one of its few
    /// nearest callers: a subscription's terminal event, found from its `end_call_id` (the
    /// observer's step that received it) through the `event_call` index. `events(deliveredTo:)`
    /// reads the whole event table, which took ~0.2 s on a 10-million-record trace. At most
    /// eight callers up, so a damaged trace's cycle of parents ends too.
    public func lastEvent(ofKind kind: EventKind, deliveredTo observer: Int64, inOrAbove call: Int64) throws
        -> EventRecord?
    {
        try database.rows(
            """
            WITH RECURSIVE up(id, parent_id, level) AS (
                SELECT id, parent_id, 0 FROM call WHERE id = ?
                UNION ALL
                SELECT call.id, call.parent_id, up.level + 1 FROM call JOIN up ON call.id = up.parent_id WHERE up.level < 8
            )
            SELECT * FROM event
            WHERE call_id IN (SELECT id FROM up) AND observer_object_id = ? AND kind = ?
            ORDER BY id DESC LIMIT 1
            """,
            [.integer(call), .integer(observer), .text(kind.rawValue)]
        ).first.map(EventRecord.init(row:))
    }
}
