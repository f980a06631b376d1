// `--count`: instructions per operation, counted by valgrind's callgrind, for the recorder-off
// rows. A count does not move with the machine's load, so a change's effect shows where the
// timings' noise would hide it.

import Foundation
import Workloads

/// One variant's count.
struct InstructionCount {
    /// Instructions the whole process executed running the variant once, and twice.
    let once: Int
    let twice: Int
    /// Operations one run of the variant performs.
    let operations: Int

    /// Instructions per operation of one warm run: the difference of the two processes
    /// cancels start-up, the first run's one-time costs (generic metadata, lazy globals) and
    /// exit, since both processes pay them alike.
    var perOperation: Double { Double(twice - once) / Double(operations) }
}

/// Counts each variant of `workloads` (RxCore, OpenCombine, closures) with callgrind: a copy
/// of this executable runs under `valgrind --tool=callgrind` once with
/// `--profile W/L --repeat 1` and once with `--repeat 2`, and the two totals' difference is
/// one warm run.
///
/// The copy is stripped of its debug information (`strip --strip-debug`, symbols kept):
/// valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 writes ("unhandled dwarf2 abbrev form
/// code 0x25", then "Possibly corrupted debuginfo file. I can't recover."), and instruction
/// counts do not need it.
///
/// Each variant runs its full size (W1s: 1,000,000 elements) under a simulator that is ~50×
/// slower than the machine: a few minutes for every row.
func countInstructions(_ workloads: [Workload], log: (String) -> Void) throws -> [String: [Library: InstructionCount]] {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-bench-count-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stripped = directory.appendingPathComponent("rxtrace-bench").path
    try runProcess("strip", ["--strip-debug", "-o", stripped, executable])

    var counts: [String: [Library: InstructionCount]] = [:]
    for workload in workloads {
        for library in workload.libraries {
            var totals: [Int] = []
            for repeats in 1...2 {
                log("callgrind: \(workload.name)/\(library.rawValue), \(repeats) run\(repeats == 1 ? "" : "s")")
                let output = directory.appendingPathComponent("callgrind.out").path
                let messages = directory.appendingPathComponent("valgrind.log").path
                do {
                    try runProcess(
                        "valgrind",
                        [
                            "--tool=callgrind", "--callgrind-out-file=\(output)", "--dump-instr=no", "--dump-line=no",
                            "--collect-jumps=no", stripped, "--profile", "\(workload.name)/\(library.rawValue)",
                            "--repeat", String(repeats),
                        ],
                        standardOutput: "/dev/null", standardError: messages
                    )
                } catch {
                    let tail = (try? String(contentsOfFile: messages, encoding: .utf8))?
                        .split(separator: "\n").suffix(15).joined(separator: "\n") ?? ""
                    throw CallgrindFailed(message: "\(error)\n\(tail)")
                }
                totals.append(try callgrindTotal(of: output))
            }
            counts[workload.name, default: [:]][library] = InstructionCount(
                once: totals[0], twice: totals[1], operations: workload.operations
            )
        }
    }
    return counts
}

/// The instructions a callgrind output file counted: its `totals:` line (or `summary:`).
private func callgrindTotal(of path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for line in text.split(separator: "\n").reversed() where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
        if let value = line.split(separator: " ").last.flatMap({ Int($0) }) {
            return value
        }
    }
    throw CallgrindFailed(message: "no totals in \(path)")
}

/// The table `--count` prints: instructions per operation, and the ratios.
func renderInstructionCounts(_ counts: [String: [Library: InstructionCount]], workloads: [Workload]) -> String {
    var out = "### Instructions per operation (callgrind: (instructions of 2 runs − of 1 run) ÷ operations)\n\n"
    out += "| workload | per | closures | RxCore | OpenCombine | RxCore / OpenCombine | RxCore / closures |\n"
    out += "|---|---|--:|--:|--:|--:|--:|\n"
    for workload in workloads {
        guard let row = counts[workload.name] else { continue }
        let cells = [Library.closures, .rxCore, .openCombine].map { row[$0].map { format($0.perOperation, 0) } ?? "–" }
        let ratios = [(Library.rxCore, Library.openCombine), (.rxCore, .closures)].map { pair -> String in
            guard let top = row[pair.0], let bottom = row[pair.1] else { return "–" }
            return format(top.perOperation / bottom.perOperation, 2) + "×"
        }
        out += "| \(workload.name) \(workload.title) | \(workload.operation) | "
        out += (cells + ratios).joined(separator: " | ") + " |\n"
    }
    return out
}

/// valgrind could not count a variant.
struct CallgrindFailed: Error, CustomStringConvertible {
    let message: String
    var description: String { "callgrind failed: \(message)" }
}
