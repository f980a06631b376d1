// The benchmark runner of issue 3: see Benchmarks/README.md for what each row means.

import Foundation
import Workloads

/// Progress goes to standard error, so standard output holds the table alone.
func log(_ message: String) {
    FileHandle.standardError.write(Data("[bench] \(message)\n".utf8))
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("rxtrace-bench: \(error.message)\n\(Options.usage)\n".utf8))
    exit(2)
}

if let profile = options.profile {
    // One variant, once, and nothing else: what `valgrind --tool=callgrind` should count.
    let parts = profile.split(separator: "/").map(String.init)
    guard parts.count == 2, let workload = allWorkloads.first(where: { $0.name == parts[0] }),
        let library = Library(rawValue: parts[1]), let variant = workload.variants[library]
    else {
        FileHandle.standardError.write(Data("rxtrace-bench: no variant \(profile)\n".utf8))
        exit(2)
    }
    print(variant())
    exit(0)
}

let workloads = allWorkloads.filter { options.workloads.isEmpty || options.workloads.contains($0.name) }
var report = Report(options: options)

do {
    log("checking that every library's subscriber receives the same thing")
    try verifyChecksums(workloads)
    report.allocations = try countAllocations(only: options.workloads)
    report.libraries = try runLibraryBenchmarks(
        workloads, rounds: options.rounds, warmUpRounds: options.warmUpRounds,
        sampleSeconds: options.sampleSeconds, log: log
    )
    if options.runsRecorder {
        report.recorder = try runRecorderBenchmarks(rounds: max(3, options.rounds / 2), log: log)
    }
    if options.runsReport {
        report.traceReport = try runReportBenchmark(
            rxtrace: options.rxtracePath, records: options.reportRecords, keepingTraceAt: options.reportTrace, log: log
        )
    }
} catch {
    FileHandle.standardError.write(Data("rxtrace-bench: \(error)\n".utf8))
    exit(1)
}
print(report.render(), terminator: "")
