/// Writes the graph of a trace's chains in Graphviz's DOT language: every object (observables,
/// subjects, sinks, observers, disposables) and every user subscription a node; edges for the
/// events that passed between objects, for which object made which and which subscribed to
/// which, and for each subscription's observable, observer and disposable. What was alive at
/// the end, and subscriptions that never ended, are drawn in red.
///
/// Render it with `dot -Tsvg trace.dot -o trace.svg`. Each table is read one row at a time and
/// written as it is read; the events are grouped by SQLite, so the graph of a large trace is
/// written in constant memory (though Graphviz will take its time laying it out).
public struct DotExporter {
    private let reader: TraceReader

    /// An exporter reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// The colour of what leaked.
    static let leakColor = "red"

    /// Writes the whole graph to `output`, piece by piece.
    public func write(to output: (String) -> Void) throws {
        let run = reader.run
        output("digraph rxtrace {\n")
        let title = Self.quoted(["\(run.program): chains", "red: alive at the end, or never ended"])
        output("    graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, labelloc=t, label=\(title)];\n")
        output("    node [fontname=\"Helvetica\", fontsize=10];\n")
        output("    edge [fontname=\"Helvetica\", fontsize=9];\n")

        // Traces before schema 3 did not record where observables were assembled.
        let assembly = reader.run.schemaVersion >= 3
            ? (
                columns: "object_assembly.name AS assembled_by, object_assembly.file AS assembled_file, "
                    + "object_assembly.line AS assembled_line",
                join: "LEFT JOIN object_assembly ON object_assembly.object_id = object.id"
            )
            : (columns: "NULL AS assembled_by, NULL AS assembled_file, NULL AS assembled_line", join: "")
        try reader.forEachRow(
            """
            SELECT object.id, type.type_name, object.end_ts, \(assembly.columns)
            FROM object JOIN type ON type.id = object.type_id \(assembly.join)
            ORDER BY object.id
            """
        ) { row in
            let typeName = row.text("type_name") ?? "object"
            let id = row.integer("id") ?? 0
            var lines = ["\(TypeNames.short(typeName)) #\(id)"]
            if let name = row.text("assembled_by") {
                lines.append("\(name) at \(row.text("assembled_file") ?? ""):\(row.integer("assembled_line") ?? 0)")
            }
            let isAlive = row.integer("end_ts") == nil
            if isAlive { lines.append("alive at the end") }
            var attributes = "label=\(Self.quoted(lines)), tooltip=\(Self.quoted([typeName])), "
                + Self.shape(of: ObjectRole(typeName: typeName))
            if isAlive { attributes += ", color=\(Self.leakColor), fontcolor=\(Self.leakColor)" }
            output("    o\(id) [\(attributes)];\n")
        }

        try reader.forEachRow(
            """
            SELECT id, file, line, end_kind, observable_object_id, observer_object_id, disposable_object_id
            FROM subscription ORDER BY id
            """
        ) { row in
            let id = row.integer("id") ?? 0
            let end = row.text("end_kind")
            let lines = [
                "subscription #\(id)", "subscribed at \(row.text("file") ?? ""):\(row.integer("line") ?? 0)",
                end.map { "ended: \($0)" } ?? "never ended",
            ]
            var attributes = "label=\(Self.quoted(lines)), shape=cds"
            let color = end == nil ? ", color=\(Self.leakColor), fontcolor=\(Self.leakColor)" : ""
            attributes += color
            output("    s\(id) [\(attributes)];\n")
            let roles = [
                ("observable_object_id", "subscribes"), ("observer_object_id", "observer"),
                ("disposable_object_id", "returns"),
            ]
            for (column, label) in roles {
                guard let object = row.integer(column) else { continue }
                output("    s\(id) -> o\(object) [label=\(Self.quoted([label])), style=bold\(color)];\n")
            }
        }

        // Which object made which: the object the creating call (or, for a call on no object,
        // its parent) ran on.
        try reader.forEachRow(
            """
            SELECT made.id, made.end_ts, coalesce(maker_call.object_id, parent_call.object_id) AS maker_id,
                maker.end_ts AS maker_end_ts
            FROM object AS made
            JOIN call AS maker_call ON maker_call.id = made.call_id
            LEFT JOIN call AS parent_call ON parent_call.id = maker_call.parent_id
            JOIN object AS maker ON maker.id = coalesce(maker_call.object_id, parent_call.object_id)
            WHERE maker.id != made.id
            ORDER BY made.id
            """
        ) { row in
            let isLeaked = row.integer("end_ts") == nil && row.integer("maker_end_ts") == nil
            output(
                "    o\(row.integer("maker_id") ?? 0) -> o\(row.integer("id") ?? 0) [label=\"made\", style=dashed"
                    + (isLeaked ? ", color=\(Self.leakColor)" : "") + "];\n"
            )
        }

        // Which object subscribed to which: an operator's `run` (or a subject's subscribe)
        // calling `subscribeSafe` on its source.
        try reader.forEachRow(
            """
            SELECT DISTINCT parent.object_id AS subscriber, call.object_id AS source,
                subscriber.end_ts IS NULL AND source.end_ts IS NULL AS is_leaked
            FROM call
            JOIN site ON site.id = call.site_id
            JOIN call AS parent ON parent.id = call.parent_id
            JOIN object AS subscriber ON subscriber.id = parent.object_id
            JOIN object AS source ON source.id = call.object_id
            WHERE site.name = 'subscribeSafe' AND parent.object_id != call.object_id
            ORDER BY parent.object_id, call.object_id
            """
        ) { row in
            output(
                "    o\(row.integer("subscriber") ?? 0) -> o\(row.integer("source") ?? 0)"
                    + " [label=\"subscribes\", style=dotted"
                    + (row.integer("is_leaked") == 1 ? ", color=\(Self.leakColor)" : "") + "];\n"
            )
        }

        // Events, grouped by sender and receiver: `next ×2, completed`.
        var pending: (source: Int64, observer: Int64, isLeaked: Bool, kinds: [String])?
        func flush() {
            guard let edge = pending else { return }
            output(
                "    o\(edge.source) -> o\(edge.observer) [label=\(Self.quoted([edge.kinds.joined(separator: ", ")]))"
                    + (edge.isLeaked ? ", color=\(Self.leakColor)" : "") + "];\n"
            )
        }
        try reader.forEachRow(
            """
            SELECT event.source_object_id AS source, event.observer_object_id AS observer, event.kind,
                count(*) AS n, source.end_ts IS NULL AND observer.end_ts IS NULL AS is_leaked
            FROM event
            JOIN object AS source ON source.id = event.source_object_id
            JOIN object AS observer ON observer.id = event.observer_object_id
            GROUP BY event.source_object_id, event.observer_object_id, event.kind
            ORDER BY event.source_object_id, event.observer_object_id, min(event.id)
            """
        ) { row in
            let source = row.integer("source") ?? 0
            let observer = row.integer("observer") ?? 0
            let count = row.integer("n") ?? 0
            let kind = (row.text("kind") ?? "event") + (count > 1 ? " ×\(count)" : "")
            if let edge = pending, edge.source == source, edge.observer == observer {
                pending?.kinds.append(kind)
            } else {
                flush()
                pending = (source, observer, row.integer("is_leaked") == 1, [kind])
            }
        }
        flush()
        output("}\n")
    }

    /// The node attributes that draw `role`.
    static func shape(of role: ObjectRole) -> String {
        switch role {
        case .observable: "shape=box, style=rounded"
        case .subject: "shape=hexagon"
        case .sink: "shape=box"
        case .observer: "shape=ellipse"
        case .disposable: "shape=note"
        case .scheduler: "shape=tab"
        }
    }

    /// `lines` as one DOT string literal, one line each: quotes and backslashes escaped, control
    /// characters dropped, lines joined by DOT's `\n`.
    static func quoted(_ lines: [String]) -> String {
        let escaped = lines.map { line in
            var result = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        return "\"" + escaped.joined(separator: "\\n") + "\""
    }
}
