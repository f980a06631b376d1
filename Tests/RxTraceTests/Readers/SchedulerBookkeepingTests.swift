import RxCore
@testable import RxTrace
import RxTesting
import XCTest

/// A TestScheduler's bookkeeping (queuing each recorded event of a hot observable, and
/// `start`'s create, subscribe and dispose, each a top-level call of its own) folds into one
/// flow with a count, in the text, the JSON and the page's flows alike; the flows that do the
/// work stay as they are.
final class SchedulerBookkeepingTests: RxTraceTestCase {
    private func testSchedulerRun() throws -> TraceReader {
        try recordedTrace {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            _ = scheduler.start { xs.map { $0 * 2 } }
        }
    }

    func testARunOfQueuingFlows_isFoldedIntoOneWithItsCount() throws {
        let reader = try testSchedulerRun()

        let flows = try FlowBuilder(reader: reader).flows()

        XCTAssertEqual(flows.count, 2)
        XCTAssertEqual(flows[0].foldedCount, 7)
        XCTAssertEqual(
            flows[0].title,
            "VirtualTimeScheduler.scheduleAbsoluteVirtual × 7 (Flows 1–7: scheduler bookkeeping, folded)"
        )
        XCTAssertEqual(flows[1].number, 8)
        XCTAssertEqual(flows[1].title, "VirtualTimeScheduler.start")
        XCTAssertTrue(flows[1].steps.contains { $0.label.hasPrefix("VirtualSchedulerItem.invoke") })
    }

    func testTheTextReport_printsTheFoldedRunOnOneHeading_andCountsItsFlowsAgainstTheLimit() throws {
        let reader = try testSchedulerRun()

        var text = ""
        try TextReportRenderer().write(reader: reader, sections: .flows, flowLimit: 7) { text += $0 }

        XCTAssertEqual(text.components(separatedBy: "\nFlow ").count - 1, 1, text)
        XCTAssertTrue(text.contains("Flow 1 · VirtualTimeScheduler.scheduleAbsoluteVirtual × 7 (Flows 1–7"), text)
        XCTAssertTrue(text.contains("… 1 more flow not shown"), text)
    }

    func testTheJSONReport_saysHowManyFlowsTheFoldedOneStandsFor() throws {
        let reader = try testSchedulerRun()

        var json = ""
        try JSONReportRenderer().write(reader: reader, sections: .flows) { json += $0 }

        XCTAssertTrue(json.contains("\"folded_count\" : 7"), json)
    }

    func testADiff_comparesTheQueuingFlowsOneByOne() throws {
        let reader = try testSchedulerRun()

        var count = 0
        try FlowBuilder(reader: reader).forEachFlow(foldingBookkeeping: false) { _ in count += 1 }

        XCTAssertEqual(count, 8)
    }
}
