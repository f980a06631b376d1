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
}
