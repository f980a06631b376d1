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

        // Traces before schema 3 did not record where observables were assembled: their
        // objects have no assembly.
        try reader.forEachObject { object in
            var lines = ["\(TypeNames.short(object.typeName)) #\(object.id)"]
            if let assembly = object.assembly {
                lines.append(assembly.description)
            }
            let isAlive = object.endNanoseconds == nil
            if isAlive { lines.append("alive at the end") }
            var attributes =
                "label=\(Self.quoted(lines)), tooltip=\(Self.quoted([object.typeName])), "
                + Self.shape(of: ObjectRole(typeName: object.typeName))
            if isAlive { attributes += ", color=\(Self.leakColor), fontcolor=\(Self.leakColor)" }
            output("    o\(object.id) [\(attributes)];\n")
        }

        try reader.forEachSubscription { subscription, _ in
            let id = subscription.id
            let end = subscription.endKind
            let lines = [
                "subscription #\(id)", "subscribed at \(subscription.site)",
                end.map { "ended: \($0)" } ?? "never ended",
            ]
            var attributes = "label=\(Self.quoted(lines)), shape=cds"
            let color = end == nil ? ", color=\(Self.leakColor), fontcolor=\(Self.leakColor)" : ""
            attributes += color
            output("    s\(id) [\(attributes)];\n")
            let roles = [
                (subscription.observableObjectID, "subscribes"), (subscription.observerObjectID, "observer"),
                (subscription.disposableObjectID, "returns"),
            ]
            for (object, label) in roles {
                guard let object else { continue }
                output("    s\(id) -> o\(object) [label=\(Self.quoted([label])), style=bold\(color)];\n")
            }
        }

        // Which object made which: the object the creating call (or, for a call on no object,
        // its parent) ran on.
        try reader.forEachObjectCreation { creation in
            let isLeaked = creation.isMadeAlive && creation.isMakerAlive
            output(
                "    o\(creation.makerID) -> o\(creation.madeID) [label=\"made\", style=dashed"
                    + (isLeaked ? ", color=\(Self.leakColor)" : "") + "];\n"
            )
        }

        // Which object subscribed to which: an operator's `run` (or a subject's subscribe)
        // calling `subscribeSafe` on its source.
        try reader.forEachSubscribeLink { link in
            output(
                "    o\(link.subscriberID) -> o\(link.sourceID)"
                    + " [label=\"subscribes\", style=dotted"
                    + (link.isAlive ? ", color=\(Self.leakColor)" : "") + "];\n"
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
        try reader.forEachEventCount { edge in
            let kind = (edge.kind ?? "event") + (edge.count > 1 ? " ×\(edge.count)" : "")
            if let current = pending, current.source == edge.sourceID, current.observer == edge.observerID {
                pending?.kinds.append(kind)
            } else {
                flush()
                pending = (edge.sourceID, edge.observerID, edge.isAlive, [kind])
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
