import Foundation
import RxCore
import RxTrace
import XCTest

/// A trace of many short flows is compared and printed whole, and a trace of many distinct
/// types alive at the end is reported, in a memory that does not grow with the flows, and grows
/// with the types only by a few names and numbers of each: `diff` reads only the links of each
/// subscription's chain and one flow at a time, `report --all` prints each flow as it is built,
/// and the reports write the live objects one group at a time, as each is complete.
final class ManyFlowsAndTypesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
    }

    /// A trace of `count` rounds of `just(1).map` and `create` subscribed to, each completing
    /// at once: `5 × count` short flows, `2 × count` subscriptions, about 44 calls a round; its
    /// path.
    private func trace(ofRounds count: Int) throws -> String {
        let path = directory.appendingPathComponent("flows-\(count).sqlite").path
        let recording = try RxTrace.record(to: path, program: "flows")
        for _ in 0..<count {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }.subscribe(onNext: { _ in })
        }
        try recording.stop()
        return path
    }

    /// A copy of a small recorded trace with `count` more objects alive at the end, each of a
    /// type of its own (`Generated7<Int>`), made outside any step as user code makes a subject:
    /// what a program holding many distinct generic types leaves; its path. With
    /// `spanningTheTrace`, the first type has one more object alive, the last of all: its group
    /// is complete only at the end, and every other type's waits behind it.
    private func trace(ofDistinctLiveTypes count: Int, spanningTheTrace: Bool = false) throws -> String {
        let recorded = try trace(ofRounds: 2)
        let path = directory.appendingPathComponent("types-\(count)\(spanningTheTrace ? "-spanning" : "").sqlite").path
        try FileManager.default.copyItem(atPath: recorded, toPath: path)
        // Closed at the end of the scope, before rxtrace reads the file.
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute("PRAGMA journal_mode = DELETE")
        try database.execute(
            """
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO type (type_name) SELECT 'Generated' || i || '<Int>' FROM n;
            INSERT INTO object (type_id, start_ts, end_ts, thread_id, call_id)
            SELECT id, 1000000 + id, NULL, 1, NULL FROM type WHERE type_name LIKE 'Generated%';
            COMMIT;
            """)
        if spanningTheTrace {
            try database.execute(
                """
                INSERT INTO object (type_id, start_ts, end_ts, thread_id, call_id)
                SELECT id, 1000000000, NULL, 1, NULL FROM type WHERE type_name = 'Generated1<Int>'
                """)
        }
        return path
    }

    func testDiffAndEveryFlow_ofThousandsOfShortFlows_useAboutTheMemoryOfAFew() throws {
        let few = try trace(ofRounds: 40)
        let many = try trace(ofRounds: 1_500)
        let commands: [(String) -> [String]] = [
            { ["diff", $0, $0] },
            { ["report", $0, "--all"] },
            { ["report", $0, "--all", "--format", "json"] },
        ]
        try CommandRunner.assertPeakMemoryGrowth(
            of: commands, from: few, to: many, below: 12_000,
            "7,300 more flows (64,000 more calls) must not be held")
    }

    func testTheDiff_ofTwoTracesOfManyShortFlows_countsWhatChanged() throws {
        let before = try trace(ofRounds: 300)
        let after = try trace(ofRounds: 302)

        let same = try CommandRunner.rxtrace(["diff", before, before], in: directory)
        let diff = try CommandRunner.rxtrace(["diff", before, after], in: directory)

        XCTAssertEqual(same.status, 0, same.standardError)
        XCTAssertTrue(same.standardOutput.contains("\nNo differences: "), same.standardOutput)
        XCTAssertEqual(diff.status, 0, diff.standardError)
        XCTAssertTrue(diff.standardOutput.contains("\n    A  300 ×\n    B  302 ×\n"), diff.standardOutput)
    }

    func testTheReports_ofThousandsOfDistinctLiveTypes_holdNoTypesGroup() throws {
        let few = try trace(ofDistinctLiveTypes: 500)
        let many = try trace(ofDistinctLiveTypes: 20_500)
        let commands: [(String) -> [String]] = [
            { ["report", $0] },
            { ["report", $0, "--format", "json"] },
            { ["report", $0, "--leaks"] },
            { ["report", $0, "--leaks", "--format", "json"] },
        ]
        // Each type's group is written (the text's row to a table on disk) as soon as its last
        // live object has been read; what stays is each type's name, number and last object
        // (about 0.2 kB a type; the JSON leak report, the most, ~0.45 kB in a debug build).
        // Holding each group until the report was written took 0.8 kB a type, encoding them all
        // at once 1.5 kB.
        try CommandRunner.assertPeakMemoryGrowth(
            of: commands, from: few, to: many, below: 11_000,
            "20,000 more live types must cost less than 0.55 kB each")
    }

    func testTheReports_ofThousandsOfTypesHeldBackByOneThatSpansTheTrace_holdNoTypesGroup() throws {
        let together = try trace(ofDistinctLiveTypes: 20_500)
        let heldBack = try trace(ofDistinctLiveTypes: 20_500, spanningTheTrace: true)
        let commands: [(String) -> [String]] = [
            { ["report", $0, "--leaks"] },
            { ["report", $0, "--leaks", "--format", "json"] },
        ]
        // Every group waits for the first type's last object: the first 4,096 in memory, the
        // rest on disk (8 bytes each in memory). All held in memory, they took 0.4 kB each.
        try CommandRunner.assertPeakMemoryGrowth(
            of: commands, from: together, to: heldBack, below: 4_000,
            "20,500 live types waiting behind one must cost less than 0.2 kB each more than none waiting")
    }

    func testThePage_ofThousandsOfDistinctLiveTypes_holdsNoTypesGroup() throws {
        let few = try trace(ofDistinctLiveTypes: 500)
        let many = try trace(ofDistinctLiveTypes: 20_500)
        // Each group's table row and JSON are written to disk as soon as it is complete, and
        // the page is written as it is built; what stays is ~0.75 kB a type (15 MB for 20,000,
        // in a debug build and a release build alike).
        try CommandRunner.assertPeakMemoryGrowth(
            of: [{ ["report", $0, "--format", "html", "-o", $0 + ".html"] }], from: few, to: many, below: 18_000,
            "20,000 more live types must cost the page less than 0.9 kB each")
    }

    func testTheJSONLeakReport_ofThousandsOfDistinctLiveTypes_listsEachTypeOnce() throws {
        let path = try trace(ofDistinctLiveTypes: 3_000)

        let json = try CommandRunner.rxtrace(["report", path, "--leaks", "--format", "json"], in: directory)

        XCTAssertEqual(json.status, 0, json.standardError)
        let report = try JSONDecoder().decode([String: LeakReportProbe].self, from: Data(json.standardOutput.utf8))
        let groups = try XCTUnwrap(report["leaks"]?.live_objects)
        XCTAssertEqual(groups.filter { $0.type_name.hasPrefix("Generated") }.count, 3_000)
        XCTAssertEqual(Set(groups.map(\.type_name)).count, groups.count)
    }
}

/// What ``ManyFlowsAndTypesTests`` reads of a JSON leak report.
private struct LeakReportProbe: Decodable {
    struct Group: Decodable {
        var type_name: String
    }
    var live_objects: [Group]
}
