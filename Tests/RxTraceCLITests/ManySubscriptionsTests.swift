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
        for command in commands {
            let small = try CommandRunner.rxtraceMeasuringMemory(command(few))
            let large = try CommandRunner.rxtraceMeasuringMemory(command(many))

            XCTAssertEqual(small.status, 0)
            XCTAssertEqual(large.status, 0)
            XCTAssertLessThan(
                large.peakKilobytes - small.peakKilobytes, 12_000,
                "\(command("T").joined(separator: " ")): 5,800 more identical findings (16–36 MB when each "
                    + "was held) must not each be held; peak \(large.peakKilobytes) kB vs \(small.peakKilobytes) kB"
            )
        }
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
