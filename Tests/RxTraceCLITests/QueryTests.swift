import XCTest

final class QueryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
        let result = try CommandRunner.rxtrace(["run", "just-map", "--out", "."], in: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testQuery_PrintsRowsAsATable() throws {
        let result = try CommandRunner.rxtrace(
            ["query", "just-map.sqlite", "SELECT kind, value FROM event ORDER BY id"], in: directory
        )

        XCTAssertEqual(result.status, 0, result.standardError)
        try assertSnapshot(result.standardOutput, named: "query-just-map-events")
    }

    func testQuery_JSON_PrintsAnArrayOfRows() throws {
        let result = try CommandRunner.rxtrace(
            ["query", "just-map.sqlite", "SELECT program, end_reason FROM run", "--format", "json"], in: directory
        )

        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual(rows?.first?["program"] as? String, "just-map")
        XCTAssertEqual(rows?.first?["end_reason"] as? String, "finished")
    }

    func testQuery_ViewsAreQueryable() throws {
        let result = try CommandRunner.rxtrace(
            ["query", "just-map.sqlite", "SELECT count(*) AS open FROM open_subscription"], in: directory
        )

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "open\n────\n0\n(1 row)\n")
    }

    func testQuery_ATrailingCommentIsNotASecondStatement() throws {
        let result = try CommandRunner.rxtrace(["query", "just-map.sqlite", "SELECT 1 AS one; -- the answer"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "one\n───\n1\n(1 row)\n")
    }

    func testQuery_SQLThatStartsWithACommentRunsAfterDoubleDash() throws {
        let result = try CommandRunner.rxtrace(["query", "just-map.sqlite", "--", "-- the answer\nSELECT 1 AS one"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "one\n───\n1\n(1 row)\n")
    }

    func testQuery_StopsAtTheTimeoutWithOneErrorLine() throws {
        let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"

        let result = try CommandRunner.rxtrace(["query", "just-map.sqlite", endless, "--timeout", "0.3"], in: directory)

        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.errorLines, [
            "rxtrace: error: the query took more than 0.3 s and was stopped; give --timeout more seconds, or 0 for no limit",
        ])
    }

    func testQuery_OneHugeValue_failsAtOnce_insteadOfOutlivingTheTimeout() throws {
        // One instruction each: SQLite's progress handler, behind --timeout, never sees them run.
        for huge in ["SELECT length(randomblob(1000000000))", "SELECT length(zeroblob(500000000))"] {
            let result = try CommandRunner.rxtrace(["query", "just-map.sqlite", huge, "--timeout", "5"], in: directory)

            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.errorLines, [
                "rxtrace: error: a value the query built grew past 64 MiB, the most one value may hold here",
            ])
        }
    }

    func testQuery_StreamsItsRows_MemoryDoesNotGrowWithThem() throws {
        func rows(_ count: Int) -> String {
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT \(count)) "
                + "SELECT x, printf('%.1000c', 'x') AS text FROM n"
        }
        let trace = directory.appendingPathComponent("just-map.sqlite").path
        for format in ["text", "json"] {
            let few = try CommandRunner.rxtraceMeasuringMemory(["query", trace, rows(10), "--format", format])
            let many = try CommandRunner.rxtraceMeasuringMemory(["query", trace, rows(20_000), "--format", format])

            XCTAssertEqual(few.status, 0)
            XCTAssertEqual(many.status, 0)
            XCTAssertLessThan(
                many.peakKilobytes - few.peakKilobytes, 15_000,
                "\(format): 20,000 rows of 1 kB (20 MB) must not be held; peak \(many.peakKilobytes) kB vs \(few.peakKilobytes) kB"
            )
        }
    }

    func testQuery_ControlCharactersAreEscapedInTextAndValidInJSON() throws {
        let sql = "SELECT char(27) || ']0;owned' || char(7) || char(10) AS value"

        let text = try CommandRunner.rxtrace(["query", "just-map.sqlite", sql], in: directory)
        let json = try CommandRunner.rxtrace(["query", "just-map.sqlite", sql, "--format", "json"], in: directory)

        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertFalse(text.standardOutput.contains("\u{1B}"), "no raw ESC reaches the terminal")
        XCTAssertTrue(text.standardOutput.contains(#"\u{1B}]0;owned\u{7}\n"#), text.standardOutput)
        let rows = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual(rows?.first?["value"] as? String, "\u{1B}]0;owned\u{7}\n")
    }
}
