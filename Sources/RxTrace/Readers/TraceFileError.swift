/// Why a file could not be read as a trace; each case prints as one line naming the file.
public enum TraceFileError: Error, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missing(path: String)
    /// Something stands at the path that cannot be read as a file: a directory, a device, a
    /// loop of symbolic links, a file this user may not read; `reason` says which.
    case notAFile(path: String, reason: String)
    /// The file has no bytes.
    case empty(path: String)
    /// The file is not an SQLite database.
    case notSQLite(path: String)
    /// An SQLite database, but not one RxTrace wrote.
    case notATrace(path: String, applicationID: Int32)
    /// A trace from a newer RxTrace, whose schema this build does not know.
    case newerSchema(path: String, version: Int32, supported: Int32)
    /// SQLite could not read it: truncated or damaged.
    case unreadable(path: String, reason: String)
    /// SQLite reads it, but what it says cannot be: a loop of calls, a parent that is missing.
    case damaged(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "\(path): no such file"
        case .notAFile(let path, let reason):
            "\(path): \(reason)"
        case .empty(let path):
            "\(path): the file is empty, not a trace"
        case .notSQLite(let path):
            "\(path): not an SQLite database, so not a trace"
        case .notATrace(let path, let applicationID):
            "\(path): an SQLite database but not an RxTrace trace (application_id \(applicationID), expected \(TraceSchema.applicationID))"
        case .newerSchema(let path, let version, let supported):
            "\(path): written with trace schema version \(version), but this rxtrace reads up to version \(supported); use a newer rxtrace"
        case .unreadable(let path, let reason):
            "\(path): unreadable trace (\(reason)); it may be truncated or damaged"
        case .damaged(let path, let reason):
            "\(path): damaged trace: \(reason)"
        }
    }
}
