// R1: how fast `rxtrace report` reads a large trace.

import Foundation
import RxCore
import RxTrace

/// R1's numbers.
struct ReportResult {
    let records: Int
    let subscriptions: Int
    let fileBytes: Int
    let generationSeconds: Double
    /// The subscription whose flows were shown.
    let subscription: Int
    /// `rxtrace report --summary --leaks`, one per run.
    let summaryAndLeaksSeconds: [Double]
    /// `rxtrace report --subscription N --flows`, one per run.
    let subscriptionFlowsSeconds: [Double]
    /// The reader API's `callTree(under:)` for that subscription's first call, one per run.
    let readerFlowSeconds: [Double]
}

/// Subscriptions never disposed in R1's trace, so that the leak report has something to say.
private let leakedSubscriptions = 5

/// Records a trace of about `records` records with the real recorder, then times the report
/// on it.
func runReportBenchmark(
    rxtrace: String, records: Int, keepingTraceAt kept: String?, log: (String) -> Void
) throws -> ReportResult {
    guard FileManager.default.isExecutableFile(atPath: rxtrace) else {
        throw ReportSetupError(message: "no rxtrace at \(rxtrace); build it with `swift build -c release --product rxtrace`")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-bench-r1-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = kept ?? directory.appendingPathComponent("large.sqlite").path

    log("R1: measuring records per cycle")
    let probe = try generateTrace(path: path, cycles: 2_000)
    let cycles = max(1, Int(Double(records) / Double(probe.records) * 2_000))
    log("R1: recording \(grouped(cycles)) cycles (about \(grouped(records)) records)")
    let trace = try generateTrace(path: path, cycles: cycles)

    let database = try Database(path: path, mode: .readOnly)
    let subscriptions = Int(try database.scalar("SELECT count(*) FROM subscription")?.integer ?? 0)
    let subscription = subscriptions / 2
    let reader = try TraceReader(path: path)
    let firstCall = try database.scalar("SELECT call_id FROM subscription WHERE id = ?", [.integer(Int64(subscription))])?
        .integer ?? 1
    let root = try reader.rootCall(of: firstCall)

    var summaries: [Double] = []
    var flows: [Double] = []
    var readerFlows: [Double] = []
    for round in 0...5 {
        log("R1: report round \(round) of 5")
        let summary = try timed { try runQuietly(rxtrace, ["report", "--summary", "--leaks", path]) }.seconds
        let flow = try timed {
            try runQuietly(rxtrace, ["report", "--subscription", String(subscription), "--flows", path])
        }.seconds
        let readerFlow = try timed { try reader.callTree(under: root).count }.seconds
        if round > 0 {
            summaries.append(summary)
            flows.append(flow)
            readerFlows.append(readerFlow)
        }
    }
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return ReportResult(
        records: trace.records, subscriptions: subscriptions, fileBytes: size, generationSeconds: trace.seconds,
        subscription: subscription, summaryAndLeaksSeconds: summaries, subscriptionFlowsSeconds: flows,
        readerFlowSeconds: readerFlows
    )
}

/// Records `cycles` cycles of typical Rx use into a new trace at `path`: each cycle subscribes
/// `just.map.filter` and disposes it, and every tenth also sends three events through a
/// subject's `map` and completes it; a few subscriptions are never disposed (leaks).
private func generateTrace(path: String, cycles: Int) throws -> (records: Int, seconds: Double) {
    let elapsed = try timed {
        let recording = try record(to: path, program: "rxtrace-bench-r1")
        var sum = 0
        var leaked: [(PublishSubject<Int>, Disposable)] = []
        for cycle in 0..<cycles {
            let subscription = Observable.just(cycle).map { $0 + 1 }.filter { $0 % 2 == 0 }
                .subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            if cycle % 10 == 0 {
                let subject = PublishSubject<Int>()
                let mapped = subject.map { $0 * 2 }.subscribe(onNext: { sum &+= $0 })
                for value in 0..<3 {
                    subject.onNext(value)
                }
                if leaked.count < leakedSubscriptions, cycle % 1_000 == 0 {
                    leaked.append((subject, mapped))
                } else {
                    subject.onCompleted()
                    mapped.dispose()
                }
            }
        }
        try recording.stop()
        withExtendedLifetime(leaked) {}
    }.seconds
    let database = try Database(path: path, mode: .readOnly)
    return (Int(try database.scalar("SELECT record_count FROM run")?.integer ?? 0), elapsed)
}

/// Runs `executable` with its output thrown away; throws unless it exits with 0.
///
/// Spawns with `posix_spawn` and waits with `waitpid`: Foundation's `Process.waitUntilExit`
/// on Linux polls its run loop every 50 ms, which put ~40 ms of waiting into every timing.
private func runQuietly(_ executable: String, _ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
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

/// R1 could not start.
struct ReportSetupError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
