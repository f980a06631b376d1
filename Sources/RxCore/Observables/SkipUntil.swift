// Mirrors RxSwift's RxSwift/Observables/SkipUntil.swift.
// Simpler than RxSwift: the sink and its other-observer take the shared lock themselves, not
// through `LockOwnerType`/`SynchronizedOnType`.

extension ObservableType {
    /// The elements this sequence sends after `other` sent its first element.
    ///
    /// An error from either ends the result. This sequence's completion completes the result
    /// only if `other` already sent an element; otherwise the result ends silently.
    public func skip<Source: ObservableType>(
        until other: Source
    ) -> Observable<Element> {
        let call = TraceCall.enter("skip"); defer { call.exit() }
        return SkipUntil(source: asObservable(), other: other.asObservable()).assembled(by: "skip")
    }
}

// MARK: - Sink

/// The observer of `other` for `skip(until:)`: its first element opens the sink, its error
/// ends the result.
///
/// Created by `SkipUntilSink.run`; subscribed until `other` sends an element or ends.
final class SkipUntilSinkOther<Other, Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Element = Other
    typealias Parent = SkipUntilSink<Other, Observer>

    private let parent: Parent
    /// The subscription to `other`.
    fileprivate let subscription = SingleAssignmentDisposable()

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent) {
        self.parent = parent
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SkipUntilSinkOther.on", on: self, event: event); defer { call.exit() }
        parent.lock.performLocked {
            switch event {
            case .next:
                parent.forwardElements = true
                subscription.dispose()
            case .error(let error):
                parent.forwardOn(.error(error))
                parent.dispose()
            case .completed:
                subscription.dispose()
            }
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for `skip(until:)`: drops the source's elements until the other
/// sequence opens it; created by `SkipUntil.run`, released when the subscription is disposed
/// or terminates.
///
/// Its `lock` serializes the source's events with the other sequence's.
final class SkipUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = SkipUntil<Element, Other>

    let lock = RecursiveLock()
    private let parent: Parent
    /// Whether the other sequence sent an element. Guarded by `lock`.
    fileprivate var forwardElements = false
    /// The subscription to the source.
    private let sourceSubscription = SingleAssignmentDisposable()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SkipUntilSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked {
            switch event {
            case .next:
                if forwardElements {
                    forwardOn(event)
                }
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                if forwardElements {
                    forwardOn(event)
                }
                dispose()
            }
        }
    }

    /// Subscribes to the source, then to the other sequence.
    func run() -> Disposable {
        let call = TraceCall.enter("SkipUntilSink.run", on: self); defer { call.exit() }
        let subscription = parent.source.subscribeSafe(self)
        let otherObserver = SkipUntilSinkOther(parent: self)
        let otherSubscription = parent.other.subscribeSafe(otherObserver)
        sourceSubscription.setDisposable(subscription)
        otherObserver.subscription.setDisposable(otherSubscription)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }
}

// MARK: - Producer

/// The observable `skip(until:)` returns: its source and the other sequence. Each subscription
/// gets a ``SkipUntilSink``.
final class SkipUntil<Element, Other>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("SkipUntil.run", on: self); defer { call.exit() }
        let sink = SkipUntilSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
