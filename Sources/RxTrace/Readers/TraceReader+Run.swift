extension TraceReader {
    // MARK: - The run

    /// The threads that ran instrumented code, as (serial id, name), in order of appearance.
    public func threads() throws -> [(id: Int64, name: String)] {
        try database.rows("SELECT id, name FROM thread ORDER BY id").map {
            ($0.integer("id") ?? 0, $0.text("name") ?? "")
        }
    }

    /// When the run ended, in ns since it started: the run's end when it has one; for a run
    /// cut short, the latest time the trace holds, of a call's return, an object's `init` or
    /// `deinit`, and an event. The one rule every report, page and export draws the run's end by.
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

    /// Some `#fileID`s of the trace's steps and subscriptions (up to 50 of each), to find the
    /// package they come from.
    public func recordedFileIDs() throws -> [String] {
        try database.rows(
            "SELECT file FROM (SELECT DISTINCT file FROM step LIMIT 50) UNION SELECT file FROM (SELECT DISTINCT file FROM subscription LIMIT 50)"
        ).compactMap { $0.text("file") }
    }
}
