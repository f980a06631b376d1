import Foundation
import XCTest

/// `rxtrace` never records itself, even with `RXTRACE_FILE` exported (as a CI job may have it):
/// the trace it reads stays as it was and its verdict stands.
final class EnvironmentTests: XCTestCase {
    func testReport_withRXTRACE_FILEPointingAtTheTraceItReads_leavesItIntactAndStillFailsOnLeaks() throws {
        let directory = try CommandRunner.temporaryDirectory(for: self)
        let run = try CommandRunner.rxtrace(["run", "subject-never-completes", "--out", "."], in: directory)
        XCTAssertEqual(run.status, 0, run.standardError)
        let trace = directory.appendingPathComponent("subject-never-completes.sqlite")
        let before = try Data(contentsOf: trace)
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        let result = try CommandRunner.rxtrace(
            ["report", trace.path, "--leaks", "--fail-on-leaks"], in: directory,
            environment: ["RXTRACE_FILE": trace.path]
        )

        XCTAssertEqual(result.status, 1, "the leak is still found: \(result.standardOutput)")
        XCTAssertTrue(result.standardOutput.contains("1 subscription never ended"), result.standardOutput)
        XCTAssertEqual(result.standardError, "")
        XCTAssertEqual(try Data(contentsOf: trace), before, "the trace is unchanged")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), filesBefore,
            "rxtrace recorded nothing, not even to a sibling"
        )
    }
}
