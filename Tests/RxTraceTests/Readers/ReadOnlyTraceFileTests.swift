import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// Reading a trace writes nothing: not into it, and no `-wal` or `-shm` beside it, whatever
/// state its writer left it in; and a writer that stops cleanly leaves no WAL behind.
final class ReadOnlyTraceFileTests: RxTraceTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-read-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// Records a little Rx work into `name` in the folder and, while the writer is still
    /// running with everything committed, copies the files named by `suffixes` into
    /// `copy/`, as a killed program would have left them (after moving the WAL's rows into
    /// the main file, when `checkpointed`); then stops the writer. Returns
    /// the copy's path and how many objects it holds.
    private func killedTrace(keeping suffixes: [String], checkpointed: Bool = false) throws -> (path: String, objects: Int) {
        let original = folder.appendingPathComponent("live.sqlite").path
        let recorder = try SQLiteTraceRecorder(path: original, program: "killed")
        Instrumentation.bootstrapInternal(recorder)
        for index in 0..<10 {
            _ = Observable.just(index).map { $0 + 1 }.subscribe(onNext: { _ in })
        }
        Instrumentation.bootstrapInternal(nil)
        recorder.flush()
        if checkpointed {
            try Database(path: original, mode: .readWriteCreate).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let copies = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let copy = copies.appendingPathComponent("killed.sqlite").path
        for suffix in suffixes {
            try FileManager.default.copyItem(atPath: original + suffix, toPath: copy + suffix)
        }
        try recorder.finish()
        let objects = try TraceReader(path: original).count(.object)
        return (copy, objects)
    }

    /// Every file in the folder of `path`, with its bytes.
    private func contents(besides path: String) throws -> [String: Data] {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    func testKilledTrace_mainFileAndWAL_isReadWhole_andNothingIsWritten() throws {
        let (path, objects) = try killedTrace(keeping: ["", "-wal"])
        XCTAssertTrue(ReadOnlyTraceFile.isInWALMode(path))
        let before = try contents(besides: path)

        do {
            let reader = try TraceReader(path: path)
            XCTAssertEqual(try reader.count(.object), objects, "the WAL's rows are read too")
            XCTAssertEqual(reader.run.endReason, .running)
            XCTAssertEqual(try LeakFinder(reader: reader).report().openSubscriptions.count, 0)
        }

        XCTAssertEqual(try contents(besides: path), before, "no -shm created, nothing changed")
    }

    func testKilledTrace_withItsSharedMemoryFile_isReadWhole_andNoFileIsCreated() throws {
        let (path, objects) = try killedTrace(keeping: ["", "-wal", "-shm"])
        let before = try contents(besides: path)

        do {
            let reader = try TraceReader(path: path)
            XCTAssertEqual(try reader.count(.object), objects)
        }

        let after = try contents(besides: path)
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted())
        XCTAssertEqual(after["killed.sqlite"], before["killed.sqlite"])
        XCTAssertEqual(after["killed.sqlite-wal"], before["killed.sqlite-wal"])
        XCTAssertEqual(after["killed.sqlite-shm"], before["killed.sqlite-shm"], "reading never writes, not even the -shm")
    }

    func testTraceInWALModeWithoutItsWAL_isRead_andNoFileIsCreated() throws {
        let (path, _) = try killedTrace(keeping: [""], checkpointed: true)
        XCTAssertTrue(ReadOnlyTraceFile.isInWALMode(path))
        let before = try contents(besides: path)

        do {
            let reader = try TraceReader(path: path)
            XCTAssertEqual(reader.run.program, "killed")
        }

        XCTAssertEqual(try contents(besides: path), before)
    }

    func testFinishedTrace_isReadWithNothingWritten() throws {
        let path = folder.appendingPathComponent("finished.sqlite").path
        let recorder = try SQLiteTraceRecorder(path: path, program: "finished")
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        try recorder.finish()
        let before = try contents(besides: path)

        do {
            let reader = try TraceReader(path: path)
            XCTAssertEqual(reader.run.endReason, .finished)
        }

        XCTAssertEqual(try contents(besides: path), before)
    }

    func testTraceWithAHotJournal_isReadAsBeforeTheUnfinishedTransaction_andNothingIsWritten() throws {
        let path = folder.appendingPathComponent("finished.sqlite").path
        let recorder = try SQLiteTraceRecorder(path: path, program: "journal")
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        try recorder.finish()
        let objects = try TraceReader(path: path).count(.object)
        // A program killed in the middle of a transaction in rollback-journal mode leaves the
        // pages it already wrote in the main file, and their old contents in a hot journal.
        let writer = try Database(path: path, mode: .readWriteCreate)
        try writer.execute("PRAGMA journal_mode = DELETE")
        try writer.execute("PRAGMA cache_size = 2")
        try writer.execute("BEGIN")
        try writer.execute("DELETE FROM object")
        try writer.execute("CREATE TABLE filler(x)")
        for _ in 0..<2_000 {
            try writer.execute("INSERT INTO filler VALUES (randomblob(500))")
        }
        let killed = folder.appendingPathComponent("killed")
        try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: true)
        let copy = killed.appendingPathComponent("trace.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
        try writer.execute("ROLLBACK")
        XCTAssertTrue(ReadOnlyTraceFile.hasHotJournal(copy))
        let before = try contents(besides: copy)

        do {
            let reader = try TraceReader(path: copy)
            XCTAssertEqual(try reader.count(.object), objects, "the unfinished transaction is rolled back")
            XCTAssertEqual(reader.run.endReason, .finished)
        }

        XCTAssertEqual(try contents(besides: copy), before, "the journal is played back in a private copy")
    }

    func testWriter_cleanStop_leavesOneFileInRollbackMode() throws {
        let path = folder.appendingPathComponent("stopped.sqlite").path
        let recorder = try SQLiteTraceRecorder(path: path, program: "stopped")
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        try recorder.finish()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["stopped.sqlite"])
        XCTAssertFalse(ReadOnlyTraceFile.isInWALMode(path))
    }

    func testWriter_cleanStopWhileAReaderWatches_leavesNoRowsInTheWAL() throws {
        let path = folder.appendingPathComponent("watched.sqlite").path
        let recorder = try SQLiteTraceRecorder(path: path, program: "watched")
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        recorder.flush()
        let watcher = try Database(path: path, mode: .readOnly)
        XCTAssertEqual(try watcher.integer("SELECT count(*) FROM run"), 1)

        try recorder.finish()

        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        XCTAssertEqual(walSize, 0, "everything is checkpointed into the trace itself")
        withExtendedLifetime(watcher) {}
    }

    func testURI_percentEncodesWhatAURIGivesMeaningTo() {
        XCTAssertEqual(ReadOnlyTraceFile.uri("/tmp/a b?#%.sqlite", "mode=ro"), "file:/tmp/a%20b%3F%23%25.sqlite?mode=ro")
    }
}
