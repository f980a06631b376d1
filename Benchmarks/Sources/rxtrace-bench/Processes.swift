// Measuring in several processes: the runner starts itself once per process, in turn; each
// one measures every row and writes what it found as JSON, and the runner combines them. A
// number that only one process's memory layout, code placement or neighbour produced then
// shows as spread instead of passing for the result.

import Foundation
import RxTrace
import Workloads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one measuring process found.
struct ProcessResults: Codable {
    /// ns per operation of each counted round, by workload name, then library name.
    var libraries: [String: [String: [Double]]] = [:]
    var recorder: RecorderResult?
    var traceReport: ReportResult?
}

/// `[bench 2/3]` in the second of three measuring processes, `[bench]` otherwise: progress
/// lines say which process wrote them.
let logPrefix: String = {
    let arguments = CommandLine.arguments
    func value(after flag: String) -> Int? {
        arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    }
    guard let index = value(after: "--process-index"), let count = value(after: "--process-count") else {
        return "[bench]"
    }
    return "[bench \(index + 1)/\(count)]"
}()

/// Measures every row in this process: the checksums, the interleaved rounds, T1 and T2, R1.
func measure(_ workloads: [Workload], options: Options) throws -> ProcessResults {
    log("checking that every library's subscriber receives the same thing")
    try verifyChecksums(workloads)
    var results = ProcessResults()
    let libraries = try runLibraryBenchmarks(
        workloads, rounds: options.rounds, warmUpRounds: options.warmUpRounds, sampleSeconds: options.sampleSeconds,
        rotation: options.processIndex, log: log
    )
    for result in libraries {
        guard let samples = result.processes.first else { continue }
        results.libraries[result.workload.name] = Dictionary(
            uniqueKeysWithValues: samples.map { ($0.key.rawValue, $0.value) }
        )
    }
    if options.runsRecorder {
        results.recorder = try runRecorderBenchmarks(rounds: max(3, options.rounds / 2), log: log)
    }
    if options.runsReport {
        results.traceReport = try runReportBenchmark(
            rxtrace: options.rxtracePath, records: options.reportRecords, keepingTraceAt: options.reportTrace, log: log
        )
    }
    return results
}

/// Starts this executable `options.processes` times, one after the other (never two at once:
/// they would share the cores), each measuring every row, and returns what each found.
func measureInProcesses(options: Options) throws -> [ProcessResults] {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-bench-processes-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    // The same command line, less `--processes N`, plus where to write and which process it is.
    var arguments: [String] = []
    var remaining = CommandLine.arguments.dropFirst()[...]
    while let argument = remaining.popFirst() {
        if argument == "--processes" {
            _ = remaining.popFirst()
        } else {
            arguments.append(argument)
        }
    }
    var results: [ProcessResults] = []
    for index in 0..<options.processes {
        let path = directory.appendingPathComponent("process-\(index).json").path
        log("starting measuring process \(index + 1) of \(options.processes)")
        try runProcess(
            executable,
            arguments + [
                "--child-results", path, "--process-index", String(index), "--process-count", String(options.processes),
            ]
        )
        results.append(try JSONDecoder().decode(ProcessResults.self, from: Data(contentsOf: URL(fileURLWithPath: path))))
    }
    return results
}

/// Writes `results` as JSON to `path`, for the process that started this one.
func write(_ results: ProcessResults, to path: String) throws {
    try JSONEncoder().encode(results).write(to: URL(fileURLWithPath: path))
}

extension Report {
    /// Takes in what every process found: the libraries' rounds per process; T1, T2 and R1's
    /// runs pooled (their cells are the median and min–max of all runs of all processes).
    mutating func combine(_ processes: [ProcessResults], workloads: [Workload]) {
        processCount = processes.count
        libraries = workloads.map { workload in
            WorkloadResult(
                workload: workload,
                processes: processes.map { process in
                    var samples: [Library: [Double]] = [:]
                    for (name, rounds) in process.libraries[workload.name] ?? [:] {
                        if let library = Library(rawValue: name) { samples[library] = rounds }
                    }
                    return samples
                }
            )
        }
        let recorders = processes.compactMap(\.recorder)
        if let first = recorders.first {
            recorder = RecorderResult(
                recorded: first.recorded.indices.map { index in
                    RecorderResult.Recorded(
                        name: first.recorded[index].name,
                        runs: recorders.flatMap { $0.recorded.indices.contains(index) ? $0.recorded[index].runs : [] }
                    )
                },
                sqliteRowsPerSecond: recorders.flatMap(\.sqliteRowsPerSecond)
            )
        }
        let reports = processes.compactMap(\.traceReport)
        if let first = reports.first {
            traceReport = ReportResult(
                records: first.records, subscriptions: first.subscriptions, fileBytes: first.fileBytes,
                generationSeconds: Summary(reports.map(\.generationSeconds)).median, subscription: first.subscription,
                summaryAndLeaksSeconds: reports.flatMap(\.summaryAndLeaksSeconds),
                subscriptionFlowsSeconds: reports.flatMap(\.subscriptionFlowsSeconds),
                htmlSeconds: reports.flatMap(\.htmlSeconds),
                whySeconds: reports.flatMap(\.whySeconds),
                readerFlowSeconds: reports.flatMap(\.readerFlowSeconds)
            )
        }
    }
}

/// `TraceBufferStatistics`'s numbers in a form a measuring process can send as JSON.
struct BufferStatistics: Codable {
    let capacity: Int
    let recordStride: Int
    let highWaterMark: Int
    let producerWaits: Int
    let appendedRecords: Int

    /// The bytes of the ring, allocated when the recording starts.
    var allocatedBytes: Int { capacity * recordStride }

    init(_ statistics: TraceBufferStatistics) {
        capacity = statistics.capacity
        recordStride = statistics.recordStride
        highWaterMark = statistics.highWaterMark
        producerWaits = statistics.producerWaits
        appendedRecords = statistics.appendedRecords
    }
}

// MARK: - Starting programs

/// Runs `executable` (looked up in `PATH` unless it holds a `/`) and waits for it; throws
/// unless it exits with 0. Its standard output goes to `standardOutput` (`nil`: this
/// process's), its standard error to `standardError` (`nil`: this process's).
///
/// Spawns with `posix_spawnp` and waits with `waitpid`: Foundation's `Process.waitUntilExit`
/// on Linux polls its run loop every 50 ms, which put ~40 ms of waiting into R1's timings.
func runProcess(
    _ executable: String, _ arguments: [String], standardOutput: String? = nil, standardError: String? = nil
) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardOutput {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    if let standardError {
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    var status: Int32 = 0
    if spawned == 0 {
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    }
    // Exited normally with status 0: the low 7 bits (the signal) and the exit code are 0.
    guard spawned == 0, status == 0 else {
        throw CommandFailed(
            command: ([executable] + arguments).joined(separator: " "), status: spawned == 0 ? status : spawned
        )
    }
}
