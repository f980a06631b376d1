// Counts heap allocations per operation of every workload variant. This executable links
// CAllocationCounter, which replaces malloc & co. for this process only; the runner starts it
// and reads its lines: `<workload>\t<library>\t<allocations per operation>`.

import CAllocationCounter
import Workloads

let only = CommandLine.arguments.dropFirst().first
for workload in allWorkloads where only == nil || only == workload.name {
    for library in workload.libraries {
        let variant = workload.variants[library]!
        _ = variant()
        let before = rxtrace_bench_allocation_count()
        _ = variant()
        let allocations = rxtrace_bench_allocation_count() - before
        print("\(workload.name)\t\(library.rawValue)\t\(Double(allocations) / Double(workload.operations))")
    }
}
