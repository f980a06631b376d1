import XCTest

final class ExamplesTests: XCTestCase {
    func testExamples_ListsEveryExampleWithItsSeed() throws {
        let result = try CommandRunner.rxtrace(["examples"])

        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardError, "")
        try assertSnapshot(result.standardOutput, named: "examples")
    }
}
