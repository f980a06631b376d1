import Foundation
@testable import RxTrace
import XCTest

/// The page's walkthrough written by hand (``WalkthroughJSON``) is byte for byte what the
/// page's encoder (``HTMLReportRenderer/jsonEncoder()``) writes: on every committed trace's page,
/// and on a walkthrough of extreme numbers, empty lists and strings that need escaping.
final class WalkthroughJSONTests: RxTraceTestCase {
    /// A string with every ASCII character, quotes, backslashes, slashes and characters beyond
    /// ASCII (a combining mark, an emoji, the line and paragraph separators, a byte order mark).
    private let hardString =
        String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
        + "\"quoted\" \\back\\ /slash/ e\u{301} 😀 \u{2028}\u{2029}\u{FEFF}\u{85}"

    private func assertWrittenAsTheEncoderWrites(
        _ walkthrough: HTMLReport.Walkthrough, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let encoded = Array("\"walkthrough\":".utf8) + Array(try HTMLReportRenderer.jsonEncoder().encode(walkthrough))
        XCTAssertEqual(
            String(decoding: WalkthroughJSON.member(walkthrough), as: UTF8.self), String(decoding: encoded, as: UTF8.self),
            context, file: file, line: line)
    }

    func testEveryCommittedTracesWalkthrough_isWrittenAsTheEncoderWritesIt() throws {
        var moments = 0
        for trace in try CommittedTraces.all() {
            let report = try HTMLReport(reader: try TraceReader(path: trace.path), sources: SourceFiles(root: nil))
            try assertWrittenAsTheEncoderWrites(report.walkthrough, trace.lastPathComponent)
            moments += report.walkthrough.moments.count
        }
        XCTAssertGreaterThan(moments, 100)
    }

    func testAWalkthroughOfExtremeNumbersAndHardStrings_isWrittenAsTheEncoderWritesIt() throws {
        var walkthrough = HTMLReport.Walkthrough(
            moments: [.min, -1, 0, 1, .max], total: .max, objects: [Int64(Int32.max) + 1], types: [hardString, ""],
            events: [-10, 10], subscriptions: [7], bagEntries: [])
        walkthrough.states = [3, 2, 1]
        walkthrough.stateTexts = [hardString, "observers: #2\n#4", ""]
        try assertWrittenAsTheEncoderWrites(walkthrough, "extreme")

        try assertWrittenAsTheEncoderWrites(
            HTMLReport.Walkthrough(
                moments: [], total: 0, objects: [], types: [], events: [], subscriptions: [], bagEntries: []),
            "empty")
    }
}
