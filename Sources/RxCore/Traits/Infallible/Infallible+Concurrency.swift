// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+Concurrency.swift.
// Deviation from RxSwift: `values` needs `Element: Sendable`, as on observables, because each
// element goes from the thread the infallible emits on to the consuming task. The async
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
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async -> Void
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.create(detached:priority:work:)"); defer { call.exit() }
        let producer = TaskProducer<Element>(isDetached: detached, priority: priority) { forward in
            await work { element in
                guard !Task.isCancelled else { return }
                forward(element)
            }
        }
        return Infallible(producer.assembled(by: "create"))
    }
}

extension InfallibleType where Element: Sendable {
    /// The elements of this infallible as an async stream: each subscription's elements, then
    /// the end of the stream when the infallible completes.
    ///
    /// Reading the property subscribes. Cancelling the consuming task, or releasing the stream
    /// and its iterator (as leaving the `for await` loop early does), disposes the
    /// subscription.
    public var values: AsyncStream<Element> {
        let call = TraceCall.enter("Infallible.values"); defer { call.exit() }
        return AsyncStream { continuation in
            subscribeValues(feeding: NonThrowingValuesContinuation(continuation))
        }
    }
}
