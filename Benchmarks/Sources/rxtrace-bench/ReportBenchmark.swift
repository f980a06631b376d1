// R1: how fast `rxtrace report` reads a large trace.

import Foundation
import RxCore
import RxTrace

/// R1's numbers.
struct ReportResult: Codable {
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
    /// `rxtrace report --format html -o FILE`, one per run.
    let htmlSeconds: [Double]
    /// `rxtrace why --subscription N --nth 1`, one per run.
    let whySeconds: [Double]
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

    let page = directory.appendingPathComponent("report.html").path
    var summaries: [Double] = []
    var flows: [Double] = []
    var pages: [Double] = []
    var whys: [Double] = []
    var readerFlows: [Double] = []
    for round in 0...5 {
        log("R1: report round \(round) of 5")
        let summary = try timed { try runQuietly(rxtrace, ["report", "--summary", "--leaks", path]) }.seconds
        let flow = try timed {
            try runQuietly(rxtrace, ["report", "--subscription", String(subscription), "--flows", path])
        }.seconds
        let html = try timed { try runQuietly(rxtrace, ["report", "--format", "html", "-o", page, path]) }.seconds
        let why = try timed {
            try runQuietly(rxtrace, ["why", path, "--subscription", String(subscription), "--nth", "1"])
        }.seconds
        let readerFlow = try timed { try reader.callTree(under: root).count }.seconds
        if round > 0 {
            summaries.append(summary)
            flows.append(flow)
            pages.append(html)
            whys.append(why)
            readerFlows.append(readerFlow)
        }
    }
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return ReportResult(
        records: trace.records, subscriptions: subscriptions, fileBytes: size, generationSeconds: trace.seconds,
        subscription: subscription, summaryAndLeaksSeconds: summaries, subscriptionFlowsSeconds: flows,
        htmlSeconds: pages, whySeconds: whys, readerFlowSeconds: readerFlows
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
private func runQuietly(_ executable: String, _ arguments: [String]) throws {
    try runProcess(executable, arguments, standardOutput: "/dev/null")
}

/// R1 could not start.
struct ReportSetupError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
