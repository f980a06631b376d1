import CSQLite
import Foundation

/// A value in or out of SQLite: one of its five storage classes.
public enum SQLValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as SQLite's shell prints it in list mode (`NULL` as an empty string).
    public var description: String {
        switch self {
        case .null: ""
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .blob(let bytes): "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    /// The integer, or `nil` for any other class.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The text, or `nil` for any other class.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

/// The column names of a statement's rows, read once per statement and shared by every row,
/// with each name's position: a row neither copies the names nor searches them.
public final class RowColumns: Sendable {
    /// The column names, as the statement declares them.
    public let names: [String]
    /// The position of each name; the first column of a name that occurs twice.
    private let positions: [String: Int]

    init(names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name] == nil {
            positions[name] = index
        }
        self.positions = positions
    }

    /// The position of column `name`, or `nil`.
    public func position(of name: String) -> Int? { positions[name] }
}

/// One result row: its column names and values, in the statement's order.
public struct Row: Sendable {
    /// The statement's column names, shared with its other rows.
    public let columnNames: RowColumns
    /// The values, one per column.
    public let values: [SQLValue]

    /// The column names, as the statement declares them.
    public var columns: [String] { columnNames.names }

    /// The value of column `name`, or `.null` when there is no such column.
    public subscript(_ name: String) -> SQLValue {
        guard let index = columnNames.position(of: name) else { return .null }
        return values[index]
    }

    /// The value of column `name` as an integer, or `nil`.
    public func integer(_ name: String) -> Int64? { self[name].integer }

    /// The value of column `name` as text, or `nil`.
    public func text(_ name: String) -> String? { self[name].text }

    /// The value of the column at `position` as an integer, or `nil` (also for a position past
    /// the last column): for a reader that resolved the column's position once per statement
    /// (``RowColumns/position(of:)``) instead of looking its name up in every row.
    public func integer(at position: Int?) -> Int64? {
        guard let position, position < values.count else { return nil }
        return values[position].integer
    }

    /// The value of the column at `position` as text, or `nil`, like ``integer(at:)``.
    public func text(at position: Int?) -> String? {
        guard let position, position < values.count else { return nil }
        return values[position].text
    }
}

/// A compiled SQL statement, reused by binding new values and stepping again.
public final class Statement {
    /// The connection; unowned for a statement the connection itself caches (which it
    /// finalizes as it closes), so neither keeps the other alive.
    private unowned let database: Database
    /// The connection, held for a statement handed out to callers, which may outlive every
    /// other reference to it.
    private let retainedDatabase: Database?
    private let handle: OpaquePointer
    /// The column names shared by the rows, read at the first row.
    private var rowColumns: RowColumns?

    /// Whether the SQL text holds another statement after the first (SQLite compiles only
    /// that one); comments, whitespace and empty statements (`;`) after it are not one.
    public let hasTrailingSQL: Bool

    init(database: Database, sql: String, retainingDatabase: Bool = true) throws {
        var handle: OpaquePointer?
        var hasTrailingSQL = false
        let status = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(database.handle, text, -1, &handle, &tail)
            if status == SQLITE_OK, let tail {
                hasTrailingSQL = Self.holdsAStatement(tail, in: database)
            }
            return status
        }
        guard status == SQLITE_OK else {
            sqlite3_finalize(handle)
            throw SQLiteError(code: status, message: database.lastErrorMessage)
        }
        guard let handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL holds no statement")
        }
        self.database = database
        self.retainedDatabase = retainingDatabase ? database : nil
        self.handle = handle
        self.hasTrailingSQL = hasTrailingSQL
    }

    /// Whether `text` holds a statement: SQLite compiles nothing out of comments, whitespace
    /// and lone semicolons, and fails on anything that is not SQL.
    private static func holdsAStatement(_ text: UnsafePointer<CChar>, in database: Database) -> Bool {
        var rest = text
        while rest.pointee != 0 {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(database.handle, rest, -1, &statement, &tail)
            sqlite3_finalize(statement)
            guard status == SQLITE_OK, statement == nil, let tail, tail > rest else { return true }
            rest = tail
        }
        return false
    }

    /// The names of the result columns, known before any row is stepped.
    public var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Whether the statement only reads (SQLite's own judgement, `sqlite3_stmt_readonly`).
    public var isReadOnly: Bool {
        sqlite3_stmt_readonly(handle) != 0
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    public func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds `value` to parameter `index` (1-based).
    public func bind(_ value: SQLValue, at index: Int32) throws {
        let status: Int32 =
            switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
            case .real(let real): sqlite3_bind_double(handle, index, real)
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, SQLITE_TRANSIENT)
            case .blob(let bytes): sqlite3_bind_blob(handle, index, bytes, Int32(bytes.count), SQLITE_TRANSIENT)
            }
        guard status == SQLITE_OK else { throw SQLiteError(code: status, message: database.lastErrorMessage) }
    }

    /// Binds an integer to parameter `index` (1-based) without boxing it in ``SQLValue``.
    public func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(handle, index, value)
    }

    /// Binds a literal's text to parameter `index` (1-based) where it lies, without SQLite
    /// copying it (`SQLITE_STATIC`: a literal outlives every statement): for the names of an
    /// enumeration's values, such as an event's kind, which the recorder writes on every row.
    public func bind(_ text: StaticString, at index: Int32) {
        text.utf8Start.withMemoryRebound(to: CChar.self, capacity: text.utf8CodeUnitCount) {
            _ = sqlite3_bind_text(handle, index, $0, Int32(text.utf8CodeUnitCount), nil)
        }
    }

    /// Binds optional text to parameter `index` (1-based), NULL for `nil`.
    ///
    /// Through `withUTF8`, which lends a short string's bytes from the stack: passing the
    /// `String` as a C string copied each short one into a new heap array first (about 5% of
    /// the recorder's writer thread under `perf`, where most texts are values like `next(12)`).
    /// As with a C string, the text ends at its first NUL.
    public func bind(_ value: String?, at index: Int32) {
        guard var value else {
            sqlite3_bind_null(handle, index)
            return
        }
        value.withUTF8 { bytes in
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            guard length > 0, let start = bytes.baseAddress else {
                // A NULL pointer would bind NULL, not the empty text.
                sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
                return
            }
            start.withMemoryRebound(to: CChar.self, capacity: length) {
                _ = sqlite3_bind_text(handle, index, $0, Int32(length), SQLITE_TRANSIENT)
            }
        }
    }

    /// Binds an optional integer to parameter `index` (1-based), NULL for `nil`.
    public func bind(_ value: Int64?, at index: Int32) {
        if let value {
            sqlite3_bind_int64(handle, index, value)
        } else {
            sqlite3_bind_null(handle, index)
        }
    }

    /// Ends the statement's current run, so it holds no read transaction open until it is
    /// stepped again.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Runs a statement that returns no rows, then resets it for reuse.
    public func run() throws {
        let status = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard status == SQLITE_DONE || status == SQLITE_ROW else {
            throw SQLiteError(code: status, message: database.lastErrorMessage)
        }
    }

    /// The next row, or `nil` when there are no more.
    public func step() throws -> Row? {
        let status = database.spendingTime { sqlite3_step(handle) }
        switch status {
        case SQLITE_ROW:
            let count = sqlite3_column_count(handle)
            let names: RowColumns
            if let rowColumns, rowColumns.names.count == Int(count) {
                names = rowColumns
            } else {
                names = RowColumns(names: columnNames)
                rowColumns = names
            }
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for index in 0..<count {
                values.append(value(at: index))
            }
            return Row(columnNames: names, values: values)
        case SQLITE_DONE:
            return nil
        default:
            throw SQLiteError(code: status, message: database.lastErrorMessage)
        }
    }

    // MARK: Reading columns in place

    /// Steps to the next row without making a ``Row``: `true` while there is one, whose columns
    /// ``integer(at:)``, ``text(at:)`` and ``withText(at:_:)`` then read in place. For a reader
    /// that reads millions of rows of known columns, where a `Row`'s array and its `String`s
    /// were much of the work.
    public func advance() throws -> Bool {
        let status = database.spendingTime { sqlite3_step(handle) }
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: status, message: database.lastErrorMessage)
        }
    }

    /// Whether the current row's column `index` is `NULL`.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The current row's column `index` as an integer, or `nil` for `NULL` or a value of
    /// another class (as ``SQLValue/integer`` reads it).
    public func integer(at index: Int32) -> Int64? {
        // The column's value taken once and read through it: `sqlite3_column_type` and
        // `sqlite3_column_int64` each find the column again and check the connection's state,
        // and a report reads a few integers of each of millions of rows.
        guard let value = sqlite3_column_value(handle, index), sqlite3_value_type(value) == SQLITE_INTEGER else {
            return nil
        }
        return sqlite3_value_int64(value)
    }

    /// The current row's column `index` as text, or `nil` for any other class (as
    /// ``SQLValue/text`` reads it).
    public func text(at index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT else { return nil }
        return String(cString: sqlite3_column_text(handle, index))
    }

    /// Calls `body` with the bytes of the current row's text column `index` (up to its first
    /// NUL, as ``text(at:)`` reads it), or with `nil` for any other class, without making a
    /// `String`; the bytes are valid only inside `body`.
    public func withText<Result>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result) rethrows
        -> Result
    {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT, let text = sqlite3_column_text(handle, index) else {
            return try body(nil)
        }
        return try body(
            UnsafeBufferPointer(start: text, count: strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))))
    }

    private func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(String(cString: sqlite3_column_text(handle, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }
}
