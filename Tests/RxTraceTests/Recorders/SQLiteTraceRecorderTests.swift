import Foundation
import RxCore
@testable import RxTrace
import XCTest

final class SQLiteTraceRecorderTests: RxTraceTestCase {
    func testInit_beforeAnyRecord_commitsARunningRunThatAReaderSees() throws {
        let path = Fixture.temporaryTracePath("running")
        let recorder = try SQLiteTraceRecorder(path: path, program: "running")
        let reader = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try reader.column("SELECT end_reason FROM run"), ["running"])
        XCTAssertEqual(try reader.integer("PRAGMA application_id"), Int64(TraceSchema.applicationID))
        XCTAssertEqual(try reader.column("PRAGMA journal_mode"), ["wal"])
        try recorder.finish()
    }

    func testFlush_recordsBeforeIt_areCommittedForAReader() throws {
        let path = Fixture.temporaryTracePath("flush")
        let recorder = try SQLiteTraceRecorder(path: path, program: "flush")
        for _ in 0..<1_000 {
            _ = recorder.objectInitialized(Int.self)
        }
        recorder.flush()
        let reader = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try reader.integer("SELECT count(*) FROM object"), 1_000)
        XCTAssertEqual(try reader.integer("SELECT record_count FROM run"), 1_000)
        try recorder.finish()
    }

    func testFinish_leavesOneSelfContainedFileWithIndexes() throws {
        let path = Fixture.temporaryTracePath("finish")
        let recorder = try SQLiteTraceRecorder(path: path, program: "finish")
        _ = recorder.objectInitialized(Int.self)
        try recorder.finish()
        try recorder.finish()
        let reader = try Database(path: path, mode: .readOnly)

        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        XCTAssertEqual(try reader.column("PRAGMA journal_mode"), ["delete"])
        XCTAssertEqual(try reader.column("SELECT end_reason FROM run"), ["finished"])
        XCTAssertEqual(
            try reader.column("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name"),
            [
                "assembly_object", "bag_entry_bag", "call_parent", "call_root", "caller_line_address", "caller_stack",
                "event_call", "object_call", "subscription_call",
                "tag_object",
            ]
        )
    }

    func testWhileRecording_theWriterRunsBelowTheProgramsPriority_andItsThreadIsGoneAfterFinish() throws {
        let programNiceness = try Self.niceness(ofThread: "self")
        let writerNiceness = min(19, programNiceness + Int(RecordingSession.writerNiceness))
        // Recorders other tests installed and never finished keep their writers.
        let before = Set(try Self.threadsOfThisProcess(atNiceness: writerNiceness))
        let recorder = try SQLiteTraceRecorder(path: Fixture.temporaryTracePath("priority"), program: "priority")
        _ = recorder.objectInitialized(Int.self)
        // Committed: the writer thread has started and lowered its priority before writing.
        recorder.flush()

        let writers = Set(try Self.threadsOfThisProcess(atNiceness: writerNiceness)).subtracting(before)
        XCTAssertEqual(writers.count, 1, "one new thread, the writer, runs below the program's priority")
        XCTAssertEqual(try Self.niceness(ofThread: "self"), programNiceness)

        try recorder.finish()

        XCTAssertEqual(Set(try Self.threadsOfThisProcess(atNiceness: writerNiceness)).intersection(writers), [])
    }

    /// The kernel ids of this process's threads whose `nice` value is `niceness`.
    private static func threadsOfThisProcess(atNiceness niceness: Int) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").filter { thread in
            (try? Self.niceness(ofThread: thread)) == niceness
        }
    }

    /// A thread's `nice` value: field 19 of `/proc/self/task/ID/stat` ("self" for the calling
    /// thread's, `/proc/thread-self`).
    private static func niceness(ofThread thread: String) throws -> Int {
        let path = thread == "self" ? "/proc/thread-self/stat" : "/proc/self/task/\(thread)/stat"
        let stat = try String(contentsOfFile: path, encoding: .utf8)
        // The fields after the command name, which is in parentheses, start with field 3.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return try XCTUnwrap(Int(fields[19 - 3]))
    }

    func testFinish_joinsTheWriterThread() throws {
        let recorder = try SQLiteTraceRecorder(path: Fixture.temporaryTracePath("join"), program: "join")
        XCTAssertFalse(recorder.session.isWriterJoined)

        try recorder.finish()

        XCTAssertTrue(recorder.session.isWriterJoined)
    }

    func testTerminateAtExit_completesTheTraceAndJoinsTheWriterThread() throws {
        let path = Fixture.temporaryTracePath("exit-join")
        let recorder = try SQLiteTraceRecorder(path: path, program: "exit-join")
        _ = recorder.objectInitialized(Int.self)

        recorder.session.terminate(.exited, waitingAtMost: 60_000_000_000)

        XCTAssertTrue(recorder.session.isWriterJoined, "exit leaves no writer thread behind")
        XCTAssertEqual(try Database(path: path, mode: .readOnly).column("SELECT end_reason FROM run"), ["exited"])
        try recorder.finish()
    }

    func testInit_overAnOldTrace_startsAfresh() throws {
        let path = Fixture.temporaryTracePath("replace")
        let first = try SQLiteTraceRecorder(path: path, program: "first")
        _ = first.objectInitialized(Int.self)
        try first.finish()
        let second = try SQLiteTraceRecorder(path: path, program: "second")
        try second.finish()
        let reader = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try reader.column("SELECT program FROM run"), ["second"])
        XCTAssertEqual(try reader.integer("SELECT count(*) FROM object"), 0)
    }

    func testATraceNamedByOneCharacter_inTheWorkingDirectory_isRecordedBesideItsSpool() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-one-character-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let recorder = try SQLiteTraceRecorder(path: "t", program: "one-character")
        _ = recorder.objectInitialized(Int.self)
        try recorder.finish()

        XCTAssertEqual(SQLiteTraceRecorder.directory(of: "t"), folder.path, "a bare name lies in the working directory")
        XCTAssertEqual(SQLiteTraceRecorder.directory(of: "/t"), "/")
        XCTAssertEqual(SQLiteTraceRecorder.directory(of: "a/t"), folder.appendingPathComponent("a").path)
        XCTAssertEqual(try Database(path: folder.appendingPathComponent("t").path, mode: .readOnly).integer(
            "SELECT count(*) FROM object"), 1)
    }
}
