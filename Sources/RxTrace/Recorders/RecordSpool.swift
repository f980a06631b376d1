import CRxTrace
import Foundation
import Glibc
import RxCore
import Synchronization

/// An append-only file of ``Record``s between the ``RecordRing`` and the SQLite writer: the
/// spooler thread appends at disk speed what producers publish, the writer reads it back at
/// SQLite's pace, so a burst fills the file, not memory, and producers never wait for SQLite.
///
/// The file lies next to the trace (or in the temporary directory for an in-memory trace) and
/// is unlinked as soon as it is open: nothing is left behind however the process ends, and the
/// trace is complete once the writer has read it all. Records travel by their bits: the file
/// holds exactly the memory of the records the ring held, and reading it back moves them into
/// the writer's buffer (the process that wrote them reads them; a `String` a record carries
/// stays on the heap until the writer formats it).
///
/// When the file cannot be made or written (a full disk, a file-size limit), the records the
/// spooler moves next are kept in memory instead, and the writer reads them after the file's:
/// nothing is dropped, and the SQLite writer meets the same error and ends the trace saying why.
final class RecordSpool {
    private static let stride = MemoryLayout<Record>.stride

    /// The unlinked file, or -1 when it could not be made.
    private let descriptor: Int32
    /// Whether the spooler still appends to the file: it stops at the first failed write.
    private var isFileWritable: Bool
    /// Records appended to the file; stored by the spooler after each write, read by the writer.
    private let fileCount = Atomic<Int>(0)
    /// Records kept in memory since the file failed, in order, after the file's.
    private let overflow = LockedState<[Record]>([])
    /// Records the writer has read from the file.
    private var readCount = 0
    /// Bytes of the file, as the spooler appends them.
    private var fileSize = 0
    /// Bytes at the file's start whose space was given back; the writer thread's.
    private var releasedSize = 0
    /// How much the writer reads before it gives the space back: the spool holds on disk only
    /// what the writer is behind by.
    private static let releaseStep = 32 << 20

    /// A spool file in `directory`, named after `name`.
    init(directory: String, name: String) {
        var template = Array("\(directory)/.\(name).spool.XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 {
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        isFileWritable = descriptor >= 0
    }

    deinit {
        close()
    }

    /// Closes the file, whose space then goes back to the file system, and drops what the
    /// writer did not read; once the spooler has stopped, on the writer thread.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if descriptor >= 0 {
            Glibc.close(descriptor)
        }
        overflow.withLock { $0 = [] }
    }

    /// Whether ``close()`` ran; the writer's.
    private var isClosed = false

    // MARK: - Spooler thread

    /// Moves `records` out of the ring: to the end of the file, or into memory once the file
    /// failed. Afterwards their memory is free to reuse without being deinitialized.
    func append(_ records: UnsafeMutableBufferPointer<Record>) {
        var written = 0
        if isFileWritable {
            let bytes = UnsafeRawPointer(records.baseAddress!)
            let total = records.count * Self.stride
            var offset = 0
            while offset < total {
                let result = pwrite(descriptor, bytes + offset, total - offset, off_t(fileSize + offset))
                if result > 0 {
                    offset += result
                } else if result < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            fileSize += offset
            written = offset / Self.stride
            if offset < total {
                // A record cut in half by the failure is not counted; the file ends before it.
                fileSize = written * Self.stride
                isFileWritable = false
            }
            fileCount.store(fileCount.load(ordering: .relaxed) + written, ordering: .releasing)
        }
        guard written < records.count else { return }
        let rest = UnsafeMutableBufferPointer(rebasing: records[written...])
        overflow.withLock { $0.append(contentsOf: rest) }
        rest.deinitialize()
    }

    // MARK: - Writer thread

    /// Gives back the space of what the writer has read, in steps of ``releaseStep``; on a file
    /// system that cannot, the file keeps it until the recording ends.
    private func releaseReadSpace() {
        let read = readCount * Self.stride
        guard read - releasedSize >= Self.releaseStep else { return }
        let end = read / Self.releaseStep * Self.releaseStep
        if rxtrace_release_file_space(descriptor, Int64(releasedSize), Int64(end - releasedSize)) == 0 {
            releasedSize = end
        } else {
            releasedSize = .max / 2
        }
    }

    /// Moves up to `limit` records, the oldest not read yet, into `buffer`; returns how many.
    ///
    /// - Throws: `POSIXError` when the file cannot be read back.
    func read(into buffer: UnsafeMutablePointer<Record>, limit: Int) throws -> Int {
        let available = fileCount.load(ordering: .acquiring) - readCount
        if available > 0 {
            let count = min(available, limit)
            let raw = UnsafeMutableRawPointer(buffer)
            let total = count * Self.stride
            var offset = 0
            while offset < total {
                let result = pread(
                    descriptor, raw + offset, total - offset, off_t(readCount * Self.stride + offset)
                )
                if result > 0 {
                    offset += result
                } else if result < 0, errno == EINTR {
                    continue
                } else {
                    throw POSIXError(POSIXErrorCode(rawValue: result < 0 ? errno : EIO) ?? .EIO)
                }
            }
            readCount += count
            releaseReadSpace()
            return count
        }
        return overflow.withLock { records in
            let count = min(records.count, limit)
            guard count > 0 else { return 0 }
            _ = UnsafeMutableBufferPointer(start: buffer, count: count).initialize(from: records.prefix(count))
            records.removeFirst(count)
            return count
        }
    }
}

// `isFileWritable` and `fileSize` belong to the spooler thread, `readCount`, `releasedSize` and
// `isClosed` to the writer
// thread; `fileCount` hands the file's records from one to the other (a release store after
// the write, an acquire load before the read), and `overflow` is a `LockedState`.
extension RecordSpool: @unchecked Sendable {}
