// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+Concurrency.swift.
// Deviation from RxSwift: `values` needs `Element: Sendable`, as on observables, because each
// element goes from the thread the infallible emits on to the consuming task. `values` is also a
// method, `values(file:line:)`, which records the caller's line as the subscribe line; the
// property cannot take default arguments, so it records its own line in this file. The async
// `create` runs in a `TaskSink`, as the observables' async `create` does, rather than through the
// closure `create`; the events are the same.

extension InfallibleType {
    /// An infallible that runs `work` in a new task for each subscriber: each element `work`
    /// sends is forwarded, and its return completes the infallible.
    ///
    /// Disposing the subscription cancels the task; elements sent after that are dropped.
    ///
    /// - Parameters:
    ///   - detached: whether the task is detached (`Task.detached`) instead of a `Task` that
    ///     inherits the subscriber's task-local values.
    ///   - priority: the task's priority.
    ///   - work: the asynchronous work; it sends elements through the observer it receives.
    /// - Returns: the infallible of the elements `work` sends.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.create(detached:priority:work:)"); defer { call.exit() }
        let producer = TaskProducer<Element>(isDetached: detached, priority: priority) { forward in
            await work { element in
                guard !Task.isCancelled else { return }
                forward(element)
            }
        }
        return Infallible(producer.assembled(by: "create", file: file, line: line))
    }
}

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
