import Foundation

/// Where an export goes: standard output, or the file `-o` names, created (or emptied) when
/// the first piece is written. Pieces are gathered and written 64 KB at a time.
final class OutputFile {
    private let path: String?
    private var handle: FileHandle?
    private var buffer = Data()

    /// Output to `path`, or to standard output when it is `nil`.
    init(path: String?) {
        self.path = path
    }

    /// Checks that `path` can be written, before anything is read: a directory that does not
    /// exist, or one without write permission, is bad input.
    static func checkWritable(_ path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError.badInput("\(path): no such directory \(directory)")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError.badInput("\(path) is a directory")
        }
        let files = FileManager.default
        guard files.isWritableFile(atPath: directory) || files.isWritableFile(atPath: path) else {
            throw CLIError.badInput("\(path): permission denied")
        }
    }

    /// Adds `text` to the output.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes out what has been gathered.
    func flush() throws {
        if handle == nil {
            if let path {
                guard FileManager.default.createFile(atPath: path, contents: nil),
                    let file = FileHandle(forWritingAtPath: path)
                else {
                    throw CLIError.badInput("cannot write \(path)")
                }
                handle = file
            } else {
                handle = FileHandle.standardOutput
            }
        }
        try handle?.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
