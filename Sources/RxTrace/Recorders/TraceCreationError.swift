import Foundation

/// Why a trace file could not be created, in words that say what to fix: SQLite's own
/// "unable to open database file" does not say whether the folder is missing, the path is a
/// folder, or nothing may be written there.
public struct TraceCreationError: Error, CustomStringConvertible, Equatable {
    /// The trace file that could not be created.
    public let path: String
    /// The cause, as found on the file system: `the folder /x does not exist`.
    public let cause: String?
    /// What SQLite said.
    public let sqliteError: SQLiteError

    /// The error for `sqliteError`, raised while creating a trace at `path`, with the cause the
    /// file system shows.
    public init(path: String, sqliteError: SQLiteError) {
        self.path = path
        self.sqliteError = sqliteError
        self.cause = Self.cause(forCreating: path)
    }

    /// `the folder /x does not exist (cannot open /x/t.sqlite: No such file or directory)`: the
    /// cause, then what the system or SQLite said; the path itself is left to whoever prints
    /// the error.
    public var description: String {
        guard let cause else { return sqliteError.message }
        return "\(cause) (\(sqliteError.message))"
    }

    /// What on the file system keeps a file from being created at `path`, if anything visible
    /// does.
    static func cause(forCreating path: String) -> String? {
        let manager = FileManager.default
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "\(path) is a folder, not a file" }
            if !manager.isWritableFile(atPath: path) { return "the file \(path) is read-only" }
        }
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            return "the folder \(folder) does not exist"
        }
        guard isDirectory.boolValue else { return "\(folder) is a file, not a folder" }
        var fileSystem = statvfs()
        if statvfs(folder, &fileSystem) == 0, fileSystem.f_flag & UInt(ST_RDONLY) != 0 {
            return "the file system holding \(folder) is read-only"
        }
        if !manager.isWritableFile(atPath: folder) { return "the folder \(folder) is not writable" }
        if statvfs(folder, &fileSystem) == 0, fileSystem.f_bavail == 0 {
            return "the disk holding \(folder) is full"
        }
        return nil
    }
}
