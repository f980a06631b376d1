extension TraceReader {
    // MARK: - Objects' state, from the details of the steps that change it

    /// The changes of the objects' states that the run's first `limit` such steps made, in
    /// the order the steps were entered: each with the object's whole state after it
    /// (``ObjectStateBuilder``). Empty for a trace recorded without calls.
    ///
    /// - Parameter call: the last call whose change is wanted: the changes of the steps up to
    ///   it (of the first `limit`), which no later step alters. A page that shows the run's
    ///   first moments reads those and not the `limit` steps of a trace of a million
    ///   subscribes.
    public func objectStateChanges(limit: Int, throughCall call: Int64 = .max) throws -> [ObjectStateChange] {
        let names = ObjectStateBuilder.stepNames.map { "'\($0)'" }.joined(separator: ", ")
        let steps = try records(
            """
            SELECT call.id AS id, step.name AS name, call.object_id AS object_id, call.detail AS detail,
                caller.object_id AS caller_object_id, maker.object_id AS owner_id,
                CASE WHEN step.name LIKE 'ReplaySubject.create%'
                    THEN (SELECT min(made.id) FROM object AS made WHERE made.call_id = call.id) END AS made_object_id
            FROM call
            JOIN step ON step.id = call.step_id
            LEFT JOIN call AS caller ON caller.id = call.parent_id
            LEFT JOIN object ON object.id = call.object_id
            LEFT JOIN call AS maker ON maker.id = object.call_id
            WHERE step.name IN (\(names)) AND call.id <= ?
            ORDER BY call.id
            LIMIT ?
            """,
            [.integer(call), .integer(Int64(limit))]
        ) { row in
            ObjectStateBuilder.Step(
                callID: row.integer("id") ?? 0, name: row.traceText("name") ?? "", objectID: row.integer("object_id"),
                detail: row.traceText("detail"), callerObjectID: row.integer("caller_object_id"),
                ownerID: row.integer("owner_id"), madeObjectID: row.integer("made_object_id")
            )
        }
        let labels = try objectLabels(namedIn: steps)
        var builder = ObjectStateBuilder { id in labels[id] ?? "#\(id)" }
        for step in steps { builder.apply(step) }
        return builder.changes
    }

    /// Each object's state as the step of call `call` left it (the changes up to that call's,
    /// inclusive), for the objects whose state some step recorded.
    public func objectStates(atCall call: Int64) throws -> [Int64: ObjectState] {
        var states: [Int64: ObjectState] = [:]
        for change in try objectStateChanges(limit: Int.max, throughCall: call) where change.callID <= call {
            states[change.objectID] = change.state
        }
        return states
    }

    /// The labels (`AnonymousObserver<Int> #4`) of the objects `steps`' details name by id.
    private func objectLabels(namedIn steps: [ObjectStateBuilder.Step]) throws -> [Int64: String] {
        var ids = Set<Int64>()
        for step in steps {
            guard let detail = step.detail else { continue }
            var rest = Substring(detail)
            while let hash = rest.firstIndex(of: "#") {
                rest = rest[rest.index(after: hash)...]
                if let id = Int64(rest.prefix { $0.isNumber }) { ids.insert(id) }
            }
        }
        var labels: [Int64: String] = [:]
        let sorted = ids.sorted()
        // In slices, so that a statement never binds more than SQLite's limit of variables.
        for start in stride(from: 0, to: sorted.count, by: 500) {
            let slice = sorted[start..<min(start + 500, sorted.count)]
            let list = slice.map(String.init).joined(separator: ",")
            for (id, typeName) in try records(
                "SELECT object.id AS id, type.type_name AS type_name FROM object JOIN type ON type.id = object.type_id"
                    + " WHERE object.id IN (\(list))",
                { row in (row.integer("id") ?? 0, row.traceText("type_name") ?? "object") }
            ) {
                labels[id] = "\(TypeNames.short(typeName)) #\(id)"
            }
        }
        return labels
    }
}
