import Foundation
import Glibc

/// Where a command's output goes: standard output, or the file `-o` names, created (or
/// emptied) when the first piece is written, so a command that fails before it has anything
/// to say leaves no file behind. Pieces are gathered and written 64 KB at a time.
///
/// Every failure to write names its cause (`no space left on device`, `permission denied`,
/// `read-only file system`) and is reported by ``finish()``: a full disk never passes for a
/// written report.
final class OutputFile {
    private let path: String?
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    /// The first failure, kept until ``finish()`` reports it; nothing is written after it.
    private var failure: CLIError?

    /// Output to `path`, or to standard output when it is `nil`.
    init(path: String?) {
        self.path = path
    }

    /// Checks that `path` can be written, before anything is read: a directory that does not
    /// exist, a path that is a directory, or one the user may not write is bad input, with its
    /// cause.
    static func checkWritable(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError.badInput("cannot write \(path): it is a directory")
        }
        let directory = parentDirectory(of: path)
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError.badInput("cannot write \(path): no such directory \(directory)")
        }
        let target = FileManager.default.fileExists(atPath: path) ? path : directory
        if access(target, W_OK) != 0 {
            throw CLIError.badInput("cannot write \(path): \(reason(errno))")
        }
    }

    /// The folder `path` names its file in, as the user wrote it: `no/such` for
    /// `no/such/out.txt`, `.` for `out.txt`, `/` for `/out.txt`. (Foundation's
    /// `deletingLastPathComponent` traps on some paths, such as `.`.)
    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Adds `text` to the output; a failure is kept for ``finish()``.
    func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is left and closes the file.
    ///
    /// - Throws: ``CLIError/badInput(_:)`` naming the first write that failed, and why.
    func finish() throws {
        flush()
        if descriptor > STDERR_FILENO, close(descriptor) != 0, failure == nil {
            failure = failed(errno)
        }
        descriptor = -1
        if let failure { throw failure }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty || descriptor < 0 else { return }
        if descriptor < 0 {
            guard let path else {
                descriptor = STDOUT_FILENO
                return flush()
            }
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                failure = failed(errno)
                return
            }
        }
        var written = 0
        while written < buffer.count {
            let count = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = failed(errno)
                return
            }
            written += count
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failed(_ code: Int32) -> CLIError {
        CLIError.badInput("cannot write \(path ?? "standard output"): \(Self.reason(code))")
    }

    /// `strerror`'s words, lowercased as the rest of the tool's messages: `no space left on
    /// device`.
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
