import CSQLite

extension TraceReader {
    // MARK: - One read transaction for many small queries

    /// Runs `body` inside one read transaction of this reader's read-only connection, so that
    /// the many small queries of a report share one snapshot and one lock: outside a
    /// transaction SQLite takes and drops its file lock, and checks for a hot journal, for each
    /// statement (four system calls for a lookup of one row). A connection that can write, or
    /// that is inside a transaction already, runs `body` as it is.
    func inOneReadTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        guard sqlite3_get_autocommit(database.handle) != 0, sqlite3_db_readonly(database.handle, "main") == 1 else {
            return try body()
        }
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        return try body()
    }
}
