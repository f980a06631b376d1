/// The build, subscribe and tag sites RxCore captured as stacks of return addresses (its
/// operators and `subscribe` forms have RxSwift's signatures, with no `file:line`), turned into
/// the user's line when the trace is finished.
///
/// Runs after the ``TraceWriter`` named every caller address's lines (`caller_line`): each
/// stack's user line is the one an entry point's call gets (``CallerLine``, the first frame
/// outside RxCore and its companion libraries), written into the `file` and `line` of every
/// `assembly`, `subscription` and `tag` row made from that stack, as `#fileID` says it. A
/// stack with no such frame keeps `''` and 0.
enum CapturedSites {
    /// Writes the user's line of every captured site in `database`, in one transaction.
    static func resolve(in database: Database) throws {
        let rows = try database.rows(
            """
            SELECT caller.stack_id AS stack, caller.frame AS frame, caller_line.function AS function,
                caller_line.file AS file, caller_line.line AS line, image.path AS image
            FROM caller LEFT JOIN caller_line ON caller_line.address = caller.address
                LEFT JOIN image ON image.id = caller.image_id
            WHERE caller.stack_id IN (
                SELECT caller_stack_id FROM assembly WHERE caller_stack_id IS NOT NULL
                UNION SELECT caller_stack_id FROM subscription WHERE caller_stack_id IS NOT NULL
                UNION SELECT caller_stack_id FROM tag WHERE caller_stack_id IS NOT NULL
            )
            ORDER BY caller.stack_id, caller.frame, caller_line.inline_depth
            """
        )
        var chainsByStack: [Int64: [[CallerFrame]]] = [:]
        var imagesByStack: [Int64: [String?]] = [:]
        var lastFrame: (stack: Int64, frame: Int64)? = nil
        for row in rows {
            guard let stack = row.integer("stack"), let frame = row.integer("frame") else { continue }
            let callerFrame = CallerFrame(
                function: row.text("function"), file: row.text("file"), line: row.integer("line").map(Int.init)
            )
            if let last = lastFrame, last.stack == stack, last.frame == frame {
                chainsByStack[stack, default: []][chainsByStack[stack, default: []].count - 1].append(callerFrame)
            } else {
                chainsByStack[stack, default: []].append([callerFrame])
                imagesByStack[stack, default: []].append(row.text("image"))
            }
            lastFrame = (stack, frame)
        }
        guard !chainsByStack.isEmpty else { return }
        try database.transaction {
            try database.execute("CREATE TEMP TABLE site_line (stack_id INTEGER PRIMARY KEY, file TEXT, line INTEGER)")
            let insert = try database.prepare("INSERT INTO site_line (stack_id, file, line) VALUES (?, ?, ?)")
            for (stack, chains) in chainsByStack {
                guard case .line(let frame) = CallerLine.find(in: chains, images: imagesByStack[stack] ?? []),
                    let site = frame.siteLocation(
                        inImage: chains.firstIndex { $0.contains(frame) }.flatMap { imagesByStack[stack]?[$0] })
                else { continue }
                insert.bind(stack, at: 1)
                insert.bind(site.file, at: 2)
                insert.bind(Int64(site.line), at: 3)
                try insert.run()
            }
            for table in ["assembly", "subscription", "tag"] {
                try database.execute(
                    """
                    UPDATE \(table) SET
                        file = (SELECT file FROM site_line WHERE stack_id = \(table).caller_stack_id),
                        line = (SELECT line FROM site_line WHERE stack_id = \(table).caller_stack_id)
                    WHERE caller_stack_id IN (SELECT stack_id FROM site_line)
                    """
                )
            }
            try database.execute("DROP TABLE site_line")
        }
    }
}
