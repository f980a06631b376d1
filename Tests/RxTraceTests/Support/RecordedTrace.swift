import RxCore
@testable import RxTrace

extension RxTraceTestCase {
    /// Runs `body` with a fresh in-memory recorder installed and returns a reader over the
    /// finished trace; `capturingCallers: false` records no caller addresses, as for a program
    /// without symbols.
    func recordedTrace(capturingCallers: Bool = true, _ body: () throws -> Void) throws -> TraceReader {
        let recorder = try InMemoryTraceRecorder(
            program: "test", isRecordingValues: true, bufferCapacity: 8192, isRecordingCallers: capturingCallers
        )
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(nil) }
        try body()
        Instrumentation.bootstrapInternal(nil)
        return try TraceReader(database: recorder.finish())
    }
}
