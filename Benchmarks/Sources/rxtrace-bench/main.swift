// The benchmark runner of issue 3: see Benchmarks/README.md for what each row means.

import Foundation
import Workloads

/// Progress goes to standard error, so standard output holds the table alone.
func log(_ message: String) {
    FileHandle.standardError.write(Data("\(logPrefix) \(message)\n".utf8))
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("rxtrace-bench: \(error.message)\n\(Options.usage)\n".utf8))
    exit(2)
}

if let profile = options.profile {
    // One variant, `--repeat` times, and nothing else: what a profiler or `--count` looks at.
    let parts = profile.split(separator: "/").map(String.init)
    if parts.count == 2, let detail = profiledRecordingDetail(parts[1]),
        let variant = recordedWorkload(named: parts[0], detail: detail)
    {
        // `W1s/recorded`: the RxCore variant with the recorder on, what the recorder's profile looks at.
        do {
            if options.producerRatioPairs > 0 {
                try printProducerRatios(of: variant, detail: detail, pairs: options.producerRatioPairs)
                exit(0)
            }
            for _ in 0..<options.profileRepeats {
                print(try runRecorded(variant, detail: detail, keepingTraceAt: options.keptTrace))
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("rxtrace-bench: \(error)\n".utf8))
            exit(1)
        }
    }
    guard parts.count == 2, let workload = allWorkloads.first(where: { $0.name == parts[0] }),
        let library = Library(rawValue: parts[1]), let variant = workload.variants[library]
    else {
        FileHandle.standardError.write(Data("rxtrace-bench: no variant \(profile)\n".utf8))
        exit(2)
    }
    for _ in 0..<options.profileRepeats {
        print(variant())
    }
    exit(0)
}

let workloads = allWorkloads.filter { options.workloads.isEmpty || options.workloads.contains($0.name) }

if let counted = options.countedWorkloads {
    let countedWorkloads = allWorkloads.filter { counted.isEmpty || counted.contains($0.name) }
    do {
        let counts = try countInstructions(countedWorkloads, log: log)
        print(renderInstructionCounts(counts, workloads: countedWorkloads), terminator: "")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("rxtrace-bench: \(error)\n".utf8))
        exit(1)
    }
}

do {
    if let path = options.childResultsPath {
        // A measuring process the runner started: it measures and reports back, and prints nothing.
        try write(try measure(workloads, options: options), to: path)
        exit(0)
    }
    var report = Report(options: options)
    report.allocations = try countAllocations(only: options.workloads)
    let results = options.processes == 1
        ? [try measure(workloads, options: options)] : try measureInProcesses(options: options)
    report.combine(results, workloads: workloads)
    print(report.render(), terminator: "")
} catch {
    FileHandle.standardError.write(Data("rxtrace-bench: \(error)\n".utf8))
    exit(1)
}
