import RxCore
import RxTrace
import XCTest

/// A flow of hundreds of thousands of calls (a `range` delivered inside one subscribe) is read,
/// printed and compared in bounded memory: the reports show its first calls and say how many
/// they leave out, and `diff` holds a fingerprint of each shape, not its steps.
final class LargeFlowTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
    }

    /// A trace of one subscribe to `range(0, count).map.filter`: one flow of about 12 calls per
    /// element; its path.
    private func trace(ofElements count: Int) throws -> String {
        let path = directory.appendingPathComponent("range-\(count).sqlite").path
        let recording = try RxTrace.record(to: path, program: "one-flow")
        _ = Observable.range(start: 0, count: count).map { $0 + 1 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        try recording.stop()
        return path
    }

    func testReportsAndDiff_ofAHugeFlow_useAboutTheMemoryOfASmallOne() throws {
        let small = try trace(ofElements: 200)
        let huge = try trace(ofElements: 15_000)
        let commands: [(String) -> [String]] = [
            { ["report", $0, "--subscription", "1"] },
            { ["report", $0, "--all"] },
            { ["report", $0, "--all", "--format", "json"] },
            { ["diff", $0, $0] },
        ]
        for command in commands {
            let few = try CommandRunner.rxtraceMeasuringMemory(command(small))
            let many = try CommandRunner.rxtraceMeasuringMemory(command(huge))

            XCTAssertEqual(few.status, 0)
            XCTAssertEqual(many.status, 0)
            XCTAssertLessThan(
                many.peakKilobytes - few.peakKilobytes, 25_000,
                "\(command("T").joined(separator: " ")): a flow of ~180,000 calls must not be held; "
                    + "peak \(many.peakKilobytes) kB vs \(few.peakKilobytes) kB"
            )
        }
    }

    func testTheReportOfAHugeFlow_saysHowManyCallsItLeavesOut_andHowToListThem() throws {
        let huge = try trace(ofElements: 2_000)

        let text = try CommandRunner.rxtrace(["report", huge, "--subscription", "1"], in: directory)
        let json = try CommandRunner.rxtrace(["report", huge, "--all", "--format", "json"], in: directory)

        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertEqual(json.status, 0, json.standardError)
        let note = try XCTUnwrap(text.standardOutput.split(separator: "\n").first { $0.hasPrefix("… ") && $0.contains("more calls of this flow not shown") })
        XCTAssertTrue(note.contains("rxtrace query TRACE \"WITH RECURSIVE tree(id)"), String(note))
        XCTAssertTrue(json.standardOutput.contains("\"omitted_calls\" : "), String(json.standardOutput.prefix(2_000)))
    }
}
