import CSQLite
import Foundation
import Glibc

/// A recorder's exclusive hold on the file it writes, taken before SQLite opens it, so that a
/// recording never destroys what it must not.
///
/// The hold is an `flock` on the trace file itself, for as long as the recording's connection
/// is open; every reader (``Database`` opened read-only) holds a shared `flock` on the file it
/// reads. A path is taken only when the exclusive lock is granted, so no other recorder and no
/// reader has it open, and when the file is new, empty, or already an RxTrace trace (by its
/// `application_id`); that trace, finished or cut short, is then replaced. Otherwise the
/// recorder writes a sibling named after its process, `app.sqlite` → `app.<pid>.sqlite`
/// (`app.<pid>-2.sqlite`, … if that is taken too), and says so in one line on stderr. A `%p`
/// in the path becomes the process id first, as in LLVM's profile file names.
struct TraceFileClaim {
    /// The path the trace is written to.
    let path: String
    /// The open descriptor holding the lock; the recording's ``Database`` closes it, after the
    /// connection, so SQLite's own locks on the file are never dropped under it.
    let descriptor: Int32

    /// The largest number of siblings tried before giving up.
    private static let maximumSiblings = 100

    /// Claims `requested` (with `%p` replaced) or, when that is in use or not a trace, the first
    /// free sibling.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CANTOPEN`) when no file can be opened, naming why.
    static func claim(_ requested: String) throws -> TraceFileClaim {
        let processID = getpid()
        let path = requested.replacingOccurrences(of: "%p", with: String(processID))
        var refusal: Refusal?
        for attempt in 0...maximumSiblings {
            let candidate = attempt == 0 ? path : sibling(of: path, processID: processID, attempt: attempt)
            switch try claimIfFree(candidate) {
            case .claimed(let descriptor):
                if let refusal {
                    writeToStandardError("RxTrace: \(path) \(refusal.reason); recording to \(candidate) instead\n")
                }
                return TraceFileClaim(path: candidate, descriptor: descriptor)
            case .refused(let reason):
                refusal = refusal ?? reason
            }
        }
        throw SQLiteError(
            code: SQLITE_CANTOPEN,
            message: "cannot record to \(path): it and \(maximumSiblings) siblings are in use or not traces"
        )
    }

    /// Why a path was not taken.
    enum Refusal {
        case inUse
        case notATrace

        var reason: String {
            switch self {
            case .inUse: "is being written or read by another recording or reader"
            case .notATrace: "is not an RxTrace trace, so it is left alone"
            }
        }
    }

    private enum Outcome {
        case claimed(Int32)
        case refused(Refusal)
    }

    /// `app.sqlite` → `app.<pid>.sqlite`; `trace` → `trace.<pid>`; attempts after the first
    /// add `-2`, `-3`, ….
    static func sibling(of path: String, processID: Int32, attempt: Int) -> String {
        let tag = attempt == 1 ? "\(processID)" : "\(processID)-\(attempt)"
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let directory = String(path.dropLast(name.count))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + tag }
        return directory + name[..<dot] + "." + tag + name[dot...]
    }

    /// Opens `path` (creating it), locks it exclusively without waiting, and empties it when it
    /// is a trace nobody holds.
    private static func claimIfFree(_ path: String) throws -> Outcome {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot open \(path): \(reason)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .refused(.inUse)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .refused(.notATrace)
        }
        if status.st_size > 0 {
            guard isTrace(descriptor) else {
                close(descriptor)
                return .refused(.notATrace)
            }
            // A trace no recorder writes and no reader reads: replaced, as documented.
            guard ftruncate(descriptor, 0) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot replace the trace \(path): \(reason)")
            }
        }
        // What a previous recording left beside it belongs to the trace just emptied.
        unlink(path + "-wal")
        unlink(path + "-shm")
        return .claimed(descriptor)
    }

    /// Whether the file starts with an SQLite header whose `application_id` is RxTrace's.
    private static func isTrace(_ descriptor: Int32) -> Bool {
        var header = [UInt8](repeating: 0, count: 72)
        let count = pread(descriptor, &header, header.count, 0)
        guard count == header.count, Array(header[0..<16]) == Array("SQLite format 3\0".utf8) else { return false }
        let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return applicationID == UInt32(bitPattern: TraceSchema.applicationID)
    }
}
