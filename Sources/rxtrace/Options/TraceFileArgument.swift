import ArgumentParser
import RxTrace

/// The `TRACE` argument every reading subcommand takes, opened read-only.
struct TraceFileArgument: ParsableArguments {
    @Argument(help: "A trace file written by `rxtrace run`, `record(to:)` or RXTRACE_FILE.")
    var trace: String

    /// The opened trace.
    ///
    /// - Throws: ``TraceFileError`` when the file is missing or not a readable trace.
    func open() throws -> TraceReader {
        try Self.open(trace)
    }

    /// The trace at `path`, opened read-only.
    ///
    /// - Throws: ``TraceFileError`` when the file is missing or not a readable trace.
    static func open(_ path: String) throws -> TraceReader {
        try TraceReader(path: path)
    }
}
