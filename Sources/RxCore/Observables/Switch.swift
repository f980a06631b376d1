// Mirrors RxSwift's RxSwift/Observables/Switch.swift: `switchLatest()` and `flatMapLatest`.
// Simpler than RxSwift: `SwitchSinkIter` takes the shared lock itself, not through
// `SynchronizedOnType`.

extension ObservableType {
    /// Maps each element to a sequence with `selector` and forwards only the elements of the
    /// latest one: a new element ends the subscription to the previous inner sequence.
    ///
    /// It is `map(selector).switchLatest()` in one step. The result completes once this
    /// sequence and the latest inner sequence completed; the first error, from this sequence,
    /// the latest inner one or `selector`, ends it.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let call = TraceCall.enter("flatMapLatest"); defer { call.exit() }
        return FlatMapLatest(source: asObservable(), selector: selector)
            .assembled(by: "flatMapLatest")
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Forwards the elements of the latest inner sequence this sequence sent: each new inner
    /// sequence ends the subscription to the previous one.
    ///
    /// The result completes once this sequence and the latest inner sequence completed; the
    /// first error, from this sequence or the latest inner one, ends it.
    public func switchLatest() -> Observable<Element.Element> {
        let call = TraceCall.enter("switchLatest"); defer { call.exit() }
        return Switch(source: asObservable()).assembled(by: "switchLatest")
    }
}

// MARK: - Sink

/// One subscription's state for a switch: the outer subscription, the subscription to the
/// latest inner sequence, and which inner sequence is the latest.
///
/// Each inner sequence gets a number; a ``SwitchSinkIter`` whose number is no longer the
/// latest drops its events, so a late event from a replaced inner sequence never passes. Its
/// `lock` serializes the outer and inner sequences, so events are forwarded while holding it,
/// as in RxSwift. Subclasses say how an element becomes an inner sequence
/// (``SwitchIdentitySink``, ``MapSwitchSink``). Released when the subscription is disposed or
/// terminates.
class SwitchSink<SourceType, Source: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = SourceType

    /// The subscription to the outer sequence.
    private let subscriptions = SingleAssignmentDisposable()
    /// The subscription to the latest inner sequence; replacing it disposes the previous one.
    private let innerSubscription = SerialDisposable()

    let lock = RecursiveLock()
    /// Whether the outer sequence completed. Guarded by `lock`.
    var stopped = false
    /// The number of the latest inner sequence. Guarded by `lock`.
    var latest = 0
    /// Whether the latest inner sequence has not completed yet. Guarded by `lock`.
    var hasLatest = false

    /// Subscribes to the outer sequence; returns what ends both the outer and the inner
    /// subscription.
    func run(_ source: Observable<SourceType>) -> Disposable {
        let call = TraceCall.enter("SwitchSink.run", on: self); defer { call.exit() }
        subscriptions.setDisposable(source.subscribeSafe(self))
        return Disposables.create(subscriptions, innerSubscription)
    }

    /// The inner sequence for `element`; subclasses implement it.
    func performMap(_ element: SourceType) throws -> Source {
        rxAbstractMethod()
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SwitchSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            if let (id, inner) = lock.performLocked({ synchronized_nextElementArrived(element) }) {
                let subscription = SingleAssignmentDisposable()
                innerSubscription.disposable = subscription
                let observer = SwitchSinkIter(parent: self, id: id, this: subscription)
                subscription.setDisposable(inner.subscribeSafe(observer))
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                stopped = true
                subscriptions.dispose()
                if !hasLatest {
                    forwardOn(.completed)
                    dispose()
                }
            }
        }
    }

    /// Maps `element` to its inner sequence and makes it the latest, returning its number, or
    /// fails the sink when the mapping throws. Caller holds `lock`.
    private func synchronized_nextElementArrived(_ element: SourceType) -> (Int, Observable<Source.Element>)? {
        do {
            let inner = try performMap(element).asObservable()
            hasLatest = true
            latest = latest &+ 1
            return (latest, inner)
        } catch {
            forwardOn(.error(error))
            dispose()
            return nil
        }
    }
}

/// The observer of one inner sequence of a switch: forwards its events only while it is the
/// latest, and ends its own subscription when it stops.
///
/// Created by `SwitchSink.on` for each inner sequence; lives as long as that inner
/// subscription.
final class SwitchSinkIter<SourceType, Source: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, TraceableObject
where Source.Element == Observer.Element {
    typealias Element = Source.Element
    typealias Parent = SwitchSink<SourceType, Source, Observer>

    private let parent: Parent
    /// This inner sequence's number; compared with the parent's `latest`.
    private let id: Int
    /// The subscription to this inner sequence.
    private let this: Disposable

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, id: Int, this: Disposable) {
        self.parent = parent
        self.id = id
        self.this = this
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SwitchSinkIter.on", on: self, event: event); defer { call.exit() }
        parent.lock.performLocked { synchronized_on(event) }
    }

    /// Forwards `event` if this is the latest inner sequence. Caller holds the parent's `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        if event.isStopEvent {
            this.dispose()
        }
        guard parent.latest == id else { return }
        switch event {
        case .next:
            parent.forwardOn(event)
        case .error:
            parent.forwardOn(event)
            parent.dispose()
        case .completed:
            parent.hasLatest = false
            if parent.stopped {
                parent.forwardOn(event)
                parent.dispose()
            }
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for `switchLatest()`: a ``SwitchSink`` whose outer elements are the
/// inner sequences themselves; created by `Switch.run`.
final class SwitchIdentitySink<Source: ObservableConvertibleType, Observer: ObserverType>: SwitchSink<Source, Source, Observer>
where Observer.Element == Source.Element {
    override func performMap(_ element: Source) throws -> Source {
        element
    }
}

/// One subscription's state for `flatMapLatest`: a ``SwitchSink`` whose inner sequences come
/// from the user's selector; created by `FlatMapLatest.run`.
final class MapSwitchSink<SourceType, Source: ObservableConvertibleType, Observer: ObserverType>:
    SwitchSink<SourceType, Source, Observer>
where Observer.Element == Source.Element {
    typealias Selector = (SourceType) throws -> Source

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceType) throws -> Source {
        try selector(element)
    }
}

// MARK: - Producer

/// The observable `switchLatest()` returns: its sequence of sequences. Each subscription gets a
/// ``SwitchIdentitySink``.
final class Switch<Source: ObservableConvertibleType>: Producer<Source.Element> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Source.Element {
        let call = TraceCall.enter("Switch.run", on: self); defer { call.exit() }
        let sink = SwitchIdentitySink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `flatMapLatest` returns: its source and selector. Each subscription gets a
/// ``MapSwitchSink``.
final class FlatMapLatest<SourceType, Source: ObservableConvertibleType>: Producer<Source.Element> {
    typealias Selector = (SourceType) throws -> Source

    private let source: Observable<SourceType>
    private let selector: Selector

    init(source: Observable<SourceType>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Source.Element {
        let call = TraceCall.enter("FlatMapLatest.run", on: self); defer { call.exit() }
        let sink = MapSwitchSink<SourceType, Source, Observer>(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
