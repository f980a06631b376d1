// Mirrors RxSwift's RxSwift/Observables/RetryWhen.swift.

extension ObservableType {
    /// Subscribes to this sequence again each time the trigger sequence emits after an error.
    ///
    /// `notificationHandler` gets the sequence of this sequence's errors, once per
    /// subscription, and returns the trigger sequence. After an error, the next element of the
    /// trigger resubscribes to this sequence; the trigger's completion completes the result,
    /// and its error ends the result with that error. An error that is not an `Error` ends the
    /// result at once.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let call = TraceCall.enter("retry"); defer { call.exit() }
        let sources = InfiniteSequence(repeatedValue: asObservable())
        return RetryWhenSequence(sources: sources, notificationHandler: notificationHandler)
            .assembled(by: "retry")
    }

    /// Subscribes to this sequence again each time the trigger sequence emits after an error.
    ///
    /// `notificationHandler` gets the sequence of this sequence's errors, once per
    /// subscription, and returns the trigger sequence. After an error, the next element of the
    /// trigger resubscribes to this sequence; the trigger's completion completes the result,
    /// and its error ends the result with that error.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let call = TraceCall.enter("retry"); defer { call.exit() }
        let sources = InfiniteSequence(repeatedValue: asObservable())
        return RetryWhenSequence(sources: sources, notificationHandler: notificationHandler)
            .assembled(by: "retry")
    }
}

// MARK: - Sink

/// The observer of the trigger sequence after an error: its element resubscribes to the
/// source, its completion or error ends the result.
///
/// Created by `RetryWhenSequenceSinkIter.on` for each error; subscribed until that attempt's
/// iterator is disposed.
final class RetryTriggerSink<Sequence: Swift.Sequence, Observer: ObserverType, TriggerObservable: ObservableType, Error>:
    ObserverType, TraceableObject
where Sequence.Element: ObservableType, Sequence.Element.Element == Observer.Element {
    typealias Element = TriggerObservable.Element
    typealias Parent = RetryWhenSequenceSinkIter<Sequence, Observer, TriggerObservable, Error>

    private let parent: Parent

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent) {
        self.parent = parent
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("RetryTriggerSink.on", on: self, event: event); defer { call.exit() }
        let sink = parent.parent
        switch event {
        case .next:
            sink.lastError = nil
            sink.scheduleMoveNext()
        case .error(let error):
            sink.forwardOn(.error(error))
            sink.dispose()
        case .completed:
            sink.forwardOn(.completed)
            sink.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// The observer of one attempt at the source for `retry(when:)`: forwards its elements and,
/// on an error, subscribes a ``RetryTriggerSink`` to the trigger and passes the error to the
/// notification handler's sequence.
///
/// Created by `RetryWhenSequenceSink.subscribeToNext` for each attempt; disposed (with its
/// trigger subscription) when the next attempt starts or the result ends.
final class RetryWhenSequenceSinkIter<Sequence: Swift.Sequence, Observer: ObserverType, TriggerObservable: ObservableType, Error>:
    ObserverType, Disposable, TraceableObject
where Sequence.Element: ObservableType, Sequence.Element.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias Parent = RetryWhenSequenceSink<Sequence, Observer, TriggerObservable, Error>

    fileprivate let parent: Parent
    /// The trigger subscription made after this attempt's error.
    private let errorHandlerSubscription = SingleAssignmentDisposable()
    /// This attempt's subscription to the source.
    private let subscription: Disposable

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("RetryWhenSequenceSinkIter.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            parent.forwardOn(event)
        case .error(let error):
            parent.lastError = error
            if let failedWith = error as? Error {
                subscription.dispose()
                let trigger = RetryTriggerSink(parent: self)
                errorHandlerSubscription.setDisposable(parent.notifier.subscribeSafe(trigger))
                parent.errorSubject.on(.next(failedWith))
            } else {
                parent.forwardOn(.error(error))
                parent.dispose()
            }
        case .completed:
            parent.forwardOn(event)
            parent.dispose()
        }
    }

    /// Ends this attempt: its source subscription and its trigger subscription.
    func dispose() {
        let call = TraceCall.enter("RetryWhenSequenceSinkIter.dispose", on: self); defer { call.exit() }
        subscription.dispose()
        errorHandlerSubscription.dispose()
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for `retry(when:)`: the subject the source's errors go to, the
/// trigger subject the handler's sequence feeds, and the attempts at the source, one after
/// another; created by `RetryWhenSequence.run`, released when the subscription is disposed or
/// terminates.
final class RetryWhenSequenceSink<Sequence: Swift.Sequence, Observer: ObserverType, TriggerObservable: ObservableType, Error>:
    TailRecursiveSink<Sequence, Observer>
where Sequence.Element: ObservableType, Sequence.Element.Element == Observer.Element {
    typealias Parent = RetryWhenSequence<Sequence, TriggerObservable, Error>

    /// The last attempt's error, until the trigger asks for another attempt; sent if the
    /// sources run out.
    fileprivate var lastError: Swift.Error?
    /// The errors, as the notification handler's argument sees them.
    fileprivate let errorSubject = PublishSubject<Error>()
    /// The sequence the notification handler built on `errorSubject`.
    private let handler: Observable<TriggerObservable.Element>
    /// The handler's sequence, shared by the attempts' trigger observers.
    fileprivate let notifier = PublishSubject<TriggerObservable.Element>()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.handler = parent.notificationHandler(errorSubject).asObservable()
        super.init(observer: observer, cancel: cancel)
    }

    override func done() {
        if let lastError {
            forwardOn(.error(lastError))
            self.lastError = nil
        } else {
            forwardOn(.completed)
        }
        dispose()
    }

    /// Always `nil`: each `retry(when:)` has its own subjects, so a nested one cannot be
    /// walked in place.
    override func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        nil
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        let iter = RetryWhenSequenceSinkIter(parent: self, subscription: subscription)
        subscription.setDisposable(source.subscribeSafe(iter))
        return iter
    }

    /// Subscribes the trigger subject to the handler's sequence, then makes the first attempt.
    override func run(_ sources: SequenceGenerator) -> Disposable {
        let call = TraceCall.enter("RetryWhenSequenceSink.run", on: self); defer { call.exit() }
        let triggerSubscription = handler.subscribeSafe(notifier)
        let superSubscription = super.run(sources)
        return Disposables.create(superSubscription, triggerSubscription)
    }
}

// MARK: - Producer

/// The observable `retry(when:)` returns: the attempts (the source, endlessly) and the
/// notification handler. Each subscription gets a ``RetryWhenSequenceSink``.
final class RetryWhenSequence<Sequence: Swift.Sequence, TriggerObservable: ObservableType, Error>:
    Producer<Sequence.Element.Element>
where Sequence.Element: ObservableType {
    typealias Element = Sequence.Element.Element

    private let sources: Sequence
    fileprivate let notificationHandler: (Observable<Error>) -> TriggerObservable

    init(sources: Sequence, notificationHandler: @escaping (Observable<Error>) -> TriggerObservable) {
        self.sources = sources
        self.notificationHandler = notificationHandler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("RetryWhenSequence.run", on: self); defer { call.exit() }
        let sink = RetryWhenSequenceSink<Sequence, Observer, TriggerObservable, Error>(
            parent: self, observer: observer, cancel: cancel
        )
        let subscription = sink.run((sources.makeIterator(), nil))
        return (sink: sink, subscription: subscription)
    }
}
