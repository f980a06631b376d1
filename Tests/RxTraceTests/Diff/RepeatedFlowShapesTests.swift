@testable import RxTrace
import XCTest

/// A flow that repeats the last flow of its title but for the object ids its labels end with
/// takes that flow's fingerprint without being laid out or its lines hashed
/// (``RepeatedFlowShapes``); any other flow is fingerprinted line by line. Either way the
/// fingerprint is the one its lines give.
final class RepeatedFlowShapesTests: XCTestCase {
    /// A step of a test flow: a call, or an object the call above it created.
    private enum Step {
        case call(depth: Int, label: String, location: String)
        case object(depth: Int, id: Int64, typeName: String, builtAt: (file: String, line: Int)? = nil)
    }

    /// A flow not yet laid out whose steps, laid out, are `steps` in this order: each step's
    /// parent is the last call above it one level up, and each happens after the one above it.
    private func flow(_ steps: [Step], omittedCalls: Int? = nil) -> FlowToLayOut {
        var calls: [FlowCall] = []
        var objects: [ObjectRecord] = []
        // The last call seen at each depth.
        var open: [Int64] = []
        for (time, step) in steps.enumerated() {
            switch step {
            case .call(let depth, let label, let location):
                let id = Int64(calls.count + 1)
                calls.append(
                    FlowCall(
                        id: id, parentID: depth == 0 ? nil : open[depth - 1], objectID: nil,
                        startNanoseconds: Int64(time), label: label, location: location))
                open.removeLast(open.count - depth)
                open.append(id)
            case .object(let depth, let id, let typeName, let builtAt):
                objects.append(
                    ObjectRecord(
                        id: id, typeName: typeName, startNanoseconds: Int64(time), endNanoseconds: nil,
                        callID: open[depth - 1],
                        assembly: builtAt.map { Assembly(name: "map", file: $0.file, line: $0.line) }))
            }
        }
        let heading = Flow(number: 1, title: "subscribe", threadName: "main", steps: [], omittedCalls: omittedCalls)
        return FlowToLayOut(heading: heading, root: calls[0], calls: calls, objects: objects, hops: [:])
    }

    /// The fingerprint of `flow`'s lines, laid out, each made and hashed as ``TraceDiffer/flowShapes(_:)`` does.
    private func linesFingerprint(of flow: FlowToLayOut) -> ShapeFingerprint {
        let flow = flow.laidOut()
        var fingerprint = ShapeFingerprint.Builder()
        for step in flow.steps {
            let indent = String(repeating: "  ", count: step.depth)
            fingerprint.add(indent + TraceDiffer.withoutIDs(step.label) + (step.location.map { "  " + $0 } ?? ""))
        }
        if let omitted = flow.omittedCalls { fingerprint.add("… \(omitted) more calls") }
        return fingerprint.fingerprint
    }

    /// Whether `flow`, titled `title`, was hashed to find its fingerprint, which must be its lines'.
    private func isHashed(_ flow: FlowToLayOut, title: String, in repeated: inout RepeatedFlowShapes) -> Bool {
        var isHashed = false
        let fingerprint = repeated.fingerprint(of: flow, title: title) {
            isHashed = true
            return linesFingerprint(of: flow)
        }
        XCTAssertEqual(fingerprint, linesFingerprint(of: flow), title)
        return isHashed
    }

    func testEveryFlow_hasItsLinesFingerprint_andOnlyThoseNotRepeatingTheLastOfTheirTitleAreHashed() {
        let subscribe = flow([
            .call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:3"),
            .object(depth: 1, id: 5, typeName: "MapSink<Int, AnonymousObserver<Int>>"),
        ])
        let flows: [(title: String, flow: FlowToLayOut, isRepeat: Bool)] = [
            ("subscribe", subscribe, false),
            // Other ids only: a repeat.
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #12]", location: "Map.swift:3"),
                    .object(depth: 1, id: 15, typeName: "MapSink<Int, AnonymousObserver<Int>>"),
                ]), true
            ),
            ("map", flow([.call(depth: 0, label: "map", location: "Map.swift:1")]), false),
            // Another value: hashed again, to the same fingerprint.
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe(.next(3)) [Map<Int> #2]", location: "Map.swift:3"),
                    .object(depth: 1, id: 5, typeName: "MapSink<Int, AnonymousObserver<Int>>"),
                ]), false
            ),
            ("subscribe", subscribe, false),
            // Another type whose short name is the same: hashed again, to the same fingerprint.
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:3"),
                    .object(depth: 1, id: 5, typeName: "MapSink<Int, AnonymousObserver<String>>"),
                ]), false
            ),
            // Another place built, depth, location, closing bracket, step count or calls left out: hashed again.
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:3"),
                    .object(depth: 1, id: 5, typeName: "MapSink<Int, AnonymousObserver<String>>", builtAt: ("a", 1)),
                ]), false
            ),
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:3"),
                    .object(depth: 1, id: 5, typeName: "MapSink<Int, AnonymousObserver<String>>", builtAt: ("a", 2)),
                ]), false
            ),
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:3"),
                    .call(depth: 1, label: "run [Map<Int> #2]", location: "Map.swift:3"),
                ]), false
            ),
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:4"),
                    .call(depth: 1, label: "run [Map<Int> #2]", location: "Map.swift:3"),
                ]), false
            ),
            (
                "subscribe",
                flow([
                    .call(depth: 0, label: "subscribe [Map<Int> #2", location: "Map.swift:4"),
                    .call(depth: 1, label: "run [Map<Int> #2]", location: "Map.swift:3"),
                ]), false
            ),
            ("subscribe", flow([.call(depth: 0, label: "subscribe [Map<Int> #2", location: "Map.swift:4")]), false),
            (
                "subscribe",
                flow([.call(depth: 0, label: "subscribe [Map<Int> #2", location: "Map.swift:4")], omittedCalls: 4),
                false
            ),
            (
                "subscribe",
                flow([.call(depth: 0, label: "subscribe [Map<Int> #7", location: "Map.swift:4")], omittedCalls: 4),
                true
            ),
            ("map", flow([.call(depth: 0, label: "map", location: "Map.swift:1")]), true),
        ]
        var repeated = RepeatedFlowShapes()
        for (index, (title, flow, isRepeat)) in flows.enumerated() {
            XCTAssertEqual(isHashed(flow, title: title, in: &repeated), !isRepeat, "flow \(index)")
        }
    }

    func testAFlowLaidOutAlready_isAlwaysHashed() {
        let laidOut = FlowToLayOut(flow([.call(depth: 0, label: "map", location: "Map.swift:1")]).laidOut())
        var repeated = RepeatedFlowShapes()
        for _ in 0..<2 {
            XCTAssertTrue(isHashed(laidOut, title: "map", in: &repeated))
        }
    }

    func testAFlowOfMoreBytesThanRemembered_isAlwaysHashed() {
        let label = String(repeating: "x", count: RepeatedFlowShapes.flowByteLimit)
        let long = flow([.call(depth: 0, label: label, location: "")])
        var repeated = RepeatedFlowShapes()
        for _ in 0..<2 {
            XCTAssertTrue(isHashed(long, title: "long", in: &repeated))
        }
    }

    func testPastTheBytesRemembered_theMemoryStartsOver_andAFlowOnceRepeatedIsHashedAgain() {
        var repeated = RepeatedFlowShapes()
        let first = flow([.call(depth: 0, label: "subscribe [Map<Int> #2]", location: "Map.swift:3")])
        XCTAssertTrue(isHashed(first, title: "first", in: &repeated))
        XCTAssertFalse(isHashed(first, title: "first", in: &repeated))
        // Flows just under the limit of one, under other titles, until all of them exceed the total.
        let large = flow([
            .call(depth: 0, label: String(repeating: "x", count: RepeatedFlowShapes.flowByteLimit - 100), location: "")
        ])
        let titles = RepeatedFlowShapes.totalByteLimit / (RepeatedFlowShapes.flowByteLimit - 100) + 1
        for index in 0..<titles {
            XCTAssertTrue(isHashed(large, title: "large \(index)", in: &repeated))
        }
        XCTAssertTrue(isHashed(first, title: "first", in: &repeated))
    }
}
