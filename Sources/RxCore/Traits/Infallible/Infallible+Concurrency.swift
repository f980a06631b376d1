// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+Concurrency.swift.
// Deviation from RxSwift: `values` needs `Element: Sendable`, as on observables, because each
// element goes from the thread the infallible emits on to the consuming task. `values` is also a
// method, `values(file:line:)`, which records the caller's line as the subscribe line; the
// property cannot take default arguments, so it records its own line in this file.

extension InfallibleType where Element: Sendable {
    /// The elements of this infallible as an async stream: each subscription's elements, then
    /// the end of the stream when the infallible completes.
    ///
    /// Reading the property subscribes. Cancelling the consuming task, or releasing the stream
    /// and its iterator (as leaving the `for await` loop early does), disposes the
    /// subscription. The trace records the subscribe at this property's line in RxCore; call
    /// ``values(file:line:)`` to record your own line.
    public var values: AsyncStream<Element> {
        values(file: #fileID, line: #line)
    }

    /// The elements of this infallible as an async stream, as ``values``, with the subscribe
    /// recorded at the caller's line.
    ///
    /// - Returns: a stream that yields each element and ends as the infallible completes.
    public func values(file: StaticString = #fileID, line: UInt = #line) -> AsyncStream<Element> {
        let call = TraceCall.enter("Infallible.values"); defer { call.exit() }
        return AsyncStream { continuation in
            subscribeValues(feeding: NonThrowingValuesContinuation(continuation), file: file, line: line)
        }
    }
}
