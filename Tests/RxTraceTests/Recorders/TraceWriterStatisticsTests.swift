import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// What a recording's writer says about its own time: the rows it wrote and each phase of
/// completing the trace, which the benchmark's "Where `stop()` goes" table reads.
final class TraceWriterStatisticsTests: RxTraceTestCase {
    func testFinish_countsTheRowsWrittenAndTimesEachCompletionPhaseInOrder() throws {
        let path = Fixture.temporaryTracePath("writer-statistics")
        let recorder = try SQLiteTraceRecorder(path: path, program: "writer-statistics")
        for _ in 0..<1_000 {
            let object = recorder.objectInitialized(Int.self)
            let call = recorder.callEntered("Step.run", object: object, detail: nil, file: #fileID, line: #line)
            recorder.callExited(call)
        }
        recorder.flush()
        let whileRecording = recorder.writerStatistics
        try recorder.finish()
        let statistics = recorder.writerStatistics
        let reader = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(whileRecording.completion, [], "nothing is completed before finish()")
        XCTAssertNil(whileRecording.completionStart)
        XCTAssertEqual(
            Int64(statistics.rows),
            try reader.integer(
                "SELECT (SELECT count(*) FROM call) + (SELECT count(*) FROM object) + (SELECT count(*) FROM event) "
                    + "+ (SELECT count(*) FROM subscription)"))
        XCTAssertEqual(statistics.rows, 2_000)
        XCTAssertGreaterThan(statistics.batches, 0)
        XCTAssertGreaterThan(statistics.writingNanoseconds, 0)
        XCTAssertGreaterThan(statistics.writingCPUNanoseconds, 0)
        XCTAssertEqual(
            statistics.completion.map(\.name),
            ["end rows", "caller lines", "captured sites", "indexes", "checkpoint", "leave WAL"])
        XCTAssertTrue(statistics.completion.allSatisfy { $0.nanoseconds >= 0 })
        XCTAssertNotNil(statistics.completionStart)
    }
}
