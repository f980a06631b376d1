import ArgumentParser

/// `rxtrace`: runs the traced examples and turns traces back into call flows and leak reports.
@main
struct RxTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rxtrace",
        abstract: "Record RxCore programs into SQLite traces, and read call flows and leaks back out of them.",
        discussion: """
            Exit codes: 0 ok; 1 leaks found with --fail-on-leaks; 2 bad input (a missing file, \
            a file that is not a trace, a newer schema, an SQL error, an unknown example).
            """,
        version: "0.1.0",
        subcommands: [Examples.self, Run.self, Report.self, Query.self, Why.self]
    )
}
