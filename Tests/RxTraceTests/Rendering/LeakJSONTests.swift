import Foundation
@testable import RxTrace
import XCTest

/// The leak report's findings written by hand (``LeakJSON``) are byte for byte what
/// ``JSONText/encoder()`` writes: on every committed trace (`traces/*.sqlite`), and on findings
/// with every optional given or none, empty lists, and strings that need escaping.
final class LeakJSONTests: RxTraceTestCase {
    private let indent = "      "

    private var traces: [URL] {
        get throws { try CommittedTraces.all() }
    }

    /// A string with every ASCII character, quotes, backslashes, slashes and characters beyond
    /// ASCII (a combining mark, an emoji, the line and paragraph separators, a byte order mark).
    private let hardString =
        String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
        + "\"quoted\" \\back\\ /slash/ e\u{301} 😀 \u{2028}\u{2029}\u{FEFF}\u{85}"

    private func assertWrittenAsTheEncoderWrites(
        _ open: OpenSubscription, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(
            LeakJSON.text(of: open, indent: indent), try JSONReportRenderer.encoded(open, indent: indent),
            context, file: file, line: line)
    }

    private func assertWrittenAsTheEncoderWrites(
        _ group: LiveObjectGroup, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(
            LeakJSON.text(of: group, indent: indent), try JSONReportRenderer.encoded(group, indent: indent),
            context, file: file, line: line)
    }

    func testEveryCommittedTracesFindings_areWrittenAsTheEncoderWritesThem() throws {
        var findings = 0
        for trace in try traces {
            let report = try LeakFinder(reader: try TraceReader(path: trace.path)).report()
            let open = report.openSubscriptions + (report.aliveAtExit ?? []).flatMap(\.subscriptions)
            for finding in open {
                try assertWrittenAsTheEncoderWrites(finding, "\(trace.lastPathComponent), #\(finding.subscription.id)")
            }
            for group in report.liveObjects + (report.heldByTestHarness ?? []) {
                try assertWrittenAsTheEncoderWrites(group, "\(trace.lastPathComponent), \(group.typeName)")
            }
            findings += open.count + report.liveObjects.count
        }
        XCTAssertGreaterThan(findings, 10)
    }

    func testAFindingWithEveryOptionalAndHardStrings_isWrittenAsTheEncoderWritesIt() throws {
        let assembly = Assembly(name: hardString, file: "App/Ünïcode.swift", line: -7)
        var open = OpenSubscription(
            subscription: SubscriptionRecord(
                id: .max, startNanoseconds: .min, threadName: hardString, callID: 0, observableObjectID: -1,
                observableTypeName: hardString, observerObjectID: 3, disposableObjectID: 4, file: hardString,
                line: 12, endNanoseconds: 5, endKind: .error, scopeID: 6, virtualTime: 7, endCallID: 8),
            builtAt: assembly, chain: [hardString, ""], alive: [], tags: [hardString],
            bag: BagHold(bag: hardString, madeAt: assembly, isAliveAtEnd: false, madeIn: hardString),
            pendingWork: PendingWork(scheduler: hardString, scheduledBy: "", isPeriodic: true))
        open.scopeName = hardString
        open.innerChains = [InnerChain(operatorIndex: 0, elements: []), InnerChain(operatorIndex: 2, elements: ["a"])]

        try assertWrittenAsTheEncoderWrites(open, "every optional given")
    }

    func testAFindingWithNoOptional_isWrittenAsTheEncoderWritesIt() throws {
        let open = OpenSubscription(
            subscription: SubscriptionRecord(
                id: 1, startNanoseconds: 2, threadName: "main", callID: nil, observableObjectID: nil,
                observableTypeName: nil, observerObjectID: nil, disposableObjectID: nil, file: "", line: 0,
                endNanoseconds: nil, endKind: nil),
            chain: [], alive: [],
            bag: BagHold(bag: "DisposeBag #2", madeAt: nil, isAliveAtEnd: true),
            pendingWork: PendingWork(scheduler: "s", scheduledBy: "t"))

        try assertWrittenAsTheEncoderWrites(open, "no optional given")
    }

    func testLiveObjectGroups_areWrittenAsTheEncoderWritesThem() throws {
        let groups = [
            LiveObjectGroup(typeName: hardString, objectIDs: [], createdIn: []),
            LiveObjectGroup(
                typeName: "A", objectIDs: [1, .max, .min], createdIn: [hardString], verdict: .heldByTestHarness,
                holder: LiveObjectHolder(
                    subscriptionIDs: [], pendingWork: PendingWork(scheduler: "s", scheduledBy: hardString),
                    madeIn: hardString)),
            LiveObjectGroup(
                typeName: "B", objectIDs: [2], createdIn: ["x", "y"], verdict: .pendingScheduledWork,
                holder: LiveObjectHolder()),
            LiveObjectGroup(
                typeName: "C", objectIDs: [3], createdIn: ["z"], holder: LiveObjectHolder(subscriptionIDs: [4, 5])),
        ]

        for group in groups { try assertWrittenAsTheEncoderWrites(group, group.typeName) }
    }
}
