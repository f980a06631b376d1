import ArgumentParser
import RxTrace

extension RxTraceCommand {
    /// `rxtrace why TRACE EVENT`: the chain of causes of one event, from the call that pushed
    /// it in, through each operator and thread hop, to its receiver.
    struct Why: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explain why an event happened: the call that pushed it in, each hop, and who received it.",
            discussion: """
                Name the event by its id (`rxtrace query TRACE 'SELECT * FROM event'`), or as the Kth event \
                subscription N's observer received: --subscription N --nth K. The event_cause view holds the \
                same chain for `rxtrace query`.
                """
        )

        @OptionGroup var file: TraceFileArgument

        @Argument(help: "The event's id.")
        var event: Int64?

        @Option(help: "The subscription whose observer received the event (with --nth).")
        var subscription: Int64?

        @Option(help: "Which of that observer's events, from 1 (with --subscription).")
        var nth: Int?

        @Option(help: "text or json.")
        var format: OutputFormat = .text

        func validate() throws {
            switch (event, subscription, nth) {
            case (_?, nil, nil):
                break
            case (nil, _?, let nth?):
                if nth < 1 { throw CLIError.badInput("--nth counts from 1") }
            case (nil, nil, nil):
                throw CLIError.badInput("name an event: its id, or --subscription N --nth K")
            case (nil, _, _):
                throw CLIError.badInput("--subscription and --nth go together: the Kth event subscription N received")
            default:
                throw CLIError.badInput("name the event either by its id or by --subscription N --nth K, not both")
            }
        }

        func run() throws {
            let reader = try file.open()
            let finder = CauseFinder(reader: reader)
            do {
                let id: Int64
                if let event {
                    id = event
                } else {
                    id = try finder.event(nth: nth ?? 1, ofSubscription: subscription ?? 0).id
                }
                guard let explanation = try finder.why(event: id) else { throw ReportError.noSuchEvent(id) }
                switch format {
                case .text:
                    print(WhyRenderer().render(explanation))
                case .json: print(try JSONReportRenderer().render(explanation), terminator: "")
                }
            } catch let error as SQLiteError {
                throw TraceFileError.unreadable(path: file.trace, reason: error.message)
            }
        }
    }
}
