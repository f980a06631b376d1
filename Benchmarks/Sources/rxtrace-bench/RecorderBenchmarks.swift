// T1 and T2: what recording costs, and what SQLite alone can write on this machine.

import Foundation
import RxCore
import RxTrace
import Workloads

/// One recorded run of a workload (T1).
struct RecordedRun: Codable {
    /// `run.record_count`: hook records written.
    let records: Int
    /// Rows inserted into `call`, `event`, `object` and `subscription`.
    let rows: Int
    /// From the workload's start until everything it recorded is committed (`flush()`
    /// returned): the rate the recorder sustains while the program runs.
    let sustainedSeconds: Double
    /// From the workload's start to `stop()` returning (final flush, indexes, leaving WAL).
    let endToEndSeconds: Double
    /// The producing thread's wall time in the workload, waits for the writer included.
    let producerWallSeconds: Double
    /// The producing thread's CPU time in the workload: waits not counted.
    let producerCPUSeconds: Double
    /// The same workload's wall time with no recorder, just before.
    let unrecordedSeconds: Double
    let buffer: BufferStatistics
}

/// T1 for one workload and T2, in rounds.
struct RecorderResult: Codable {
    struct Recorded: Codable {
        let name: String
        let runs: [RecordedRun]
    }

    let recorded: [Recorded]
    /// T2: rows per second, one per round.
    let sqliteRowsPerSecond: [Double]
}

/// The records T1's workloads run: sized so that one recorded run takes about a second.
private let recordedW1sCount = 20_000
private let recordedW2Cycles = 10_000

/// Runs T1 (W1s and W2 recorded) and T2 interleaved, `rounds` times.
func runRecorderBenchmarks(rounds: Int, log: (String) -> Void) throws -> RecorderResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let cases: [(name: String, run: () -> Int)] = [
        ("W1s recorded (\(grouped(recordedW1sCount)) elements)", { RxCoreWorkloads.w1s(count: recordedW1sCount) }),
        ("W2 recorded (\(grouped(recordedW2Cycles)) cycles)", { RxCoreWorkloads.w2(cycles: recordedW2Cycles) }),
    ]
    var runs: [[RecordedRun]] = Array(repeating: [], count: cases.count)
    var sqlite: [Double] = []
    // One warm-up round, not counted.
    for round in 0...rounds {
        log(round == 0 ? "recorder warm-up" : "recorder round \(round) of \(rounds)")
        for index in 0..<cases.count {
            let path = directory.appendingPathComponent("t1-\(index).sqlite").path
            let run = try recordedRun(path: path, cases[index].run)
            if round > 0 { runs[index].append(run) }
        }
        let rate = try sqliteRowsPerSecond(path: directory.appendingPathComponent("t2.sqlite").path, rows: 1_000_000)
        if round > 0 { sqlite.append(rate) }
    }
    return RecorderResult(
        recorded: zip(cases, runs).map { RecorderResult.Recorded(name: $0.0.name, runs: $0.1) },
        sqliteRowsPerSecond: sqlite
    )
}

/// Runs `workload` once unrecorded, then once recorded into a new trace at `path`.
private func recordedRun(path: String, _ workload: () -> Int) throws -> RecordedRun {
    let unrecorded = timed { workload() }
    let start = monotonicNanoseconds()
    let recording = try record(to: path, program: "rxtrace-bench")
    let cpuStart = threadCPUNanoseconds()
    let wallStart = monotonicNanoseconds()
    let checksum = workload()
    let producerWall = Double(monotonicNanoseconds() - wallStart) / 1e9
    let producerCPU = Double(threadCPUNanoseconds() - cpuStart) / 1e9
    recording.recorder.flush()
    let sustained = Double(monotonicNanoseconds() - start) / 1e9
    try recording.stop()
    let endToEnd = Double(monotonicNanoseconds() - start) / 1e9
    precondition(checksum == unrecorded.result, "recording changed what the subscriber received")

    let database = try Database(path: path, mode: .readOnly)
    let records = try database.scalar("SELECT record_count FROM run")?.integer ?? 0
    let rows = try database.scalar(
        """
        SELECT (SELECT count(*) FROM call) + (SELECT count(*) FROM event) + (SELECT count(*) FROM object)
            + (SELECT count(*) FROM subscription)
        """
    )?.integer ?? 0
    return RecordedRun(
        records: Int(records), rows: Int(rows), sustainedSeconds: sustained, endToEndSeconds: endToEnd, producerWallSeconds: producerWall,
        producerCPUSeconds: producerCPU, unrecordedSeconds: unrecorded.seconds,
        buffer: BufferStatistics(recording.recorder.bufferStatistics)
    )
}

/// T2: SQLite's own rate on this machine for rows shaped like the trace's `call` rows (ten
/// columns, every other one with a detail), through one prepared statement, 10,000 rows per
/// transaction, WAL and `synchronous = NORMAL`, as the recorder's writer does it.
private func sqliteRowsPerSecond(path: String, rows: Int) throws -> Double {
    for file in [path, path + "-wal", path + "-shm"] {
        unlink(file)
    }
    let database = try Database(path: path, mode: .readWriteCreate)
    try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
    try database.execute(TraceSchema.definition)
    let insert = try database.prepare(
        """
        INSERT INTO call (id, parent_id, depth, thread_id, site_id, object_id, detail, ts, dur, virtual_ts)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    )
    let batch = 10_000
    let elapsed = try timed {
        var id: Int64 = 1
        while id <= Int64(rows) {
            try database.transaction {
                for _ in 0..<batch {
                    insert.bind(id, at: 1)
                    insert.bind(id > 1 ? id - 1 : nil, at: 2)
                    insert.bind(id % 8, at: 3)
                    insert.bind(1, at: 4)
                    insert.bind(id % 40 + 1, at: 5)
                    insert.bind(id / 4 + 1, at: 6)
                    insert.bind(id % 2 == 0 ? "next(\(id))" : nil, at: 7)
                    insert.bind(id * 50, at: 8)
                    insert.bind(40, at: 9)
                    insert.bind(nil as Int64?, at: 10)
                    try insert.run()
                    id += 1
                }
            }
        }
    }.seconds
    return Double(rows) / elapsed
}
