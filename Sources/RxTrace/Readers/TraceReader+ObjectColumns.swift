extension TraceReader {
    // MARK: - Objects read in place

    /// The objects of `sql`, an ``objectQuery`` with a condition, each read in place from the
    /// statement (``Statement/advance()``) as ``ObjectRecord/init(row:)`` reads a row: its
    /// columns located by name once per statement, and a type's or an assembly's name or file
    /// that repeats the row before's kept, not made again. For the objects of a window of
    /// chains (``objects(withIDs:)``), which a leak report of a million open subscriptions reads.
    func objectsInPlace(_ sql: String, _ bindings: [SQLValue]) throws -> [ObjectRecord] {
        let statement = try database.compiled(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        let names = statement.columnNames
        // A column the trace's schema lacks (an earlier version's) reads as NULL, as a row's does.
        func position(_ name: String) -> Int32? { names.firstIndex(of: name).map(Int32.init) }
        let id = position("id")
        let typeName = position("type_name")
        let start = position("start_ts")
        let end = position("end_ts")
        let callID = position("call_id")
        let scope = position("scope_id")
        let virtualTime = position("virtual_ts")
        let assembledBy = position("assembled_by")
        let assembledFile = position("assembled_file")
        let assembledLine = position("assembled_line")
        func integer(_ position: Int32?) -> Int64? { position.flatMap { statement.integer(at: $0) } }
        var texts = RepeatedTexts(count: 3)
        func text(_ position: Int32?, repeatedIn slot: Int) -> String? {
            position.flatMap { texts.text(at: $0, of: statement, repeatedIn: slot) }
        }
        var objects: [ObjectRecord] = []
        while try statement.advance() {
            objects.append(
                ObjectRecord(
                    id: integer(id) ?? 0,
                    typeName: text(typeName, repeatedIn: 0) ?? "",
                    startNanoseconds: integer(start) ?? 0,
                    endNanoseconds: integer(end),
                    callID: integer(callID),
                    scopeID: integer(scope),
                    virtualTime: integer(virtualTime),
                    assembly: text(assembledBy, repeatedIn: 1).map { name in
                        Assembly(
                            name: name, file: text(assembledFile, repeatedIn: 2) ?? "",
                            line: Int(integer(assembledLine) ?? 0))
                    }
                ))
        }
        return objects
    }
}
