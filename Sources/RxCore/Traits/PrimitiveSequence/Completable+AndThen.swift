// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/Completable+AndThen.swift.

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// This completable, then the single `second` once it completed; an error from this
    /// completable fails the result without subscribing `second`.
    public func andThen<Element>(
        _ second: Single<Element>
    ) -> Single<Element> {
        let call = TraceCall.enter("andThen"); defer { call.exit() }
        let completable = primitiveSequence.asObservable()
        return Single(
            raw: ConcatCompletable(completable: completable, second: second.asObservable())
                .assembled(by: "andThen")
        )
    }

    /// This completable, then the maybe `second` once it completed; an error from this
    /// completable fails the result without subscribing `second`.
    public func andThen<Element>(
        _ second: Maybe<Element>
    ) -> Maybe<Element> {
        let call = TraceCall.enter("andThen"); defer { call.exit() }
        let completable = primitiveSequence.asObservable()
        return Maybe(
            raw: ConcatCompletable(completable: completable, second: second.asObservable())
                .assembled(by: "andThen")
        )
    }

    /// This completable, then the completable `second` once it completed; an error from this
    /// completable fails the result without subscribing `second`.
    public func andThen(_ second: Completable) -> Completable {
        let call = TraceCall.enter("andThen"); defer { call.exit() }
        let completable = primitiveSequence.asObservable()
        return Completable(
            raw: ConcatCompletable(completable: completable, second: second.asObservable())
                .assembled(by: "andThen")
        )
    }

    /// This completable, then the observable `second` once it completed; an error from this
    /// completable ends the result without subscribing `second`.
    public func andThen<Element>(
        _ second: Observable<Element>
    ) -> Observable<Element> {
        let call = TraceCall.enter("andThen"); defer { call.exit() }
        let completable = primitiveSequence.asObservable()
        return ConcatCompletable(completable: completable, second: second.asObservable())
            .assembled(by: "andThen")
    }
}

// MARK: - Sink

/// One subscription's state for `andThen`: waits for the completable, then forwards what
/// the second sequence sends; created by `ConcatCompletable.run`, released when the
/// subscription is disposed or terminates.
final class ConcatCompletableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Never
    typealias Parent = ConcatCompletable<Observer.Element>

    private let second: Observable<Observer.Element>
    /// The subscription to the completable, then to the second sequence.
    private let subscription = SerialDisposable()

    init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.second = second
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Never>) {
        let call = TraceCall.enter("ConcatCompletableSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .next:
            break
        case .completed:
            let otherSink = ConcatCompletableSinkOther(parent: self)
            subscription.disposable = second.subscribeSafe(otherSink)
        }
    }

    /// Subscribes to the completable; returns the disposable that ends whichever
    /// subscription is current.
    func run(completable: Observable<Never>) -> Disposable {
        let call = TraceCall.enter("ConcatCompletableSink.run", on: self); defer { call.exit() }
        let completableSubscription = SingleAssignmentDisposable()
        subscription.disposable = completableSubscription
        completableSubscription.setDisposable(completable.subscribeSafe(self))
        return subscription
    }
}

/// The observer of the second sequence of `andThen`: forwards its events through the sink,
/// and disposes the sink on a stop event; created by `ConcatCompletableSink.on` when the
/// completable completed, released with that subscription.
final class ConcatCompletableSinkOther<Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Element = Observer.Element
    typealias Parent = ConcatCompletableSink<Observer>

    private let parent: Parent

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent) {
        self.parent = parent
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Observer.Element>) {
        let call = TraceCall.enter("ConcatCompletableSinkOther.on", on: self, event: event); defer { call.exit() }
        parent.forwardOn(event)
        if event.isStopEvent {
            parent.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// MARK: - Producer

/// The observable `andThen` returns: the completable and the sequence that follows it. Each
/// subscription gets a ``ConcatCompletableSink``.
final class ConcatCompletable<Element>: Producer<Element> {
    private let completable: Observable<Never>
    private let second: Observable<Element>

    init(completable: Observable<Never>, second: Observable<Element>) {
        self.completable = completable
        self.second = second
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("ConcatCompletable.run", on: self); defer { call.exit() }
        let sink = ConcatCompletableSink(second: second, observer: observer, cancel: cancel)
        let subscription = sink.run(completable: completable)
        return (sink: sink, subscription: subscription)
    }
}
