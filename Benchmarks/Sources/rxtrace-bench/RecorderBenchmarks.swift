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
    /// The same workload's wall time with no recorder, just before: the least of three runs.
    let unrecordedSeconds: Double
    /// The same workload's CPU time with no recorder, the least of the same three runs.
    let unrecordedCPUSeconds: Double
    let buffer: BufferStatistics
    /// The process's peak resident memory from just before the recording started until
    /// `stop()` returned (`VmHWM`, reset through `/proc/self/clear_refs`), in bytes.
    let peakResidentBytes: Int
    /// The process's resident memory just before the recording started, in bytes.
    let residentBytesBefore: Int
    /// From `stop()` called to `stop()` returning.
    let stopSeconds: Double
    /// `stop()`'s time by phase, in the order they ran: `"rest of the spool"` (from `stop()`
    /// called until the writer began completing the trace: the spool's last batches), then the
    /// writer's completion phases (``TraceWriterStatistics/Phase``).
    let stopPhases: [StopPhase]
    /// Rows the writer wrote per second of its own writing time (its batches, not waits).
    let writerRowsPerSecond: Double
    /// Rows the writer wrote per second of its own CPU time.
    let writerRowsPerCPUSecond: Double

    /// One phase of `stop()` and its wall time.
    struct StopPhase: Codable {
        let name: String
        let seconds: Double
    }

    /// Hook records per second of `stop()`'s wall time: what the spooler and the writer
    /// together turned into rows, from the first record to the complete trace.
    var writerRecordsPerSecond: Double { Double(records) / endToEndSeconds }
    /// Producer wall time ÷ unrecorded wall time: what recording costs the program's thread.
    var producerSlowdown: Double { producerWallSeconds / unrecordedSeconds }
    /// Until `stop()` returned ÷ unrecorded wall time: when the trace is complete.
    var endToEndSlowdown: Double { endToEndSeconds / unrecordedSeconds }
    /// Producer CPU per record, the workload's own work included.
    var producerCPUPerRecord: Double { producerCPUSeconds * 1e9 / Double(records) }
    /// Producer CPU per record minus the unrecorded run's: the hooks' own cost. Both are the
    /// thread's CPU clock, so time the thread waited or was descheduled counts in neither.
    var hookCPUPerRecord: Double { (producerCPUSeconds - unrecordedCPUSeconds) * 1e9 / Double(records) }
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
/// `RXTRACE_DETAIL=events` is for long runs, and its W1s run is 3 records per element: ten
/// times longer, so that creating and completing the file do not make most of its time.
private let recordedW1sEventsCount = 200_000
/// The same W1s at the default detail, ten times longer: what the ratio is once `stop()`'s
/// fixed costs weigh less (issue 23 asks for both).
private let recordedW1sLongCount = 200_000
/// Threads producing at once in the memory case, and the elements each sends.
private let producingThreads = 8
private let recordedW1sPerThreadCount = 5_000

/// Runs T1 (W1s and W2 recorded) and T2 interleaved, `rounds` times.
func runRecorderBenchmarks(rounds: Int, log: (String) -> Void) throws -> RecorderResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let cases: [(name: String, detail: RecordingDetail, run: () -> Int)] = [
        (
            "W1s recorded (\(grouped(recordedW1sCount)) elements)", .calls,
            { RxCoreWorkloads.w1s(count: recordedW1sCount) }
        ),
        (
            "W1s recorded, RXTRACE_DETAIL=events (\(grouped(recordedW1sEventsCount)) elements)", .events,
            { RxCoreWorkloads.w1s(count: recordedW1sEventsCount) }
        ),
        ("W2 recorded (\(grouped(recordedW2Cycles)) cycles)", .calls, { RxCoreWorkloads.w2(cycles: recordedW2Cycles) }),
        (
            "W1s recorded, a longer run (\(grouped(recordedW1sLongCount)) elements)", .calls,
            { RxCoreWorkloads.w1s(count: recordedW1sLongCount) }
        ),
        (
            "W1s recorded on \(producingThreads) threads at once (\(grouped(recordedW1sPerThreadCount)) elements each)",
            .calls, { onThreads(producingThreads) { RxCoreWorkloads.w1s(count: recordedW1sPerThreadCount) } }
        ),
    ]
    var runs: [[RecordedRun]] = Array(repeating: [], count: cases.count)
    var sqlite: [Double] = []
    // One warm-up round, not counted.
    for round in 0...rounds {
        log(round == 0 ? "recorder warm-up" : "recorder round \(round) of \(rounds)")
        for index in 0..<cases.count {
            let path = directory.appendingPathComponent("t1-\(index).sqlite").path
            let run = try recordedRun(path: path, detail: cases[index].detail, cases[index].run)
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

/// Runs `work` on `count` new threads at once; returns the sum of what they returned once all
/// are done.
private func onThreads(_ count: Int, _ work: @escaping @Sendable () -> Int) -> Int {
    let results = LockedResults()
    let group = DispatchGroup()
    for _ in 0..<count {
        group.enter()
        Thread.detachNewThread {
            results.add(work())
            group.leave()
        }
    }
    group.wait()
    return results.total
}

/// The sum of the threads' results, added under a lock.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0

    func add(_ value: Int) {
        lock.withLock { sum += value }
    }

    var total: Int { lock.withLock { sum } }
}

/// The process's resident memory now (`VmRSS`) or at its peak (`VmHWM`), in bytes.
private func residentBytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
    return 0
}

/// Sets the process's peak resident memory (`VmHWM`) back to what it holds now.
private func resetPeakResidentBytes() {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return }
    fputs("5", file)
    fclose(file)
}

/// Runs `workload` three times unrecorded, then once recorded at `detail` into a new trace at
/// `path`.
private func recordedRun(path: String, detail: RecordingDetail, _ workload: () -> Int) throws -> RecordedRun {
    var unrecordedWall = Double.infinity
    var unrecordedCPU = Double.infinity
    var expected = 0
    for _ in 0..<3 {
        let cpuStart = threadCPUNanoseconds()
        let run = timed { workload() }
        unrecordedCPU = min(unrecordedCPU, Double(threadCPUNanoseconds() - cpuStart) / 1e9)
        unrecordedWall = min(unrecordedWall, run.seconds)
        expected = run.result
    }
    let residentBefore = residentBytes("VmRSS")
    resetPeakResidentBytes()
    let start = monotonicNanoseconds()
    let recording = try record(to: path, program: "rxtrace-bench", detail: detail)
    let cpuStart = threadCPUNanoseconds()
    let wallStart = monotonicNanoseconds()
    let checksum = workload()
    let producerWall = Double(monotonicNanoseconds() - wallStart) / 1e9
    let producerCPU = Double(threadCPUNanoseconds() - cpuStart) / 1e9
    recording.recorder.flush()
    let sustained = Double(monotonicNanoseconds() - start) / 1e9
    let stopStart = monotonicNanoseconds()
    try recording.stop()
    let endToEnd = Double(monotonicNanoseconds() - start) / 1e9
    let stopSeconds = Double(monotonicNanoseconds() - stopStart) / 1e9
    let peakResident = residentBytes("VmHWM")
    let writer = recording.recorder.writerStatistics
    precondition(checksum == expected, "recording changed what the subscriber received")

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
        producerCPUSeconds: producerCPU, unrecordedSeconds: unrecordedWall, unrecordedCPUSeconds: unrecordedCPU,
        buffer: BufferStatistics(recording.recorder.bufferStatistics), peakResidentBytes: peakResident,
        residentBytesBefore: residentBefore, stopSeconds: stopSeconds, stopPhases: stopPhases(writer, stopStart: stopStart),
        writerRowsPerSecond: writer.rowsPerSecond, writerRowsPerCPUSecond: writer.rowsPerCPUSecond
    )
}

/// `stop()`'s phases from the writer's statistics: the rest of the spool (from `stopStart`
/// until the writer began completing the trace), then each completion phase.
private func stopPhases(_ writer: TraceWriterStatistics, stopStart: UInt64) -> [RecordedRun.StopPhase] {
    let rest = writer.completionStart.map { max(0, Double($0 - Int64(stopStart)) / 1e9) } ?? 0
    return [RecordedRun.StopPhase(name: "rest of the spool", seconds: rest)]
        + writer.completion.map { RecordedRun.StopPhase(name: $0.name, seconds: Double($0.nanoseconds) / 1e9) }
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
        INSERT INTO call (id, parent_id, depth, thread_id, step_id, object_id, detail, ts, dur, virtual_ts)
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

// MARK: - The table

/// T1 and T2 as a Markdown table: per run, the two slowdowns the recorder's targets are about
/// (the producing thread, and until `stop()` returned, each ÷ the unrecorded run), producer CPU
/// per record with and without the workload's own work, then the writer's rates.
func renderRecorderTable(_ recorder: RecorderResult, processCount: Int = 1) -> String {
    var out = "\n### Recorder on (T1) and SQLite alone (T2): median (min–max) of \(recorder.sqliteRowsPerSecond.count) rounds"
    out += processCount > 1 ? " (\(processCount) processes' rounds together)\n\n" : "\n\n"
    let sqlite = Summary(recorder.sqliteRowsPerSecond)
    func cell(_ summary: Summary, _ digits: Int = 1, _ unit: String = "") -> String {
        "\(format(summary.median, digits))\(unit) (\(format(summary.minimum, digits))–\(format(summary.maximum, digits)))"
    }
    out += "| run | records | ring records | rows | producer wall ÷ unrecorded | end to end ÷ unrecorded | producer CPU ns/record "
    out += "| hooks' CPU ns/record | end to end, s | sustained rows/s ÷ T2 | rows/s ÷ T2 (end to end) "
    out += "| writer records/s (end to end) | peak RSS − RSS before, MB | ring peak / capacity (bytes) "
    out += "| producer waits |\n"
    out += "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n"
    for recorded in recorder.recorded {
        let runs = recorded.runs
        let records = Summary(runs.map { Double($0.records) })
        let peak = runs.map(\.buffer.highWaterMark).max() ?? 0
        let buffer = runs[0].buffer
        let ringRecords = Summary(runs.map { Double($0.buffer.appendedRecords) })
        out += "| \(recorded.name) | \(grouped(Int(records.median))) | \(grouped(Int(ringRecords.median))) "
        out += "| \(grouped(runs[0].rows)) "
        out += "| \(cell(Summary(runs.map(\.producerSlowdown)), 1, "×")) "
        out += "| \(cell(Summary(runs.map(\.endToEndSlowdown)), 1, "×")) "
        // The CPU clock is the calling thread's: with several producing threads it measures none.
        let isOnOneThread = !recorded.name.contains("threads at once")
        out += isOnOneThread ? "| \(cell(Summary(runs.map(\.producerCPUPerRecord)))) " : "| – "
        out += isOnOneThread ? "| \(cell(Summary(runs.map(\.hookCPUPerRecord)))) " : "| – "
        out += "| \(cell(Summary(runs.map(\.endToEndSeconds)), 3)) "
        out += "| \(format(Summary(runs.map { Double($0.rows) / $0.sustainedSeconds }).median / sqlite.median * 100, 0))% "
        out += "| \(format(Summary(runs.map { Double($0.rows) / $0.endToEndSeconds }).median / sqlite.median * 100, 0))% "
        out += "| \(grouped(Int(Summary(runs.map(\.writerRecordsPerSecond)).median))) "
        out += "| \(cell(Summary(runs.map { Double($0.peakResidentBytes - $0.residentBytesBefore) / 1e6 }))) "
        out += "| \(grouped(peak)) / \(grouped(buffer.capacity)) (\(grouped(peak * buffer.recordStride)) of "
        out += "\(grouped(buffer.allocatedBytes))) | \(grouped(Int(Summary(runs.map { Double($0.buffer.producerWaits) }).median))) |\n"
    }
    out += "| T2 SQLite alone: call-shaped rows, one prepared statement, 10,000 rows per transaction, WAL "
    out += "| – | – | 1,000,000 | – | – | – | – | – | \(grouped(Int(sqlite.median))) rows/s (\(grouped(Int(sqlite.minimum)))–"
    out += "\(grouped(Int(sqlite.maximum)))) | 100% | – | – | – | – |\n"
    out += renderStopTable(recorder)
    return out
}

/// Where `stop()`'s time goes, per T1 row: each phase's median (min–max) in ms, and the
/// writer's rows per second of its own writing time.
func renderStopTable(_ recorder: RecorderResult) -> String {
    let names = recorder.recorded.first?.runs.first?.stopPhases.map(\.name) ?? []
    guard !names.isEmpty else { return "" }
    var out = "\n#### Where `stop()` goes (ms, median (min–max) over the same rounds)\n\n"
    out += "| run | `stop()` | " + names.joined(separator: " | ") +  " | writer rows/s (its own writing time) | writer rows per CPU second |\n"
    out += "|---|" + String(repeating: "--:|", count: names.count + 3) + "\n"
    for recorded in recorder.recorded {
        let runs = recorded.runs
        func cell(_ values: [Double]) -> String {
            let summary = Summary(values)
            return "\(format(summary.median * 1e3, 1)) (\(format(summary.minimum * 1e3, 1))–\(format(summary.maximum * 1e3, 1)))"
        }
        out += "| \(recorded.name) | \(cell(runs.map(\.stopSeconds))) "
        for name in names {
            out += "| \(cell(runs.map { $0.stopPhases.first { $0.name == name }?.seconds ?? 0 })) "
        }
        out += "| \(grouped(Int(Summary(runs.map(\.writerRowsPerSecond)).median))) "
        out += "| \(grouped(Int(Summary(runs.map(\.writerRowsPerCPUSecond)).median))) |\n"
    }
    return out
}

/// The recorder's targets (issue 23): label, measured median, limit (a most), and unit. W1s at
/// the default detail: the producer within 4×, the trace complete within 30×; with
/// `RXTRACE_DETAIL=events`, 2× and 10×; with 8 threads producing at once, the process's peak
/// memory under 256 MB more than before the recording.
func recorderTargets(_ recorder: RecorderResult) -> [(label: String, value: Double, limit: Double, unit: String)] {
    recorder.recorded.flatMap { recorded -> [(label: String, value: Double, limit: Double, unit: String)] in
        let runs = recorded.runs
        let producer = Summary(runs.map(\.producerSlowdown)).median
        let endToEnd = Summary(runs.map(\.endToEndSlowdown)).median
        if recorded.name.contains("threads at once") {
            let peak = Summary(runs.map { Double($0.peakResidentBytes - $0.residentBytesBefore) / 1e6 }).median
            return [("\(recorded.name): peak RSS − RSS before", peak, 256, " MB")]
        }
        if recorded.name.hasPrefix("W1s recorded, RXTRACE_DETAIL=events") {
            return [
                ("\(recorded.name): producer wall ÷ unrecorded", producer, 2, "×"),
                ("\(recorded.name): end to end ÷ unrecorded", endToEnd, 10, "×"),
            ]
        }
        if recorded.name.hasPrefix("W1s recorded ("), !recorded.name.contains("threads") {
            return [
                ("\(recorded.name): producer wall ÷ unrecorded", producer, 4, "×"),
                ("\(recorded.name): end to end ÷ unrecorded", endToEnd, 30, "×"),
            ]
        }
        return []
    }
}

/// The recording detail a `--profile W/recorded` (`calls`) or `W/recorded-events` (`events`)
/// variant asks for; `nil` for a library's name.
func profiledRecordingDetail(_ variant: String) -> RecordingDetail? {
    switch variant {
    case "recorded": .calls
    case "recorded-events": .events
    default: nil
    }
}

/// T1's recorded run of workload `name` at `detail` (W1s only: 20,000 elements, 200,000 with
/// `events`), or `nil`.
func recordedWorkload(named name: String, detail: RecordingDetail) -> (() -> Int)? {
    guard name == "W1s" else { return nil }
    let count = detail == .events ? recordedW1sEventsCount : recordedW1sCount
    return { RxCoreWorkloads.w1s(count: count) }
}

/// Runs `workload` once with a recording at `detail` into a temporary trace, up to `stop()`
/// returning, and removes the trace; returns the workload's checksum. What `--profile
/// W1s/recorded` runs under a profiler.
func runRecorded(_ workload: () -> Int, detail: RecordingDetail, keepingTraceAt kept: String? = nil) throws -> Int {
    let path = NSTemporaryDirectory() + "rxtrace-bench-profile-\(getpid()).sqlite"
    let recording = try record(to: path, program: "rxtrace-bench", detail: detail)
    let checksum = workload()
    let stopStart = monotonicNanoseconds()
    try recording.stop()
    let stopSeconds = Double(monotonicNanoseconds() - stopStart) / 1e9
    let writer = recording.recorder.writerStatistics
    let phases = stopPhases(writer, stopStart: stopStart).map { "\($0.name) \(format($0.seconds * 1e3, 1))" }
    FileHandle.standardError.write(
        Data(
            ("stop() \(format(stopSeconds * 1e3, 1)) ms: " + phases.joined(separator: ", ")
                + "; writer \(grouped(writer.rows)) rows at \(grouped(Int(writer.rowsPerSecond))) rows/s of its own time, "
                + "\(grouped(Int(writer.rowsPerCPUSecond))) per CPU second\n")
                .utf8))
    if let kept {
        unlink(kept)
        rename(path, kept)
    }
    for file in [path, path + "-wal", path + "-shm"] {
        unlink(file)
    }
    return checksum
}
