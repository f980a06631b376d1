// Mirrors RxSwift's RxSwift/Observable+Concurrency.swift.
// Deviation from RxSwift: Swift 6 asks for `Sendable` where RxSwift's Swift 5 code does not.
// `values` needs `Element: Sendable`, because each element goes from the thread the observable
// emits on to the consuming task. `asObservable()` on an `AsyncSequence` needs the sequence to be
// `Sendable`, because each subscription iterates it in a task of its own.
// `asObservable(detached:)` is RxSwift's form; it declares no `priority:` one. The async
// `create` and `asObservable()` run in a sink of their own (`TaskSink`) rather than through the
// closure `create`, so that the trace shows the task's start and each element it forwards.
// Simpler than RxSwift: `values` keeps no `isFinished` flag. A continuation ignores a second
// `finish`, so the `CancellationError` that a disposed subscription sends cannot replace an
// earlier completion or error. RxSwift's flag is a plain `Bool` that two threads can touch.

import Synchronization

// MARK: - Observable to async

extension ObservableConvertibleType where Element: Sendable {
    /// The elements of this sequence as an async stream: each subscription's elements, then the
    /// end of the stream when the sequence completes, or the sequence's error thrown.
    ///
    /// Reading the property subscribes. Cancelling the consuming task disposes the
    /// subscription, and a loop that is waiting then throws `CancellationError`. Releasing the
    /// stream and its iterator disposes it too, as leaving `for try await element in
    /// observable.values` early does.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        let call = TraceCall.enter("values"); defer { call.exit() }
        return AsyncThrowingStream { continuation in
            subscribeValues(feeding: ThrowingValuesContinuation(continuation))
        }
    }

    /// Subscribes through the recorded `subscribe(onNext:onError:onCompleted:onDisposed:)`
    /// and feeds each event to `continuation`, through an ``ObservableValues``; cancelling the
    /// stream disposes the subscription.
    ///
    /// Every `values` is built on it: this one feeds an `AsyncThrowingStream`'s continuation
    /// through ``ThrowingValuesContinuation``; a sequence that cannot fail feeds an
    /// `AsyncStream`'s through ``NonThrowingValuesContinuation``.
    package func subscribeValues<Continuation: ValuesContinuation>(
        feeding continuation: Continuation
    ) where Continuation.Element == Element {
        let values = ObservableValues(continuation)
        let subscription = SingleAssignmentDisposable()
        continuation.onCancelled { subscription.dispose() }
        subscription.setDisposable(
            asObservable().subscribe(
                onNext: { values.yield($0) },
                onError: { values.finish(.error($0)) },
                onCompleted: { values.finish(.completed) },
                onDisposed: { values.disposed() }
            )
        )
    }
}

/// The continuation of an async stream that ``ObservableValues`` feeds: an
/// `AsyncThrowingStream`'s (``ThrowingValuesContinuation``, for `values` on observables) or an
/// `AsyncStream`'s (``NonThrowingValuesContinuation``, for the traits whose sequences cannot
/// fail).
package protocol ValuesContinuation: Sendable {
    /// The type of element the stream yields.
    associatedtype Element: Sendable

    /// Hands `element` to the stream.
    func yield(_ element: Element)

    /// Ends the stream, throwing `error` to the consumer when the stream can throw.
    func finish(throwing error: Swift.Error?)

    /// Runs `handler` when the consumer cancels the stream: its task is cancelled, or it
    /// dropped its iterator.
    func onCancelled(_ handler: @escaping @Sendable () -> Void)
}

/// An `AsyncThrowingStream`'s continuation as ``ObservableValues`` feeds it.
package struct ThrowingValuesContinuation<Element: Sendable>: ValuesContinuation {
    private let continuation: AsyncThrowingStream<Element, Swift.Error>.Continuation

    package init(_ continuation: AsyncThrowingStream<Element, Swift.Error>.Continuation) {
        self.continuation = continuation
    }

    package func yield(_ element: Element) {
        continuation.yield(element)
    }

    package func finish(throwing error: Swift.Error?) {
        continuation.finish(throwing: error)
    }

    package func onCancelled(_ handler: @escaping @Sendable () -> Void) {
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                handler()
            }
        }
    }
}

/// An `AsyncStream`'s continuation as ``ObservableValues`` feeds it.
package struct NonThrowingValuesContinuation<Element: Sendable>: ValuesContinuation {
    private let continuation: AsyncStream<Element>.Continuation

    package init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    package func yield(_ element: Element) {
        continuation.yield(element)
    }

    /// Ends the stream; an `AsyncStream` cannot throw, so `error` only ends it.
    package func finish(throwing error: Swift.Error?) {
        continuation.finish()
    }

    package func onCancelled(_ handler: @escaping @Sendable () -> Void) {
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                handler()
            }
        }
    }
}

/// The observing end of one `values` stream: hands each event of its subscription to the
/// stream's continuation, which is where the task boundary lies; the consuming task picks the
/// elements up from there.
///
/// Created by `values` for each stream; the subscription's closures hold it, so it lives until
/// the subscription ends and releases them. Traced, but not counted in ``Resources/total``:
/// RxSwift has no such object (its closures call the continuation directly).
final class ObservableValues<Continuation: ValuesContinuation>: TraceableObject {
    typealias Element = Continuation.Element

    private let continuation: Continuation

    /// The id the recorder gave this object, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(_ continuation: Continuation) {
        self.continuation = continuation
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Hands `element` to the stream.
    func yield(_ element: Element) {
        let call = TraceCall.enter("ObservableValues.yield", on: self, event: Event.next(element)); defer { call.exit() }
        continuation.yield(element)
    }

    /// Ends the stream on the sequence's stop `event`: normally, or throwing its error.
    func finish(_ event: Event<Element>) {
        let call = TraceCall.enter("ObservableValues.finish", on: self, event: event); defer { call.exit() }
        continuation.finish(throwing: event.error)
    }

    /// The subscription ended. When it ended by disposal, the stream ends by throwing
    /// `CancellationError`; after a completion or an error the stream has already finished,
    /// and the continuation ignores this.
    func disposed() {
        let call = TraceCall.enter("ObservableValues.disposed", on: self); defer { call.exit() }
        continuation.finish(throwing: CancellationError())
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// MARK: - Async to Observable

extension ObservableConvertibleType {
    /// What an async ``create(detached:priority:work:)`` hands its work: a closure
    /// that sends one element.
    public typealias ElementObserver<Element> = (Element) -> Void

    /// A sequence that runs `work` in a new task for each subscriber: each element `work` sends
    /// is forwarded, its return completes the sequence, and what it throws ends the sequence
    /// with that error.
    ///
    /// Disposing the subscription cancels the task; elements sent after that are dropped.
    ///
    /// - Parameters:
    ///   - detached: whether the task is detached (`Task.detached`) instead of a `Task` that
    ///     inherits the subscriber's task-local values.
    ///   - priority: the task's priority.
    ///   - work: the asynchronous work; it sends elements through the observer it receives.
    /// - Returns: the sequence of the elements `work` sends.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async throws -> Void
    ) -> Observable<Element> {
        let call = TraceCall.enter("create(detached:priority:work:)"); defer { call.exit() }
        return TaskProducer<Element>(isDetached: detached, priority: priority) { forward in
            try await work { element in
                guard !Task.isCancelled else { return }
                forward(element)
            }
        }
        .assembled(by: "create")
    }
}

extension AsyncSequence where Self: Sendable {
    /// This async sequence as an observable: each subscription iterates it in a new task and
    /// forwards its elements, then completion, or the error it throws.
    ///
    /// Disposing the subscription cancels the task. A `CancellationError` from the sequence
    /// completes the observable.
    ///
    /// - Parameter detached: whether the task is detached (`Task.detached`) instead of a
    ///   `Task` that inherits the subscriber's task-local values.
    /// - Returns: an observable of the sequence's elements.
    public func asObservable(detached: Bool = false) -> Observable<Element> {
        let call = TraceCall.enter("asObservable"); defer { call.exit() }
        return TaskProducer<Element>(isDetached: detached, priority: nil) { forward in
            do {
                for try await element in self {
                    forward(element)
                }
            } catch is CancellationError {
                return
            }
        }
        .assembled(by: "asObservable")
    }
}

// MARK: - Sink

/// One subscription's state for an async `create` or `AsyncSequence.asObservable()`: the task
/// that runs the async operation and forwards what it sends; created by `TaskProducer.run`,
/// released when the task has ended and the subscription is disposed.
///
/// The task's steps (`TaskSink.next`, `TaskSink.finish`) start a call flow of their own on
/// whichever thread runs the task; the sink's id links them to `TaskSink.run`, where the
/// subscribing thread started the task.
final class TaskSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element
    typealias Parent = TaskProducer<Element>

    /// The running task, and whether the sink was disposed (so a task started after that is
    /// cancelled at once).
    private struct TaskState {
        var task: Task<Void, Never>?
        var isCancelled = false
    }

    private let state = LockedState(TaskState())
    private let operation: Parent.Operation

    init(operation: @escaping Parent.Operation, observer: Observer, cancel: Cancelable) {
        self.operation = operation
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the task that runs the operation, as `parent` says to start it.
    func run(_ parent: Parent) {
        let call = TraceCall.enter("TaskSink.run", on: self); defer { call.exit() }
        // The task sees the sink as a non-generic `TaskBody`: a closure capturing the generic
        // sink would capture its `Observer` metatype, which Swift 6 does not let a task take.
        let body: any TaskBody = self
        let task = parent.isDetached
            ? Task.detached(priority: parent.priority) { await body.perform() }
            : Task(priority: parent.priority) { await body.perform() }
        let isCancelled = state.withLock { state in
            if !state.isCancelled {
                state.task = task
            }
            return state.isCancelled
        }
        if isCancelled {
            task.cancel()
        }
    }

    /// Runs the operation in the task, then ends the sequence as the operation ended.
    func perform() async {
        do {
            try await operation { element in self.next(element) }
            finish(.completed)
        } catch {
            finish(.error(error))
        }
    }

    /// Forwards one element the operation sent.
    private func next(_ element: Element) {
        let call = TraceCall.enter("TaskSink.next", on: self, event: Event.next(element)); defer { call.exit() }
        forwardOn(.next(element))
    }

    /// Forwards the stop event, then disposes the sink.
    private func finish(_ event: Event<Element>) {
        let call = TraceCall.enter("TaskSink.finish", on: self, event: event); defer { call.exit() }
        forwardOn(event)
        dispose()
    }

    /// Marks the sink disposed and cancels the task.
    override func dispose() {
        let call = TraceCall.enter("TaskSink.dispose", on: self); defer { call.exit() }
        super.dispose()
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task.take()
        }
        task?.cancel()
    }
}

// The task calls `next` and `finish` one after another, never at once, so the observer sees
// events in order from one thread at a time, as from any producer on another thread. `dispose`
// may run on any thread: the task handle and the cancelled flag are guarded by `state`'s mutex,
// and `Sink`'s disposed flag is atomic.
extension TaskSink: @unchecked Sendable {}

/// What a ``TaskSink``'s task runs, without the sink's generic parameters.
private protocol TaskBody: Sendable {
    /// Runs the sink's operation and ends its sequence.
    func perform() async
}

extension TaskSink: TaskBody {}

// MARK: - Producer

/// The observable an async `create` and `AsyncSequence.asObservable()` return: the async
/// operation and how to start its task. Each subscription gets a ``TaskSink``, which runs the
/// operation in a task of its own.
final class TaskProducer<Element>: Producer<Element> {
    /// The async work: sends each element through `forward`, returns to complete, throws to
    /// fail.
    typealias Operation = @Sendable (_ forward: (Element) -> Void) async throws -> Void

    let isDetached: Bool
    let priority: TaskPriority?
    let operation: Operation

    init(isDetached: Bool, priority: TaskPriority?, operation: @escaping Operation) {
        self.isDetached = isDetached
        self.priority = priority
        self.operation = operation
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("TaskProducer.run", on: self); defer { call.exit() }
        let sink = TaskSink(operation: operation, observer: observer, cancel: cancel)
        sink.run(self)
        return (sink: sink, subscription: Disposables.create())
    }
}
