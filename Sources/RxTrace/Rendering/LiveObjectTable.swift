import Foundation

/// The text report's table of objects alive at the end, the lines
/// ``LeakWording/lines(forLiveObjects:untracedCount:)`` gives for its groups, built one group at
/// a time as the leak finder hands them on and written out at the end, when the widths of its
/// columns are known.
///
/// Each group's row is kept, unpadded, in a new file of the temporary directory, unlinked as
/// soon as it is open (as ``TextSpool``'s); in memory stay only where each row starts in the
/// file and its block's number (12 bytes a row), and each block's verdict and holder once: a
/// table of a million distinct types holds none of their groups. Where the temporary
/// directory is not writable, the rows stay in memory instead.
final class LiveObjectTable {
    /// A block's verdict and holder: the rows of one block share them.
    private struct Finding: Hashable {
        let verdict: LeakVerdict
        let holder: LiveObjectHolder?
    }

    /// How much is gathered before it goes to the file, and how much is read back at once.
    private static let chunkSize = 1 << 20

    /// Each block's number, by its verdict and holder.
    private var blockOfFinding: [Finding: UInt32] = [:]
    /// The blocks' verdicts and holders, in order of first appearance.
    private var findings: [Finding] = []
    /// Each row's block, in the order the rows were added.
    private var blockOfRow: [UInt32] = []
    /// Where each row starts in the rows' bytes; it ends where the next one starts.
    private var rowStarts: [UInt64] = []
    /// The widest cell of each padded column so far, in characters.
    private var countWidth = 0
    private var typeWidth = 0
    private var idsWidth = 0

    /// The unlinked file, or `nil` when none could be made (the rows then stay in `pending`).
    private let handle: FileHandle?
    /// Bytes written to the file.
    private var written: UInt64 = 0
    /// Rows' bytes added and not yet written to the file.
    private var pending: [UInt8] = []

    /// An empty table, its rows kept in a new file of `directory` when one can be made there.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        let path = directory.appendingPathComponent("rxtrace-table-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            unlink(path)
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        } else {
            handle = nil
        }
    }

    /// A table of `groups`, in order.
    convenience init(_ groups: [LiveObjectGroup]) throws {
        self.init()
        for group in groups { try add(group) }
    }

    /// Whether no group was added.
    var isEmpty: Bool { rowStarts.isEmpty }

    /// Adds the row of `group`, after those added so far.
    func add(_ group: LiveObjectGroup) throws {
        let finding = Finding(verdict: group.verdict, holder: group.holder)
        let block: UInt32
        if let known = blockOfFinding[finding] {
            block = known
        } else {
            block = UInt32(findings.count)
            blockOfFinding[finding] = block
            findings.append(finding)
        }
        let row = LeakWording.row(forLiveObjects: group)
        countWidth = max(countWidth, row.count.count)
        typeWidth = max(typeWidth, row.type.count)
        idsWidth = max(idsWidth, row.ids.count)
        blockOfRow.append(block)
        rowStarts.append(written + UInt64(pending.count))
        for cell in [row.count, row.type, row.ids, row.place] {
            let length = UInt32(cell.utf8.count)
            withUnsafeBytes(of: length.littleEndian) { pending.append(contentsOf: $0) }
            pending.append(contentsOf: cell.utf8)
        }
        if handle != nil, pending.count >= Self.chunkSize { try flush() }
    }

    /// Hands each line of the table to `body`, in order: the rows of each block, columns
    /// aligned across blocks, then the block's verdict, why and what to do.
    func forEachLine(_ body: (String) throws -> Void) throws {
        try flush()
        let limit = LeakWording.columnWidthLimit
        let widths = (count: min(countWidth, limit), type: min(typeWidth, limit), ids: min(idsWidth, limit))
        // The rows by block, each block's in the order they were added.
        var blockStarts = [Int](repeating: 0, count: findings.count + 1)
        for block in blockOfRow { blockStarts[Int(block) + 1] += 1 }
        for block in findings.indices { blockStarts[block + 1] += blockStarts[block] }
        var order = [UInt32](repeating: 0, count: blockOfRow.count)
        var next = blockStarts
        for (row, block) in blockOfRow.enumerated() {
            order[next[Int(block)]] = UInt32(row)
            next[Int(block)] += 1
        }
        var reader = RowReader(table: self)
        for (block, finding) in findings.enumerated() {
            if block > 0 { try body("") }
            for position in blockStarts[block]..<blockStarts[block + 1] {
                let row = try reader.row(Int(order[position]))
                try body(
                    LeakWording.alignedLine(row, countWidth: widths.count, typeWidth: widths.type, idsWidth: widths.ids)
                )
            }
            let first = LiveObjectGroup(
                typeName: "", objectIDs: [], createdIn: [], verdict: finding.verdict, holder: finding.holder)
            try body("  verdict        " + LeakWording.verdictText(first))
            let (why, fix) = LeakWording.explanation(of: first)
            if let why { try body("  why            " + why) }
            try body("  fix            " + fix)
        }
    }

    /// Writes the rows gathered so far to the file (kept in memory when there is none).
    private func flush() throws {
        guard let handle, !pending.isEmpty else { return }
        try handle.write(contentsOf: pending)
        written += UInt64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    /// Reads rows back from a table's bytes, a chunk of the file at a time: rows read in the
    /// order they were added cost one read per chunk.
    private struct RowReader {
        let table: LiveObjectTable
        /// The chunk read last, and where in the file it starts.
        private var window: [UInt8] = []
        private var windowStart: UInt64 = 0

        init(table: LiveObjectTable) {
            self.table = table
        }

        /// The cells of row `index`.
        mutating func row(_ index: Int) throws -> LeakWording.LiveObjectCells {
            let start = table.rowStarts[index]
            let end =
                index + 1 < table.rowStarts.count
                ? table.rowStarts[index + 1] : table.written + UInt64(table.pending.count)
            let bytes: ArraySlice<UInt8>
            if let handle = table.handle {
                if start < windowStart || end > windowStart + UInt64(window.count) {
                    try handle.seek(toOffset: start)
                    window = [UInt8](
                        try handle.read(upToCount: max(LiveObjectTable.chunkSize, Int(end - start))) ?? Data())
                    windowStart = start
                }
                bytes = window[Int(start - windowStart)..<Int(end - windowStart)]
            } else {
                // Without a file nothing was written: every row is in `pending`.
                bytes = table.pending[Int(start)..<Int(end)]
            }
            var cells: [String] = []
            var position = bytes.startIndex
            for _ in 0..<4 {
                var length: UInt32 = 0
                withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: bytes[position..<(position + 4)]) }
                position += 4
                let cellEnd = position + Int(UInt32(littleEndian: length))
                cells.append(String(decoding: bytes[position..<cellEnd], as: UTF8.self))
                position = cellEnd
            }
            return (count: cells[0], type: cells[1], ids: cells[2], place: cells[3])
        }
    }
}
