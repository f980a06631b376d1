import ArgumentParser
import Foundation
import RxTrace

extension RxTraceCommand {
    /// `rxtrace query TRACE "SQL"`: runs one read-only SQL statement against the trace.
    struct Query: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run one read-only SQL statement against a trace (schema: Documentation/TraceSchema.md).",
            discussion: """
                The trace is opened read-only and statements that would write are refused, so a \
                query can never change a trace.
                """
        )

        @OptionGroup var file: TraceFileArgument

        @Argument(help: "The SQL statement: SELECT, WITH or a read-only PRAGMA.")
        var sql: String

        @Option(help: "text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let reader = try file.open()
            let statement = try reader.database.prepare(sql)
            guard statement.isReadOnly else {
                throw CLIError.badInput("only read-only statements are allowed: a query can never change a trace")
            }
            guard !statement.hasTrailingSQL else {
                throw CLIError.badInput("one statement at a time, please: remove what follows the first ';'")
            }
            var rows: [Row] = []
            while let row = try statement.step() {
                rows.append(row)
            }
            let columns = rows.first?.columns ?? statement.columnNames
            switch format {
            case .text:
                let cells = rows.map { $0.values.map(\.description) }
                for line in TableRenderer(headers: columns).render(cells) {
                    print(line)
                }
                print("(\(counted(rows.count, "row")))")
            case .json:
                print(try QueryJSON.render(columns: columns, rows: rows))
            }
        }
    }
}

/// A query result as a JSON array of objects, one per row, keys in column order.
private enum QueryJSON {
    static func render(columns: [String], rows: [Row]) throws -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [:]
            for (column, value) in zip(row.columns, row.values) {
                switch value {
                case .null: object[column] = NSNull()
                case .integer(let integer): object[column] = integer
                case .real(let real): object[column] = real
                case .text(let text): object[column] = text
                case .blob: object[column] = value.description
                }
            }
            return object
        }
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
