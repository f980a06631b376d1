import ArgumentParser

/// `rxtrace`: runs the traced examples, turns traces back into call flows and leak reports, compares
/// two traces and exports them to Perfetto, Graphviz and Mermaid.
@main
struct RxTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rxtrace",
        abstract: "Record RxCore programs into SQLite traces, read call flows and leaks back out of them, "
            + "compare and export them.",
        discussion: """
            Exit codes: 0 ok; 1 leaks found with --fail-on-leaks, or new leaks with \
            diff --fail-on-new-leaks; 2 bad input (a missing file, a file that is not a trace, \
            a newer schema, an SQL error, an unknown example).
            """,
        version: "0.1.0",
        subcommands: [Examples.self, Run.self, Report.self, Query.self, Why.self, Diff.self, Export.self]
    )
}
