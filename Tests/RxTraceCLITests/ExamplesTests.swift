import XCTest

final class ExamplesTests: XCTestCase {
    func testExamples_ListsEveryExampleWithItsSeed() throws {
        let result = try CommandRunner.rxtrace(["examples"])

        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardError, "")
        try assertSnapshot(result.standardOutput, named: "examples")
    }

    func testHTMLIndex_GroupsTheExamplesByArticle_WithTheirLessons_MarkingTheLeaks() throws {
        let result = try CommandRunner.rxtrace(["examples", "--html-index"])

        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardError, "")
        let page = result.standardOutput
        let articles = ["000", "001", "002", "003", "004"].map { "<section class=\"article\" id=\"article-\($0)\">" }
        let positions = try articles.map { try XCTUnwrap(page.range(of: $0), $0).lowerBound }
        XCTAssertEqual(positions, positions.sorted(), "the articles in order")
        // empty comes from article 001 only, with its lesson.
        let empty = try XCTUnwrap(page.range(of: "<a href=\"empty.html\">empty</a>")).lowerBound
        XCTAssertTrue(positions[1] < empty && empty < positions[2])
        XCTAssertTrue(page.contains("empty() completes its subscriber inside subscribe, with no sink"))
        XCTAssertEqual(page.components(separatedBy: "leaks on purpose</span>").count - 1, 3)
        XCTAssertTrue(page.hasSuffix("</body></html>\n"))
    }
}
