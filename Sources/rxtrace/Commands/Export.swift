import ArgumentParser
import RxTrace

extension RxTraceCommand {
    /// `rxtrace export TRACE --format perfetto|dot|mermaid`: a trace for the tools people have.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export a trace for Perfetto, Graphviz or Mermaid.",
            discussion: """
                perfetto: JSON trace events; open it at ui.perfetto.dev (Open trace file). \
                dot: the graph of chains, leaked parts in red; render it with `dot -Tsvg`. \
                mermaid: a sequence diagram of one subscription (--subscription N). \
                Written to standard output unless -o names a file.
                """
        )

        /// What to export to.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            /// The JSON trace-event format, which Perfetto's UI opens.
            case perfetto
            /// Graphviz's DOT language.
            case dot
            /// A Mermaid sequence diagram of one subscription.
            case mermaid
        }

        @OptionGroup var file: TraceFileArgument

        @Option(help: "perfetto, dot or mermaid.")
        var format: Format

        @Option(name: [.short, .customLong("output")], help: "Write the export to FILE instead of standard output.")
        var output: String?

        @Option(help: "With --format mermaid: the subscription to draw.")
        var subscription: Int64?

        @Option(help: "With --format mermaid: the most messages to draw (default 500).")
        var limit: Int?

        func validate() throws {
            if format == .mermaid, subscription == nil {
                throw CLIError.badInput("--format mermaid draws one subscription: pass --subscription N")
            }
            if format != .mermaid, subscription != nil {
                throw CLIError.badInput("--subscription goes with --format mermaid only")
            }
            if format != .mermaid, limit != nil {
                throw CLIError.badInput("--limit goes with --format mermaid only")
            }
            if let limit, limit < 1 {
                throw CLIError.badInput("--limit must be 1 or more")
            }
        }

        func run() throws {
            let reader = try file.open()
            if let output { try OutputFile.checkWritable(output) }
            let destination = OutputFile(path: output)
            let write = destination.write
            do {
                switch format {
                case .perfetto:
                    try PerfettoTraceExporter(reader: reader).write(to: write)
                case .dot:
                    try DotExporter(reader: reader).write(to: write)
                case .mermaid:
                    let id = subscription ?? 0
                    // Checked before anything is written, so a bad id leaves no file behind.
                    guard try reader.subscription(id) != nil else { throw ReportError.noSuchSubscription(id) }
                    try MermaidExporter(reader: reader, messageLimit: limit ?? 500).write(subscription: id, to: write)
                }
            } catch let error as SQLiteError {
                throw TraceFileError.unreadable(path: file.trace, reason: error.message)
            }
            try destination.finish()
        }
    }
}
