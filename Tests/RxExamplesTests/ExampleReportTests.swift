import Foundation
import RxCore
import RxExamples
import RxTrace
import XCTest

/// Each example's report, recorded afresh, equals the one committed in `traces/NAME.txt`; and
/// each example shows what its seed article says.
final class ExampleReportTests: XCTestCase {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Records `example` into a temporary trace; returns the trace's path and what the example printed.
    static func record(_ example: any TracedExample, in testCase: XCTestCase) throws -> (path: String, output: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(example.name).sqlite").path
        let output = ExampleOutput()
        let recording = try RxTrace.record(to: path, program: example.name)
        example.run(output)
        try recording.stop()
        return (path, output.lines)
    }

    func testEveryExample_ReportEqualsTheCommittedOne() throws {
        for example in ExampleCatalog.all {
            let trace = try Self.record(example, in: self)
            let report = try TextReportRenderer.standardReport(ofTraceAt: trace.path)
            let committed = Self.packageRoot.appendingPathComponent("traces/\(example.name).txt")
            if ProcessInfo.processInfo.environment["RXTRACE_RECORD"] == "1" {
                try report.write(to: committed, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: committed, encoding: .utf8)
            XCTAssertEqual(
                report, expected,
                "traces/\(example.name).txt is out of date; regenerate traces with the command in traces/README.md"
            )
        }
    }

    func testOnlyTheExamplesMeantToLeak_ReportALeak() throws {
        for example in ExampleCatalog.all {
            let trace = try Self.record(example, in: self)
            let leaks = try LeakFinder(reader: TraceReader(path: trace.path)).report()
            XCTAssertEqual(!leaks.isEmpty, example.isLeakExpected, "\(example.name): \(leaks)")
        }
    }

    func testSubjectNeverCompletes_LeakNamesTheSubscribeLine() throws {
        let example = SubjectNeverCompletesExample()
        let source = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/RxExamples/Examples/SubjectNeverCompletesExample.swift"),
            encoding: .utf8
        )
        let subscribeLine = try XCTUnwrap(
            source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(".subscribe(") }
        ) + 1

        let trace = try Self.record(example, in: self)
        let leaks = try LeakFinder(reader: TraceReader(path: trace.path)).report()

        XCTAssertEqual(leaks.openSubscriptions.count, 1)
        XCTAssertEqual(leaks.openSubscriptions.first?.subscription.file, "RxExamples/SubjectNeverCompletesExample.swift")
        XCTAssertEqual(leaks.openSubscriptions.first?.subscription.line, subscribeLine)
        XCTAssertEqual(leaks.liveObjects.map(\.typeName).contains("PublishSubject<Int>"), true)
    }

    func testEmpty_FlowReadsAsSeed001Describes() throws {
        let trace = try Self.record(EmptyExample(), in: self)
        let flows = try FlowBuilder(reader: TraceReader(path: trace.path)).flows()

        let steps = flows.flatMap { $0.steps.map(\.label) }

        XCTAssertEqual(
            steps,
            [
                "empty",
                "init EmptyProducer<Int> #1",
                "subscribe(_:)",
                "init AnonymousObserver<Int> #2",
                "subscribeSafe [EmptyProducer<Int> #1]",
                "Empty.subscribe [EmptyProducer<Int> #1]",
                "ObserverBase.on(.completed) [AnonymousObserver<Int> #2]",
                "AnonymousObserver.onCore(.completed) [AnonymousObserver<Int> #2]",
            ]
        )
    }

    func testRelayWithoutBag_LeakNamesTheSubscribeLine() throws {
        let source = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/RxExamples/Examples/RelayWithoutBagExample.swift"),
            encoding: .utf8
        )
        let subscribeLine = try XCTUnwrap(
            source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(".subscribe(") }
        ) + 1

        let trace = try Self.record(RelayWithoutBagExample(), in: self)
        let leaks = try LeakFinder(reader: TraceReader(path: trace.path)).report()

        XCTAssertEqual(leaks.openSubscriptions.count, 1)
        XCTAssertEqual(leaks.openSubscriptions.first?.subscription.file, "RxExamples/RelayWithoutBagExample.swift")
        XCTAssertEqual(leaks.openSubscriptions.first?.subscription.line, subscribeLine)
    }

    /// The steps of every flow of `example`'s trace, in order.
    private func steps(of example: any TracedExample) throws -> [FlowStep] {
        let trace = try Self.record(example, in: self)
        return try FlowBuilder(reader: TraceReader(path: trace.path)).flows().flatMap(\.steps)
    }

    func testStopRuleObserverBase_TheStaleNextStopsAtObserverBaseOn() throws {
        let steps = try steps(of: StopRuleObserverBaseExample())
        let drop = try XCTUnwrap(steps.lastIndex { $0.label.hasPrefix("ObserverBase.on(.next(1))") })

        XCTAssertEqual(steps.filter { $0.label.hasPrefix("ObserverBase.on(.next(1))") }.count, 2)
        XCTAssertFalse(
            steps.indices.contains(drop + 1) && steps[drop + 1].depth > steps[drop].depth,
            "the dropped next must have no step under it: \(steps[drop...].map(\.label))"
        )
    }

    func testBag_EachSubscriberIsInsertedIntoTheSubjectsBag() throws {
        let steps = try steps(of: BagExample())
        let inserts = steps.indices.filter { steps[$0].label.hasPrefix("Bag.insert(key ") }

        // Three under PublishSubject.synchronized_subscribe, three into the example's own bag.
        XCTAssertEqual(inserts.count, 6)
        XCTAssertEqual(
            inserts.prefix(3).map { steps[$0 - 1].label },
            Array(repeating: "PublishSubject.synchronized_subscribe [PublishSubject<Int> #1]", count: 3)
        )
        // Each of the subject's names the key it hands out and the observer it stands for.
        XCTAssertEqual(
            inserts.prefix(3).map { steps[$0].label.prefix { $0 != "#" } },
            ["Bag.insert(key 0, observer ", "Bag.insert(key 1, observer ", "Bag.insert(key 2, observer "]
        )
    }
}
