import Foundation
@testable import RxTrace
import XCTest

/// The flows a report reads on a helper thread (``FlowBuilder/forEachFlowReadAhead(limit:tag:_:)``)
/// are the flows read on one thread: the same, in the same order, counted the same, and a
/// damaged trace's error thrown after the same flows.
final class FlowBuilderReadAheadTests: RxTraceTestCase {
    /// The flows `builder` hands over on one thread and read ahead, with what each returned.
    private func bothWays(
        _ builder: FlowBuilder, limit: Int? = nil, tag: String? = nil
    ) throws -> (oneThread: [Flow], oneThreadRead: Int, readAhead: [Flow], readAheadRead: Int) {
        var oneThread: [Flow] = []
        let oneThreadRead = try builder.forEachFlow(limit: limit, tag: tag) { oneThread.append($0) }
        var readAhead: [Flow] = []
        let readAheadRead = try builder.forEachFlowReadAhead(limit: limit, tag: tag) { readAhead.append($0) }
        return (oneThread, oneThreadRead, readAhead, readAheadRead)
    }

    func testTheFlowsReadAhead_areTheFlowsReadOnOneThread_onEveryCommittedTrace() throws {
        var flows = 0
        for trace in try CommittedTraces.all() {
            let reader = try TraceReader(path: trace.path)
            let builder = FlowBuilder(reader: reader)
            let name = trace.lastPathComponent
            let tags = try reader.tagNames()
            for (limit, tag) in [(nil, nil), (1, nil), (7, nil)] + tags.map({ (nil, $0) }) as [(Int?, String?)] {
                let flowsRead = try bothWays(builder, limit: limit, tag: tag)

                XCTAssertEqual(flowsRead.readAhead, flowsRead.oneThread, "\(name), limit \(limit ?? 0), tag \(tag ?? "")")
                XCTAssertEqual(flowsRead.readAheadRead, flowsRead.oneThreadRead, "\(name): the count read")
                if limit == nil, tag == nil { flows += flowsRead.readAhead.count }
            }
        }
        XCTAssertGreaterThan(flows, 100)
    }

    func testAFlowCarryingMoreStepsThanAChunk_andManyFlows_arriveWholeAndInOrder() throws {
        let path = Fixture.temporaryTracePath("read-ahead-sizes")
        try record(to: path, program: "read-ahead-sizes").stop()
        let database = try Database(path: path, mode: .readWriteCreate)
        // 600 top-level calls; the 100th has 20,000 calls under it (more than a chunk's steps,
        // and than a flow shows).
        try database.execute(
            """
            INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main');
            INSERT INTO step (id, name, file, line) VALUES (1, 'step', 'App/Sizes.swift', 7);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur)
            SELECT CASE WHEN i <= 100 THEN i ELSE i + 20000 END, NULL, 0, 1, 1, i, 1 FROM n;
            WITH RECURSIVE n(i) AS (SELECT 101 UNION ALL SELECT i + 1 FROM n WHERE i < 20100)
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur)
            SELECT i, 100, 1, 1, 1, i, 1 FROM n;
            """
        )
        let flowsRead = try bothWays(FlowBuilder(reader: try TraceReader(path: path)))

        XCTAssertEqual(flowsRead.readAhead.map(\.number), Array(1...600))
        XCTAssertEqual(flowsRead.readAhead[99].steps.count, FlowBuilder.defaultCallLimit)
        XCTAssertEqual(flowsRead.readAhead, flowsRead.oneThread)
        XCTAssertEqual(flowsRead.readAheadRead, 600)
    }

    func testADamagedFlow_throwsTheSameError_afterTheSameFlows() throws {
        let path = Fixture.temporaryTracePath("read-ahead-damaged")
        try record(to: path, program: "read-ahead-damaged").stop()
        let database = try Database(path: path, mode: .readWriteCreate)
        // 300 top-level calls; the 200th runs a work item whose creating call (on another
        // thread) names a parent the trace does not have.
        try database.execute(
            """
            INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main'), (2, 2, 'T1');
            INSERT INTO step (id, name, file, line) VALUES (1, 'step', 'App/Damaged.swift', 7),
                (2, 'SerialDispatchQueueScheduler.invoke', 'RxCore/Schedulers/Serial.swift', 9);
            INSERT INTO type (id, type_name) VALUES (1, 'ScheduledWorkItem');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, object_id, ts, dur)
            SELECT i, NULL, 0, 1, CASE WHEN i = 200 THEN 2 ELSE 1 END, CASE WHEN i = 200 THEN 1 END, i, 1 FROM n;
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES (1000, 999, 1, 2, 1, 1000, 1);
            INSERT INTO object (id, type_id, start_ts, thread_id, call_id) VALUES (1, 1, 1000, 2, 1000);
            """
        )
        let builder = FlowBuilder(reader: try TraceReader(path: path))
        let expected = TraceFileError.damaged(path: path, reason: "call #1000 has parent #999, which is not in the trace")

        var oneThread: [Flow] = []
        XCTAssertThrowsError(try builder.forEachFlow { oneThread.append($0) }) {
            XCTAssertEqual($0 as? TraceFileError, expected)
        }
        var readAhead: [Flow] = []
        XCTAssertThrowsError(try builder.forEachFlowReadAhead { readAhead.append($0) }) {
            XCTAssertEqual($0 as? TraceFileError, expected)
        }

        XCTAssertEqual(oneThread.map(\.number), Array(1...199))
        XCTAssertEqual(readAhead, oneThread)
    }
}
