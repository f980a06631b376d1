// Runs `rxtrace-bench-allocations`, the executable whose allocator counts, and reads its lines.

import Foundation
import Workloads

/// Allocations per operation, by workload name and library.
typealias AllocationCounts = [String: [Library: Double]]

/// Starts the allocation counter next to this executable and collects its counts.
func countAllocations(only workloads: Set<String>) throws -> AllocationCounts {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("rxtrace-bench-allocations")
    var counts: AllocationCounts = [:]
    for name in workloads.isEmpty ? [""] : workloads.sorted() {
        log("counting allocations\(name.isEmpty ? "" : " for \(name)")")
        let process = Process()
        process.executableURL = executable
        process.arguments = name.isEmpty ? [] : [name]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailed(command: executable.path, status: process.terminationStatus)
        }
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let library = Library(rawValue: String(fields[1])),
                let value = Double(fields[2])
            else { continue }
            counts[String(fields[0]), default: [:]][library] = value
        }
    }
    return counts
}

/// A helper program that ended with a non-zero status.
struct CommandFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32

    var description: String { "\(command) exited with status \(status)" }
}
