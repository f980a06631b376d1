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
                query can never change a trace. Rows are printed as they are read, so a query \
                may return any number of them: the text table takes its column widths from the \
                first \(StreamingTable.widthSample) rows. One string or blob may hold at most \
                \(valueSizeLimit >> 20) MiB. SQL that begins with a comment (--) \
                must follow a -- argument: rxtrace query TRACE -- "-- …".
                """
        )

        @OptionGroup var file: TraceFileArgument

        @Argument(help: "The SQL statement: SELECT, WITH or a read-only PRAGMA.")
        var sql: String

        @Option(help: "text or json.")
        var format: OutputFormat = .text

        @Option(help: "Stop the query once SQLite has worked this many seconds on it (0: no limit).")
        var timeout: Double = 30

        func validate() throws {
            guard timeout >= 0, timeout.isFinite else {
                throw CLIError.badInput("--timeout takes a number of seconds, 0 or more, not \(timeout)")
            }
        }

        func run() throws {
            let reader = try file.open()
            let statement = try reader.database.prepare(sql)
            guard statement.isReadOnly else {
                throw CLIError.badInput("only read-only statements are allowed: a query can never change a trace")
            }
            guard !statement.hasTrailingSQL else {
                throw CLIError.badInput("one statement at a time, please: remove what follows the first ';'")
            }
            reader.database.interrupt(after: timeout > 0 ? timeout : nil)
            reader.database.limitValueSize(to: Self.valueSizeLimit)
            defer { StandardOutput.flush() }
            do {
                switch format {
                case .text:
                    var table = StreamingTable(headers: statement.columnNames.map(TerminalText.escaped))
                    while let row = try statement.step() {
                        table.append(row.values.map { TerminalText.escaped($0.description) })
                    }
                    table.finish()
                case .json:
                    var array = StreamingJSONArray()
                    while let row = try statement.step() {
                        array.append(row)
                    }
                    array.finish()
                }
            } catch let error as SQLiteError where error.isTooBig {
                throw CLIError.badInput(
                    "a value the query built grew past \(Self.valueSizeLimit / 1_048_576) MiB, the most one value may hold here"
                )
            } catch let error as SQLiteError where error.isInterrupt {
                throw CLIError.badInput(
                    "the query took more than \(Self.seconds(timeout)) and was stopped; "
                        + "give --timeout more seconds, or 0 for no limit"
                )
            }
        }

        /// The most bytes one string or blob may hold while a query runs: a trace's values are
        /// far smaller, and one expression building a larger one (`randomblob(1000000000)`)
        /// would run past the timeout, which is checked only between SQLite's instructions.
        static let valueSizeLimit: Int32 = 64 << 20

        /// `30 s`, `0.5 s`.
        private static func seconds(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
        }
    }
}

/// A text table printed as its rows arrive: the header and rule once the first
/// ``widthSample`` rows (or all of them, if fewer) are in, with column widths fitted to them,
/// then every later row at once, padded to the same widths.
///
/// Only the sample is ever held, so a query may return any number of rows; a later cell
/// wider than its column pushes the cells after it right on its own line.
struct StreamingTable {
    /// How many rows the column widths are fitted to.
    static let widthSample = 1_000

    private let headers: [String]
    private var sample: [[String]] = []
    private var widths: [Int]?
    private var count = 0

    init(headers: [String]) {
        self.headers = headers
    }

    /// Takes one row, printing it now or with the sample.
    mutating func append(_ cells: [String]) {
        count += 1
        if let widths {
            write(Self.line(cells, widths: widths))
            return
        }
        sample.append(cells)
        if sample.count == Self.widthSample {
            printSample()
        }
    }

    /// Prints what is still held and the row count.
    mutating func finish() {
        if widths == nil {
            printSample()
        }
        write("(\(counted(count, "row")))")
    }

    private mutating func printSample() {
        var widths = headers.map(\.count)
        for row in sample {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        self.widths = widths
        write(Self.line(headers, widths: widths))
        write(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        for row in sample {
            write(Self.line(row, widths: widths))
        }
        sample = []
    }

    private func write(_ line: String) {
        StandardOutput.write(line + "\n")
    }

    private static func line(_ cells: [String], widths: [Int]) -> String {
        cells.enumerated().map { index, cell in
            index == cells.count - 1 || index >= widths.count
                ? cell : cell + String(repeating: " ", count: max(widths[index] - cell.count, 0))
        }.joined(separator: "  ")
    }
}

/// A JSON array of objects, one per row with its columns as keys (sorted, as
/// `JSONSerialization`'s `.sortedKeys` would), printed as the rows arrive.
struct StreamingJSONArray {
    private var count = 0

    /// Prints `row` as the array's next element.
    mutating func append(_ row: Row) {
        var members: [(key: String, value: String)] = []
        for (column, value) in zip(row.columns, row.values) where !members.contains(where: { $0.key == column }) {
            members.append((column, Self.json(value)))
        }
        members.sort { $0.key < $1.key }
        var text = count == 0 ? "[\n  {" : ",\n  {"
        for (index, member) in members.enumerated() {
            text += (index == 0 ? "\n    " : ",\n    ") + JSONText.quoted(member.key) + " : " + member.value
        }
        text += members.isEmpty ? "}" : "\n  }"
        StandardOutput.write(text)
        count += 1
    }

    /// Closes the array.
    func finish() {
        StandardOutput.write(count == 0 ? "[]\n" : "\n]\n")
    }

    /// A column's value as JSON: NULL as `null`, a blob as its `x'…'` text, a real that JSON
    /// cannot hold (infinity, NaN) as a string.
    private static func json(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .real(let real): real.isFinite ? String(real) : JSONText.quoted(String(real))
        case .text(let text): JSONText.quoted(text)
        case .blob: JSONText.quoted(value.description)
        }
    }
}

/// Standard output through a buffer of its own, written out in large pieces: one `print` per
/// row costs more than the query itself. Used by the main thread only.
private enum StandardOutput {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    /// Appends `text`, writing the buffer out once it holds 64 KiB.
    static func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 65_536 {
            flush()
        }
    }

    /// Writes out what the buffer holds.
    static func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
