// The interleaved comparison: every workload's variants, round after round, in a rotating order.

import Workloads

/// One workload's timings per library, in ns per operation, from one or more processes.
struct WorkloadResult {
    let workload: Workload
    /// Per process, each counted round's ns per operation, by library.
    let processes: [[Library: [Double]]]

    /// The cell: from several processes, the median of the processes' medians and their
    /// minimum and maximum; from one, the median, minimum and maximum of its rounds.
    func summary(_ library: Library) -> Summary? {
        let perProcess = processes.compactMap { $0[library] }.filter { !$0.isEmpty }
        guard !perProcess.isEmpty else { return nil }
        if perProcess.count == 1 { return Summary(perProcess[0]) }
        return Summary(perProcess.map { Summary($0).median })
    }

    /// The ratio of two libraries' medians (as ``summary(_:)`` gives them), if both ran.
    func ratio(_ numerator: Library, to denominator: Library) -> Double? {
        guard let top = summary(numerator), let bottom = summary(denominator) else { return nil }
        return top.median / bottom.median
    }

    /// With several processes, the spread of the ratio each process measured on its own
    /// medians; `nil` with one process, or when a library did not run.
    func processRatios(_ numerator: Library, to denominator: Library) -> Summary? {
        let ratios = processes.compactMap { samples -> Double? in
            guard let top = samples[numerator], let bottom = samples[denominator], !top.isEmpty, !bottom.isEmpty
            else { return nil }
            return Summary(top).median / Summary(bottom).median
        }
        return ratios.count > 1 ? Summary(ratios) : nil
    }
}

/// A checksum that differed between libraries: the numbers are not comparable.
struct ChecksumMismatch: Error, CustomStringConvertible {
    let workload: String
    let checksums: [(label: String, checksum: Int)]

    var description: String {
        let list = checksums.map { "\($0.label) \($0.checksum)" }
        return "\(workload): the subscribers received different things (checksums: "
            + list.joined(separator: ", ") + "); no numbers are printed for a run whose variants disagree."
    }
}

/// Runs every workload's variants interleaved: warm-up rounds first (the first one sizes each
/// sample to at least `sampleSeconds`), then `rounds` counted rounds. In round `r` each
/// workload's libraries run starting from the `(r + rotation)`-th, so none is always first or
/// last, and each measuring process (its number is the `rotation`) starts from another.
func runLibraryBenchmarks(
    _ workloads: [Workload], rounds: Int, warmUpRounds: Int, sampleSeconds: Double, rotation: Int = 0,
    log: (String) -> Void
) throws -> [WorkloadResult] {
    var repetitions: [String: Int] = [:]
    var expected: [String: Int] = [:]
    var samples: [String: [Library: [Double]]] = [:]

    for round in 0..<(warmUpRounds + rounds) {
        let isCounted = round >= warmUpRounds
        log(isCounted ? "round \(round - warmUpRounds + 1) of \(rounds)" : "warm-up \(round + 1) of \(warmUpRounds)")
        for workload in workloads {
            let libraries = workload.libraries
            let rotated = (0..<libraries.count).map { libraries[($0 + round + rotation) % libraries.count] }
            for library in rotated {
                let key = "\(workload.name)/\(library.rawValue)"
                let variant = workload.variants[library]!
                let count = repetitions[key] ?? 1
                var checksums: [Int] = []
                checksums.reserveCapacity(count)
                let elapsed = timed {
                    for _ in 0..<count {
                        checksums.append(variant())
                    }
                }.seconds
                for checksum in checksums {
                    if let known = expected[workload.name], known != checksum {
                        throw ChecksumMismatch(
                            workload: workload.name, checksums: [(library.rawValue, checksum), ("earlier runs", known)]
                        )
                    }
                    expected[workload.name] = checksum
                }
                if repetitions[key] == nil {
                    repetitions[key] = max(1, Int((sampleSeconds / elapsed).rounded(.up)))
                }
                if isCounted {
                    let nanoseconds = elapsed * 1e9 / Double(count * workload.operations)
                    samples[workload.name, default: [:]][library, default: []].append(nanoseconds)
                }
            }
        }
    }
    return workloads.map { WorkloadResult(workload: $0, processes: [samples[$0.name] ?? [:]]) }
}

/// Every library's checksum for every workload, from one run each, or the mismatch.
func verifyChecksums(_ workloads: [Workload]) throws {
    for workload in workloads {
        var checksums: [Library: Int] = [:]
        for library in workload.libraries {
            checksums[library] = workload.variants[library]!()
        }
        if Set(checksums.values).count != 1 {
            throw ChecksumMismatch(
                workload: workload.name,
                checksums: workload.libraries.map { ($0.rawValue, checksums[$0]!) }
            )
        }
    }
}
