import Foundation

/// A row of text cells per group of objects alive at the end, kept until every group is known
/// and read back block by block: the blocks are the groups of one verdict and holder
/// (``LeakWording/liveObjectBlocks(_:)``), in order of first appearance, each block's rows in
/// the order they were added. The text report's table (``LiveObjectTable``) and the page's
/// tables are written from one.
///
/// The rows are kept in a new file of the temporary directory, unlinked as soon as it is open
/// (as ``TextSpool``'s); in memory stay only where each row starts in the file and its block's
/// number (12 bytes a row), and each block's verdict and holder once: a million distinct types
/// hold none of their groups. Where the temporary directory is not writable, the rows stay in
/// memory instead.
final class LiveObjectRowSpool {
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

    /// The unlinked file, or `nil` when none could be made (the rows then stay in `pending`).
    private let handle: FileHandle?
    /// Bytes written to the file.
    private var written: UInt64 = 0
    /// Rows' bytes added and not yet written to the file.
    private var pending: [UInt8] = []

    /// No rows, kept in a new file of `directory` when one can be made there.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        handle = UnlinkedFile.make(in: directory, prefix: "rxtrace-rows")
    }

    /// Whether no row was added.
    var isEmpty: Bool { rowStarts.isEmpty }

    /// Adds `cells` as the row of `group`, in the block of its verdict and holder.
    func add(_ cells: [String], of group: LiveObjectGroup) throws {
        let finding = Finding(verdict: group.verdict, holder: group.holder)
        let block: UInt32
        if let known = blockOfFinding[finding] {
            block = known
        } else {
            block = UInt32(findings.count)
            blockOfFinding[finding] = block
            findings.append(finding)
        }
        blockOfRow.append(block)
        rowStarts.append(written + UInt64(pending.count))
        withUnsafeBytes(of: UInt32(cells.count).littleEndian) { pending.append(contentsOf: $0) }
        for cell in cells {
            withUnsafeBytes(of: UInt32(cell.utf8.count).littleEndian) { pending.append(contentsOf: $0) }
            pending.append(contentsOf: cell.utf8)
        }
        if handle != nil, pending.count >= Self.chunkSize { try flush() }
    }

    /// Reads the rows back block by block: for each block, `block` with a group of its verdict
    /// and holder (and no type, ids or places), then `row` with the cells of each of its rows,
    /// in order.
    func forEachBlock(
        _ block: (_ verdictAndHolder: LiveObjectGroup, _ rows: () throws -> [String]?) throws -> Void
    ) throws {
        try flush()
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
        var reader = RowReader(spool: self)
        for (number, finding) in findings.enumerated() {
            var position = blockStarts[number]
            let end = blockStarts[number + 1]
            try block(
                LiveObjectGroup(
                    typeName: "", objectIDs: [], createdIn: [], verdict: finding.verdict, holder: finding.holder)
            ) {
                guard position < end else { return nil }
                defer { position += 1 }
                return try reader.row(Int(order[position]))
            }
        }
    }

    /// Writes the rows gathered so far to the file (kept in memory when there is none).
    private func flush() throws {
        guard let handle, !pending.isEmpty else { return }
        try handle.write(contentsOf: pending)
        written += UInt64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    /// Reads rows back from a spool's bytes, a chunk of the file at a time: rows read in the
    /// order they were added cost one read per chunk.
    private struct RowReader {
        let spool: LiveObjectRowSpool
        /// The chunk read last, and where in the file it starts.
        private var window: [UInt8] = []
        private var windowStart: UInt64 = 0

        init(spool: LiveObjectRowSpool) {
            self.spool = spool
        }

        /// The cells of row `index`.
        mutating func row(_ index: Int) throws -> [String] {
            let start = spool.rowStarts[index]
            let end =
                index + 1 < spool.rowStarts.count
                ? spool.rowStarts[index + 1] : spool.written + UInt64(spool.pending.count)
            let bytes: ArraySlice<UInt8>
            if let handle = spool.handle {
                if start < windowStart || end > windowStart + UInt64(window.count) {
                    try handle.seek(toOffset: start)
                    window = [UInt8](
                        try handle.read(upToCount: max(LiveObjectRowSpool.chunkSize, Int(end - start))) ?? Data())
                    windowStart = start
                }
                bytes = window[Int(start - windowStart)..<Int(end - windowStart)]
            } else {
                // Without a file nothing was written: every row is in `pending`.
                bytes = spool.pending[Int(start)..<Int(end)]
            }
            var position = bytes.startIndex
            func length() -> Int {
                var value: UInt32 = 0
                withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[position..<(position + 4)]) }
                position += 4
                return Int(UInt32(littleEndian: value))
            }
            return (0..<length()).map { _ in
                let cellLength = length()
                defer { position += cellLength }
                return String(decoding: bytes[position..<(position + cellLength)], as: UTF8.self)
            }
        }
    }
}
