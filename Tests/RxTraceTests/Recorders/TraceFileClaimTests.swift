import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// A recording never destroys what it must not: another process's live trace, a trace being
/// read, or a file that is not a trace. It writes a sibling instead and says where.
final class TraceFileClaimTests: RxTraceTestCase {
    private var pid: Int32 { ProcessInfo.processInfo.processIdentifier }

    /// A fresh path in a new temporary folder, removed when the test ends.
    private func temporaryPath(_ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-claim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.appendingPathComponent(name).path
    }

    private func recordOneSubscription(to path: String, program: String) throws -> String {
        let recording = try record(to: path, program: program)
        _ = Observable.just(1).subscribe(onNext: { _ in })
        try recording.stop()
        return recording.path
    }

    func testSibling_insertsTheProcessIDBeforeTheExtension() {
        XCTAssertEqual(TraceFileClaim.sibling(of: "/tmp/app.sqlite", processID: 42, attempt: 1), "/tmp/app.42.sqlite")
        XCTAssertEqual(TraceFileClaim.sibling(of: "/tmp/app.sqlite", processID: 42, attempt: 3), "/tmp/app.42-3.sqlite")
        XCTAssertEqual(TraceFileClaim.sibling(of: "trace", processID: 42, attempt: 1), "trace.42")
        XCTAssertEqual(TraceFileClaim.sibling(of: "/tmp/.hidden", processID: 42, attempt: 1), "/tmp/.hidden.42")
    }

    func testRecordTo_aUsersOwnSQLiteDatabase_leavesItUntouchedAndRecordsToASibling() throws {
        let path = try temporaryPath("app.sqlite")
        do {
            let database = try Database(path: path, mode: .readWriteCreate)
            try database.execute("CREATE TABLE customer (name TEXT); INSERT INTO customer VALUES ('Ada');")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let written = try recordOneSubscription(to: path, program: "sibling")

        XCTAssertEqual(written, path.replacingOccurrences(of: "app.sqlite", with: "app.\(pid).sqlite"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the user's database is unchanged")
        XCTAssertEqual(try Database(path: path, mode: .readOnly).column("SELECT name FROM customer"), ["Ada"])
        XCTAssertEqual(try TraceReader(path: written).run.program, "sibling")
    }

    func testRecordTo_aPlainTextFile_leavesItUntouchedAndRecordsToASibling() throws {
        let path = try temporaryPath("notes.txt")
        try "my notes\n".write(toFile: path, atomically: true, encoding: .utf8)

        let written = try recordOneSubscription(to: path, program: "text")

        XCTAssertEqual(written, path.replacingOccurrences(of: "notes.txt", with: "notes.\(pid).txt"))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "my notes\n")
        XCTAssertEqual(try TraceReader(path: written).run.program, "text")
    }

    func testRecordTo_aTraceAReaderHasOpen_leavesItIntactAndRecordsToASibling() throws {
        let path = try temporaryPath("read.sqlite")
        _ = try recordOneSubscription(to: path, program: "first")
        let reader = try TraceReader(path: path)

        let written = try recordOneSubscription(to: path, program: "second")

        XCTAssertNotEqual(written, path)
        XCTAssertEqual(reader.run.program, "first")
        XCTAssertEqual(try TraceReader(path: path).run.program, "first", "the trace being read is intact")
        XCTAssertEqual(try reader.count(.subscription), 1)
        XCTAssertEqual(try TraceReader(path: written).run.program, "second")
    }

    func testRecordTo_aFinishedTraceNobodyHolds_replacesIt() throws {
        let path = try temporaryPath("again.sqlite")
        _ = try recordOneSubscription(to: path, program: "first")

        let written = try recordOneSubscription(to: path, program: "second")

        XCTAssertEqual(written, path)
        XCTAssertEqual(try TraceReader(path: path).run.program, "second")
    }

    func testRecordTo_percentP_becomesTheProcessID() throws {
        let path = try temporaryPath("run-%p.sqlite")

        let written = try recordOneSubscription(to: path, program: "pattern")

        XCTAssertEqual(written, path.replacingOccurrences(of: "%p", with: "\(pid)"))
        XCTAssertEqual(try TraceReader(path: written).run.program, "pattern")
    }

    func testTwoProcessesOnOnePath_theSecondRecordsToASiblingAndSaysSo_theFirstsTraceSurvives() throws {
        let path = try temporaryPath("shared.sqlite")
        let first = try Fixture.start(["hold", path])
        // The first prints its trace's path once it is recording.
        let firstPath = String(decoding: first.output.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        XCTAssertEqual(firstPath, path)

        let second = try Fixture.runCapturingStandardError(["finish", path])
        try first.input.fileHandleForWriting.close()
        try Fixture.waitForExit(first.process)

        XCTAssertEqual(second.ending, .exited(0))
        XCTAssertEqual(Fixture.ending(of: first.process), .exited(0))
        let secondPath = path.replacingOccurrences(of: "shared.sqlite", with: "shared.\(second.processID).sqlite")
        XCTAssertEqual(
            second.standardError,
            "RxTrace: \(path) is being written or read by another recording or reader; recording to \(secondPath) instead\n"
        )
        let firstTrace = try TraceReader(path: path)
        XCTAssertEqual(firstTrace.run.program, "fixture-hold")
        XCTAssertEqual(firstTrace.run.endReason, .finished)
        XCTAssertEqual(try firstTrace.count(.subscription), 4, "both rounds of the first's work")
        let secondTrace = try TraceReader(path: secondPath)
        XCTAssertEqual(secondTrace.run.program, "fixture-finish")
        XCTAssertEqual(try secondTrace.count(.subscription), 2)
    }

    func testRXTRACE_FILE_withPercentP_recordsToAFileNamedAfterTheProcess() throws {
        let path = try temporaryPath("env-%p.sqlite")

        let run = try Fixture.runCapturingStandardError(["environment"], environment: ["RXTRACE_FILE": path])

        XCTAssertEqual(run.ending, .exited(0))
        let written = path.replacingOccurrences(of: "%p", with: "\(run.processID)")
        XCTAssertEqual(try TraceReader(path: written).run.program, "rxtrace-fixture")
    }
}
