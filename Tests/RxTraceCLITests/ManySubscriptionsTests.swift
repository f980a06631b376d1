import RxCore
import RxTrace
import XCTest

/// A trace of thousands of subscriptions that never ended, all the same leak, is reported,
/// printed and compared without holding each finding: the leak report holds each distinct leak
/// once with how often it was found, the JSON report writes each finding as it is found,
/// flows are built and printed a window at a time, and `diff` counts shapes as it finds them. (What still grows is a few ids per subscription, about
/// 1 kB each in a debug build; holding every finding took about 3 kB each.)
final class ManySubscriptionsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
    }

    /// A trace of `count` subscriptions to one subject, none disposed: as many flows, open
    /// subscriptions and observers alive at the end; its path.
    private func trace(ofOpenSubscriptions count: Int) throws -> String {
        let path = directory.appendingPathComponent("open-\(count).sqlite").path
        let recording = try RxTrace.record(to: path, program: "open")
        do {
            let subject = PublishSubject<Int>()
            for _ in 0..<count {
                _ = subject.subscribe(onNext: { _ in })
            }
        }
        try recording.stop()
        return path
    }

    func testLeaksFlowsAndDiff_ofThousandsOfIdenticalOpenSubscriptions_useAboutTheMemoryOfAFew() throws {
        let few = try trace(ofOpenSubscriptions: 200)
        let many = try trace(ofOpenSubscriptions: 6_000)
        let commands: [(String) -> [String]] = [
            { ["report", $0, "--leaks"] },
            { ["report", $0, "--format", "json"] },
            { ["report", $0, "--flows", "--all"] },
            { ["diff", $0, $0] },
        ]
        // Measured in a debug build: `diff T T` grows most, ~28 MB (the two traces read side by
        // side, each reader with its caches, which stop growing: a release build's `diff` of
        // 300,000 such subscriptions peaks at 108 MB in all); the leak report and the flows ~1 kB
        // a subscription.
        try CommandRunner.assertPeakMemoryGrowth(
            of: commands, from: few, to: many, below: 34_000,
            "5,800 more identical findings (16–36 MB when each was held) must not each be held")
    }

    func testTheHTMLPage_ofThousandsOfOpenSubscriptionsToOneSubject_usesAboutTheMemoryOfAFew() throws {
        // The page holds each distinct leak once and the first open subscriptions in full, and
        // the subject's state at each step lists its first observers and counts the rest (a
        // state listing every observer at every step grew with the square of their number:
        // 550 MB for 6,000 in a release build). What still grows is the page's own content up
        // to its limits (its moments, its list of subscriptions): 84 MB here in a debug build,
        // the chains read ahead on a thread of their own (103 MB before the walkthrough was
        // written by hand and the page's JSON escaped in place, 81 MB of it on one thread),
        // and no more past them (a release build: 144 MB for 300,000).
        let few = try trace(ofOpenSubscriptions: 200)
        let many = try trace(ofOpenSubscriptions: 6_000)
        let page = directory.appendingPathComponent("page.html").path

        let small = try CommandRunner.rxtraceMeasuringMemory(["report", few, "--format", "html", "-o", page])
        let large = try CommandRunner.rxtraceMeasuringMemory(["report", many, "--format", "html", "-o", page])

        XCTAssertEqual(small.status, 0)
        XCTAssertEqual(large.status, 0)
        XCTAssertLessThan(
            large.peakKilobytes - small.peakKilobytes, 100_000,
            "report --format html: 5,800 more open subscriptions (over 400 MB when each step's state listed "
                + "every observer) must not each be held; peak \(large.peakKilobytes) kB vs \(small.peakKilobytes) kB"
        )
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("6000 subscriptions never ended · "), String(html.prefix(2_000)))
        XCTAssertTrue(html.contains("6000 times: subscriptions #1, #2, #3, #4, #5, #6, #7, #8, #9, #10, …"))
        XCTAssertTrue(
            html.contains(
                "The page&#39;s data and its subscription list hold the first 1000 of the 6000 subscriptions that never ended"
            ), String(html.prefix(3_000)))
    }

    func testTheLeakReport_ofThousandsOfIdenticalOpenSubscriptions_showsOneFindingWithItsCount() throws {
        let many = try trace(ofOpenSubscriptions: 3_000)

        let report = try CommandRunner.rxtrace(["report", many, "--leaks"], in: directory)

        XCTAssertEqual(report.status, 0, report.standardError)
        let lines = report.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("Subscription #") }.count, 1, report.standardOutput)
        XCTAssertTrue(
            lines.contains("  found          3000 times: subscriptions #1, #2, #3, #4, #5, #6, #7, #8, #9, #10, …"),
            report.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("3000 subscriptions never ended · ") }, report.standardOutput)
    }
}
