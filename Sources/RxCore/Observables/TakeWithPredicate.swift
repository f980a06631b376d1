// Mirrors RxSwift's RxSwift/Observables/TakeWithPredicate.swift (`take(until:)` with another
// sequence or a predicate, `take(while:)`, `TakeBehavior`).
// Simpler than RxSwift: `TakeUntilSink` and its other-observer take the shared lock themselves,
// not through `LockOwnerType`/`SynchronizedOnType`.

extension ObservableType {
    /// This sequence's elements until `other` sends an element; then completion.
    ///
    /// An error from either ends the result; `other`'s completion changes nothing.
    public func take<Source: ObservableType>(
        until other: Source
    ) -> Observable<Element> {
        let call = TraceCall.enter("take"); defer { call.exit() }
        return TakeUntil(source: asObservable(), other: other.asObservable()).assembled(by: "take")
    }

    /// This sequence's elements until one satisfies `predicate`; then completion. With
    /// `.inclusive`, that element is forwarded before completion.
    ///
    /// An error `predicate` throws ends the result with that error.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let call = TraceCall.enter("take"); defer { call.exit() }
        return TakeUntilPredicate(source: asObservable(), behavior: behavior, predicate: predicate)
            .assembled(by: "take")
    }

    /// This sequence's elements while they satisfy `predicate`; completion at the first that
    /// does not. With `.inclusive`, that element is forwarded before completion.
    ///
    /// An error `predicate` throws ends the result with that error.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let call = TraceCall.enter("take"); defer { call.exit() }
        return TakeUntilPredicate(source: asObservable(), behavior: behavior, predicate: { try !predicate($0) })
            .assembled(by: "take")
    }
}

/// Whether `take(until:behavior:)` and `take(while:behavior:)` forward the element that ends
/// the sequence.
public enum TakeBehavior: Sendable {
    /// Forward the element that ends the sequence, then complete.
    case inclusive

    /// Complete without forwarding the element that ends the sequence.
    case exclusive
}

// MARK: - Sink

/// The observer of `other` for `take(until:)`: its first element completes the result, its
/// error ends it.
///
/// Created by `TakeUntilSink.run`; subscribed until `other` ends or the result ends.
final class TakeUntilSinkOther<Other, Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Element = Other
    typealias Parent = TakeUntilSink<Other, Observer>

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
        let call = TraceCall.enter("TakeUntilSinkOther.on", on: self, event: event); defer { call.exit() }
        parent.lock.performLocked {
            switch event {
            case .next:
                parent.forwardOn(.completed)
                parent.dispose()
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

/// One subscription's state for `take(until:)` with another sequence: forwards the source's
/// events until the other sequence sends an element; created by `TakeUntil.run`, released
/// when the subscription is disposed or terminates.
///
/// Its `lock` serializes the source's events with the other sequence's.
final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = TakeUntil<Element, Other>

    let lock = RecursiveLock()
    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("TakeUntilSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked {
            switch event {
            case .next:
                forwardOn(event)
            case .error, .completed:
                forwardOn(event)
                dispose()
            }
        }
    }

    /// Subscribes to the other sequence, then to the source.
    func run() -> Disposable {
        let call = TraceCall.enter("TakeUntilSink.run", on: self); defer { call.exit() }
        let otherObserver = TakeUntilSinkOther(parent: self)
        let otherSubscription = parent.other.subscribeSafe(otherObserver)
        otherObserver.subscription.setDisposable(otherSubscription)
        let sourceSubscription = parent.source.subscribeSafe(self)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }
}

/// One subscription's state for `take(until:behavior:)` and `take(while:behavior:)`: forwards
/// elements until the predicate says stop, then completes; created by
/// `TakeUntilPredicate.run`, released when the subscription is disposed or terminates.
final class TakeUntilPredicateSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = TakeUntilPredicate<Element>

    private let parent: Parent
    /// Whether elements still pass. Only the source's serial events touch it.
    private var running = true

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("TakeUntilPredicateSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            if !running {
                return
            }
            do {
                running = try !parent.predicate(element)
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            if running {
                forwardOn(event)
            } else {
                if parent.behavior == .inclusive {
                    forwardOn(event)
                }
                forwardOn(.completed)
                dispose()
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `take(until:)` with another sequence returns: its source and the other
/// sequence. Each subscription gets a ``TakeUntilSink``.
final class TakeUntil<Element, Other>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("TakeUntil.run", on: self); defer { call.exit() }
        let sink = TakeUntilSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `take(until:behavior:)` and `take(while:behavior:)` return: its source, the
/// stop predicate and the behavior. Each subscription gets a ``TakeUntilPredicateSink``.
final class TakeUntilPredicate<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate
    fileprivate let behavior: TakeBehavior

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping Predicate) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("TakeUntilPredicate.run", on: self); defer { call.exit() }
        let sink = TakeUntilPredicateSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
