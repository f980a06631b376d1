import XCTest

final class RunTests: XCTestCase {
    func testRun_WritesTraceAndReportAndPrintsWhatTheSubscriberReceived() throws {
        let directory = try CommandRunner.temporaryDirectory(for: self)

        let result = try CommandRunner.rxtrace(["run", "empty", "--out", "out"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardOutput,
            """
            empty (seed 001): empty() completes its subscriber inside subscribe, with no sink
              completed
              → out/empty.sqlite, out/empty.txt

            """
        )
        let report = try String(contentsOf: directory.appendingPathComponent("out/empty.txt"), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("empty · "), report)
    }

    func testRun_All_RecordsEveryExampleOneAfterAnother() throws {
        let directory = try CommandRunner.temporaryDirectory(for: self)

        let result = try CommandRunner.rxtrace(["run", "--all", "--out", "."], in: directory)

        let examples = try CommandRunner.rxtrace(["examples"]).standardOutput
            .split(separator: "\n").dropFirst(2).map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertGreaterThanOrEqual(examples.count, 27)
        XCTAssertTrue(
            result.standardOutput.hasSuffix(
                "\n\n\(examples.count) examples recorded, 3 leaks — expected in relay-without-bag, subject-never-completes, retain-cycle-through-bag\n"
            ),
            "the last line counts the examples and the leaks: \(result.standardOutput.suffix(200))"
        )
        for name in examples {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).sqlite").path), name
            )
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).txt").path), name)
        }
    }
}
