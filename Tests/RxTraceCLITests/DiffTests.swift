import Foundation
import RxCore
import RxTrace
import XCTest

/// `rxtrace diff A B` on two traces of one program recorded in this process with
/// `record(to:)`: one more leak exits 1 with `--fail-on-new-leaks` and names it; the same run
/// twice has no differences; `--format json` is JSON.
final class DiffTests: XCTestCase {
    private var directory: URL!
    private var subscribeLine: UInt = 0

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
    }

    /// Records the program into `name`; with `leaking`, it forgets to dispose its subscription.
    private func record(_ name: String, leaking: Bool) throws {
        let recording = try RxTrace.record(to: directory.appendingPathComponent(name).path, program: "diff-test")
        var leaked: Disposable?
        do {
            let subject = PublishSubject<Int>()
            subscribeLine = #line; let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            if leaking { leaked = subscription } else { subscription.dispose() }
        }
        try recording.stop()
        leaked?.dispose()
    }

    func testOneMoreLeak_exitsOne_namingIt() throws {
        try record("a.sqlite", leaking: false)
        try record("b.sqlite", leaking: true)

        let result = try CommandRunner.rxtrace(["diff", "a.sqlite", "b.sqlite", "--fail-on-new-leaks"], in: directory)

        let site = "RxTraceCLITests/DiffTests.swift:\(subscribeLine)"
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertEqual(result.errorLines.count, 1, result.standardError)
        XCTAssertEqual(
            result.standardError,
            "rxtrace: B leaks where A did not: subscription at \(site) never ended; AnonymousObserver<Int> alive at the end; "
                + "SinkDisposer alive at the end; MapSink<…> alive at the end; BinaryDisposable alive at the end\n"
        )
        XCTAssertTrue(result.standardOutput.contains("+ subscription at \(site)"), result.standardOutput)
        // The README shows this output.
        try assertSnapshot(result.standardOutput, named: "diff-new-leak")

        // Without the flag the same diff exits 0; the other way round nothing new leaks.
        XCTAssertEqual(try CommandRunner.rxtrace(["diff", "a.sqlite", "b.sqlite"], in: directory).status, 0)
        XCTAssertEqual(
            try CommandRunner.rxtrace(["diff", "b.sqlite", "a.sqlite", "--fail-on-new-leaks"], in: directory).status, 0
        )
    }

    func testTheSameRunTwice_hasNoDifferences() throws {
        try record("a.sqlite", leaking: false)
        try record("b.sqlite", leaking: false)

        let result = try CommandRunner.rxtrace(["diff", "a.sqlite", "b.sqlite", "--fail-on-new-leaks"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, """
            Comparing a.sqlite (A, before) with b.sqlite (B, after)

            No differences: the same subscriptions, flows and leaks, matched by call site and chain.

            """)
    }

    func testJSON_listsTheDifferences() throws {
        try record("a.sqlite", leaking: false)
        try record("b.sqlite", leaking: true)

        let result = try CommandRunner.rxtrace(["diff", "a.sqlite", "b.sqlite", "--format", "json"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let differences = try XCTUnwrap(document["differences"] as? [[String: Any]])
        XCTAssertTrue(differences.contains { $0["section"] as? String == "leak" && $0["change"] as? String == "appeared" })
        XCTAssertEqual(document["before"] as? String, "a.sqlite")
    }

    func testTheREADMEsDiff_isTheSnapshot() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let snapshot = try String(
            contentsOf: root.appendingPathComponent("Tests/RxTraceCLITests/Snapshots/diff-new-leak.txt"), encoding: .utf8
        )
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)

        XCTAssertTrue(
            readme.contains("```text\n$ rxtrace diff a.sqlite b.sqlite --fail-on-new-leaks\n" + snapshot + "```\n"),
            "README's diff example differs from Snapshots/diff-new-leak.txt; copy it over"
        )
    }
}
