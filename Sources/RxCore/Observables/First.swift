// Mirrors RxSwift's RxSwift/Observables/First.swift. The public `first()` is in
// Traits/PrimitiveSequence/ObservableType+PrimitiveSequence.swift, as in RxSwift.

// MARK: - Sink

/// One subscription's state for `first`: forwards the first element and completes, or sends
/// `nil` when the source completes empty; created by `First.run`, released when the
/// subscription is disposed or terminates.
final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Element? {
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("FirstSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            forwardOn(.next(element))
            forwardOn(.completed)
            dispose()
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(nil))
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `first` returns: its source. Each subscription gets a ``FirstSink``.
final class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element? {
        let call = TraceCall.enter("First.run", on: self); defer { call.exit() }
        let sink = FirstSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
