import CSQLite
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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

    /// The most compiled statements a connection keeps for reuse.
    static let statementCacheLimit = 64

    /// Statements ``rows(_:_:)`` compiled, by SQL text.
    private var compiledStatements: [String: Statement] = [:]

    /// A private folder removed once the connection is closed (a copy read in its place).
    private let removedWhenClosed: URL?

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
        let lock = mode == .readOnly && path != ":memory:" ? Self.sharedLock(on: path) : -1
        try self.init(path: path, mode: mode, holding: lock)
    }

    /// Opens the database at `path`, closing `lockDescriptor` (unless -1) after the connection.
    init(path: String, mode: Mode, holding lockDescriptor: Int32) throws {
        _ = Self.memoryStatisticsOff
        self.lockDescriptor = lockDescriptor
        var handle: OpaquePointer?
        let flags: Int32 =
            switch mode {
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
        self.removedWhenClosed = nil
        sqlite3_extended_result_codes(handle, 0)
        // A reader of a trace being written can find the WAL index busy for a moment (while the
        // writer commits or checkpoints): wait for it instead of failing.
        sqlite3_busy_timeout(handle, 5_000)
    }

    /// What is left of the time ``interrupt(after:)`` gave, while a limit is set.
    private var timeBudget: TimeBudget?

    /// Opens the `file:` URI `uri` read-only (its query says how: `mode=ro`, `immutable=1`),
    /// naming the connection `path`; `folder`, if given, is removed when it closes.
    ///
    /// Like a read-only connection by path, it holds a shared `flock` on the trace at `path`
    /// while it is open, so no recorder replaces the file being read.
    ///
    /// - Throws: ``SQLiteError`` when SQLite cannot open it.
    init(uri: String, path: String, removingWhenClosed folder: URL? = nil) throws {
        _ = Self.memoryStatisticsOff
        let lockDescriptor = Self.sharedLock(on: path)
        self.lockDescriptor = lockDescriptor
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            if lockDescriptor >= 0 { close(lockDescriptor) }
            throw SQLiteError(code: status, message: message)
        }
        self.handle = handle
        self.path = path
        self.removedWhenClosed = folder
        sqlite3_extended_result_codes(handle, 0)
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit {
        sqlite3_close_v2(handle)
        if lockDescriptor >= 0 { close(lockDescriptor) }
        if let removedWhenClosed {
            try? FileManager.default.removeItem(at: removedWhenClosed)
        }
    }

    /// A descriptor of `path` holding a shared `flock`, or -1 when the file cannot be opened
    /// or a recorder holds it exclusively (the reader then reads without the lock).
    private static func sharedLock(on path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return -1 }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// Gives the statements of this connection `seconds` of SQLite's time in all, counted
    /// only while SQLite works (not while the caller prints the rows it got): past that, the
    /// statement running stops with `SQLITE_INTERRUPT` (an ``SQLiteError`` whose
    /// ``SQLiteError/isInterrupt`` is true). `nil` lifts the limit.
    ///
    /// SQLite calls a progress handler every few thousand virtual-machine instructions; it
    /// reads the monotonic clock and interrupts the statement once the time is used up.
    public func interrupt(after seconds: Double?) {
        guard let seconds else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            timeBudget = nil
            return
        }
        let budget = TimeBudget(nanoseconds: UInt64(max(seconds, 0) * 1e9))
        timeBudget = budget
        sqlite3_progress_handler(
            handle, 10_000,
            { context in
                guard let context else { return 0 }
                let budget = Unmanaged<TimeBudget>.fromOpaque(context).takeUnretainedValue()
                return DispatchTime.now().uptimeNanoseconds >= budget.deadline ? 1 : 0
            }, Unmanaged.passUnretained(budget).toOpaque())
    }

    /// Caps the size of any one string or blob a statement may build at `bytes` (SQLite's
    /// default is a billion). The time limit of ``interrupt(after:)`` is checked between
    /// virtual-machine instructions, and one instruction such as `randomblob(1000000000)` may
    /// run for a minute and fill a gigabyte: past the cap it fails at once with
    /// ``SQLiteError/isTooBig``.
    public func limitValueSize(to bytes: Int32) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, bytes)
    }

    /// Runs one call into SQLite, counting its time against the budget, if one is set.
    func spendingTime<Result>(_ body: () -> Result) -> Result {
        guard let timeBudget else { return body() }
        let start = DispatchTime.now().uptimeNanoseconds
        timeBudget.deadline = start &+ timeBudget.remaining
        let result = body()
        let spent = DispatchTime.now().uptimeNanoseconds - start
        timeBudget.remaining -= min(spent, timeBudget.remaining)
        return result
    }

    /// Runs one or more statements that return no rows (DDL, PRAGMAs, `BEGIN`/`COMMIT`).
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard status == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) }
            sqlite3_free(errorMessage)
            throw SQLiteError(code: status, message: message.map(withSystemReason) ?? lastErrorMessage)
        }
    }

    /// Compiles `sql` into a reusable statement.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The rows of `sql`, with `bindings` bound to its `?` parameters in order.
    ///
    /// Through a statement compiled once per connection and SQL text: a reader asks the same
    /// few questions once per subscription or object, and compiling took as long as answering.
    /// The statement is reset before this returns, so it never holds a read open.
    public func rows(_ sql: String, _ bindings: [SQLValue] = []) throws -> [Row] {
        let statement = try compiled(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        var rows: [Row] = []
        while let row = try statement.step() {
            rows.append(row)
        }
        return rows
    }

    /// The statement for `sql` from this connection's cache, compiled on first use. Only for
    /// statements run to the end before anything else runs them (``rows(_:_:)``, the reader's
    /// records): a cached statement stepped by two callers at once would interleave their rows.
    func compiled(_ sql: String) throws -> Statement {
        if let statement = compiledStatements[sql] { return statement }
        let statement = try Statement(database: self, sql: sql, retainingDatabase: false)
        // SQL built with its values inside (`IN (1, 2, …)`) is seldom asked twice: the cache
        // is emptied when full rather than holding every such text.
        if compiledStatements.count >= Self.statementCacheLimit { compiledStatements.removeAll() }
        compiledStatements[sql] = statement
        return statement
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

    /// The message of the last failed call on this connection; for an I/O error or a full
    /// disk, with the system's reason SQLite met (`disk I/O error: the file-size limit
    /// (ulimit -f) was reached`), which SQLite's own message leaves out.
    var lastErrorMessage: String {
        withSystemReason(String(cString: sqlite3_errmsg(handle)))
    }

    /// `message`, of the last failed call on this connection, with the system's reason when that
    /// call met an I/O error or a full disk.
    private func withSystemReason(_ message: String) -> String {
        let code = sqlite3_errcode(handle) & 0xff
        guard code == SQLITE_IOERR || code == SQLITE_FULL else { return message }
        let number = sqlite3_system_errno(handle)
        // SQLite keeps the system's error of the calls it names an I/O error for, but a write
        // past the file-size limit often reaches it as a short write, with no error: the
        // files' sizes against the limit say so then.
        return Self.describing(message, systemError: number == 0 && isAtTheFileSizeLimit ? EFBIG : number)
    }

    /// Whether the database file or its write-ahead log is within a page of the process's
    /// file-size limit (`ulimit -f`), when it has one.
    private var isAtTheFileSizeLimit: Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
            let name = sqlite3_db_filename(handle, "main"), name.pointee != 0
        else { return false }
        let path = String(cString: name)
        return [path, path + "-wal"].contains { file in
            var status = stat()
            return stat(file, &status) == 0 && UInt64(status.st_size) + 65_536 > UInt64(limit.rlim_cur)
        }
    }

    /// `message` with what the system error `number` says about it, if anything.
    static func describing(_ message: String, systemError number: Int32) -> String {
        switch number {
        case 0: message
        case EFBIG: message + ": the file-size limit (ulimit -f) was reached"
        case ENOSPC: message + ": no space left on the device"
        default: message + ": " + String(cString: strerror(number)).lowercased()
        }
    }
}

/// The time left to a connection's statements, and the deadline of the call into SQLite
/// running now, at a stable address for SQLite's progress handler; used by the connection's
/// one thread.
private final class TimeBudget {
    /// Nanoseconds of SQLite's time left.
    var remaining: UInt64
    /// `DispatchTime.now().uptimeNanoseconds` past which the running call is interrupted.
    var deadline: UInt64 = .max

    init(nanoseconds: UInt64) {
        self.remaining = nanoseconds
    }
}
