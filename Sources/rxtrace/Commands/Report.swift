import ArgumentParser
import RxTrace

extension RxTraceCommand {
    /// `rxtrace report TRACE`: the summary, the call flows and the leak report of a trace.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a trace's summary, call flows, lifetimes and leaks.",
            discussion: "With no section flag: the summary, the call flows and the leaks."
        )

        @OptionGroup var file: TraceFileArgument

        @Flag(help: "Show the one-line summary.")
        var summary = false

        @Flag(help: "Show the call flows as trees, with the file:line of every step.")
        var flows = false

        @Flag(help: "Show every object's and subscription's lifetime.")
        var lifetimes = false

        @Flag(help: "Show subscriptions that never ended and objects alive at the end.")
        var leaks = false

        @Option(help: "Show only the flows that built and started subscription N.")
        var subscription: Int64?

        @Option(help: "text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Exit with 1 when the report finds a leak.")
        var failOnLeaks = false

        func run() throws {
            let reader = try file.open()
            var sections: ReportSections = []
            if summary { sections.insert(.summary) }
            if flows || subscription != nil { sections.insert(.flows) }
            if lifetimes { sections.insert(.lifetimes) }
            if leaks { sections.insert(.leaks) }
            if sections.isEmpty { sections = .standard }

            let report: TraceReport
            do {
                report = try TraceReport(reader: reader, sections: sections, subscription: subscription)
            } catch let error as SQLiteError {
                // The header was readable but the rest is not: a truncated or damaged file.
                throw TraceFileError.unreadable(path: file.trace, reason: error.message)
            }
            switch format {
            case .text: print(TextReportRenderer().render(report), terminator: "")
            case .json: print(try JSONReportRenderer().render(report), terminator: "")
            }

            if failOnLeaks {
                let leakReport = try report.leaks ?? LeakFinder(reader: reader).report()
                if !leakReport.isEmpty { throw LeaksFound() }
            }
        }
    }
}
