import Foundation

extension TraceReader {
    // MARK: - A second connection, for reading on another thread

    /// A second reader of this reader's trace file, for work read on a thread of its own
    /// (``ChainPagesReadAhead``); `nil` unless both connections are sure to read the same rows:
    /// the trace must be a file this reader reads in place (not a private copy), in
    /// rollback-journal mode (every cleanly finished trace; a WAL-mode trace may still be
    /// written) and without a hot journal.
    func secondConnection() -> TraceReader? {
        guard path != ":memory:", !ReadOnlyTraceFile.isInWALMode(path), !ReadOnlyTraceFile.hasHotJournal(path),
            let file = try? database.rows("PRAGMA database_list").first(where: { $0.text("name") == "main" })?
                .text("file"),
            let here = realpath(path, nil)
        else { return nil }
        defer { free(here) }
        guard file == String(cString: here) else { return nil }
        return try? TraceReader(path: path)
    }
}
