import Foundation

extension TraceReader {
    // MARK: - Callers

    /// The user's line behind call `id`, an entry point's step (`PublishSubject.on` for
    /// `subject.onNext(21)`, `BinaryDisposable.dispose` for `subscription.dispose()`): the first
    /// frame outside RxCore among its caller addresses' inline chains.
    ///
    /// The lines come from `caller_line`, written when the trace was finished; a trace that has
    /// addresses but no lines (its program exited or was killed while recording) is symbolized
    /// here, in memory, once for all its addresses. Reading never writes to the trace.
    public func callerLine(ofCall id: Int64) throws -> CallerLine {
        guard let stack = try callerStack(of: "call", id: id), let chains = try callerChains(ofStack: stack) else {
            return .notCaptured
        }
        if let failure = symbolizingFailure, chains.isEmpty { return .unresolved(failure) }
        return CallerLine.find(in: chains, images: try callerImages(ofStack: stack))
    }

    /// The calls `low` through `high` that captured a caller stack (the entry points user code
    /// may have called), in order; none before schema 6.
    public func callsWithCallers(from low: Int64, through high: Int64) throws -> [Int64] {
        guard features.hasCallers else { return [] }
        return try cachedRecords(
            "SELECT id FROM call WHERE id BETWEEN ? AND ? AND caller_stack_id IS NOT NULL ORDER BY id",
            [.integer(low), .integer(high)]
        ) { $0.integer("id") }.compactMap { $0 }
    }

    /// Every frame (inline chains flattened, innermost first) of the stack user code made
    /// object `id` from, when it made it outside any step (schema 7); empty otherwise.
    public func callerFrames(ofObject id: Int64) throws -> [CallerFrame] {
        guard features.hasObjectCallers else { return [] }
        return try callerChains(stackOf: "object", id: id)?.flatMap { $0 } ?? []
    }

    /// The inline chains of the addresses of the caller stack that row `id` of `table` (`call`
    /// or `object`) points at, symbolized; `nil` when it has none.
    private func callerChains(stackOf table: String, id: Int64) throws -> [[CallerFrame]]? {
        guard let stack = try callerStack(of: table, id: id) else { return nil }
        return try callerChains(ofStack: stack)
    }

    /// The caller stack row `id` of `table` (`call` or `object`) points at; `nil` when it has none.
    private func callerStack(of table: String, id: Int64) throws -> Int64? {
        guard features.hasCallers else { return nil }
        return try cachedRecords(
            "SELECT caller_stack_id AS stack FROM \(table) WHERE id = ?", [.integer(id)], { $0.integer("stack") }
        ).first ?? nil
    }

    /// The file each address of caller stack `stack` lies in, in the order of its inline
    /// chains; `nil` for an address in no file the recorder knew.
    private func callerImages(ofStack stack: Int64) throws -> [String?] {
        try cachedRecords(
            """
            SELECT image.path FROM caller LEFT JOIN image ON image.id = caller.image_id
            WHERE caller.stack_id = ? ORDER BY caller.frame
            """,
            [.integer(stack)]
        ) { $0.text("path") }
    }

    /// The inline chains of the addresses of caller stack `stack`, symbolized; `nil` when it has
    /// no addresses.
    private func callerChains(ofStack stack: Int64) throws -> [[CallerFrame]]? {
        if let known = callerChainsByStack[stack] { return known }
        let rows = try cachedRecords(
            """
            SELECT caller.address, image.path, image.load_address, image.symbolizer
            FROM caller LEFT JOIN image ON image.id = caller.image_id
            WHERE caller.stack_id = ?
            ORDER BY caller.frame
            """,
            [.integer(stack)]
        ) { $0 }
        guard !rows.isEmpty else { return nil }
        var chains: [[CallerFrame]] = []
        for row in rows {
            guard let stored = row.integer("address") else { continue }
            if row.text("symbolizer") != nil {
                chains.append(try storedLines(of: stored))
                continue
            }
            if row.text("path") == nil {
                chains.append([CallerFrame(function: nil, file: nil, line: nil)])
                continue
            }
            let symbolized = try symbolizeCallersInMemory()
            if symbolizingFailure != nil { return [] }
            chains.append(symbolized[UInt(bitPattern: Int(stored))] ?? [])
        }
        if callerChainsByStack.count >= 100_000 { callerChainsByStack.removeAll() }
        callerChainsByStack[stack] = chains
        return chains
    }

    /// Gives the build, subscribe and tag sites of a trace cut short (schema 8) their user's
    /// lines, on this connection only: RxCore captured them as stacks, and the trace's end, which
    /// writes each one's line, never came. The stacks are symbolized here, in memory, and
    /// temporary views named `assembly`, `subscription` and `tag` (which SQLite looks up before
    /// the file's own tables) show the lines found, so every query, the reader's and
    /// `rxtrace query`'s, reads them; the file itself is not touched.
    func nameCapturedSitesOfACutShortTrace() throws {
        guard features.hasSiteCallers,
            try database.scalar("SELECT EXISTS (SELECT 1 FROM image WHERE symbolizer IS NULL)")?.integer == 1
        else { return }
        let stacks = try database.rows(
            """
            SELECT caller_stack_id AS stack FROM main.assembly WHERE caller_stack_id IS NOT NULL AND line = 0
            UNION SELECT caller_stack_id FROM main.subscription WHERE caller_stack_id IS NOT NULL AND line = 0
            UNION SELECT caller_stack_id FROM main.tag WHERE caller_stack_id IS NOT NULL AND line = 0
            """
        ).compactMap { $0.integer("stack") }
        guard !stacks.isEmpty else { return }
        var lines: [(stack: Int64, file: String, line: Int)] = []
        for stack in stacks {
            guard let chains = try callerChains(ofStack: stack) else { continue }
            let images = try callerImages(ofStack: stack)
            guard case .line(let frame) = CallerLine.find(in: chains, images: images) else { continue }
            let image = chains.firstIndex { $0.contains(frame) }.flatMap { $0 < images.count ? images[$0] : nil }
            guard let site = frame.siteLocation(inImage: image) else { continue }
            lines.append((stack, site.file, site.line))
        }
        guard !lines.isEmpty else { return }
        let wasQueryOnly = try database.scalar("PRAGMA query_only")?.integer == 1
        try database.execute("PRAGMA query_only = 0")
        defer { if wasQueryOnly { try? database.execute("PRAGMA query_only = 1") } }
        try database.execute("PRAGMA temp_store = MEMORY")
        try database.execute(
            "CREATE TEMP TABLE site_line (stack_id INTEGER PRIMARY KEY, file TEXT NOT NULL, line INTEGER NOT NULL)"
        )
        let insert = try database.prepare("INSERT INTO temp.site_line (stack_id, file, line) VALUES (?, ?, ?)")
        for found in lines {
            insert.bind(found.stack, at: 1)
            insert.bind(found.file, at: 2)
            insert.bind(Int64(found.line), at: 3)
            try insert.run()
        }
        let named = """
            coalesce(temp.site_line.file, site.file) AS file, coalesce(temp.site_line.line, site.line) AS line
            """
        let joined = "LEFT JOIN temp.site_line ON temp.site_line.stack_id = site.caller_stack_id"
        try database.execute(
            """
            CREATE TEMP VIEW assembly AS
            SELECT site.id AS id, site.object_id AS object_id, site.name AS name, \(named),
                site.caller_stack_id AS caller_stack_id
            FROM main.assembly AS site \(joined);
            CREATE TEMP VIEW tag AS
            SELECT site.id AS id, site.object_id AS object_id, site.name AS name, \(named),
                site.caller_stack_id AS caller_stack_id
            FROM main.tag AS site \(joined);
            CREATE TEMP VIEW subscription AS
            SELECT site.id AS id, site.ts AS ts, site.thread_id AS thread_id, site.call_id AS call_id,
                site.observable_object_id AS observable_object_id, site.observer_object_id AS observer_object_id,
                site.disposable_object_id AS disposable_object_id, \(named), site.end_ts AS end_ts,
                site.end_kind AS end_kind, site.scope_id AS scope_id, site.virtual_ts AS virtual_ts,
                site.end_call_id AS end_call_id, site.caller_stack_id AS caller_stack_id
            FROM main.subscription AS site \(joined);
            """
        )
    }

    /// The `caller_line` rows of `address`, innermost first.
    private func storedLines(of address: Int64) throws -> [CallerFrame] {
        try cachedRecords(
            "SELECT function, file, line FROM caller_line WHERE address = ? ORDER BY inline_depth", [.integer(address)]
        ) { row in
            CallerFrame(function: row.text("function"), file: row.text("file"), line: row.integer("line").map(Int.init))
        }
    }

    /// Every caller address whose file no symbolizer ran on, symbolized once, one run per
    /// file; sets ``symbolizingFailure`` when that cannot be done.
    private func symbolizeCallersInMemory() throws -> [UInt: [CallerFrame]] {
        if let symbolizedCallers { return symbolizedCallers }
        var result: [UInt: [CallerFrame]] = [:]
        defer { symbolizedCallers = result }
        guard let symbolizer = Symbolizer.find() else {
            symbolizingFailure = "no symbolizer (llvm-symbolizer or addr2line) was found"
            return result
        }
        let rows = try database.rows(
            """
            SELECT DISTINCT caller.address, image.path, image.load_address
            FROM caller JOIN image ON image.id = caller.image_id
            WHERE image.symbolizer IS NULL
            ORDER BY image.id, caller.address
            """
        )
        var byImage: [String: (load: UInt, addresses: [UInt])] = [:]
        for row in rows {
            guard let address = row.integer("address"), let path = row.text("path") else { continue }
            let load = UInt(bitPattern: Int(row.integer("load_address") ?? 0))
            byImage[path, default: (load, [])].addresses.append(UInt(bitPattern: Int(address)))
        }
        for (path, image) in byImage.sorted(by: { $0.key < $1.key }) {
            guard FileManager.default.fileExists(atPath: path) else {
                symbolizingFailure = "the program's file \(path) is gone"
                return result
            }
            let chains: [UInt: [CallerFrame]]
            do {
                chains = try symbolizer.symbolize(image.addresses.map { $0 - image.load }, in: path)
            } catch let timedOut as Symbolizer.TimedOut {
                symbolizingFailure = timedOut.description
                return result
            } catch {
                symbolizingFailure = "\(symbolizer.path) could not be run"
                return result
            }
            for address in image.addresses {
                result[address] = chains[address - image.load]
            }
        }
        return result
    }
}
