import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The DOT export is a graph Graphviz renders: objects and subscriptions as nodes, events,
/// who-made-what and each subscription's parts as edges, what leaked in red.
final class DotExporterTests: RxTraceTestCase {
    func testGraphOfEveryKind_rendersWithGraphviz() throws {
        let reader = try recordedTraceOfEveryKind()

        let svg = try renderedSVG(try exported(DotExporter(reader: reader).write))

        XCTAssertTrue(svg.contains("<svg"), svg)
        XCTAssertTrue(svg.contains("PublishSubject&lt;String&gt; #1"), "node labels reach the drawing")
    }

    func testLeakedObjectsAndTheOpenSubscription_areRed_theRestIsNot() throws {
        let reader = try recordedTraceOfEveryKind()

        let lines = try exported(DotExporter(reader: reader).write).split(separator: "\n")

        let live = Set(try reader.liveObjects().map(\.id))
        XCTAssertFalse(live.isEmpty)
        for object in try reader.objects() {
            let node = try XCTUnwrap(lines.first { $0.hasPrefix("    o\(object.id) [") })
            XCTAssertEqual(node.contains("color=red"), live.contains(object.id), String(node))
        }
        let subscriptions = lines.filter { $0.hasPrefix("    s") && $0.contains("shape=cds") }
        XCTAssertEqual(subscriptions.count, 4)
        XCTAssertEqual(subscriptions.filter { $0.contains("color=red") }.count, 1)
        XCTAssertTrue(subscriptions.contains { $0.contains("never ended") && $0.contains("color=red") })
        XCTAssertTrue(lines.contains { $0.contains("->") && $0.contains("label=\"next") })
        XCTAssertTrue(lines.contains { $0.contains("->") && $0.contains("label=\"made\"") })
        XCTAssertTrue(lines.contains { $0.contains("->") && $0.contains("label=\"subscribes\"") })
    }

    func testNodeShapes_tellObservablesSubjectsSinksObserversAndDisposablesApart() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            subject.map { $0 }.subscribe(onNext: { _ in }).dispose()
        }

        let dot = try exported(DotExporter(reader: reader).write)

        XCTAssertTrue(dot.contains("o1 [label=\"PublishSubject<Int> #1\", tooltip=\"PublishSubject<Int>\", shape=hexagon]"), dot)
        XCTAssertTrue(dot.contains("shape=box, style=rounded"), "the map observable")
        XCTAssertTrue(dot.contains("MapSink<…> #5\", tooltip=\"MapSink<Int, AnonymousObserver<Int>>\", shape=box]"), dot)
        XCTAssertTrue(dot.contains("shape=ellipse"), "the observer")
        XCTAssertTrue(dot.contains("shape=note"), "a disposable")
        // The map (its run) subscribed to the subject.
        XCTAssertTrue(dot.contains("o2 -> o1 [label=\"subscribes\", style=dotted]"), dot)
    }

    func testQuotesBackslashesAndNewlines_areEscaped_andTheGraphStillRenders() throws {
        let label = DotExporter.quoted(["a \"quoted\" \\ back\\slash", "second\u{1} line\nthird"])

        XCTAssertEqual(label, "\"a \\\"quoted\\\" \\\\ back\\\\slash\\nsecond  line third\"")
        let svg = try renderedSVG("digraph g {\n    n [label=\(label)];\n}\n")
        XCTAssertTrue(svg.contains("a &quot;quoted&quot; \\ back\\slash") || svg.contains("a \"quoted\" \\ back\\slash"), svg)
    }

    func testObjectRoles_comeFromTheTypesName() {
        XCTAssertEqual(ObjectRole(typeName: "BehaviorSubject<Int>"), .subject)
        XCTAssertEqual(ObjectRole(typeName: "PublishRelay<Int>"), .subject)
        XCTAssertEqual(ObjectRole(typeName: "MapSink<Int, AnonymousObserver<Int>>"), .sink)
        XCTAssertEqual(ObjectRole(typeName: "AnonymousObserver<Int>"), .observer)
        XCTAssertEqual(ObjectRole(typeName: "SinkDisposer"), .disposable)
        XCTAssertEqual(ObjectRole(typeName: "DisposeBag"), .disposable)
        XCTAssertEqual(ObjectRole(typeName: "SerialDispatchQueueScheduler"), .scheduler)
        XCTAssertEqual(ObjectRole(typeName: "Map<Int, Int>"), .observable)
    }
}
