import ArgumentParser
import RxTrace

extension RxTraceCommand {
    /// `rxtrace diff A B`: what changed between two traces of the same program.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two traces of the same program: subscriptions, flows and leaks that appeared, "
                + "disappeared or changed shape.",
            discussion: """
                Things are matched by where the user's code made them (the subscribe file:line, a flow's \
                title) and by their chain (types and where each was assembled), never by ids. \
                With --fail-on-new-leaks, exits 1 when B leaks where A did not.
                """
        )

        @Argument(help: "The first trace (A, before).")
        var before: String

        @Argument(help: "The second trace (B, after).")
        var after: String

        @Option(help: "text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Exit with 1 when B leaks where A did not.")
        var failOnNewLeaks = false

        func run() throws {
            let first = try TraceFileArgument.open(before)
            let second = try TraceFileArgument.open(after)
            let diff: TraceDiff
            do {
                diff = try TraceDiffer(before: first, after: second).diff()
            } catch let error as SQLiteError {
                throw CLIError.badInput("\(before) or \(after) is unreadable: \(error.message)")
            }
            switch format {
            case .text: print(TraceDiffRenderer().render(diff), terminator: "")
            case .json: print(try TraceDiffRenderer().renderJSON(diff), terminator: "")
            }
            if failOnNewLeaks, !diff.newLeaks.isEmpty {
                throw NewLeaksFound(summary: diff.newLeaksSummary)
            }
        }
    }
}
