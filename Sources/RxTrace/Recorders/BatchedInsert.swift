/// Inserts the rows of one table several at a time: rows gather until there are
/// ``rowsPerStatement`` of them, which one multi-row `INSERT … VALUES (…), (…), …` writes in a
/// single step; ``flush()`` writes the rest one by one.
///
/// SQLite spends much of an insert on running the statement, not on the row, so a 32-row
/// statement costs far less per row than 32 single-row ones (`Benchmarks/run.sh`, T1 against
/// T2; FACTS.md measured ~350 against ~540 ns per row). Only the writer thread uses it.
final class BatchedInsert<Row> {
    /// How many rows the multi-row statement takes.
    let rowsPerStatement: Int

    private let single: Statement
    private let multiple: Statement
    private let columnCount: Int32
    /// Binds a row's values to `statement`, its first column at parameter `first`.
    private let bindRow: (_ row: Row, _ statement: Statement, _ first: Int32) -> Void
    private var pending: [Row] = []
    /// Rows written so far.
    private(set) var writtenCount = 0

    /// Prepares `INSERT INTO table (columns) VALUES …` for one row and for
    /// `rowsPerStatement` rows.
    init(
        into table: String, columns: [String], rowsPerStatement: Int = 32, in database: Database,
        bind: @escaping (_ row: Row, _ statement: Statement, _ first: Int32) -> Void
    ) throws {
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        single = try database.prepare(head + tuple)
        multiple = try database.prepare(head + Array(repeating: tuple, count: rowsPerStatement).joined(separator: ", "))
        self.rowsPerStatement = rowsPerStatement
        columnCount = Int32(columns.count)
        bindRow = bind
        pending.reserveCapacity(rowsPerStatement)
    }

    /// Adds `row`; writes the gathered rows when there are enough for one statement.
    func append(_ row: Row) throws {
        pending.append(row)
        guard pending.count == rowsPerStatement else { return }
        for (index, row) in pending.enumerated() {
            bindRow(row, multiple, Int32(index) * columnCount + 1)
        }
        pending.removeAll(keepingCapacity: true)
        try multiple.run()
        writtenCount += rowsPerStatement
    }

    /// Writes the rows still gathered.
    func flush() throws {
        for row in pending {
            bindRow(row, single, 1)
            try single.run()
            writtenCount += 1
        }
        pending.removeAll(keepingCapacity: true)
    }
}
