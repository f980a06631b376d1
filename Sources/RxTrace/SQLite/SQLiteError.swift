import CSQLite

/// An error from SQLite, with its result code and message.
public struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// SQLite's primary result code (`SQLITE_ERROR`, `SQLITE_CANTOPEN`, …).
    public let code: Int32
    /// SQLite's message for it (`no such table: objects`).
    public let message: String

    /// An error with `code` and `message`.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Whether SQLite stopped the statement because it was interrupted, as
    /// ``Database/interrupt(after:)`` does past its deadline.
    public var isInterrupt: Bool { code == SQLITE_INTERRUPT }

    /// Whether a string or blob grew past the size ``Database/limitValueSize(to:)`` allows.
    public var isTooBig: Bool { code == SQLITE_TOOBIG }

    /// The message; SQLite's messages read well on their own.
    public var description: String { message }
}
