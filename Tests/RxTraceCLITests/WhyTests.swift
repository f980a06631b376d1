import RxCore
import RxTrace
import XCTest

/// `rxtrace why` walks an event back to the call that pushed it in, and `report
/// --subscription` says in one line what ended the subscription.
final class WhyTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
        let result = try CommandRunner.rxtrace(["run", "just-map", "observe-on", "dispose-bag-deinit", "--out", "."], in: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testWhy_JustMap_WalksFromTheSubscribeLineThroughJustAndMapToTheSubscriber() throws {
        let result = try CommandRunner.rxtrace(["why", "just-map.sqlite", "--subscription", "1", "--nth", "1"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        try assertSnapshot(result.standardOutput, named: "why-just-map")
    }

    func testWhy_ObserveOn_ShowsTheThreadHop() throws {
        let result = try CommandRunner.rxtrace(["why", "observe-on.sqlite", "4"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        try assertSnapshot(result.standardOutput, named: "why-observe-on")
    }

    func testWhy_JSON_HasTheSameHops() throws {
        let result = try CommandRunner.rxtrace(["why", "observe-on.sqlite", "4", "--format", "json"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        let explanation = try JSONText.decoder().decode(EventExplanation.self, from: Data(result.standardOutput.utf8))
        XCTAssertEqual(explanation.hops.map(\.kind), ["event", "thread", "event"])
    }

    func testWhy_NthEventOfASubscription_ReadsOneEvent_NotAllItReceived() throws {
        /// A trace whose one subscription received `count` events; its path.
        func trace(receiving count: Int) throws -> String {
            let path = directory.appendingPathComponent("received-\(count).sqlite").path
            let recording = try RxTrace.record(to: path, program: "many-events")
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            for value in 0..<count { subject.onNext(value) }
            subscription.dispose()
            try recording.stop()
            return path
        }
        let few = try CommandRunner.rxtraceMeasuringMemory(["why", try trace(receiving: 100), "--subscription", "1", "--nth", "90"])
        let many = try CommandRunner.rxtraceMeasuringMemory(["why", try trace(receiving: 30_000), "--subscription", "1", "--nth", "29000"])

        XCTAssertEqual(few.status, 0)
        XCTAssertEqual(many.status, 0)
        XCTAssertLessThan(
            many.peakKilobytes - few.peakKilobytes, 20_000,
            "30,000 events (~24 MB as records, beyond the few MB SQLite's own indexes take) must not be loaded; peak \(many.peakKilobytes) kB vs \(few.peakKilobytes) kB"
        )
    }

    func testReportSubscription_SaysWhatEndedIt() throws {
        let bag = try CommandRunner.rxtrace(["report", "dispose-bag-deinit.sqlite", "--subscription", "2"], in: directory)
        let completed = try CommandRunner.rxtrace(["report", "just-map.sqlite", "--subscription", "1"], in: directory)

        XCTAssertEqual(bag.status, 0, bag.standardError)
        XCTAssertTrue(
            bag.standardOutput.contains(
                "ended: disposed by DisposeBag #2's deinit (bag made at RxExamples/DisposeBagDeinitExample.swift:14)"
            ),
            bag.standardOutput
        )
        try assertSnapshot(completed.standardOutput, named: "report-just-map-subscription")
    }

    /// The README's excerpts are what these commands print: each `$ rxtrace …` line of the
    /// block, run, then its output, until the next command.
    func testReadme_WhyAndEndedExcerptsAreWhatTheCommandsPrint() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for block in ["ended", "why"] {
            let begin = try XCTUnwrap(readme.range(of: "<!-- BEGIN \(block) -->\n"), "no BEGIN \(block) marker")
            let end = try XCTUnwrap(readme.range(of: "<!-- END \(block) -->"), "no END \(block) marker")
            var expected = ""
            var actual = ""
            for line in readme[begin.upperBound..<end.lowerBound].split(separator: "\n") where !line.hasPrefix("```") {
                guard line.hasPrefix("$ swift run rxtrace ") else {
                    expected += line + "\n"
                    continue
                }
                var arguments = line.dropFirst("$ swift run rxtrace ".count).split(separator: " ").map(String.init)
                arguments[1] = root.appendingPathComponent(arguments[1]).path
                let result = try CommandRunner.rxtrace(arguments, in: directory)
                XCTAssertEqual(result.status, 0, result.standardError)
                // --subscription's excerpt stops at its `ended:` line; the flows follow.
                let output = result.standardOutput.components(separatedBy: "\n\nCall flows")[0]
                actual += output.hasSuffix("\n") ? output : output + "\n"
            }
            XCTAssertFalse(expected.isEmpty, "README block \(block) shows no output")
            XCTAssertEqual(expected, actual, "README block \(block)")
        }
    }
}
