import RxCore
@testable import RxTrace
import XCTest

/// `.traceTag("login")` and `debug("login")` name a chain: the trace keeps the name, every
/// report shows it, and `report --tag` shows only that chain.
final class TagTests: RxTraceTestCase {
    private let file = "RxTraceTests/TagTests.swift"

    func testTraceName_isStoredWithTheLineThatNamedIt_andAddsNoOperator() throws {
        var line: UInt = 0
        var received: [Int] = []
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let mapped = subject.map { $0 * 2 }
            line = #line; let named = mapped.traceTag("login")
            XCTAssertTrue(named === mapped, "traceTag returns the observable it names")
            let subscription = named.subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(received, [2])
        let rows = try reader.database.rows("SELECT object_id, name, file, line FROM tag")
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?.text("name"), "login")
        XCTAssertEqual(rows.first?.text("file"), file)
        XCTAssertEqual(rows.first?.integer("line"), Int64(line))
        XCTAssertEqual(try reader.tags(ofChain: XCTUnwrap(reader.subscription(1))), ["login"])
    }

    func testDebugIdentifier_namesTheChainToo() throws {
        let previousWrite = DebugOutput.write
        DebugOutput.write = { _ in }
        defer { DebugOutput.write = previousWrite }
        let reader = try recordedTrace {
            _ = Observable.just(1).debug("checkout").subscribe(onNext: { _ in })
        }

        XCTAssertEqual(try reader.tags(ofChain: XCTUnwrap(reader.subscription(1))), ["checkout"])
    }

    func testDebugWithoutIdentifier_tagsNothing() throws {
        let previousWrite = DebugOutput.write
        DebugOutput.write = { _ in }
        defer { DebugOutput.write = previousWrite }
        let reader = try recordedTrace {
            _ = Observable.just(1).debug().subscribe(onNext: { _ in })
        }

        XCTAssertEqual(try reader.count(.subscription), 1)
        XCTAssertEqual(try reader.database.scalar("SELECT count(*) FROM tag")?.integer, 0)
    }

    func testTagIsShownInFlowHeadingsLeaksAndTheSubscriptionSummary() throws {
        var kept: Disposable?, sendLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            kept = subject.map { $0 + 1 }.traceTag("login").subscribe(onNext: { _ in })
            sendLine = #line; subject.onNext(1)
        }
        kept?.dispose()

        var text = ""
        try TextReportRenderer().write(reader: reader, sections: [.flows, .leaks]) { text += $0 }
        XCTAssertTrue(text.contains("· subscription #1 · tagged \"login\" · thread main"), text)
        XCTAssertTrue(text.contains(" · PublishSubject.on at RxTraceTests/TagTests.swift:\(sendLine) · tagged \"login\" · thread main"), "the flow of an event through the chain: \(text)")
        XCTAssertTrue(text.contains("  tagged         \"login\""), text)
        XCTAssertEqual(try LeakFinder(reader: reader).report().openSubscriptions.first?.tags, ["login"])
        let summary = try SubscriptionSummary(reader: reader, id: 1).text; XCTAssertTrue(summary.contains(" · tagged \"login\" · Flow ") && summary.hasSuffix("\nended: never: still open when the run ended"), summary)
    }

    func testReportTag_showsOnlyTheTaggedChainsFlowsAndLeaks() throws {
        var kept: [Disposable] = []
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            kept.append(subject.map { $0 + 1 }.traceTag("login").subscribe(onNext: { _ in }))
            kept.append(subject.filter { $0 > 0 }.traceTag("search").subscribe(onNext: { _ in }))
        }
        kept.forEach { $0.dispose() }

        var text = ""
        try TextReportRenderer().write(reader: reader, sections: [.flows, .leaks], tag: "search") { text += $0 }

        XCTAssertTrue(text.contains("tagged \"search\""), text)
        XCTAssertFalse(text.contains("\"login\""), text)
        XCTAssertTrue(text.contains("Subscription #2 to "), text)
        XCTAssertFalse(text.contains("Subscription #1 to "), text)
        var none = ""
        try TextReportRenderer().write(reader: reader, sections: [.flows], tag: "nothing") { none += $0 }
        XCTAssertTrue(none.contains("No flow runs on a chain tagged \"nothing\"."), none)
    }

    /// The README's tag excerpt is what the reports print for the code it names.
    func testReadme_TagExcerptIsWhatTheReportsPrint() throws {
        let reader = try recordedTrace {
            let taps = PublishSubject<String>()
            var bag: DisposeBag? = DisposeBag()
            taps.map { $0.count }.traceTag("login").subscribe(onNext: { _ in }).disposed(by: bag!)
            taps.onNext("alice")
            bag = nil
        }
        var flows = ""
        try TextReportRenderer().write(reader: reader, sections: .flows, tag: "login") { flows += $0 }
        let headings = flows.split(separator: "\n").filter { $0.hasPrefix("Flow ") }.joined(separator: "\n")
        let actual = headings + "\n" + (try SubscriptionSummary(reader: reader, id: 1).text) + "\n"

        let readmeURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let begin = try XCTUnwrap(readme.range(of: "<!-- BEGIN tags -->\n"), "no BEGIN tags marker")
        let end = try XCTUnwrap(readme.range(of: "<!-- END tags -->"), "no END tags marker")
        let excerpt = readme[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("```") }.joined(separator: "\n")
        XCTAssertEqual(excerpt, actual)
    }
}
