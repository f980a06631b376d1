// Mirrors RxCocoa's RxCocoa/Traits/SharedSequence/SharedSequence+Concurrency.swift.
// Deviation from RxSwift: the stream disposes its subscription when it terminates (see
// Documentation/Deviations.md).

extension SharedSequence where Element: Sendable {
    /// The elements of this shared sequence (a `Driver`, a `Signal`) as an async stream, read on
    /// the main actor as RxCocoa declares it: each element, then the end of the stream when the
    /// sequence completes. A shared sequence cannot fail, so the stream does not throw.
    ///
    /// Reading the property subscribes. Cancelling the consuming task, or leaving the
    /// `for await` loop, disposes the subscription.
    @MainActor public var values: AsyncStream<Element> {
        let call = TraceCall.enter("SharedSequence.values"); defer { call.exit() }
        return AsyncStream { continuation in
            asObservable().subscribeValues(
                feeding: NonThrowingValuesContinuation(continuation))
        }
    }
}
