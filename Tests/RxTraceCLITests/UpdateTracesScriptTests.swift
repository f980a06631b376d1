import Foundation
import XCTest

/// `scripts/update-traces.sh`, which `scripts/run-examples.sh` uses: examples recorded again
/// with nothing changed leave the committed traces and pages as they are, so `git status` stays
/// clean; an example whose report changed has its trace and report copied and its page redrawn.
final class UpdateTracesScriptTests: XCTestCase {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/update-traces.sh")

    /// Every file in `folder`, with its bytes.
    private func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    private func updateTraces(from fresh: String, to committed: String, in directory: URL) throws -> CommandResult {
        try CommandRunner.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path, fresh, committed],
            environment: ["RXTRACE": CommandRunner.productsDirectory.appendingPathComponent("rxtrace").path], in: directory
        )
    }

    func testRecordingAgain_changesNoCommittedFile_unlessItsReportChanged() throws {
        let directory = try CommandRunner.temporaryDirectory(for: self)
        for folder in ["committed", "fresh"] {
            let result = try CommandRunner.rxtrace(["run", "just-map", "empty", "--out", folder], in: directory)
            XCTAssertEqual(result.status, 0, result.standardError)
        }
        let committed = directory.appendingPathComponent("committed")
        // The first update adds the pages the committed folder lacks.
        let pages = try updateTraces(from: "fresh", to: "committed", in: directory)
        XCTAssertEqual(pages.status, 0, pages.standardError)
        XCTAssertEqual(
            pages.standardOutput,
            "updated committed/empty.html\nupdated committed/just-map.html\nupdated committed/index.html\n"
        )
        let before = try contents(of: committed)

        let unchanged = try updateTraces(from: "fresh", to: "committed", in: directory)

        XCTAssertEqual(unchanged.status, 0, unchanged.standardError)
        XCTAssertEqual(unchanged.standardOutput, "")
        XCTAssertEqual(try contents(of: committed), before, "nothing changed, so no committed file did")

        try Data("an older report\n".utf8).write(to: committed.appendingPathComponent("empty.txt"))
        let changed = try updateTraces(from: "fresh", to: "committed", in: directory)

        XCTAssertEqual(changed.status, 0, changed.standardError)
        // The page is rendered again from the trace copied, whose times differ.
        XCTAssertEqual(changed.standardOutput, "updated committed/empty.sqlite and empty.txt\nupdated committed/empty.html\n")
        let after = try contents(of: committed)
        let fresh = try contents(of: directory.appendingPathComponent("fresh"))
        XCTAssertEqual(after["empty.sqlite"], fresh["empty.sqlite"])
        XCTAssertEqual(after["empty.txt"], fresh["empty.txt"])
        XCTAssertEqual(after["just-map.sqlite"], before["just-map.sqlite"])
    }
}
