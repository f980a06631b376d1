import Foundation

/// Generates `Documentation/TraceSchema.md` from ``TraceSchema``: the comments in the DDL are
/// the documentation, and this turns them into a page.
///
/// Column names and declared types come from SQLite itself (`pragma_table_info` on the
/// schema, created in memory); each table's meaning is the comment on its `CREATE` line, and
/// each column's is the `--` comment above it (for a view, above the `… AS name` line).
public enum TraceSchemaDocumentation {
    /// The Markdown page, ending in a newline.
    ///
    /// - Throws: ``SQLiteError`` if the schema does not load, which a test would catch first.
    public static func markdown() throws -> String {
        let database = try Database(path: ":memory:", mode: .readWriteCreate)
        try database.execute(TraceSchema.definition)
        var lines = [
            "# The trace schema",
            "",
            "<!-- Generated from Sources/RxTrace/Schema/TraceSchema.swift; do not edit. To regenerate:",
            "     RXTRACE_RECORD=1 swift test --filter TraceSchemaTests -->",
            "",
            "A trace is a SQLite database. Every table, view and column below carries its comment",
            "in the schema itself (`SELECT sql FROM sqlite_schema`), so a trace documents itself.",
            "",
            "## Conventions",
            "",
            "- `PRAGMA application_id` is 0x\(String(TraceSchema.applicationID, radix: 16, uppercase: true))"
                + " (\(TraceSchema.applicationID), the ASCII bytes `RxTr`) and",
            "  `PRAGMA user_version` is the schema version, \(TraceSchema.version); `run.schema_version` repeats it.",
            "- Tables are singular snake_case; every table has `id INTEGER PRIMARY KEY`, a serial",
            "  number in order of appearance (never a memory address).",
            "- References are `<table>_id`, with a role prefix when a table is referenced twice",
            "  (`source_object_id`, `observer_object_id`); NULL means none.",
            "- `ts` and `dur` are integer nanoseconds since the run started, from a monotonic clock;",
            "  `run.start_time` is the only wall-clock time.",
            "- Booleans are `is_…` (0 or 1); enumerations are TEXT with a CHECK.",
            "- A run cut short (`run.end_reason` 'running' or 'signal') has no `end_ts`, may have calls",
            "  with no `dur`, and has no indexes.",
        ]
        for entity in entities(in: TraceSchema.definition) {
            let columns = try database.rows(
                "SELECT name, type FROM pragma_table_info(?) ORDER BY cid", [.text(entity.name)]
            )
            lines += [
                "",
                "## `\(entity.name)` (\(entity.kind))",
                "",
                entity.comment,
                "",
                "| column | type | meaning |",
                "|---|---|---|",
            ]
            for column in columns {
                let name = column.text("name") ?? ""
                let type = column.text("type").flatMap { $0.isEmpty ? nil : $0 } ?? "—"
                let meaning = entity.columnComments[name] ?? ""
                lines.append("| `\(name)` | \(type) | \(meaning.replacingOccurrences(of: "|", with: "\\|")) |")
            }
        }
        lines += ["", "## Indexes", "", "Created when recording ends (they would slow the writer down):", ""]
        for index in TraceSchema.indexes.split(separator: "\n") {
            lines.append("- `\(index.trimmingCharacters(in: .whitespaces))`")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table or view as the DDL's comments describe it.
    struct Entity {
        /// `table` or `view`.
        let kind: String
        let name: String
        /// The comment on its `CREATE` line.
        let comment: String
        /// Each column's comment, the lines of a multi-line one joined, by column name.
        var columnComments: [String: String]
    }

    /// The tables and views of `ddl` in order, with their comments.
    static func entities(in ddl: String) -> [Entity] {
        var entities: [Entity] = []
        var pendingComment: [String] = []
        for rawLine in ddl.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("CREATE TABLE ") || line.hasPrefix("CREATE VIEW ") {
                let words = line.split(separator: " ", maxSplits: 3)
                let comment = line.components(separatedBy: "-- ").dropFirst().joined(separator: "-- ")
                entities.append(
                    Entity(kind: words[1].lowercased(), name: String(words[2]), comment: comment, columnComments: [:])
                )
                pendingComment = []
            } else if line.hasPrefix("--") {
                pendingComment.append(line.dropFirst(2).trimmingCharacters(in: .whitespaces))
            } else if !pendingComment.isEmpty, !entities.isEmpty {
                entities[entities.count - 1].columnComments[columnName(definedBy: line)] =
                    pendingComment.joined(separator: " ")
                pendingComment = []
            }
        }
        return entities
    }

    /// The column a line defines: the name after `AS` in a view's select list, else the first
    /// word (a table's column definition).
    static func columnName(definedBy line: String) -> String {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
        if let index = words.lastIndex(of: "AS"), index + 1 < words.count {
            return String(words[index + 1])
        }
        return words.first.map(String.init) ?? ""
    }
}
