import Foundation

/// The text report's table of objects alive at the end, the lines
/// ``LeakWording/lines(forLiveObjects:untracedCount:)`` gives for its groups, built one group at
/// a time as the leak finder hands them on and written out at the end, when the widths of its
/// columns are known. Its rows wait, unpadded, in a ``LiveObjectRowSpool``.
final class LiveObjectTable {
    /// The rows' cells: count, short type name, ids, where they were created.
    private let rows: LiveObjectRowSpool
    /// The widest cell of each padded column so far, in characters.
    private var countWidth = 0
    private var typeWidth = 0
    private var idsWidth = 0

    /// An empty table, its rows kept in a new file of `directory` when one can be made there.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        rows = LiveObjectRowSpool(directory: directory)
    }

    /// A table of `groups`, in order.
    convenience init(_ groups: [LiveObjectGroup]) throws {
        self.init()
        for group in groups { try add(group) }
    }

    /// Whether no group was added.
    var isEmpty: Bool { rows.isEmpty }

    /// Adds the row of `group`, after those added so far.
    func add(_ group: LiveObjectGroup) throws {
        let row = LeakWording.row(forLiveObjects: group)
        countWidth = max(countWidth, row.count.count)
        typeWidth = max(typeWidth, row.type.count)
        idsWidth = max(idsWidth, row.ids.count)
        try rows.add([row.count, row.type, row.ids, row.place], of: group)
    }

    /// Hands each line of the table to `body`, in order: the rows of each block, columns
    /// aligned across blocks, then the block's verdict, why and what to do.
    func forEachLine(_ body: (String) throws -> Void) throws {
        let limit = LeakWording.columnWidthLimit
        let widths = (count: min(countWidth, limit), type: min(typeWidth, limit), ids: min(idsWidth, limit))
        var isFirstBlock = true
        try rows.forEachBlock { first, nextRow in
            if !isFirstBlock { try body("") }
            isFirstBlock = false
            while let cells = try nextRow() {
                let row = (count: cells[0], type: cells[1], ids: cells[2], place: cells[3])
                try body(
                    LeakWording.alignedLine(row, countWidth: widths.count, typeWidth: widths.type, idsWidth: widths.ids)
                )
            }
            try body("  verdict        " + LeakWording.verdictText(first))
            let (why, fix) = LeakWording.explanation(of: first)
            if let why { try body("  why            " + why) }
            try body("  fix            " + fix)
        }
    }
}
