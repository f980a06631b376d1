extension TraceReader {
    /// Runs `sql` and calls `body` with each row as SQLite steps to it, holding one row at a
    /// time: what the exporters and the diff read a large trace with.
    public func forEachRow(_ sql: String, _ bindings: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        while let row = try statement.step() {
            try body(row)
        }
    }

    /// The threads that ran instrumented code, as (serial id, name), in order of appearance.
    public func threads() throws -> [(id: Int64, name: String)] {
        try database.rows("SELECT id, name FROM thread ORDER BY id").map {
            ($0.integer("id") ?? 0, $0.text("name") ?? "")
        }
    }

    /// When the run ended, in ns since it started; for a run cut short, the latest time the trace
    /// holds.
    public func endNanoseconds() throws -> Int64 {
        if let end = run.endNanoseconds { return end }
        let latest = try database.scalar(
            """
            SELECT max(t) FROM (
                SELECT max(ts + coalesce(dur, 0)) AS t FROM call
                UNION ALL SELECT max(coalesce(end_ts, start_ts)) FROM object
                UNION ALL SELECT max(ts) FROM event
            )
            """
        )
        return latest?.integer ?? 0
    }
}
