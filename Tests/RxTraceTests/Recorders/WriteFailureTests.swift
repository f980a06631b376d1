import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// A writer error never loses the run silently: deep generic types that share a truncated name
/// are still told apart, and any other error ends the trace saying why.
final class WriteFailureTests: RxTraceTestCase {
    func testAThousandChainedMaps_areRecordedAndReportedInFull() throws {
        let path = Fixture.temporaryTracePath("thousand-maps")
        let recording = try record(to: path, program: "maps")
        var received: [Int] = []
        do {
            var chain = Observable.just(0)
            for _ in 0..<1_000 {
                chain = chain.map { $0 + 1 }
            }
            _ = chain.subscribe(onNext: { received.append($0) })
        }
        try recording.stop()

        XCTAssertEqual(received, [1_000])
        let reader = try TraceReader(path: path)
        XCTAssertEqual(reader.run.endReason, .finished)
        XCTAssertNil(reader.run.failure)
        XCTAssertGreaterThan(
            try reader.database.integer("SELECT count(*) - count(DISTINCT type_name) FROM type"), 0,
            "Swift truncated the deepest names, so types share them"
        )
        XCTAssertEqual(
            try reader.database.integer(
                "SELECT count(*) FROM object JOIN type ON type.id = object.type_id WHERE type_name LIKE 'MapSink<%'"
            ),
            1_000
        )
        XCTAssertEqual(try reader.database.integer("SELECT count(*) FROM event WHERE kind = 'next'"), 1_001)
        var text = ""
        try TextReportRenderer().write(reader: reader, sections: .standard) { text += $0 }
        XCTAssertTrue(text.contains("ended cleanly"), String(text.prefix(500)))
        XCTAssertTrue(text.contains("No leaks"), String(text.suffix(500)))
        XCTAssertEqual(text.components(separatedBy: "MapSink.on(.next(").count - 1, 1_000, "every MapSink's step")
    }

    func testAWriteError_endsTheTraceAsFailedWithTheReason_andKeepsWhatWasWritten() throws {
        let path = Fixture.temporaryTracePath("write-error")
        let recording = try record(to: path, program: "failing")
        _ = Observable.just(1).subscribe(onNext: { _ in })
        recording.recorder.flush()
        // Another connection breaks the trace under the writer.
        try Database(path: path, mode: .readWriteCreate).execute("DROP TABLE event")
        _ = Observable.just(2).subscribe(onNext: { _ in })

        XCTAssertThrowsError(try recording.stop())

        let reader = try TraceReader(path: path)
        XCTAssertEqual(reader.run.endReason, .failed)
        XCTAssertEqual(reader.run.failure, "no such table: event")
        XCTAssertEqual(reader.run.endDescription, "cut short: the recorder could not write (no such table: event)")
        // The flushed subscription stays; the second one's rows may have been split across two
        // batches, the first of which committed before the one that failed.
        XCTAssertEqual(
            try reader.database.integer("SELECT count(*) FROM subscription WHERE id = 1"), 1,
            "what was written before the error")
        XCTAssertLessThanOrEqual(try reader.count(.subscription), 2)
    }

    func testAFileSizeLimit_endsTheTraceAsAFullDiskDoes_andTheProgramRunsOn() throws {
        let path = Fixture.temporaryTracePath("file-size-limit")

        XCTAssertEqual(try Fixture.run(["file-size-limit", path]), .exited(0), "SIGXFSZ must not kill the program")

        let reader = try TraceReader(path: path)
        XCTAssertEqual(reader.run.endReason, .failed)
        XCTAssertTrue(reader.run.endDescription.contains("the recorder could not write"), reader.run.endDescription)
        XCTAssertTrue(
            reader.run.endDescription.contains("the file-size limit (ulimit -f) was reached"),
            "the trace says why it ends there: \(reader.run.endDescription)")
        XCTAssertGreaterThan(try reader.count(.subscription), 0, "what was written before the limit")
    }

    func testAnIOErrorsMessage_namesTheSystemsReason() {
        XCTAssertEqual(
            Database.describing("disk I/O error", systemError: EFBIG),
            "disk I/O error: the file-size limit (ulimit -f) was reached")
        XCTAssertEqual(
            Database.describing("database or disk is full", systemError: ENOSPC),
            "database or disk is full: no space left on the device")
        XCTAssertEqual(Database.describing("disk I/O error", systemError: EIO), "disk I/O error: input/output error")
        XCTAssertEqual(Database.describing("disk I/O error", systemError: 0), "disk I/O error")
    }
}
