@testable import RxTrace
import XCTest

/// A flow that repeats the last flow of its title but for the object ids its labels end with
/// takes that flow's fingerprint without its lines being hashed (``RepeatedFlowShapes``); any
/// other flow is fingerprinted line by line. Either way the fingerprint is the one its lines give.
final class RepeatedFlowShapesTests: XCTestCase {
    private func flow(_ steps: [(depth: Int, label: String, location: String?)], omittedCalls: Int? = nil) -> Flow {
        Flow(
            number: 1, title: "subscribe", threadName: "main",
            steps: steps.map { FlowStep(kind: .call, depth: $0.depth, label: $0.label, location: $0.location) },
            omittedCalls: omittedCalls
        )
    }

    /// The fingerprint of `flow`'s lines, each made and hashed as ``TraceDiffer/flowShapes(_:)`` does.
    private func linesFingerprint(of flow: Flow) -> ShapeFingerprint {
        var fingerprint = ShapeFingerprint.Builder()
        for step in flow.steps {
            let indent = String(repeating: "  ", count: step.depth)
            fingerprint.add(indent + TraceDiffer.withoutIDs(step.label) + (step.location.map { "  " + $0 } ?? ""))
        }
        if let omitted = flow.omittedCalls { fingerprint.add("… \(omitted) more calls") }
        return fingerprint.fingerprint
    }

    func testEveryFlow_hasItsLinesFingerprint_andOnlyThoseNotRepeatingTheLastOfTheirTitleAreHashed() {
        let subscribe = flow([(0, "subscribe [Map<Int> #2]", "Map.swift:3"), (1, "init MapSink #5", nil)])
        let flows: [(title: String, flow: Flow, isRepeat: Bool)] = [
            ("subscribe", subscribe, false),
            // Other ids only: a repeat.
            ("subscribe", flow([(0, "subscribe [Map<Int> #12]", "Map.swift:3"), (1, "init MapSink #15", nil)]), true),
            ("map", flow([(0, "map", "Map.swift:1")]), false),
            // Another value: hashed again, to the same fingerprint.
            ("subscribe", flow([(0, "subscribe(.next(3)) [Map<Int> #2]", "Map.swift:3"), (1, "init MapSink #5", nil)]), false),
            ("subscribe", subscribe, false),
            // Another depth, location, closing bracket, step count or calls left out: hashed again.
            ("subscribe", flow([(0, "subscribe [Map<Int> #2]", "Map.swift:3"), (0, "init MapSink #5", nil)]), false),
            ("subscribe", flow([(0, "subscribe [Map<Int> #2]", "Map.swift:4"), (0, "init MapSink #5", nil)]), false),
            ("subscribe", flow([(0, "subscribe [Map<Int> #2", "Map.swift:4"), (0, "init MapSink #5", nil)]), false),
            ("subscribe", flow([(0, "subscribe [Map<Int> #2", "Map.swift:4")]), false),
            ("subscribe", flow([(0, "subscribe [Map<Int> #2", "Map.swift:4")], omittedCalls: 4), false),
            ("subscribe", flow([(0, "subscribe [Map<Int> #7", "Map.swift:4")], omittedCalls: 4), true),
            ("map", flow([(0, "map", "Map.swift:1")]), true),
        ]
        var repeated = RepeatedFlowShapes()
        for (index, (title, flow, isRepeat)) in flows.enumerated() {
            var isHashed = false
            let fingerprint = repeated.fingerprint(of: flow, title: title) {
                isHashed = true
                return linesFingerprint(of: flow)
            }
            XCTAssertEqual(fingerprint, linesFingerprint(of: flow), "flow \(index)")
            XCTAssertEqual(isHashed, !isRepeat, "flow \(index)")
        }
    }

    func testAFlowOfMoreBytesThanRemembered_isAlwaysHashed() {
        let label = String(repeating: "x", count: RepeatedFlowShapes.flowByteLimit)
        let long = flow([(0, label, nil)])
        var repeated = RepeatedFlowShapes()
        for _ in 0..<2 {
            var isHashed = false
            let fingerprint = repeated.fingerprint(of: long, title: "long") {
                isHashed = true
                return linesFingerprint(of: long)
            }
            XCTAssertTrue(isHashed)
            XCTAssertEqual(fingerprint, linesFingerprint(of: long))
        }
    }

    func testPastTheBytesRemembered_theMemoryStartsOver_andAFlowOnceRepeatedIsHashedAgain() {
        var repeated = RepeatedFlowShapes()
        func isHashed(_ flow: Flow, title: String) -> Bool {
            var isHashed = false
            _ = repeated.fingerprint(of: flow, title: title) {
                isHashed = true
                return linesFingerprint(of: flow)
            }
            return isHashed
        }
        let first = flow([(0, "subscribe [Map<Int> #2]", "Map.swift:3")])
        XCTAssertTrue(isHashed(first, title: "first"))
        XCTAssertFalse(isHashed(first, title: "first"))
        // Flows just under the limit of one, under other titles, until all of them exceed the total.
        let large = flow([(0, String(repeating: "x", count: RepeatedFlowShapes.flowByteLimit - 100), nil)])
        let titles = RepeatedFlowShapes.totalByteLimit / (RepeatedFlowShapes.flowByteLimit - 100) + 1
        for index in 0..<titles {
            XCTAssertTrue(isHashed(large, title: "large \(index)"))
        }
        XCTAssertTrue(isHashed(first, title: "first"))
    }
}
