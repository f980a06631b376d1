import Foundation
import RxExamples
import RxTrace
import XCTest

/// The documents that show output or list code stay true: a doc that disagrees with the code
/// is a bug.
final class DocumentationTests: XCTestCase {
    private let root = ExampleReportTests.packageRoot

    /// The text between `<!-- BEGIN name -->` and `<!-- END name -->` in `document`, without
    /// the fence lines around it.
    private func pinnedBlock(_ name: String, in document: String) throws -> String {
        let begin = try XCTUnwrap(document.range(of: "<!-- BEGIN \(name) -->\n"), "no BEGIN \(name) marker")
        let end = try XCTUnwrap(document.range(of: "<!-- END \(name) -->"), "no END \(name) marker")
        let lines = document[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        return lines.filter { !$0.hasPrefix("```") && !$0.hasPrefix("$ ") }.joined(separator: "\n")
    }

    func testReadme_EmptyFlowExcerptIsWhatTheReportPrints() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let trace = try ExampleReportTests.record(EmptyExample(), in: self)
        let report = try TraceReport(reader: TraceReader(path: trace.path), sections: .flows)

        XCTAssertEqual(try pinnedBlock("empty-flows", in: readme), TextReportRenderer().render(report))
    }

    func testReadme_LeakExcerptIsWhatTheReportPrints() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let trace = try ExampleReportTests.record(RetainCycleThroughBagExample(), in: self)
        let report = try TraceReport(reader: TraceReader(path: trace.path), sections: .leaks)

        XCTAssertEqual(try pinnedBlock("leaks", in: readme), TextReportRenderer().render(report))
    }

    func testArchitecture_JustMapFlowExcerptIsWhatTheReportPrints() throws {
        let page = try String(contentsOf: root.appendingPathComponent("Documentation/Architecture.md"), encoding: .utf8)
        let trace = try ExampleReportTests.record(JustMapExample(), in: self)
        let report = try TraceReport(reader: TraceReader(path: trace.path), sections: .flows)

        XCTAssertEqual(try pinnedBlock("just-map-flows", in: page), TextReportRenderer().render(report))
    }

    func testReadme_ObserveOnHopExcerptIsWhatTheReportPrints_LineForLineWhereNotElided() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let trace = try ExampleReportTests.record(ObserveOnExample(), in: self)
        let report = try TraceReport(reader: TraceReader(path: trace.path), sections: .flows, subscription: 1)
        let printed = TextReportRenderer().render(report).split(separator: "\n", omittingEmptySubsequences: false)

        // Each run of lines between `…` marks is a run of consecutive lines of the report, in order.
        let runs = try pinnedBlock("observe-on-hop", in: readme).split(separator: "\n")
            .split(separator: "…").map(Array.init)
        var searchFrom = printed.startIndex
        for run in runs {
            let start = try XCTUnwrap(
                printed[searchFrom...].indices.first { printed[$0...].starts(with: run) },
                "not in the report, in order:\n\(run.joined(separator: "\n"))"
            )
            searchFrom = start + run.count
        }
    }

    func testDeviations_ListsEveryFileWithADeviationOrSimplificationMarker() throws {
        let deviations = try String(
            contentsOf: root.appendingPathComponent("Documentation/Deviations.md"), encoding: .utf8
        )
        let sources = root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var marked: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains("// Deviation from RxSwift:") || text.contains("// Simpler than RxSwift:") {
                marked.append(String(url.path.dropFirst(sources.path.count + 1)))
            }
        }
        XCTAssertFalse(marked.isEmpty)
        for file in marked {
            XCTAssertTrue(deviations.contains("`\(file)`"), "Documentation/Deviations.md does not mention `\(file)`")
        }
    }

    func testTracesReadme_ListsEveryExample() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("traces/README.md"), encoding: .utf8)
        for example in ExampleCatalog.all {
            XCTAssertTrue(readme.contains("`\(example.name)`"), "traces/README.md does not list \(example.name)")
        }
    }
}
