// Mirrors RxSwift's RxSwift/Observables/Merge.swift (`flatMap` only).
// Simpler than RxSwift: no `maxConcurrent` variants, and `MergeSink` subscribes to one
// source sequence only (RxSwift's also serves `merge` over an array of sources).

extension ObservableType {
    /// Maps each element to a sequence with `selector` and merges the events of all those
    /// sequences into one.
    ///
    /// The result completes once this sequence and every inner sequence completed; the first
    /// error, from this sequence, an inner one or `selector`, ends it.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Source.Element> {
        let call = TraceCall.enter("flatMap"); defer { call.exit() }
        return FlatMap(source: asObservable(), selector: selector).assembled(by: "flatMap", file: file, line: line)
    }
}

// MARK: - Sink

/// The observer of one inner sequence of a merge: forwards its elements through the parent
/// sink and tells the parent when it is done.
///
/// Created by `MergeSink.subscribeInner` for each inner sequence; lives as long as that inner
/// subscription.
final class MergeSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, TraceableObject
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = MergeSink<SourceElement, SourceSequence, Observer>
    typealias DisposeKey = CompositeDisposable.DisposeKey

    private let parent: Parent
    private let disposeKey: DisposeKey

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, disposeKey: DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("MergeSinkIter.on", on: self, event: event); defer { call.exit() }
        parent.lock.performLocked {
            switch event {
            case .next:
                parent.forwardOn(event)
            case .error:
                parent.forwardOn(event)
                parent.dispose()
            case .completed:
                parent.group.remove(for: disposeKey)
                parent.activeCount -= 1
                parent.synchronized_checkCompleted()
            }
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for a merge: the outer subscription, one subscription per inner
/// sequence, and the count of inner sequences still running.
///
/// Its `lock` serializes the outer and inner sequences, so events are forwarded while holding
/// it, as in RxSwift. Subclasses say how an element becomes an inner sequence
/// (``FlatMapSink``). Released when the subscription is disposed or terminates.
class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement

    let lock = RecursiveLock()
    /// The outer subscription and every running inner subscription.
    let group = CompositeDisposable()
    /// The subscription to the outer sequence.
    let sourceSubscription = SingleAssignmentDisposable()
    /// The number of inner sequences that have not completed. Guarded by `lock`.
    var activeCount = 0
    /// Whether the outer sequence completed. Guarded by `lock`.
    var stopped = false

    /// The inner sequence for `element`; subclasses implement it.
    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("MergeSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            if let inner = lock.performLocked({ synchronized_nextElementArrived(element) }) {
                subscribeInner(inner.asObservable())
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                stopped = true
                sourceSubscription.dispose()
                synchronized_checkCompleted()
            }
        }
    }

    /// Maps `element` to its inner sequence and counts it as running, or fails the sink when
    /// the mapping throws. Caller holds `lock`.
    private func synchronized_nextElementArrived(_ element: SourceElement) -> SourceSequence? {
        do {
            let inner = try performMap(element)
            activeCount += 1
            return inner
        } catch {
            forwardOn(.error(error))
            dispose()
            return nil
        }
    }

    /// Subscribes a ``MergeSinkIter`` to `inner`, keeping the subscription in `group`.
    private func subscribeInner(_ inner: Observable<Observer.Element>) {
        let iterDisposable = SingleAssignmentDisposable()
        guard let disposeKey = group.insert(iterDisposable) else { return }
        let iter = MergeSinkIter(parent: self, disposeKey: disposeKey)
        iterDisposable.setDisposable(inner.subscribeSafe(iter))
    }

    /// Completes once the outer sequence and every inner sequence completed. Caller holds
    /// `lock`.
    func synchronized_checkCompleted() {
        if stopped && activeCount == 0 {
            forwardOn(.completed)
            dispose()
        }
    }

    /// Subscribes to the outer sequence; returns `group`, which ends every subscription.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        let call = TraceCall.enter("MergeSink.run", on: self); defer { call.exit() }
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribeSafe(self))
        return group
    }
}

/// One subscription's state for `flatMap`: a ``MergeSink`` whose inner sequences come from the
/// user's selector; created by `FlatMap.run`.
final class FlatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}

// MARK: - Producer

/// The observable `flatMap` returns: its source and selector. Each subscription gets a
/// ``FlatMapSink``.
final class FlatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceSequence.Element {
        let call = TraceCall.enter("FlatMap.run", on: self); defer { call.exit() }
        let sink = FlatMapSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
