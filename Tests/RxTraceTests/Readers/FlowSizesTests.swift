import Foundation
@testable import RxTrace
import XCTest

/// The page's flow sizes (``TraceReader/flowSizes()``) counted from how a thread's calls nest
/// are those counted down the `parent_id`s; a trace whose calls do not nest so is counted down
/// the `parent_id`s.
final class FlowSizesTests: RxTraceTestCase {
    private var traces: [URL] {
        get throws { try CommittedTraces.all() }
    }

    func testSizesCountedByNesting_areThoseCountedDownTheParentIDs_onEveryCommittedTrace() throws {
        var flows = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)

            let byNesting = try XCTUnwrap(try reader.flowSizesByNesting(), trace.lastPathComponent)

            XCTAssertEqual(byNesting, try reader.flowSizesThroughParents(), trace.lastPathComponent)
            flows += byNesting.count
        }
        XCTAssertGreaterThan(flows, 100)
    }

    /// Thread 1: flow 1 (1 → 2 → 4, 1 → 5); thread 2: flow 3, and call 6, whose parent is call 2
    /// of thread 1.
    private func traceWithACallUnderAnotherThreadsCall() throws -> String {
        let path = Fixture.temporaryTracePath("cross-thread")
        try record(to: path, program: "cross-thread").stop()
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute(
            """
            INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main'), (2, 2, 'T1');
            INSERT INTO step (id, name, file, line) VALUES (1, 'step', 'App/Main.swift', 7);
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES
                (1, NULL, 0, 1, 1, 1, 9), (2, 1, 1, 1, 1, 2, 5), (3, NULL, 0, 2, 1, 3, 1), (4, 2, 2, 1, 1, 4, 1),
                (5, 1, 1, 1, 1, 6, 1), (6, 2, 2, 2, 1, 7, 1);
            """
        )
        return path
    }

    func testACallWhoseParentRanOnAnotherThread_isCountedDownTheParentIDs() throws {
        let reader = try TraceReader(path: try traceWithACallUnderAnotherThreadsCall())

        XCTAssertNil(try reader.flowSizesByNesting())
        XCTAssertEqual(try reader.flowSizes(), [1: 5, 3: 1])
    }
}
