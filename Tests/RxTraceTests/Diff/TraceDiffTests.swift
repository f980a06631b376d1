import RxCore
@testable import RxTrace
import XCTest

/// `TraceDiffer` compares two runs of one program by call site and chain, never by id: the same
/// run twice has no differences, one more leak is named as a new leak, and a chain that changed
/// shows as a changed subscription and changed flows.
final class TraceDiffTests: RxTraceTestCase {
    /// The line the program below subscribes on.
    private var subscribeLine: UInt = 0

    /// One program, two versions: `leaking` forgets to dispose; `filtering` adds a `filter` to
    /// the chain. Both subscribe on the same line.
    private func record(leaking: Bool = false, filtering: Bool = false) throws -> TraceReader {
        var leaked: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let chain = filtering ? subject.map { $0 + 1 }.filter { $0 > 0 } : subject.map { $0 + 1 }
            subscribeLine = #line; let subscription = chain.subscribe(onNext: { _ in })
            subject.onNext(1)
            subject.onNext(2)
            if leaking { leaked = subscription } else { subscription.dispose() }
        }
        leaked?.dispose()
        return reader
    }

    private var site: String { "RxTraceTests/TraceDiffTests.swift:\(subscribeLine)" }

    func testTheSameProgramTwice_hasNoDifferences() throws {
        let diff = try TraceDiffer(before: try record(), after: try record()).diff()

        XCTAssertEqual(diff.differences, [])
        XCTAssertTrue(TraceDiffRenderer().render(diff).contains("No differences"))
    }

    func testOneMoreLeak_isANewLeak_namingTheLineThatSubscribed() throws {
        let diff = try TraceDiffer(before: try record(), after: try record(leaking: true)).diff()

        let newLeaks = diff.newLeaks
        let subscriptionLeak = try XCTUnwrap(newLeaks.first { $0.key == "subscription at \(site)" }, "\(newLeaks)")
        XCTAssertEqual(subscriptionLeak.after, [
            "never ended: PublishSubject<Int> → Map<Int, Int> (map at RxTraceTests/TraceDiffTests.swift:\(subscribeLine - 1))"
                + " → AnonymousObserver<Int>",
        ])
        // The objects it keeps alive are new leaks too, by type.
        XCTAssertTrue(newLeaks.contains { $0.key == "MapSink<…>" }, "\(newLeaks)")
        // The subscription itself changed how it ended.
        XCTAssertTrue(diff.differences.contains {
            $0.section == .subscription && $0.change == .changed && $0.before.last == "ended: disposed"
                && $0.after.last == "never ended"
        }, "\(diff.differences)")
        let text = TraceDiffRenderer().render(diff)
        XCTAssertTrue(text.contains("\n+ subscription at \(site)\n    never ended: PublishSubject<Int> → "), text)
        XCTAssertTrue(text.contains("New leaks in B: subscription at \(site)"), text)

        // The other way round, the leak is fixed, not new.
        let fixed = try TraceDiffer(before: try record(leaking: true), after: try record()).diff()
        XCTAssertEqual(fixed.newLeaks, [])
        XCTAssertTrue(fixed.differences.contains { $0.section == .leak && $0.change == .disappeared })
    }

    func testAChainThatChangedShape_showsInItsSubscriptionAndItsFlows() throws {
        let diff = try TraceDiffer(before: try record(), after: try record(filtering: true)).diff()

        let subscription = try XCTUnwrap(diff.differences.first { $0.section == .subscription })
        XCTAssertEqual(subscription.change, .changed)
        XCTAssertEqual(subscription.key, "subscribe at \(site)")
        XCTAssertFalse(subscription.before[0].contains("Filter"))
        XCTAssertTrue(subscription.after[0].contains("Filter<Int> (filter at RxTraceTests/TraceDiffTests.swift:"), subscription.after[0])
        // A flow that appeared (the filter's assembly) and flows whose steps changed (each
        // event now passes a FilterSink).
        XCTAssertTrue(diff.differences.contains { $0.section == .flow && $0.change == .appeared && $0.key.hasPrefix("filter at ") })
        let changedFlow = try XCTUnwrap(diff.differences.first { $0.section == .flow && $0.change == .changed && $0.key.hasPrefix("PublishSubject.on at ") })
        XCTAssertTrue(changedFlow.after.contains { $0.contains("FilterSink.on(.next)") }, "\(changedFlow.after)")
        XCTAssertFalse(changedFlow.before.contains { $0.contains("FilterSink") })
        XCTAssertEqual(diff.newLeaks, [])
        let json = try TraceDiffRenderer().renderJSON(diff)
        XCTAssertTrue(json.contains("\"change\" : \"changed\""), json)
    }

    func testLabelsWithoutIDs_dropIdsAndValuesButKeepTheShape() {
        XCTAssertEqual(TraceDiffer.withoutIDs("MapSink.on(.next(1)) [MapSink<…> #5]"), "MapSink.on(.next) [MapSink<…>]")
        XCTAssertEqual(TraceDiffer.withoutIDs("Sink.forwardOn(.next((1, \"a\"))) [Zip #12]"), "Sink.forwardOn(.next) [Zip]")
        XCTAssertEqual(TraceDiffer.withoutIDs("ObserverBase.on(.completed) [AnonymousObserver<Int> #3]"), "ObserverBase.on(.completed) [AnonymousObserver<Int>]")
        XCTAssertEqual(TraceDiffer.withoutIDs("init MapSink<…> #5"), "init MapSink<…>")
    }

    func testLabelsWithoutIDs_keepAHashNotFollowedByDigits_andNumbersNotAfterAHash() {
        XCTAssertEqual(TraceDiffer.withoutIDs("a #b #12c #3"), "a #bc")
        XCTAssertEqual(TraceDiffer.withoutIDs("Zip #12 of 3 #"), "Zip of 3 #")
        XCTAssertEqual(TraceDiffer.withoutIDs("héllo #7 wörld"), "héllo wörld")
    }

    func testShapesDifferingOnlyPastTheDisplayedLines_areStillTwoShapes_eachShownCutWithItsLengthSaid() {
        let long = (0..<(TraceDiffer.Shapes.displayedLines + 5)).map { "step \($0)" }
        var changedAtTheEnd = long
        changedAtTheEnd[changedAtTheEnd.count - 1] = "another step"
        var before = TraceDiffer.Shapes()
        var after = TraceDiffer.Shapes()
        before.add(long, for: "flow")
        after.add(changedAtTheEnd, for: "flow")
        after.add(changedAtTheEnd, for: "flow")

        let differences = TraceDiffer.compare(.flow, before: before, after: after)

        XCTAssertEqual(differences.map(\.change), [.changed, .appeared])
        XCTAssertEqual(after.counts["flow"]?.map(\.count), [2], "a repeated shape is counted, not stored twice")
    }

    func testAChangeIsShownAsItsLinesMerged_onlyTheDifferingOnesMarked() {
        let merged = TraceDiffRenderer.lineDiff(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"])

        XCTAssertEqual(merged.map { "\($0.tag) \($0.line)" }, ["  a", "A b", "B x", "  c", "  d", "B e"])
    }
}
