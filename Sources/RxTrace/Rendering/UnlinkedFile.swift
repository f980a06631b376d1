import Foundation

/// A file of the temporary directory that no one else can open: made, then unlinked at once, so
/// it is gone when its handle closes, even if the process is killed. The spools of a report
/// (``TextSpool``, ``LiveObjectRowSpool``, ``LiveObjectGroupSpill``) keep what they hold there.
enum UnlinkedFile {
    /// A new unlinked file in `directory`, named from `prefix` while it had a name, or `nil`
    /// when none can be made there (the caller keeps its bytes in memory instead).
    static func make(in directory: URL, prefix: String) -> FileHandle? {
        let path = directory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
