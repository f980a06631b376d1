import Foundation
import Glibc

/// Opens a trace file for reading without writing anything beside it or into it, whatever
/// state its writer left it in, so that a trace can be read from a read-only folder or disk
/// and reading never changes what is there.
///
/// SQLite itself would create `-wal` and `-shm` files beside a trace in WAL mode (one whose
/// writer was killed, or is still writing) the moment a reader opens it. Instead:
/// - a trace in rollback-journal mode (every cleanly finished trace) opens with `mode=ro`,
///   which never creates a file;
/// - a trace in rollback-journal mode with a hot `-journal` beside it (a program killed in the
///   middle of a transaction that wrote it in that mode) is copied, main file and journal, into
///   a private temporary folder, where SQLite rolls the unfinished transaction back in the copy
///   as it opens it: a read-only open would have to refuse it ("attempt to write a readonly
///   database"), since rolling back writes;
/// - a trace in WAL mode whose `-wal` file is missing or empty holds everything in its main
///   file and opens with `immutable=1`, which reads that file alone;
/// - a trace in WAL mode with both a `-wal` and a `-shm` file (a writer still at work, or one
///   that was killed) opens read-only through them, as SQLite's own readers would, creating
///   nothing;
/// - any other WAL-mode trace (a `-wal` without its `-shm`, or a folder SQLite cannot share
///   memory in) is copied, main file and `-wal`, into a private temporary folder, and read
///   there; the copy is removed when the connection closes.
enum ReadOnlyTraceFile {
    /// Opens `path`, known to exist and to be non-empty.
    ///
    /// - Throws: ``SQLiteError`` when SQLite cannot open it; file-system errors of the copy.
    static func open(_ path: String) throws -> Database {
        guard isInWALMode(path) else {
            if hasHotJournal(path) {
                return try privateCopy(of: path, with: "-journal")
            }
            return try Database(uri: uri(path, "mode=ro"), path: path)
        }
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        guard walSize > 0 else {
            return try Database(uri: uri(path, "immutable=1"), path: path)
        }
        // A reader of a WAL database updates its `-shm` file. That is the price of reading a
        // trace its writer still writes; a trace no writer holds (its program was killed) is
        // read from a private copy instead, so reading it changes nothing beside it.
        if FileManager.default.fileExists(atPath: path + "-shm"), isHeldByAWriter(path),
            let database = try? Database(uri: uri(path, "mode=ro"), path: path),
            (try? database.scalar("SELECT count(*) FROM sqlite_schema")) != nil
        {
            return database
        }
        return try privateCopy(of: path, with: "-wal")
    }

    /// Whether the database header says WAL mode: bytes 18 and 19, the file format's read
    /// and write versions, are 2 in WAL mode and 1 in rollback mode.
    /// Whether a recording holds the trace (its exclusive `flock`, see `TraceFileClaim`): then
    /// a shared lock cannot be had.
    static func isHeldByAWriter(_ path: String) -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return true }
        flock(descriptor, LOCK_UN)
        return false
    }

    static func isInWALMode(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 || header[19] == 2
    }

    /// Whether a rollback journal beside `path` may need playing back: SQLite calls a journal
    /// hot when it exists and its header is not zeroed. (An empty or zeroed journal is
    /// what a finished transaction leaves in some journal modes, and needs nothing.)
    static func hasHotJournal(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path + "-journal") else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 28), !header.isEmpty else { return false }
        return header.contains { $0 != 0 }
    }

    /// Reads `path` and its `companion` file (`-wal` or `-journal`) from copies in a private
    /// temporary folder. A hot journal is played back first, in the copy, by a read-write
    /// connection that reads the schema and closes.
    private static func privateCopy(of path: String, with companion: String) throws -> Database {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-read-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        do {
            let copy = folder.appendingPathComponent("trace.sqlite").path
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + companion, toPath: copy + companion)
            if companion == "-journal" {
                _ = try Database(path: copy, mode: .readWriteCreate).scalar("SELECT count(*) FROM sqlite_schema")
            }
            return try Database(uri: uri(copy, "mode=ro"), path: path, removingWhenClosed: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// A `file:` URI for `path` with `query`; characters a URI gives meaning to are
    /// percent-encoded.
    static func uri(_ path: String, _ query: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:" + encoded + "?" + query
    }
}
