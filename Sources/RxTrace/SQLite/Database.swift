import CSQLite
import Glibc

/// `SQLITE_TRANSIENT`, which Swift cannot import: tells SQLite to copy a bound string or blob.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection: a thin, throwing wrapper over CSQLite.
///
/// A connection is used by one thread at a time (it is opened with `SQLITE_OPEN_NOMUTEX`);
/// the recorder's writer owns its own, and a reader owns another.
public final class Database {
    /// How to open a database file.
    public enum Mode: Sendable {
        /// Read-only: no statement can change the file.
        case readOnly
        /// Read and write, creating the file if it does not exist.
        case readWriteCreate
    }

    /// The connection handle; valid until `deinit`.
    let handle: OpaquePointer

    /// The path this connection opened.
    public let path: String

    /// A descriptor of the file holding an `flock` for as long as the connection is open (a
    /// reader's shared lock, a recorder's ``TraceFileClaim``); closed after the connection, so
    /// SQLite's own POSIX locks on the file are never released under it. -1 for none.
    private let lockDescriptor: Int32

    /// SQLite's memory statistics take a global mutex on every allocation; RxTrace reads none
    /// of them. Turned off once, before the first connection opens SQLite. (Measured with
    /// `Benchmarks/run.sh --only NONE --no-report`: the writer's rows per second.)
    private static let memoryStatisticsOff: Void = {
        _ = rxtrace_sqlite3_disable_memory_statistics()
    }()

    /// Opens the database at `path` (`":memory:"` for a private in-memory one).
    ///
    /// A read-only connection holds a shared `flock` on the file while it is open, so no
    /// recorder replaces a file being read (see ``TraceFileClaim``); when a recorder is
    /// writing the file, the lock is not granted and the connection reads it all the same.
    ///
    /// - Throws: ``SQLiteError`` when SQLite cannot open it.
    public convenience init(path: String, mode: Mode) throws {
        var lock: Int32 = -1
        if mode == .readOnly, path != ":memory:" {
            lock = open(path, O_RDONLY | O_CLOEXEC)
            if lock >= 0, flock(lock, LOCK_SH | LOCK_NB) != 0 {
                close(lock)
                lock = -1
            }
        }
        try self.init(path: path, mode: mode, holding: lock)
    }

    /// Opens the database at `path`, closing `lockDescriptor` (unless -1) after the connection.
    init(path: String, mode: Mode, holding lockDescriptor: Int32) throws {
        _ = Self.memoryStatisticsOff
        self.lockDescriptor = lockDescriptor
        var handle: OpaquePointer?
        let flags: Int32 = switch mode {
        case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        }
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            if lockDescriptor >= 0 { close(lockDescriptor) }
            throw SQLiteError(code: status, message: message)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 0)
        // A reader of a trace being written can find the WAL index busy for a moment (while the
        // writer commits or checkpoints): wait for it instead of failing.
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit {
        sqlite3_close_v2(handle)
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Runs one or more statements that return no rows (DDL, PRAGMAs, `BEGIN`/`COMMIT`).
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard status == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: status, message: message)
        }
    }

    /// Compiles `sql` into a reusable statement.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The rows of `sql`, with `bindings` bound to its `?` parameters in order.
    public func rows(_ sql: String, _ bindings: [SQLValue] = []) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [Row] = []
        while let row = try statement.step() {
            rows.append(row)
        }
        return rows
    }

    /// The first column of the first row of `sql`, or `nil` when it returns no row.
    public func scalar(_ sql: String, _ bindings: [SQLValue] = []) throws -> SQLValue? {
        try rows(sql, bindings).first?.values.first
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The message of the last failed call on this connection.
    var lastErrorMessage: String {
        String(cString: sqlite3_errmsg(handle))
    }
}
