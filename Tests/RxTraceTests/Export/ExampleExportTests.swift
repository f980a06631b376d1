import Foundation
@testable import RxTrace
import XCTest

/// Every committed example trace (`traces/*.sqlite`: schedulers, threads, zips, leaks) exports
/// to a Perfetto document that keeps the trace-event format's rules, a DOT graph Graphviz
/// renders, and, for each of its subscriptions, a Mermaid diagram that keeps the grammar.
final class ExampleExportTests: RxTraceTestCase {
    private var traces: [URL] {
        get throws { try CommittedTraces.all() }
    }

    func testEveryExample_exportsToPerfettoWithinTheFormatsRules() throws {
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let json = try exported(PerfettoTraceExporter(reader: reader).write)
            XCTAssertEqual(TraceEventChecker.violations(of: Data(json.utf8)), [], trace.lastPathComponent)
        }
    }

    func testEveryExample_exportsToDOTThatGraphvizRenders() throws {
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let svg = try renderedSVG(try exported(DotExporter(reader: reader).write))
            XCTAssertTrue(svg.contains("<svg"), trace.lastPathComponent)
        }
    }

    func testEveryExamplesSubscriptions_exportToMermaidWithinItsGrammar() throws {
        var diagrams = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            for subscription in try reader.subscriptions() {
                let diagram = try exported { try MermaidExporter(reader: reader).write(subscription: subscription.id, to: $0) }
                XCTAssertEqual(MermaidGrammar.violations(of: diagram), [], "\(trace.lastPathComponent) #\(subscription.id)")
                XCTAssertTrue(diagram.contains("U->>"), "\(trace.lastPathComponent) #\(subscription.id): \(diagram)")
                diagrams += 1
            }
        }
        XCTAssertGreaterThan(diagrams, 10)
    }
}
