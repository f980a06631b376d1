import Foundation
@testable import RxTrace
import XCTest

/// The page's flows written by hand (``PageFlowsJSON``) are byte for byte what the page's
/// encoder (``HTMLReportRenderer/jsonEncoder()``) writes: on every committed trace's page, and
/// on flows with every optional given or none and strings that need escaping.
final class PageFlowsJSONTests: RxTraceTestCase {
    /// A string with every ASCII character, quotes, backslashes, slashes and characters beyond
    /// ASCII (a combining mark, an emoji, the line and paragraph separators, a byte order mark).
    private let hardString =
        String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
        + "\"quoted\" \\back\\ /slash/ e\u{301} 😀 \u{2028}\u{2029}\u{FEFF}\u{85}"

    private func assertWrittenAsTheEncoderWrites(
        _ flows: [HTMLReport.Flow], _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(
            String(decoding: PageFlowsJSON.array(flows), as: UTF8.self),
            String(decoding: try HTMLReportRenderer.jsonEncoder().encode(flows), as: UTF8.self),
            context, file: file, line: line)
    }

    func testEveryCommittedTracesFlows_areWrittenAsTheEncoderWritesThem() throws {
        var steps = 0
        for trace in try CommittedTraces.all() {
            let report = try HTMLReport(reader: try TraceReader(path: trace.path), sources: SourceFiles(root: nil))
            try assertWrittenAsTheEncoderWrites(report.flows, trace.lastPathComponent)
            steps += report.flows.reduce(0) { $0 + $1.steps.count }
        }
        XCTAssertGreaterThan(steps, 100)
    }

    func testFlowsWithEveryOptionalOrNoneAndHardStrings_areWrittenAsTheEncoderWritesThem() throws {
        let full = HTMLReport.Step(
            depth: .max, label: hardString, place: hardString, isInit: true, mirror: hardString,
            mirrorNote: "", caller: hardString)
        let bare = HTMLReport.Step(depth: -1, label: "", place: nil, isInit: false)
        let flows = [
            HTMLReport.Flow(
                number: .min, title: hardString, thread: "", subscription: .max, userPlace: hardString,
                steps: [full, bare]),
            HTMLReport.Flow(number: 0, title: "", thread: hardString, subscription: nil, userPlace: nil, steps: []),
        ]
        try assertWrittenAsTheEncoderWrites(flows, "every optional or none")
        try assertWrittenAsTheEncoderWrites([], "no flows")
    }
}
