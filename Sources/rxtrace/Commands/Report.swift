import ArgumentParser
import Foundation
import RxTrace

/// What `rxtrace report` writes.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    /// For people in a terminal: trees and tables.
    case text
    /// For scripts.
    case json
    /// One self-contained page for a browser: flows beside their source, marbles, timelines.
    case html
}

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

        @Option(help: "Show only the flows and open subscriptions of chains tagged NAME (.traceTag, debug).")
        var tag: String?

        @Option(help: "text, json or html (one self-contained page with everything; use with -o).")
        var format: ReportFormat = .text

        @Option(name: [.short, .customLong("output")], help: "Write the report to FILE instead of standard output.")
        var output: String?

        @Option(
            help: ArgumentHelp(
                "The package whose sources an html page embeds.",
                discussion: "Default: the package holding the trace, else the one holding the current directory."
            )
        )
        var sourceRoot: String?

        @Flag(help: "Exit with 1 when the report finds a leak.")
        var failOnLeaks = false

        @Flag(help: "Show every flow (by default the first \(Self.defaultFlowLimit) are shown).")
        var all = false

        @Option(help: "Show the first N flows (default \(Self.defaultFlowLimit)).")
        var limit: Int?

        /// How many flows a report shows unless told otherwise: enough for any example, and a
        /// bounded report for a trace with a million.
        static let defaultFlowLimit = 100

        func validate() throws {
            if let limit, limit < 1 {
                throw CLIError.badInput("--limit must be 1 or more; --all shows every flow")
            }
            if all, limit != nil {
                throw CLIError.badInput("pass either --all or --limit, not both")
            }
            if tag != nil, subscription != nil {
                throw CLIError.badInput("pass either --tag or --subscription, not both")
            }
            if format == .html,
                summary || flows || lifetimes || leaks || subscription != nil || limit != nil || all
                    || tag != nil
            {
                throw CLIError.badInput(
                    "--format html writes the whole page; section flags, --subscription, --tag, --limit and --all do not apply"
                )
            }
            if sourceRoot != nil, format != .html {
                throw CLIError.badInput("--source-root is for --format html")
            }
        }

        func run() throws {
            let reader = try file.open()
            var sections: ReportSections = []
            if summary { sections.insert(.summary) }
            if flows || subscription != nil { sections.insert(.flows) }
            if lifetimes { sections.insert(.lifetimes) }
            if leaks { sections.insert(.leaks) }
            if sections.isEmpty { sections = .standard }

            if let tag {
                let tags = try reader.tagNames()
                guard tags.contains(tag) else {
                    throw CLIError.badInput(
                        "no chain is tagged \"\(tag)\"; "
                            + (tags.isEmpty
                                ? "the trace has no tags"
                                : "its tags: " + tags.map { "\"\($0)\"" }.joined(separator: ", "))
                    )
                }
            }
            let flowLimit = all ? nil : limit ?? Self.defaultFlowLimit
            // Whether the report found a leak, when it read the leaks.
            var isLeaking: Bool?
            if let output { try OutputFile.checkWritable(output) }
            let destination = OutputFile(path: output)
            do {
                switch format {
                case .text:
                    // Streamed, as JSON is: each flow is printed as soon as it is built.
                    isLeaking = try TextReportRenderer().write(
                        reader: reader, sections: sections, subscription: subscription, flowLimit: flowLimit, tag: tag,
                        to: destination.write
                    ).map { !$0.isEmpty }
                case .json:
                    isLeaking = try JSONReportRenderer().write(
                        reader: reader, sections: sections, subscription: subscription, flowLimit: flowLimit, tag: tag,
                        to: destination.write
                    ).map { !$0.isEmpty }
                case .html:
                    let root =
                        try sourceRoot
                        ?? SourceFiles.defaultRoot(
                            tracePath: file.trace, fileIDs: HTMLReportRenderer.recordedFileIDs(reader)
                        )
                    // Written as it is built: the objects alive at the end are not held.
                    isLeaking = try !HTMLReportRenderer().write(
                        reader: reader, sources: SourceFiles(root: root),
                        lesson: try HTMLReport.Lesson(exampleTrace: reader), to: destination.write
                    ).isEmpty
                }
                try destination.finish()
                if failOnLeaks {
                    if try isLeaking ?? !LeakFinder(reader: reader).summary().isEmpty { throw LeaksFound() }
                }
            } catch let error as SQLiteError {
                // The header was readable but the rest is not: a truncated or damaged file.
                throw TraceFileError.unreadable(path: file.trace, reason: error.message)
            }
        }
    }
}
