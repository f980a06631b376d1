@testable import RxTrace
import XCTest

/// ``FlowJSON`` writes a flow byte for byte as RxTrace's `JSONEncoder` does: on every flow of
/// every committed trace, and on flows holding every optional field, empty lists and every kind
/// of character a label can hold.
final class FlowJSONTests: XCTestCase {
    /// What the encoder writes for `flow`, with `indent` before every non-empty line after the
    /// first (as the report places a flow in its `flows` list).
    private func encoderJSON(_ flow: Flow, indent: String = "") throws -> String {
        let json = String(decoding: try JSONText.encoder().encode(flow), as: UTF8.self)
        return json.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 || line.isEmpty ? String(line) : indent + line
        }.joined(separator: "\n")
    }

    func testEveryFlowOfEveryCommittedTrace_isWrittenAsTheEncoderWritesIt() throws {
        let traces = CommittedTraces.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".sqlite") }
        XCTAssertGreaterThan(names.count, 10)
        var flowCount = 0
        for name in names.sorted() {
            let reader = try TraceReader(path: traces.appendingPathComponent(name).path)
            for flow in try FlowBuilder(reader: reader).flows() {
                XCTAssertEqual(FlowJSON.encoded(flow), try encoderJSON(flow), "\(name): flow \(flow.number)")
                XCTAssertEqual(
                    FlowJSON.encoded(flow, indent: "    "), try encoderJSON(flow, indent: "    "),
                    "\(name): flow \(flow.number)")
                flowCount += 1
            }
        }
        XCTAssertGreaterThan(flowCount, 100)
    }

    func testAFlowWithEveryField_isWrittenAsTheEncoderWritesIt() throws {
        let hop = FlowHop(flowNumber: 7, threadName: "T1", itemLabel: "ScheduledWorkItem #13")
        let flow = Flow(
            number: 3, title: "subscribe(_:) at App/Main.swift:9", threadName: "main", subscriptionID: 4,
            endsSubscriptions: [1, 2], scheduledIn: hop, tags: ["first", "second"],
            steps: [
                FlowStep(kind: .call, depth: 0, label: "subscribe(_:)", location: "RxCore/A.swift:1", callID: 10),
                FlowStep(kind: .`init`, depth: 1, label: "init W #13", objectID: 13, runsIn: [hop, hop]),
                FlowStep(kind: .call, depth: 1, label: "on(.next(-1))", callID: -11, objectID: Int64.min),
            ],
            foldedCount: 5, omittedCalls: Int.max)

        XCTAssertEqual(FlowJSON.encoded(flow, indent: "  "), try encoderJSON(flow, indent: "  "))
    }

    func testEmptyLists_areWrittenAsTheEncoderWritesThem() throws {
        var flow = Flow(
            number: 1, title: "t", threadName: "main", endsSubscriptions: [], tags: [],
            steps: [FlowStep(kind: .`init`, depth: 0, label: "init X #1", objectID: 1, runsIn: [])])

        XCTAssertEqual(FlowJSON.encoded(flow), try encoderJSON(flow))
        XCTAssertEqual(FlowJSON.encoded(flow, indent: "    "), try encoderJSON(flow, indent: "    "))
        flow.steps = []
        XCTAssertEqual(FlowJSON.encoded(flow, indent: "    "), try encoderJSON(flow, indent: "    "))
    }

    func testEveryASCIICharacterAndOthers_areEscapedAsTheEncoderEscapesThem() throws {
        var text = ""
        for value in UInt8(0)...0x7F { text.unicodeScalars.append(Unicode.Scalar(value)) }
        text += "é\u{2028}\u{FEFF}😀 a/b \\u0041 \"quoted\""
        let flow = Flow(
            number: 1, title: text, threadName: text, tags: [text],
            steps: [FlowStep(kind: .call, depth: 0, label: text, location: text, callID: 1)])

        XCTAssertEqual(FlowJSON.encoded(flow), try encoderJSON(flow))
    }
}
