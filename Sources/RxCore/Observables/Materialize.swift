// Mirrors RxSwift's RxSwift/Observables/Materialize.swift.

extension ObservableType {
    /// Turns each event of this sequence into an element: `next(.next(x))`, and for its end
    /// `next(.error(e))` or `next(.completed)` followed by completion.
    ///
    /// - Returns: The events as elements; it never fails.
    public func materialize() -> Observable<Event<Element>> {
        let call = TraceCall.enter("materialize"); defer { call.exit() }
        return Materialize(source: asObservable()).assembled(by: "materialize")
    }
}

// MARK: - Sink

/// One subscription's state for `materialize`: wraps each event in a `next` and completes
/// after the stop event; created by `Materialize.run`, released when the subscription is
/// disposed or terminates.
final class MaterializeSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Event<SourceElement> {
    typealias Element = SourceElement

    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("MaterializeSink.on", on: self, event: event); defer { call.exit() }
        forwardOn(.next(event))
        if event.isStopEvent {
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `materialize` returns: its source. Each subscription gets a
/// ``MaterializeSink``.
final class Materialize<SourceElement>: Producer<Event<SourceElement>> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Event<SourceElement> {
        let call = TraceCall.enter("Materialize.run", on: self); defer { call.exit() }
        let sink = MaterializeSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
