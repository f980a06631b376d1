// The one table the runner prints (Markdown), and the targets of issue 3 checked against it.

import Foundation
import Workloads

/// Everything one run measured.
struct Report {
    let options: Options
    var libraries: [WorkloadResult] = []
    var allocations: AllocationCounts = [:]
    var recorder: RecorderResult?
    var traceReport: ReportResult?
    /// How many processes measured the rows.
    var processCount = 1

    init(options: Options) {
        self.options = options
    }

    func render() -> String {
        var out = ""
        // `--only` may name no library row (R1 alone, say): then no empty table.
        if !libraries.isEmpty {
            out += renderLibraries()
        }
        if let recorder {
            out += renderRecorder(recorder)
        }
        if let traceReport {
            out += renderTraceReport(traceReport)
        }
        out += renderTargets()
        return out
    }

    private func renderLibraries() -> String {
        var out = ""
        if processCount > 1 {
            out += "### Libraries (ns per operation: median (min–max) over \(processCount) processes of each process's "
            out += "median of \(options.rounds) interleaved rounds; ratios of those medians, (min–max) of each process's "
            out += "own ratio)\n\n"
        } else {
            out += "### Libraries (ns per operation: median (min–max) of \(options.rounds) interleaved rounds)\n\n"
        }
        out += "| workload | per | closures | RxCore | OpenCombine | RxCore / OpenCombine | RxCore / closures "
        out += "| OpenCombine / closures | allocations RxCore | OpenCombine | closures |\n"
        out += "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n"
        for result in libraries {
            let workload = result.workload
            let cells = [Library.closures, .rxCore, .openCombine].map { library -> String in
                guard let summary = result.summary(library) else { return "–" }
                return "\(format(summary.median)) (\(format(summary.minimum))–\(format(summary.maximum)))"
            }
            let ratios = [(Library.rxCore, Library.openCombine), (.rxCore, .closures), (.openCombine, .closures)]
                .map { pair -> String in
                    guard let ratio = result.ratio(pair.0, to: pair.1) else { return "–" }
                    guard let spread = result.processRatios(pair.0, to: pair.1) else { return format(ratio, 2) + "×" }
                    return "\(format(ratio, 2))× (\(format(spread.minimum, 2))–\(format(spread.maximum, 2)))"
                }
            let counts = [Library.rxCore, .openCombine, .closures].map { library in
                allocations[workload.name]?[library].map { format($0, 2) } ?? "–"
            }
            out += "| \(workload.name) \(workload.title) | \(workload.operation) | "
            out += (cells + ratios + counts).joined(separator: " | ") + " |\n"
        }
        return out
    }

    private func renderRecorder(_ recorder: RecorderResult) -> String {
        renderRecorderTable(recorder, processCount: processCount)
    }

    private func renderTraceReport(_ report: ReportResult) -> String {
        let summary = Summary(report.summaryAndLeaksSeconds)
        let flows = Summary(report.subscriptionFlowsSeconds)
        let html = Summary(report.htmlSeconds)
        let why = Summary(report.whySeconds)
        let reader = Summary(report.readerFlowSeconds)
        var out = "\n### Report on a large trace (R1): median (min–max) of \(report.summaryAndLeaksSeconds.count) runs"
        out += processCount > 1 ? " (\(processCount) processes' runs together)\n\n" : "\n\n"
        out += "Trace: \(grouped(report.records)) records, \(grouped(report.subscriptions)) subscriptions, "
        out += "\(format(Double(report.fileBytes) / 1e6, 0)) MB, recorded in \(format(report.generationSeconds, 1)) s.\n\n"
        out += "| command | time |\n|---|--:|\n"
        out += "| `rxtrace report --summary --leaks` | \(format(summary.median, 2)) s "
        out += "(\(format(summary.minimum, 2))–\(format(summary.maximum, 2))) |\n"
        out += "| `rxtrace report --subscription \(report.subscription) --flows` | \(format(flows.median * 1e3)) ms "
        out += "(\(format(flows.minimum * 1e3))–\(format(flows.maximum * 1e3))) |\n"
        out += "| `rxtrace report --format html -o FILE` (the whole page) | \(format(html.median, 2)) s "
        out += "(\(format(html.minimum, 2))–\(format(html.maximum, 2))) |\n"
        out += "| `rxtrace why --subscription \(report.subscription) --nth 1` | \(format(why.median * 1e3)) ms "
        out += "(\(format(why.minimum * 1e3))–\(format(why.maximum * 1e3))) |\n"
        out += "| reader API `callTree(under:)` of that subscription's root call | \(format(reader.median * 1e3, 2)) ms "
        out += "(\(format(reader.minimum * 1e3, 2))–\(format(reader.maximum * 1e3, 2))) |\n"
        return out
    }

    // MARK: - Targets

    private func renderTargets() -> String {
        var lines: [String] = []
        func check(_ label: String, _ value: Double?, _ limit: Double, atMost: Bool = true, unit: String = "×") {
            guard let value else { return }
            let isMet = atMost ? value <= limit : value >= limit
            let digits = unit == "×" ? 2 : (unit == "%" ? 0 : 1)
            lines.append(
                "| \(label) | \(format(value, digits))\(unit) | \(atMost ? "≤" : "≥") \(format(limit, digits))\(unit) "
                    + "| \(isMet ? "met" : "**missed**") |"
            )
        }
        for result in libraries {
            let name = result.workload.name
            if ["W1s", "W1r", "W2", "W4", "W5z"].contains(name) {
                check("\(name) RxCore / OpenCombine", result.ratio(.rxCore, to: .openCombine), 1.0)
            }
            if name == "W3" { check("W3 RxCore / closures", result.ratio(.rxCore, to: .closures), 4.5) }
            if name == "W5" { check("W5 RxCore / closures", result.ratio(.rxCore, to: .closures), 12) }
            if name == "W2", let rx = allocations["W2"]?[.rxCore], let oc = allocations["W2"]?[.openCombine] {
                check("W2 allocations per cycle, RxCore (OpenCombine: \(format(oc, 0)))", rx, oc, unit: "")
            }
        }
        if let recorder {
            for target in recorderTargets(recorder) {
                check(target.label, target.value, target.limit, unit: target.unit)
            }
        }
        if let traceReport {
            check("R1 summary + leaks", Summary(traceReport.summaryAndLeaksSeconds).median, 3, unit: " s")
            check(
                "R1 one subscription's flows (CLI)", Summary(traceReport.subscriptionFlowsSeconds).median * 1e3, 50,
                unit: " ms"
            )
        }
        guard !lines.isEmpty else { return "" }
        return "\n### Targets\n\n| target | measured | limit | |\n|---|--:|--:|---|\n" + lines.joined(separator: "\n") + "\n"
    }
}
