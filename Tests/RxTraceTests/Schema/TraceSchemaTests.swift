import Foundation
@testable import RxTrace
import XCTest

final class TraceSchemaTests: RxTraceTestCase {
    /// A new, empty trace in memory, as a recorder starts it.
    private func emptyTrace() throws -> Database {
        try InMemoryTraceRecorder(program: "schema").finish()
    }

    /// The tables and views of the schema with their DDL, as SQLite stores it.
    private func entities(in database: Database) throws -> [(name: String, sql: String)] {
        try database.rows(
            "SELECT name, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        ).map { ($0.text("name") ?? "", $0.text("sql") ?? "") }
    }

    func testNewTrace_isMarkedWithApplicationIDAndSchemaVersion() throws {
        let database = try emptyTrace()

        XCTAssertEqual(try database.integer("PRAGMA application_id"), 0x5278_5472, "'RxTr'")
        XCTAssertEqual(try database.integer("PRAGMA user_version"), Int64(TraceSchema.version))
        XCTAssertEqual(try database.integer("SELECT schema_version FROM run"), Int64(TraceSchema.version))
    }

    func testEveryEnumeration_acceptsItsValues_andRefusesAnyOther() throws {
        let database = try emptyTrace()
        try database.execute(
            "INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main'); INSERT INTO type (id, type_name) VALUES (1, 'T');"
                + "INSERT INTO object (id, type_id, start_ts, thread_id) VALUES (1, 1, 0, 1)")
        let event = "INSERT INTO event (ts, thread_id, kind) VALUES (0, 1, ?)"
        let subscription =
            "INSERT INTO subscription (ts, thread_id, observable_object_id, observer_object_id, file, line, end_kind)"
            + " VALUES (0, 1, 1, 1, '', 0, ?)"
        let cases: [(sql: String, accepted: [SQLValue], refused: [SQLValue])] = [
            (event, ["next", "error", "completed"].map(SQLValue.text), [.text("nxt"), .text("Next"), .null]),
            (subscription, ["disposed", "completed", "error"].map(SQLValue.text) + [.null], [.text("ended")]),
            (
                "UPDATE run SET end_reason = ?",
                ["running", "finished", "exited", "signal", "failed"].map(SQLValue.text), [.text("crashed")]
            ),
            ("UPDATE run SET detail = ?", ["calls", "events"].map(SQLValue.text), [.text("all")]),
        ]

        for (sql, accepted, refused) in cases {
            for value in accepted {
                XCTAssertNoThrow(try database.rows(sql, [value]), "\(sql) with \(value)")
            }
            for value in refused {
                XCTAssertThrowsError(try database.rows(sql, [value]), "\(sql) accepted \(value)")
            }
        }
    }

    func testNoCheck_testsAnInList_whichSQLiteEvaluatesThroughATemporaryTablePerRow() throws {
        for entity in try entities(in: try emptyTrace()) {
            XCTAssertNil(
                entity.sql.range(of: #"CHECK\s*\([^)]*\bIN\s*\("#, options: .regularExpression),
                "\(entity.name): write the CHECK as `column = 'a' OR column = 'b'`")
        }
    }

    func testEveryTableAndView_hasACommentOnItsCreateLine() throws {
        let entities = try entities(in: try emptyTrace())

        XCTAssertEqual(entities.count, 22)
        for entity in entities {
            let createLine = entity.sql.prefix { $0 != "\n" }
            XCTAssertTrue(
                createLine.contains(" -- "),
                "\(entity.name) has no comment on its CREATE line: '\(createLine)'; write `CREATE … \(entity.name) -- What it is.`"
            )
        }
    }

    func testEveryColumnOfEveryTableAndView_hasACommentAboveIt() throws {
        let database = try emptyTrace()
        var checked = 0
        for entity in try entities(in: database) {
            let lines = entity.sql.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for column in try database.column("SELECT name FROM pragma_table_info('\(entity.name)')") {
                let definition = lines.firstIndex { line in
                    line.hasPrefix("\(column) ") || line.hasSuffix(" AS \(column),") || line.hasSuffix(" AS \(column)")
                }
                guard let definition else {
                    XCTFail("\(entity.name).\(column) is not defined on a line of its own")
                    continue
                }
                XCTAssertTrue(
                    definition > 0 && lines[definition - 1].hasPrefix("-- "),
                    "\(entity.name).\(column) has no `-- comment` on the line above it, in TraceSchema.swift"
                )
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 70)
    }

    func testDocumentation_equalsThePageGeneratedFromTheSchema() throws {
        let generated = try TraceSchemaDocumentation.markdown()
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = packageRoot.appendingPathComponent("Documentation/TraceSchema.md")
        if ProcessInfo.processInfo.environment["RXTRACE_RECORD"] == "1" {
            try generated.write(to: page, atomically: true, encoding: .utf8)
        }
        let committed = try? String(contentsOf: page, encoding: .utf8)

        XCTAssertEqual(
            committed, generated,
            """
            Documentation/TraceSchema.md differs from the schema in TraceSchema.swift. Regenerate it with
                RXTRACE_RECORD=1 swift test --filter TraceSchemaTests
            and commit it.
            """
        )
    }

    func testDocumentation_describesEveryColumnWithItsComment() throws {
        let page = try TraceSchemaDocumentation.markdown()

        XCTAssertTrue(page.contains("## `run` (table)\n\nThe recorded run: what ran, when, and how it ended."))
        XCTAssertTrue(page.contains(
            "| `end_reason` | TEXT | 'running' until the run ends; then 'finished' (recording stopped), "
                + "'exited' (the process called exit), 'signal' (a fatal signal cut it short) or "
                + "'failed' (the recorder could not write; failure says why). |"
        ))
        XCTAssertTrue(page.contains("| `kind` | — | 'subscription' or 'object'. |"))
        XCTAssertFalse(page.contains(" |  |"), "no column without a meaning")
    }
}
