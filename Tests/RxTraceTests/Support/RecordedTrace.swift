import RxCore
@testable import RxTrace

extension RxTraceTestCase {
    /// Runs `body` with a fresh in-memory recorder installed and returns a reader over the
    /// finished trace.
    func recordedTrace(_ body: () throws -> Void) throws -> TraceReader {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(nil) }
        try body()
        Instrumentation.bootstrapInternal(nil)
        return try TraceReader(database: recorder.finish())
    }
}
