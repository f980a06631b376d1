/// Prints rows as a left-aligned table with a header, two spaces between columns; cells are
/// printed through ``TerminalText/escaped(_:)``, since they hold what a trace holds.
public struct TableRenderer {
    private let headers: [String]

    /// A table with these column headers.
    public init(headers: [String]) {
        self.headers = headers
    }

    /// The table's lines: the header, a rule, then one line per row.
    public func render(_ rows: [[String]]) -> [String] {
        let rows = rows.map { $0.map(TerminalText.escaped) }
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.rightPadded(to: widths[index])
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return [line(headers), rule] + rows.map(line)
    }
}
