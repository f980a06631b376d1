extension TraceReader {
    // MARK: - Objects

    /// Every object, in order of creation.
    public func objects() throws -> [ObjectRecord] {
        try records(objectQuery + " ORDER BY object.id", ObjectRecord.init(row:)).map(atUserBuildSite)
    }

    /// The objects created directly by one of `calls`, in order of creation.
    public func objects(createdBy calls: [Int64]) throws -> [ObjectRecord] {
        guard !calls.isEmpty else { return [] }
        // One call (a flow's root without children, the commonest) through a cached statement.
        if calls.count == 1 {
            return try cachedRecords(
                objectQuery + " WHERE object.call_id = ? ORDER BY object.id", [.integer(calls[0])],
                ObjectRecord.init(row:)
            ).map(atUserBuildSite)
        }
        let list = calls.map(String.init).joined(separator: ",")
        return try records(
            objectQuery + " WHERE object.call_id IN (\(list)) ORDER BY object.id", ObjectRecord.init(row:)
        ).map(atUserBuildSite)
    }

    /// The objects alive when the run ended, in order of creation.
    public func liveObjects() throws -> [ObjectRecord] {
        try records(objectQuery + " WHERE object.end_ts IS NULL ORDER BY object.id", ObjectRecord.init(row:))
            .map(atUserBuildSite)
    }

    /// The next page of ``liveObjects()``: those after id `after`, in order of creation, about
    /// `limit` of them (more when the last id is repeated, as only a damaged trace's can be:
    /// every row of that id comes in the same page). Empty after the last.
    public func liveObjects(after: Int64, limit: Int) throws -> [ObjectRecord] {
        try cachedRecords(
            objectQuery
                + """
                 WHERE object.end_ts IS NULL AND object.id > ?1 AND object.id <= coalesce((
                    SELECT id FROM object WHERE end_ts IS NULL AND id > ?1 ORDER BY id LIMIT 1 OFFSET ?2
                ), ?3)
                ORDER BY object.id
                """,
            [.integer(after), .integer(Int64(max(1, limit) - 1)), .integer(Int64.max)], ObjectRecord.init(row:)
        ).map(atUserBuildSite)
    }

    /// Every object alive when the run ended, handed to `body` in order of creation a page at
    /// a time (``liveObjects(after:limit:)``): a trace with millions of them is never held whole.
    public func forEachLiveObject(pageSize: Int = 4096, _ body: (ObjectRecord) throws -> Void) throws {
        var lastRead = Int64.min
        while true {
            let page = try liveObjects(after: lastRead, limit: pageSize)
            guard let last = page.last else { return }
            lastRead = last.id
            for object in page { try body(object) }
        }
    }

    /// Every object alive when the run ended, as ``forEachLiveObject(pageSize:_:)`` hands them
    /// over, with only their ids, types, creators and scopes (``LiveObjectRow``): what the
    /// leak finder reads of each one, without the lookup of its build site. Each page is read
    /// in place from the statement (``Statement/advance()``), a type name that repeats the row
    /// before's kept, not made again: the leak finder reads every live object twice.
    func forEachLiveObjectRow(pageSize: Int = 4096, _ body: (LiveObjectRow) throws -> Void) throws {
        var lastRead = Int64.min
        var page: [LiveObjectRow] = []
        var typeNames = RepeatedTexts(count: 1)
        while true {
            // The same rows and pages as liveObjects(after:limit:) reads.
            let statement = try database.compiled(Self.liveObjectRowQuery)
            try statement.bind([.integer(lastRead), .integer(Int64(max(1, pageSize) - 1)), .integer(Int64.max)])
            page.removeAll(keepingCapacity: true)
            do {
                defer { statement.reset() }
                while try statement.advance() {
                    page.append(
                        LiveObjectRow(
                            id: statement.integer(at: 0) ?? 0,
                            typeName: typeNames.text(at: 1, of: statement, repeatedIn: 0) ?? "",
                            callID: statement.integer(at: 2), scopeID: statement.integer(at: 3)))
                }
            }
            guard let last = page.last else { return }
            lastRead = last.id
            for object in page { try body(object) }
        }
    }

    /// The page of live objects ``forEachLiveObjectRow(pageSize:_:)`` reads: those after id
    /// `?1`, `?2` + 1 of them, their ids, types, creators and scopes.
    static let liveObjectRowQuery = """
        SELECT object.id, type.type_name, object.call_id, object.scope_id
        FROM object JOIN type ON type.id = object.type_id
        WHERE object.end_ts IS NULL AND object.id > ?1 AND object.id <= coalesce((
            SELECT id FROM object WHERE end_ts IS NULL AND id > ?1 ORDER BY id LIMIT 1 OFFSET ?2
        ), ?3)
        ORDER BY object.id
        """

    /// The object with `id`, or `nil`.
    public func object(_ id: Int64) throws -> ObjectRecord? {
        try records(objectQuery + " WHERE object.id = ?", [.integer(id)], ObjectRecord.init(row:)).first.map(
            atUserBuildSite)
    }

    /// `object`, its build site moved out of RxCore when RxCore built it for user code:
    /// `asObservable()` wraps a sequence in `create`, a `Driver` shares its source with
    /// `share(replay:scope:)`, each recording RxCore's own line (or, from a captured stack that
    /// holds no user frame within its first addresses, no line at all). The user's line is the caller
    /// line of the nearest step enclosing the build that user code called (``callerLine(ofCall:)``,
    /// at most eight steps up); without one (no caller captured, no symbols), RxCore's line stays.
    func atUserBuildSite(_ object: ObjectRecord) throws -> ObjectRecord {
        guard let assembly = object.assembly, assembly.file.hasPrefix("RxCore/") || assembly.file.isEmpty,
            let creator = object.callID
        else {
            return object
        }
        let enclosing = try cachedRecords(
            """
            WITH RECURSIVE up(id, parent_id, level) AS (
                SELECT id, parent_id, 0 FROM call WHERE id = ?
                UNION ALL
                SELECT call.id, call.parent_id, up.level + 1 FROM call JOIN up ON call.id = up.parent_id
                WHERE up.level < 8
            )
            SELECT id FROM up ORDER BY level
            """,
            [.integer(creator)]
        ) { $0.integer("id") ?? 0 }
        for call in enclosing {
            guard case .line(let frame) = try callerLine(ofCall: call), let site = frame.siteLocation else { continue }
            var moved = object
            moved.assembly = Assembly(name: assembly.name, file: site.file, line: site.line)
            return moved
        }
        return object
    }

    // MARK: - Scopes

    /// The names of the scopes `ids` (tests' names), by id.
    public func scopeNames(of ids: [Int64]) throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        let list = Set(ids).sorted().map(String.init).joined(separator: ",")
        var names: [Int64: String] = [:]
        for row in try database.rows("SELECT id, name FROM scope WHERE id IN (\(list))") {
            if let id = row.integer("id"), let name = row.text("name") { names[id] = name }
        }
        return names
    }

    // MARK: - Tags

    /// Every tag the trace holds, sorted, each once: what `report --tag` accepts.
    public func tagNames() throws -> [String] {
        guard features.isTagged else { return [] }
        return try database.rows("SELECT DISTINCT name FROM tag ORDER BY name").compactMap { $0.text("name") }
    }

    /// The tags user code gave the objects `ids`, each object's in order of tagging; empty
    /// for a trace written before tags.
    public func tags(of ids: [Int64]) throws -> [Int64: [String]] {
        guard features.isTagged, !ids.isEmpty else { return [:] }
        let list = Set(ids).sorted().map(String.init).joined(separator: ",")
        var tags: [Int64: [String]] = [:]
        for row in try database.rows("SELECT object_id, name FROM tag WHERE object_id IN (\(list)) ORDER BY id") {
            guard let object = row.integer("object_id"), let name = row.text("name") else { continue }
            if tags[object]?.contains(name) != true { tags[object, default: []].append(name) }
        }
        return tags
    }

    // MARK: - Bags

    /// The disposables each of the DisposeBags `bags` took, in order of insertion; empty for a
    /// trace written before bag entries.
    public func bagEntries(of bags: [Int64]) throws -> [Int64: [Int64]] {
        guard features.hasBagEntries, !bags.isEmpty else { return [:] }
        let list = Set(bags).sorted().map(String.init).joined(separator: ",")
        var entries: [Int64: [Int64]] = [:]
        for row in try database.rows(
            "SELECT bag_id, disposable_id FROM bag_entry WHERE bag_id IN (\(list)) ORDER BY id")
        {
            guard let bag = row.integer("bag_id"), let disposable = row.integer("disposable_id") else { continue }
            entries[bag, default: []].append(disposable)
        }
        return entries
    }

    /// The objects whose steps created the objects `ids` (the observable a sink belongs to),
    /// each once.
    public func creators(of ids: [Int64]) throws -> [Int64] {
        guard !ids.isEmpty else { return [] }
        let list = Set(ids).sorted().map(String.init).joined(separator: ",")
        return try database.rows(
            """
            SELECT DISTINCT call.object_id AS object_id FROM object JOIN call ON call.id = object.call_id
            WHERE object.id IN (\(list)) AND call.object_id IS NOT NULL
            """
        ).compactMap { $0.integer("object_id") }
    }

    /// The names of the steps that ran on each of `objects`, each once: what was ever asked of
    /// a scheduler (`VirtualTimeScheduler.start`).
    public func stepNames(onObjects objects: [Int64]) throws -> [Int64: Set<String>] {
        guard !objects.isEmpty else { return [:] }
        let list = Set(objects).sorted().map(String.init).joined(separator: ",")
        var names: [Int64: Set<String>] = [:]
        for row in try database.rows(
            """
            SELECT DISTINCT call.object_id AS object_id, step.name AS name
            FROM call JOIN step ON step.id = call.step_id WHERE call.object_id IN (\(list))
            """
        ) {
            guard let object = row.integer("object_id"), let name = row.text("name") else { continue }
            names[object, default: []].insert(name)
        }
        return names
    }
}
