import CRxTrace
import Foundation
import Glibc
import RxCore
@testable import RxTrace
import XCTest

/// The writer's pipeline: one thread decides the rows while another writes them, and the trace
/// is the one a single thread writes, row for row.
final class TraceWriterPipelineTests: RxTraceTestCase {
    func testPipelinedWriter_writesTheSameRowsInTheSameOrderAsOneThread() throws {
        let pipelined = Fixture.temporaryTracePath("writer-pipelined")
        let oneThread = Fixture.temporaryTracePath("writer-one-thread")
        let statistics = try recordStory(to: pipelined, recordsPerChunk: 16, writerWritesDuringTheRun: false)
        _ = try recordStory(to: oneThread, recordsPerChunk: nil)

        XCTAssertGreaterThan(statistics.pipelinedBatches, 0, "the batches were large enough for the pipeline")
        let expected = try Self.rowsWithoutTimes(in: oneThread)
        let actual = try Self.rowsWithoutTimes(in: pipelined)
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        for (table, rows) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(actual[table], rows, "table \(table) differs: the pipeline changed a row, an id or the order")
        }
        XCTAssertGreaterThan(expected["call"]?.count ?? 0, 1_000)
        XCTAssertEqual(
            expected["call"]?.filter { $0.contains("open") }.count, 1, "the call left open inside a call that exited")
    }

    func testWhileAFlushWaits_theWritersBatchesRunAsAPipeline() throws {
        let recorder = try SQLiteTraceRecorder(
            path: Fixture.temporaryTracePath("writer-pipelined-for-a-flush"), program: "pipeline",
            isRecordingValues: true, bufferCapacity: 256, writerRecordsPerChunk: 16, writerWritesDuringTheRun: false)
        tellStory(to: recorder)

        recorder.flush()
        let flushed = recorder.writerStatistics
        try recorder.finish()

        XCTAssertGreaterThan(flushed.rows, 1_000, "the writer thread wrote the story for the flush")
        XCTAssertGreaterThan(flushed.pipelinedBatches, 0, "the program waited, so its cores were the writer's")
    }

    func testWhileTheProgramRuns_theWriterDecidesAndWritesOnItsOwnThread() throws {
        let recorder = try SQLiteTraceRecorder(
            path: Fixture.temporaryTracePath("writer-alone-while-running"), program: "pipeline",
            isRecordingValues: true, bufferCapacity: 256, writerRecordsPerChunk: 16)
        let storyRows = try rows(ofTheStoryFlushedBy: SQLiteTraceRecorder(
            path: Fixture.temporaryTracePath("writer-story-rows"), program: "pipeline",
            isRecordingValues: true, bufferCapacity: 256, writerRecordsPerChunk: 16))
        tellStory(to: recorder)

        // No flush: the writer catches up on its own while the "program" goes on.
        let started = Date()
        while recorder.writerStatistics.rows < storyRows, Date().timeIntervalSince(started) < 60 {
            usleep(5_000)
        }
        let whileRunning = recorder.writerStatistics
        try recorder.finish()

        XCTAssertEqual(whileRunning.rows, storyRows, "the writer thread wrote the story while the program ran")
        XCTAssertEqual(
            whileRunning.pipelinedBatches, 0, "no helper thread took a core from the program while it ran")
    }

    /// The rows the story makes, told to `recorder` and flushed.
    private func rows(ofTheStoryFlushedBy recorder: SQLiteTraceRecorder) throws -> Int {
        tellStory(to: recorder)
        recorder.flush()
        defer { try? recorder.finish() }
        return recorder.writerStatistics.rows
    }

    func testRun_consumesEveryChunkInTheOrderProduced_onTheCallingThread() throws {
        let caller = pthread_self()
        let producer = LockedState<pthread_t?>(nil)
        var consumed: [Int64] = []
        let cpu = try TraceWriterPipeline.run(
            depth: 2,
            produce: { deliver in
                producer.withLock { $0 = pthread_self() }
                for index in 0..<100 {
                    try deliver([.bagEntry(bag: Int64(index), disposable: 0)])
                }
            },
            consume: { chunk in
                XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0, "SQLite's half runs on the caller")
                guard case .bagEntry(let bag, _) = chunk.first else { return XCTFail("unexpected \(chunk)") }
                consumed.append(bag)
            }
        )

        XCTAssertEqual(consumed, Array(0..<100))
        XCTAssertEqual(pthread_equal(producer.withLock { $0 } ?? caller, caller), 0, "the rows are decided on a helper")
        XCTAssertNotNil(cpu, "the helper's CPU time is counted")
    }

    func testRun_whenWritingFails_stopsDecidingAndThrowsThatError() {
        struct DiskFull: Error {}
        let delivered = LockedState(0)
        let depth = 2
        XCTAssertThrowsError(
            try TraceWriterPipeline.run(
                depth: depth,
                produce: { deliver in
                    for _ in 0..<1_000 {
                        try deliver([.flushGathered])
                        delivered.withLock { $0 += 1 }
                    }
                },
                consume: { _ in throw DiskFull() }
            )
        ) { error in
            XCTAssertTrue(error is DiskFull, "\(error)")
        }
        XCTAssertLessThanOrEqual(
            delivered.withLock { $0 }, depth + 1, "the helper stops at its next delivery after the failure")
    }

    func testRun_marksTheHelperAsWritingForTheWriter_beforeItDecides_andNotTheCallingThread() throws {
        let helperMarks = LockedState<[Int32]>([])
        var callerMarks: [Int32] = []
        _ = try TraceWriterPipeline.run(
            depth: 2,
            produce: { deliver in
                for index in 0..<3 {
                    helperMarks.withLock { $0.append(rxtrace_is_writing_for_writer()) }
                    try deliver([.bagEntry(bag: Int64(index), disposable: 0)])
                }
            },
            consume: { _ in callerMarks.append(rxtrace_is_writing_for_writer()) }
        )

        XCTAssertEqual(helperMarks.withLock { $0 }, [1, 1, 1], "a crash on the helper must not wait for the writer")
        XCTAssertEqual(callerMarks, [0, 0, 0], "the writer's own thread is not its helper")
    }

    func testRun_reportsTheHelpersCPUTime() throws {
        let cpu = try TraceWriterPipeline.run(
            depth: 2,
            produce: { deliver in
                for index in 0..<1_000 {
                    try deliver([.bagEntry(bag: Int64(index), disposable: 0)])
                }
            },
            consume: { _ in }
        )

        XCTAssertGreaterThan(try XCTUnwrap(cpu, "a helper thread was made"), 0, "the helper's work took CPU time")
    }

    func testRun_whenNoThreadCanBeMade_decidesAndWritesOnTheCallingThread_andReportsNoHelper() throws {
        let caller = pthread_self()
        var producerThreads: [pthread_t] = []
        var producerMarks: [Int32] = []
        var consumed: [Int64] = []

        let cpu = try HelperThread.$isFailingToStartForTesting.withValue(true) {
            try TraceWriterPipeline.run(
                depth: 2,
                produce: { deliver in
                    for index in 0..<10 {
                        producerThreads.append(pthread_self())
                        producerMarks.append(rxtrace_is_writing_for_writer())
                        try deliver([.bagEntry(bag: Int64(index), disposable: 0)])
                    }
                },
                consume: { chunk in
                    guard case .bagEntry(let bag, _) = chunk.first else { return XCTFail("unexpected \(chunk)") }
                    consumed.append(bag)
                }
            )
        }

        XCTAssertNil(cpu, "no helper thread, so no helper CPU time")
        XCTAssertEqual(consumed, Array(0..<10))
        XCTAssertTrue(producerThreads.allSatisfy { pthread_equal($0, caller) != 0 }, "the rows are decided on the caller")
        XCTAssertEqual(producerMarks, Array(repeating: 0, count: 10), "the writer's own thread is not marked")
    }

    func testRun_whenNoThreadCanBeMade_andWritingFails_stopsDecidingAndThrowsThatError() {
        struct DiskFull: Error {}
        var delivered = 0

        XCTAssertThrowsError(
            try HelperThread.$isFailingToStartForTesting.withValue(true) {
                try TraceWriterPipeline.run(
                    depth: 2,
                    produce: { deliver in
                        for _ in 0..<1_000 {
                            try deliver([.flushGathered])
                            delivered += 1
                        }
                    },
                    consume: { _ in throw DiskFull() }
                )
            }
        ) { error in
            XCTAssertTrue(error is DiskFull, "\(error)")
        }
        XCTAssertEqual(delivered, 0, "the first failed write stops the deciding")
    }

    /// Records the story in a new trace and completes it; `writerWritesDuringTheRun: false`
    /// leaves every batch to the end, where it may run as a pipeline.
    private func recordStory(
        to path: String, recordsPerChunk: Int?, writerWritesDuringTheRun: Bool = true
    ) throws -> TraceWriterStatistics {
        let recorder = try SQLiteTraceRecorder(
            path: path, program: "pipeline", isRecordingValues: true, bufferCapacity: 256,
            writerRecordsPerChunk: recordsPerChunk, writerWritesDuringTheRun: writerWritesDuringTheRun)
        tellStory(to: recorder)
        try recorder.finish()
        return recorder.writerStatistics
    }

    /// Tells the same story through the hooks: objects, nested calls with events, a
    /// subscription that ends, a bag, an assembly and a tag, and a call left open inside one that
    /// exits; batches of at most 256 records.
    private func tellStory(to recorder: SQLiteTraceRecorder) {
        let bag = recorder.objectInitialized(DisposeBag.self)
        for index in 0..<400 {
            let source = recorder.objectInitialized(PublishSubject<Int>.self)
            recorder.observableAssembled(source, by: "map", at: CallSite(file: #fileID, line: 1))
            if index % 7 == 0 {
                recorder.observableTagged(source, as: "tag \(index)", at: CallSite(file: #fileID, line: 2))
            }
            let sink = recorder.objectInitialized(Int.self)
            let subscription = recorder.subscriptionStarted(
                observable: source, observer: sink, at: CallSite(file: #fileID, line: 3))
            let disposable = recorder.objectInitialized(String.self)
            recorder.subscriptionReturned(subscription, disposable: disposable)
            recorder.disposableInserted(disposable, into: bag)
            let outer = recorder.callEntered("Subject.on", object: source, detail: nil, file: #fileID, line: 4)
            let inner = recorder.callEntered("MapSink.on", object: sink, detail: "key \(index)", file: #fileID, line: 5)
            recorder.eventDelivered(.next, value: TraceValue(index), from: source, to: sink)
            let forward = recorder.callEntered(
                "Sink.forwardOn", object: sink, detail: TraceDetail(event: .next, value: TraceValue(index * 2)),
                file: #fileID, line: 6, deliveringTo: disposable)
            recorder.callExited(forward)
            recorder.callExited(inner)
            if index == 200 {
                _ = recorder.callEntered("Step.neverExits", object: sink, detail: nil, file: #fileID, line: 7)
            }
            recorder.callExited(outer)
            if index % 3 == 0 {
                recorder.subscriptionTerminated(subscription, by: .completed)
            } else {
                recorder.objectDisposed(disposable)
            }
            recorder.objectDeinitialized(sink)
            if index % 2 == 0 {
                recorder.objectDeinitialized(source)
            }
        }
    }

    /// Every table's rows in rowid order, each column as text, but for the columns that hold a
    /// time, which say only whether they are NULL ("open" for a call without a duration), and
    /// the callers' return addresses and lines, which differ between the two recordings' lines.
    private static func rowsWithoutTimes(in path: String) throws -> [String: [[String]]] {
        let database = try Database(path: path, mode: .readOnly)
        let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('run', 'caller_line')")
            .compactMap { $0.text("name") }
        var result: [String: [[String]]] = [:]
        for table in tables {
            let columns = try database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)])
                .compactMap { $0.text("name") }
            let selected = columns.enumerated().map { index, column in
                let value =
                    column == "dur"
                    ? "CASE WHEN dur IS NULL THEN 'open' ELSE 'closed' END"
                    : column.hasSuffix("ts") || column.hasSuffix("time") || column == "address"
                        ? "\(column) IS NULL" : "quote(\(column))"
                return "\(value) AS c\(index)"
            }
            result[table] = try database.rows("SELECT \(selected.joined(separator: ", ")) FROM \(table) ORDER BY rowid")
                .map { row in (0..<columns.count).map { row["c\($0)"].description } }
        }
        return result
    }
}
