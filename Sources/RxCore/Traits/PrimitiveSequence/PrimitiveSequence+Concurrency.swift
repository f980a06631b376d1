// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/PrimitiveSequence+Concurrency.swift.
// Deviation from RxSwift: `value` needs `Element: Sendable`, as `values` on observables does,
// because the element goes from the thread the sequence ends on to the awaiting task. `value`
// subscribes through the observables' `subscribeValues`, so the trace shows the same
// `ObservableValues` steps as for `values`. The async `Single.create` runs in a `TaskSink`, as
// the observables' async `create` does, rather than through the closure `create`; the events are
// the same.

import Synchronization

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single that runs `work` in a new task for each subscriber and sends what it returns,
    /// or fails with what it throws.
    ///
    /// Disposing the subscription cancels the task; what the work returns after that is
    /// dropped.
    ///
    /// - Parameters:
    ///   - detached: whether the task is detached (`Task.detached`) instead of a `Task` that
    ///     inherits the subscriber's task-local values.
    ///   - priority: the task's priority.
    ///   - work: the asynchronous work that makes the element.
    /// - Returns: the single of the element `work` returns.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Single.create(detached:priority:work:)"); defer { call.exit() }
        let producer = TaskProducer<Element>(isDetached: detached, priority: priority) { forward in
            forward(try await work())
        }
        return PrimitiveSequence(raw: producer.assembled(by: "create"))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Subscribes and waits for this single's element, throwing its error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public var value: Element {
        get async throws {
            guard let element = try await primitiveSequence.firstValue(step: "Single.value") else {
                // A single that completes without its element breaks its contract; RxSwift's
                // single subscribe reports it and its `value` then ends by the disposal.
                rxFatalErrorInDebug("Singles can't emit a completion event")
                throw CancellationError()
            }
            return element
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Subscribes and waits for this maybe's element, or `nil` when it completes without one,
    /// throwing its error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public var value: Element? {
        get async throws {
            try await primitiveSequence.firstValue(step: "Maybe.value")
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Subscribes and waits for this completable to complete, throwing its error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public var value: Void {
        get async throws {
            _ = try await primitiveSequence.firstValue(step: "Completable.value")
        }
    }
}

extension PrimitiveSequence where Element: Sendable {
    /// Subscribes and waits for the first event: the element, `nil` for a completion without
    /// one, or the error thrown. Cancelling the awaiting task disposes the subscription, which
    /// throws `CancellationError`.
    ///
    /// The subscribe is recorded as the step `step`; the wait is not a step, since a step
    /// cannot span the suspension.
    fileprivate func firstValue(step: StaticString) async throws -> Element? {
        let continuation = FirstValueContinuation<Element>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { checked in
                let call = TraceCall.enter(step); defer { call.exit() }
                continuation.start(checked)
                subscribeValues(feeding: continuation)
            }
        } onCancel: {
            continuation.cancel()
        }
    }
}

/// What ``ObservableValues`` feeds for one `value` await: it resumes the awaiting task once,
/// with the first element, with `nil` when the sequence ends without one, or throwing the
/// error; it ignores what comes after.
///
/// It also stands between the task's cancellation and the subscription: cancelling runs the
/// handler `subscribeValues` registered, which disposes the subscription, at once if that
/// handler is registered after the cancellation.
private final class FirstValueContinuation<Element: Sendable>: ValuesContinuation {
    private struct State {
        var continuation: CheckedContinuation<Element?, Swift.Error>?
        var onCancelled: (@Sendable () -> Void)?
        var isCancelled = false
    }

    private let state = LockedState(State())

    /// Keeps the awaiting task's continuation until the first event resumes it.
    func start(_ continuation: CheckedContinuation<Element?, Swift.Error>) {
        state.withLock { $0.continuation = continuation }
    }

    func yield(_ element: Element) {
        state.withLock { $0.continuation.take() }?.resume(returning: element)
    }

    func finish(throwing error: Swift.Error?) {
        guard let continuation = state.withLock({ $0.continuation.take() }) else { return }
        if let error {
            continuation.resume(throwing: error)
        } else {
            continuation.resume(returning: nil)
        }
    }

    func onCancelled(_ handler: @escaping @Sendable () -> Void) {
        let isCancelled = state.withLock { state in
            if !state.isCancelled {
                state.onCancelled = handler
            }
            return state.isCancelled
        }
        if isCancelled {
            handler()
        }
    }

    /// The awaiting task was cancelled: runs the cancellation handler, once.
    func cancel() {
        let handler = state.withLock { state in
            state.isCancelled = true
            return state.onCancelled.take()
        }
        handler?()
    }
}
